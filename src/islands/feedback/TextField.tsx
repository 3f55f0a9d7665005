import type { HTMLAttributes } from "react";

interface Props {
  id: string;
  name: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  maxLength: number;
  error?: string | undefined;
  requiredLabel?: string;
  placeholder?: string;
  multiline?: boolean;
  counter?: string;
  type?: "text";
  inputMode?: HTMLAttributes<HTMLInputElement>["inputMode"];
  autoComplete?: string;
}

/** A labelled input or textarea with its error wired to aria-invalid and aria-describedby. */
export function TextField(props: Props) {
  const { id, name, label, value, onChange, maxLength, error, requiredLabel, multiline, counter } =
    props;
  const errorId = `${id}-error`;
  const shared = {
    id,
    name,
    value,
    maxLength,
    placeholder: props.placeholder,
    required: Boolean(requiredLabel),
    "aria-invalid": error ? true : undefined,
    "aria-describedby": error ? errorId : undefined,
    className: "feedback-input",
  };
  return (
    <div className="feedback-field">
      <label htmlFor={id} className="feedback-label">
        {label}
        {requiredLabel && <span className="feedback-required"> ({requiredLabel})</span>}
      </label>
      {multiline ? (
        <textarea {...shared} rows={5} onChange={(e) => onChange(e.target.value)} />
      ) : (
        <input
          {...shared}
          type={props.type ?? "text"}
          inputMode={props.inputMode}
          autoComplete={props.autoComplete}
          onChange={(e) => onChange(e.target.value)}
        />
      )}
      {counter && (
        <span className="feedback-counter" aria-hidden="true">
          {counter}
        </span>
      )}
      {error && (
        <span id={errorId} className="feedback-error">
          {error}
        </span>
      )}
    </div>
  );
}
