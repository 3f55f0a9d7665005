import type { Translate } from "../../../i18n/core.ts";
import { CONTENT_LANGS, CONTENT_LIMITS, type ContentLang } from "../../../shared/content-rules.ts";
import { TextField } from "../../ui/TextField.tsx";

/** The content language of an item, as a labelled select. */
export function LangField(props: {
  t: Translate;
  id: string;
  label: string;
  value: ContentLang;
  onChange: (lang: ContentLang) => void;
}) {
  const { t, id } = props;
  return (
    <div className="field">
      <label htmlFor={id} className="field-label">
        {props.label}
      </label>
      <select
        id={id}
        name="lang"
        value={props.value}
        onChange={(e) => props.onChange(CONTENT_LANGS.find((l) => l === e.target.value) ?? "zh-CN")}
      >
        {CONTENT_LANGS.map((l) => (
          <option key={l} value={l}>
            {t(`bmsNotes.languages.${l}`)}
          </option>
        ))}
      </select>
    </div>
  );
}

/** Tags typed as one line, separated by commas. */
export function TagsField(props: {
  id: string;
  label: string;
  hint: string;
  value: string;
  onChange: (tags: string) => void;
  error: string | undefined;
}) {
  return (
    <TextField {...props} name="tags" maxLength={CONTENT_LIMITS.tags * (CONTENT_LIMITS.tag + 2)} />
  );
}

/** A labelled input (`name`) with a hint under it and its error. */
function HintedInput(props: {
  id: string;
  name: string;
  type: "number" | "datetime-local";
  label: string;
  hint: string;
  value: string;
  onChange: (value: string) => void;
  error: string | undefined;
  className?: string;
  onFocus?: () => void;
}) {
  const { id, error } = props;
  const number = props.type === "number";
  return (
    <div className={props.className ?? "field"}>
      <label htmlFor={id} className="field-label">
        {props.label}
      </label>
      <input
        id={id}
        name={props.name}
        type={props.type}
        step={number ? 1 : undefined}
        min={number ? -CONTENT_LIMITS.order : undefined}
        max={number ? CONTENT_LIMITS.order : undefined}
        className="field-input"
        value={props.value}
        aria-invalid={error ? true : undefined}
        aria-describedby={`${id}-hint${error ? ` ${id}-error` : ""}`}
        onFocus={props.onFocus}
        onChange={(e) => props.onChange(e.target.value)}
      />
      <span id={`${id}-hint`} className="field-hint">
        {props.hint}
      </span>
      {error && (
        <span id={`${id}-error`} className="field-error">
          {error}
        </span>
      )}
    </div>
  );
}

/** A whole number typed as text (the order of a book or chapter), with its hint and error. */
export function OrderField(props: {
  id: string;
  label: string;
  hint: string;
  value: string;
  onChange: (value: string) => void;
  error: string | undefined;
}) {
  return <HintedInput {...props} name="order" type="number" />;
}

/** The local time a scheduled item goes live (`at`). */
export function ScheduleField(props: {
  id: string;
  label: string;
  hint: string;
  value: string;
  onChange: (value: string) => void;
  error: string | undefined;
  onFocus?: () => void;
}) {
  return <HintedInput {...props} name="at" type="datetime-local" className="field bms-schedule" />;
}

/**
 * A new item's Save-as-draft and Publish submit buttons (`value` draft and publish), or an
 * edited one's Save changes and Cancel.
 */
export function DraftOrSaveButtons(props: {
  t: Translate;
  editing: boolean;
  busy: boolean;
  draftLabel: string;
  publishLabel: string;
  onCancel?: (() => void) | undefined;
}) {
  const { t, busy } = props;
  return (
    <div className="bms-actions">
      {props.editing ? (
        <>
          <button type="submit" className="button button-primary" disabled={busy}>
            {t("bmsNotes.saveChanges")}
          </button>
          <button type="button" className="button" onClick={props.onCancel}>
            {t("bmsNotes.cancel")}
          </button>
        </>
      ) : (
        <>
          <button type="submit" name="action" value="draft" className="button" disabled={busy}>
            {props.draftLabel}
          </button>
          <button
            type="submit"
            name="action"
            value="publish"
            className="button button-primary"
            disabled={busy}
          >
            {props.publishLabel}
          </button>
        </>
      )}
    </div>
  );
}
