import { type SubmitEvent, useId, useState } from "react";
import type { Translate } from "../../i18n/core.ts";
import { FEEDBACK_LIMITS, FEEDBACK_TYPES } from "../../shared/feedback-rules.ts";
import { fieldBinder } from "../ui/bind-field.ts";
import { focusFirstProblem } from "../ui/FormStatus.tsx";
import { TextField } from "../ui/TextField.tsx";
import { type FeedbackFields, type FieldErrors, type FieldName, validateFields } from "./fields.ts";

interface Props {
  t: Translate;
  fields: FeedbackFields;
  onChange: (fields: FeedbackFields) => void;
  submitting: boolean;
  failure: string | null;
  onSubmit: (fields: FeedbackFields) => void;
  onClose: () => void;
}

const ORDER: FieldName[] = ["subject", "description", "contact"];

export function FeedbackForm({
  t,
  fields,
  onChange,
  submitting,
  failure,
  onSubmit,
  onClose,
}: Props) {
  const id = useId();
  const [errors, setErrors] = useState<FieldErrors>({});
  const [screenshotNote, setScreenshotNote] = useState(false);

  const set = (name: keyof FeedbackFields, value: string) => {
    onChange({ ...fields, [name]: value });
    if (name in errors) setErrors({ ...errors, [name]: undefined });
  };

  const message = (name: FieldName): string | undefined => {
    const problem = errors[name];
    if (!problem) return undefined;
    if (problem === "tooLong") return t("feedback.errors.tooLong", { max: FEEDBACK_LIMITS[name] });
    return t(`feedback.errors.${name}`);
  };

  const field = fieldBinder<FieldName>(id, fields, set, message);
  /** A text field's wiring, its label and placeholder (`feedback.<name>…`) and its limit. */
  const text = (name: FieldName) => ({
    ...field(name),
    label: t(`feedback.${name}`),
    placeholder: t(`feedback.${name}Placeholder`),
    maxLength: FEEDBACK_LIMITS[name],
  });

  function handleSubmit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    if (submitting) return;
    const found = validateFields(fields);
    setErrors(found);
    if (focusFirstProblem(event.currentTarget, ORDER, found)) return;
    onSubmit(fields);
  }

  return (
    <form className="feedback-form" noValidate onSubmit={handleSubmit} aria-busy={submitting}>
      <header className="feedback-head">
        <h2 id="feedback-title">{t("feedback.title")}</h2>
        <button
          type="button"
          className="feedback-close"
          onClick={onClose}
          aria-label={t("feedback.close")}
        >
          <svg aria-hidden="true" viewBox="0 0 24 24" width="20" height="20">
            <path
              fill="currentColor"
              d="M6.4 5 12 10.6 17.6 5 19 6.4 13.4 12l5.6 5.6-1.4 1.4-5.6-5.6L6.4 19 5 17.6 10.6 12 5 6.4z"
            />
          </svg>
        </button>
      </header>

      <fieldset className="feedback-types">
        <legend>{t("feedback.type")}</legend>
        {FEEDBACK_TYPES.map((type) => (
          <label key={type} className="feedback-chip">
            <input
              type="radio"
              name="feedbackType"
              value={type}
              checked={fields.feedbackType === type}
              onChange={() => set("feedbackType", type)}
            />
            <span>{t(`feedback.types.${type}`)}</span>
          </label>
        ))}
      </fieldset>

      <TextField {...text("subject")} requiredLabel={t("feedback.required")} />
      <TextField
        {...text("description")}
        requiredLabel={t("feedback.required")}
        multiline
        counter={t("feedback.counter", {
          count: fields.description.length,
          max: FEEDBACK_LIMITS.description,
        })}
      />

      <fieldset className="feedback-shots">
        <legend>{t("feedback.screenshots", { max: FEEDBACK_LIMITS.screenshots })}</legend>
        <button type="button" className="feedback-upload" onClick={() => setScreenshotNote(true)}>
          {t("feedback.addScreenshot")}
        </button>
        {screenshotNote && (
          <p role="alert" className="feedback-info">
            {t("feedback.screenshotsClosed")}
          </p>
        )}
      </fieldset>

      <TextField {...text("contact")} type="text" inputMode="email" autoComplete="email" />

      {failure && (
        <p role="alert" className="feedback-failure">
          {failure}
        </p>
      )}

      <div className="feedback-actions">
        <button type="button" className="button" onClick={onClose}>
          {t("feedback.cancel")}
        </button>
        <button type="submit" className="button button-primary" disabled={submitting}>
          {submitting ? t("feedback.submitting") : t("feedback.submit")}
        </button>
      </div>
    </form>
  );
}
