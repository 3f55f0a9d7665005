import { useId, useState } from "react";
import type { UseFormReturn } from "react-hook-form";
import type { ReaderTranslate } from "../../i18n/reader.ts";
import { FEEDBACK_LIMITS, FEEDBACK_TYPES } from "../../shared/feedback-rules.ts";
import { bindFields, FormTextField } from "../ui/form-fields.tsx";
import type { FeedbackFields, FieldName } from "./fields.ts";

interface Props {
  t: ReaderTranslate;
  /** The widget's form: what was typed stays there while the dialog is closed. */
  form: UseFormReturn<FeedbackFields>;
  submitting: boolean;
  failure: string | null;
  onSubmit: (fields: FeedbackFields) => void;
  onClose: () => void;
}

export function FeedbackForm({ t, form, submitting, failure, onSubmit, onClose }: Props) {
  const id = useId();
  const [screenshotNote, setScreenshotNote] = useState(false);
  const bind = bindFields(form.control, t, id);
  /** A text field's wiring, its label and placeholder (`feedback.<name>…`) and its limit. */
  const text = (name: FieldName) => ({
    ...bind(name),
    label: t(`feedback.${name}`),
    placeholder: t(`feedback.${name}Placeholder`),
    maxLength: FEEDBACK_LIMITS[name],
  });
  const submit = form.handleSubmit((fields) => {
    if (!submitting) onSubmit(fields);
  });

  return (
    <form className="feedback-form" noValidate onSubmit={submit} aria-busy={submitting}>
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
            <input type="radio" value={type} {...form.register("feedbackType")} />
            <span>{t(`feedback.types.${type}`)}</span>
          </label>
        ))}
      </fieldset>

      <FormTextField {...text("subject")} requiredLabel={t("feedback.required")} />
      <FormTextField
        {...text("description")}
        requiredLabel={t("feedback.required")}
        multiline
        counter={t("feedback.counter", {
          count: form.watch("description").length,
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

      <FormTextField {...text("contact")} type="text" inputMode="email" autoComplete="email" />

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
