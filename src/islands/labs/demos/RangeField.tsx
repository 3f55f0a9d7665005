import { useEffect, useState } from "react";
import type { LabsKey } from "../../../i18n/labs.ts";
import { Say } from "./Say.tsx";

/**
 * A number set by a slider or typed in a box beside it, both named by one visible label. The box
 * keeps what is being typed (an empty box, a "0.") until it is a number in range, and shows the
 * value again when it loses focus.
 */
export function RangeField({
  id,
  label,
  labelValues,
  value,
  min,
  max,
  step,
  unit,
  onChange,
}: {
  id: string;
  label: LabsKey;
  labelValues?: Record<string, string | number> | undefined;
  value: number;
  min: number;
  max: number;
  step: number;
  /** Shown after the box (`%`, `°`, `px`). */
  unit?: string | undefined;
  onChange: (next: number) => void;
}) {
  const shown = String(value);
  const [draft, setDraft] = useState(shown);
  const [editing, setEditing] = useState(false);
  useEffect(() => {
    if (!editing) setDraft(shown);
  }, [shown, editing]);
  return (
    <div className="mix-range">
      <label htmlFor={`${id}-slider`} id={`${id}-label`}>
        {labelValues ? <Say k={label} values={labelValues} /> : <Say k={label} />}
      </label>
      <input
        id={`${id}-slider`}
        type="range"
        min={min}
        max={max}
        step={step}
        value={value}
        onChange={(event) => onChange(Number(event.target.value))}
      />
      <span className="mix-number">
        <input
          type="number"
          aria-labelledby={`${id}-label`}
          min={min}
          max={max}
          step={step}
          value={draft}
          onFocus={() => setEditing(true)}
          onBlur={() => {
            setEditing(false);
            setDraft(shown);
          }}
          onChange={(event) => {
            setDraft(event.target.value);
            const n = Number(event.target.value);
            if (event.target.value.trim() !== "" && Number.isFinite(n) && n >= min && n <= max) {
              onChange(n);
            }
          }}
        />
        <span aria-hidden="true">{unit}</span>
      </span>
    </div>
  );
}
