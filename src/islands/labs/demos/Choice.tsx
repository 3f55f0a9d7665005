import type { ReactNode } from "react";
import type { LabsKey } from "../../../i18n/labs.ts";
import { Say } from "./Say.tsx";

/**
 * A row of radio buttons in a fieldset (rather than a select, whose options cannot hold the two
 * languages' spans): arrow keys move between them, as in any radio group.
 */
export function Choice<T extends string | number>({
  name,
  legend,
  choices,
  value,
  onChange,
  label,
}: {
  name: string;
  legend: LabsKey;
  choices: readonly T[];
  value: T;
  onChange: (next: T) => void;
  label: (choice: T) => ReactNode;
}) {
  return (
    <fieldset className="lab-choice">
      <legend>
        <Say k={legend} />
      </legend>
      {choices.map((choice) => (
        <label key={String(choice)}>
          <input
            type="radio"
            name={name}
            checked={choice === value}
            onChange={() => onChange(choice)}
          />
          {label(choice)}
        </label>
      ))}
    </fieldset>
  );
}
