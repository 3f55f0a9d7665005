import type { ComponentProps } from "react";

// The back office's selects: one way to write their choices, and one labelled select with its
// problem, in the look of the site's fields (field.css's `.field-input`).

/** One choice of a select: the value it sends and the words it shows. */
export interface Choice {
  value: string;
  label: string;
}

/** Each of `values` as a choice, in the words `label` gives it. */
export function choices<V extends string>(
  values: readonly V[],
  label: (value: V) => string,
): Choice[] {
  return values.map((value) => ({ value, label: label(value) }));
}

/** A select's options: `none` first (the empty value: no choice, any, top level) when given. */
export function Options({
  choices,
  none,
}: {
  choices: readonly Choice[];
  none?: string | undefined;
}) {
  return (
    <>
      {none !== undefined && <option value="">{none}</option>}
      {choices.map((c) => (
        <option key={c.value} value={c.value}>
          {c.label}
        </option>
      ))}
    </>
  );
}

type SelectProps = Omit<ComponentProps<"select">, "id" | "className" | "children">;

/** A labelled select with its choices, and its problem wired to aria-invalid and aria-describedby. */
export function SelectField({
  id,
  label,
  choices,
  none,
  error,
  ...select
}: SelectProps & {
  id: string;
  label: string;
  choices: readonly Choice[];
  none?: string | undefined;
  error?: string | undefined;
}) {
  return (
    <div className="field">
      <label htmlFor={id} className="field-label">
        {label}
      </label>
      <select
        {...select}
        id={id}
        className="field-input"
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
      >
        <Options choices={choices} none={none} />
      </select>
      {error && (
        <span id={`${id}-error`} className="field-error">
          {error}
        </span>
      )}
    </div>
  );
}
