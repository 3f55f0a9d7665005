import type { FieldValues } from "react-hook-form";
import type { Translate } from "../../../i18n/core.ts";
import { CONTENT_LIMITS } from "../../../shared/content-rules.ts";
import { type Bound, useBoundField } from "../app/form.tsx";

interface Props {
  t: Translate;
  id: string;
  name: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  max: number;
  error?: string | undefined;
  rows?: number;
  required?: boolean | undefined;
}

/** A labelled Markdown textarea with a hint, its character count and its error. */
export function MarkdownField({ t, id, name, label, value, onChange, max, error, ...rest }: Props) {
  const described = [`${id}-hint`, `${id}-count`, error ? `${id}-error` : ""].filter(Boolean);
  return (
    <div className="field bms-markdown">
      <label htmlFor={id} className="field-label">
        {label}
      </label>
      <textarea
        id={id}
        name={name}
        className="field-input"
        rows={rest.rows ?? 8}
        value={value}
        required={rest.required}
        spellCheck
        aria-invalid={error ? true : undefined}
        aria-describedby={described.join(" ")}
        onChange={(e) => onChange(e.target.value)}
      />
      <div className="bms-markdown-foot">
        <span id={`${id}-hint`} className="field-hint">
          {t("bmsNotes.markdownHint")}
        </span>
        <span
          id={`${id}-count`}
          className="field-counter"
          data-over={value.length > max ? "" : undefined}
        >
          {t("bmsNotes.count", { count: value.length, max })}
        </span>
      </div>
      {error && (
        <span id={`${id}-error`} className="field-error">
          {error}
        </span>
      )}
    </div>
  );
}

/** An item's Markdown text bound to its form, with its count and its problem. */
export function FormMarkdownField<Values extends FieldValues, Output extends FieldValues>({
  label,
  rows,
  required,
  ...bound
}: Bound<Values, Output> & { label: string; rows: number; required?: boolean }) {
  return (
    <MarkdownField
      {...useBoundField(bound)}
      t={bound.t}
      name={bound.name}
      label={label}
      max={CONTENT_LIMITS.body}
      rows={rows}
      required={required}
    />
  );
}
