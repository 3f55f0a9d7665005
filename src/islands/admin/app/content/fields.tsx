import { type FieldValues, useController } from "react-hook-form";
import type { Translate } from "../../../../i18n/core.ts";
import { CONTENT_LANGS, CONTENT_LIMITS } from "../../../../shared/content-rules.ts";
import { type Bound, problemText, useBoundField } from "../../../ui/form-fields.tsx";
import { type Choice, choices, SelectField } from "../fields.tsx";
import { FormSelectField } from "../form.tsx";
import { tomorrowMorning } from "../time.ts";

/** The content languages as a select's choices, in the interface's words. */
const langChoices = (t: Translate) => choices(CONTENT_LANGS, (l) => t(`bmsNotes.languages.${l}`));

/** An item's language bound to its form (a select whose every choice is valid). */
export function FormLangField<Values extends FieldValues, Output extends FieldValues>(
  props: Bound<Values, Output, Translate> & { label: string },
) {
  return <FormSelectField {...props} choices={langChoices(props.t)} />;
}

/**
 * A select bound to its form whose value may be one `choices` lacks (a category or an album
 * since deleted): it stays a choice under its own value. `none` names the blank choice;
 * `unavailable` says why the choices are missing (they could not be loaded) unless the field
 * has a problem of its own.
 */
export function FormKeptChoiceField<Values extends FieldValues, Output extends FieldValues>({
  label,
  none,
  choices,
  unavailable,
  ...bound
}: Bound<Values, Output> & {
  label: string;
  none: string;
  choices: readonly Choice[];
  unavailable: string | undefined;
}) {
  const { field, fieldState } = useController({ control: bound.control, name: bound.name });
  const value = typeof field.value === "string" ? field.value : "";
  const known = !value || choices.some((c) => c.value === value);
  return (
    <SelectField
      id={bound.id}
      label={label}
      choices={known ? choices : [...choices, { value, label: value }]}
      none={none}
      ref={field.ref}
      name={field.name}
      value={value}
      onChange={(e) => field.onChange(e.target.value)}
      onBlur={field.onBlur}
      error={problemText(bound.t, fieldState.error?.message) ?? unavailable}
    />
  );
}

/** A checkbox bound to its form (a yes or no of the item, as pinned or featured). */
export function FormCheckField<Values extends FieldValues, Output extends FieldValues>({
  label,
  ...bound
}: Bound<Values, Output, Translate> & { label: string }) {
  const { field } = useController({ control: bound.control, name: bound.name });
  return (
    <div className="field bms-check">
      <input
        id={bound.id}
        ref={field.ref}
        name={field.name}
        type="checkbox"
        checked={field.value === true}
        onChange={(e) => field.onChange(e.target.checked)}
        onBlur={field.onBlur}
      />
      <label htmlFor={bound.id}>{label}</label>
    </div>
  );
}

/** What a field with a hint under it shows and changes. */
interface HintedProps {
  id: string;
  label: string;
  hint: string;
  value: string;
  onChange: (value: string) => void;
  error: string | undefined;
}

/** A labelled input (`name`) with a hint under it and its error. */
function HintedInput(
  props: HintedProps & {
    name: string;
    type: "number" | "datetime-local";
    /** A time's step in seconds (a whole number's is 1); minutes when left out. */
    step?: number;
    className?: string;
    onFocus?: (() => void) | undefined;
  },
) {
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
        step={number ? 1 : props.step}
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
export function OrderField(props: HintedProps) {
  return <HintedInput {...props} name="order" type="number" />;
}

/** A local date and time to the second (`name`), with its hint and error. */
export function SecondsTimeField(props: HintedProps & { name: string }) {
  return <HintedInput {...props} type="datetime-local" step={1} />;
}

/** A local date and time to the minute (`name`: a banner's window), bound to its form. */
export function FormLocalTimeField<Values extends FieldValues, Output extends FieldValues>({
  label,
  hint,
  ...bound
}: Bound<Values, Output, Translate> & { label: string; hint: string }) {
  return (
    <HintedInput
      {...useBoundField(bound)}
      name={bound.name}
      type="datetime-local"
      label={label}
      hint={hint}
    />
  );
}

/** The local time a scheduled item goes live (`at`). */
export function ScheduleField(props: HintedProps & { onFocus?: () => void }) {
  return <HintedInput {...props} name="at" type="datetime-local" className="field bms-schedule" />;
}

/** The local time a scheduled item goes live, bound to its form. */
export function FormScheduleField<Values extends FieldValues, Output extends FieldValues>({
  label,
  hint,
  ...bound
}: Bound<Values, Output, Translate> & { label: string; hint: string }) {
  return <ScheduleField {...useBoundField(bound)} label={label} hint={hint} />;
}

/**
 * The local time a content editor's Schedule publishes at (`at`), bound to its form: blank until
 * the person goes to it, when it offers tomorrow morning.
 */
export function EditorScheduleField<Values extends FieldValues, Output extends FieldValues>(
  bound: Bound<Values, Output, Translate>,
) {
  const { t } = bound;
  const field = useBoundField(bound);
  return (
    <ScheduleField
      {...field}
      label={t("bmsArticles.scheduleAt")}
      hint={t("bmsArticles.scheduleHint")}
      onFocus={() => {
        if (!field.value) field.onChange(tomorrowMorning());
      }}
    />
  );
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
  /** Offered when the item was saved elsewhere since it was read: saves over that version. */
  saveOver?: (() => void) | undefined;
}) {
  const { t, busy } = props;
  return (
    <div className="bms-actions">
      {props.editing ? (
        <>
          <SaveOverButton t={t} busy={busy} onSaveOver={props.saveOver} />
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

/**
 * Save over it: offered (`onSaveOver`) while a save was refused because the item was saved
 * elsewhere since the form read it; saves the form over that version on purpose.
 */
export function SaveOverButton(props: {
  t: Translate;
  busy: boolean;
  onSaveOver?: (() => void) | undefined;
}) {
  if (!props.onSaveOver) return null;
  return (
    <button type="button" className="button" disabled={props.busy} onClick={props.onSaveOver}>
      {props.t("bmsEditor.saveOver")}
    </button>
  );
}
