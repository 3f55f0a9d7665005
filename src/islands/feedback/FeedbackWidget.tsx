import { useStore } from "@nanostores/react";
import { useEffect, useMemo, useRef, useState } from "react";
import { useForm } from "react-hook-form";
import { translator } from "../../i18n/reader.ts";
import { api, send } from "../../shared/api-client.ts";
import {
  FEEDBACK_LIMITS,
  FEEDBACK_NOTICE_MS,
  type FeedbackSubmission,
} from "../../shared/feedback-rules.ts";
import { $locale } from "../../stores/locale.ts";
import { reactIsland } from "../react-island.ts";
import { BothLanguages } from "../ui/BothLanguages.tsx";
import { checksResolver } from "../ui/form-fields.tsx";
import { FeedbackForm } from "./FeedbackForm.tsx";
import {
  captureEnvironment,
  emptyFields,
  type FeedbackFields,
  type FieldName,
  toSubmission,
  validateFields,
} from "./fields.ts";
import { trapTab } from "./focus-trap.ts";
import "./feedback.css";

/** The floating feedback button, its dialog and the thanks notice (SPEC.md sections 2 and 4). */
function FeedbackWidget() {
  const locale = useStore($locale);
  const t = useMemo(() => translator(locale), [locale]);
  const dialogRef = useRef<HTMLDialogElement>(null);
  const triggerRef = useRef<HTMLButtonElement>(null);
  const environment = useRef<FeedbackSubmission["environment"] | null>(null);
  const returnFocus = useRef(false);
  const [open, setOpen] = useState(false);
  const form = useForm<FeedbackFields>({
    defaultValues: emptyFields(),
    // The server's rules (validateFields), each problem in the reader's words.
    resolver: checksResolver((fields) => {
      const found = validateFields(fields);
      const words = (name: FieldName) => {
        if (!found[name]) return null;
        if (found[name] !== "tooLong") return t(`feedback.errors.${name}`);
        return t("feedback.errors.tooLong", { max: FEEDBACK_LIMITS[name] });
      };
      return {
        subject: words("subject"),
        description: words("description"),
        contact: words("contact"),
      };
    }),
  });
  const [submitting, setSubmitting] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [notice, setNotice] = useState(false);

  useEffect(() => {
    const dialog = dialogRef.current;
    if (open && dialog && !dialog.open) {
      dialog.showModal();
      // showModal focuses the first control; the subject is where typing starts.
      dialog.querySelector<HTMLElement>('[name="subject"]')?.focus();
    }
    if (!open && dialog?.open) dialog.close();
    if (!open && returnFocus.current) {
      returnFocus.current = false;
      triggerRef.current?.focus();
    }
  }, [open]);

  useEffect(() => {
    if (!notice) return;
    const timer = setTimeout(() => setNotice(false), FEEDBACK_NOTICE_MS);
    return () => clearTimeout(timer);
  }, [notice]);

  function openDialog() {
    environment.current = captureEnvironment();
    setNotice(false);
    setOpen(true);
  }

  // Every way of closing (close button, cancel, Escape) ends here.
  function closeDialog() {
    returnFocus.current = true;
    setOpen(false);
    if (!submitting) {
      form.reset(emptyFields(form.getValues("feedbackType")));
      setFailure(null);
    }
  }

  async function submit(values: FeedbackFields) {
    const env = environment.current ?? captureEnvironment();
    setSubmitting(true);
    setFailure(null);
    let succeeded = false;
    try {
      const result = await send(api.createFeedback.$post({ json: toSubmission(values, env) }));
      succeeded = result.success && result.code === 200;
    } catch {
      succeeded = false;
    }
    setSubmitting(false);
    if (succeeded) {
      form.reset(emptyFields(values.feedbackType));
      returnFocus.current = true;
      setOpen(false);
      setNotice(true);
    } else {
      // Nothing is lost: the dialog stays (or comes back) open with what was typed.
      setFailure(t("feedback.failed"));
      setOpen(true);
    }
  }

  return (
    <div className="feedback">
      <button
        ref={triggerRef}
        type="button"
        className="feedback-trigger"
        aria-haspopup="dialog"
        hidden={open}
        onClick={openDialog}
      >
        <svg aria-hidden="true" viewBox="0 0 24 24" width="22" height="22">
          <path
            fill="currentColor"
            d="M4 4h16a2 2 0 0 1 2 2v10a2 2 0 0 1-2 2H8l-4 4V6a2 2 0 0 1 2-2zm3 5v2h10V9H7zm0 4v2h7v-2H7z"
          />
        </svg>
        <BothLanguages k="feedback.trigger" className="visually-hidden" />
      </button>

      <dialog
        ref={dialogRef}
        className="feedback-dialog"
        aria-labelledby="feedback-title"
        onClose={() => open && closeDialog()}
        onKeyDown={(event) => trapTab(event.currentTarget, event)}
      >
        {open && (
          <FeedbackForm
            t={t}
            form={form}
            submitting={submitting}
            failure={failure}
            onSubmit={submit}
            onClose={closeDialog}
          />
        )}
      </dialog>

      <div className="feedback-notice" role="status" data-visible={notice}>
        {notice ? t("feedback.thanks") : ""}
      </div>
    </div>
  );
}

export default reactIsland(FeedbackWidget);
