import type { ReactNode } from "react";

/** Facts as a description list: each label with its value, in the order given. */
export function FactList({
  rows,
  className,
}: {
  rows: Array<[string, ReactNode]>;
  className: string;
}) {
  return (
    <dl className={className}>
      {rows.map(([label, value]) => (
        <div key={label}>
          <dt>{label}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}
