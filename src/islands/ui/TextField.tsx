import type { HTMLAttributes, Ref } from "react";
import "./field.css";

interface Props {
  id: string;
  name: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  /** Left out for inputs without a length (a date). */
  maxLength?: number;
  error?: string | undefined;
  requiredLabel?: string;
  placeholder?: string;
  multiline?: boolean;
  counter?: string;
  type?: "text" | "email" | "password" | "date";
  /** The latest value a date input takes. */
  max?: string;
  autoFocus?: boolean;
  hint?: string;
  inputMode?: HTMLAttributes<HTMLInputElement>["inputMode"];
  autoComplete?: string;
  /** Shown but not editable (a field the server cannot take now, said in its hint). */
  disabled?: boolean;
  /** The input itself, for a form library that focuses the first field with a problem. */
  inputRef?: Ref<HTMLInputElement & HTMLTextAreaElement>;
  onBlur?: () => void;
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
    "aria-describedby":
      [props.hint ? `${id}-hint` : "", error ? errorId : ""].filter(Boolean).join(" ") || undefined,
    autoFocus: props.autoFocus,
    disabled: props.disabled,
    className: "field-input",
    ref: props.inputRef,
    onBlur: props.onBlur,
  };
  return (
    <div className="field">
      <label htmlFor={id} className="field-label">
        {label}
        {requiredLabel && <span className="field-required"> ({requiredLabel})</span>}
      </label>
      {multiline ? (
        <textarea {...shared} rows={5} onChange={(e) => onChange(e.target.value)} />
      ) : (
        <input
          {...shared}
          type={props.type ?? "text"}
          max={props.max}
          inputMode={props.inputMode}
          autoComplete={props.autoComplete}
          onChange={(e) => onChange(e.target.value)}
        />
      )}
      {props.hint && (
        <span id={`${id}-hint`} className="field-hint">
          {props.hint}
        </span>
      )}
      {counter && (
        <span className="field-counter" aria-hidden="true">
          {counter}
        </span>
      )}
      {error && (
        <span id={errorId} className="field-error">
          {error}
        </span>
      )}
    </div>
  );
}
