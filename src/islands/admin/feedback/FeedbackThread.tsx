import { zodResolver } from "@hookform/resolvers/zod";
import { useForm, useWatch } from "react-hook-form";
import type { Translate } from "../../../i18n/core.ts";
import { type FeedbackReplyInput, feedbackReplySchema } from "../../../shared/auth.ts";
import {
  FEEDBACK_REPLY_KINDS,
  type FeedbackRecord,
  REPLY_LOCALES,
  replyAddress,
  writerLocale,
} from "../../../shared/feedback-rules.ts";
import { FormStatus, useStatusLine } from "../../ui/FormStatus.tsx";
import { bindFields, FormTextField } from "../../ui/form-fields.tsx";
import { DeleteControl } from "../app/DeleteControl.tsx";
import { choices } from "../app/fields.tsx";
import { FormSelectField, failedCallText, showServerIssues } from "../app/form.tsx";
import { useLeaveGuard } from "../app/leave-guard.ts";
import { type FormWords, serverIssues, withWords } from "../app/problems.ts";
import { formatTime } from "../app/time.ts";
import { useAnswerFeedback, useDeleteFeedback, useFeedbackReplies } from "./queries.ts";

/** The reply form: the server's own rules, its problems in the interface's words. */
const ANSWER_WORDS: FormWords = {
  body: {
    blank: "feedbackCenter.problems.messageRequired",
    long: "feedbackCenter.problems.messageTooLong",
  },
};
const answerSchema = withWords(feedbackReplySchema, ANSWER_WORDS);

/**
 * What was written on a piece of feedback (replies mailed to its writer, notes kept here), a
 * form to write more, and Delete: shown with the record's details.
 */
export function FeedbackThread({
  t,
  id,
  record,
  open,
  onDone,
}: {
  t: Translate;
  id: string;
  record: FeedbackRecord;
  /** Whether the details are open: the replies are read only then. */
  open: boolean;
  onDone: (ok: boolean, message: string) => void;
}) {
  const thread = useFeedbackReplies(record.id, open);
  const answer = useAnswerFeedback();
  const remove = useDeleteFeedback();
  const address = replyAddress(record.contact);
  const { line, report } = useStatusLine();
  const form = useForm<FeedbackReplyInput>({
    resolver: zodResolver(answerSchema),
    defaultValues: { kind: address ? "reply" : "note", body: "", locale: writerLocale(record) },
  });
  useLeaveGuard(form.formState.isDirty);
  const bind = bindFields(form.control, t, id);
  const kind = useWatch({ control: form.control, name: "kind" });
  const busy = form.formState.isSubmitting;

  const submit = form.handleSubmit(async (values) => {
    report(true, t("feedbackCenter.sending"));
    try {
      const written = await answer.mutateAsync({ id: record.id, answer: values });
      form.reset({ ...values, body: "" });
      report(
        true,
        written.sentTo
          ? t("feedbackCenter.sent", { to: written.sentTo })
          : t("feedbackCenter.kept"),
      );
    } catch (error) {
      showServerIssues(serverIssues(error, ANSWER_WORDS), form.setError, ["body", "kind"]);
      report(false, failedCallText(t, error));
    }
  });

  async function deleteRecord(): Promise<boolean> {
    try {
      await remove.mutateAsync(record.id);
      onDone(true, t("feedbackCenter.deleted"));
      return true;
    } catch (error) {
      report(false, failedCallText(t, error));
      return false;
    }
  }

  const replies = thread.data ?? [];
  return (
    <section className="bms-thread" aria-labelledby={`${id}-thread`}>
      <h3 id={`${id}-thread`}>{t("feedbackCenter.thread")}</h3>
      {thread.isPending && open ? (
        <p role="status">{t("feedbackCenter.loading")}</p>
      ) : thread.isError ? (
        <p role="alert">{t("feedbackCenter.threadFailed")}</p>
      ) : replies.length === 0 ? (
        <p className="bms-meta">{t("feedbackCenter.noThread")}</p>
      ) : (
        <ol className="bms-thread-list">
          {replies.map((reply) => (
            <li key={reply.id} data-kind={reply.kind}>
              <p className="bms-meta">
                {reply.sentTo
                  ? t("feedbackCenter.replySent", {
                      to: reply.sentTo,
                      language: t(`bmsNotes.languages.${reply.locale ?? "en-US"}`),
                    })
                  : t("feedbackCenter.noteKept")}
                {" · "}
                <time dateTime={reply.createdAt}>{formatTime(reply.createdAt)}</time>
                {reply.author && ` · ${t("feedbackCenter.by", { name: reply.author.userName })}`}
              </p>
              <p className="bms-description">{reply.body}</p>
            </li>
          ))}
        </ol>
      )}
      <form
        className="bms-answer"
        noValidate
        onSubmit={(event) => void submit(event)}
        aria-label={t("feedbackCenter.write", { subject: record.subject })}
      >
        <div className="bms-row">
          <FormSelectField
            {...bind("kind")}
            label={t("feedbackCenter.kind")}
            choices={choices(address ? FEEDBACK_REPLY_KINDS : (["note"] as const), (k) =>
              t(`feedbackCenter.kinds.${k}`),
            )}
          />
          {kind === "reply" && (
            <FormSelectField
              {...bind("locale")}
              label={t("feedbackCenter.language")}
              choices={choices(REPLY_LOCALES, (l) => t(`bmsNotes.languages.${l}`))}
            />
          )}
        </div>
        {!address && <p className="field-hint">{t("feedbackCenter.noEmail")}</p>}
        <FormTextField
          {...bind("body")}
          label={t("feedbackCenter.message")}
          hint={t("feedbackCenter.messageHint")}
          multiline
        />
        <FormStatus note={busy ? t("feedbackCenter.sending") : line.note} failure={line.failure} />
        <div className="bms-actions">
          <button type="submit" className="button button-primary" disabled={busy}>
            {t(kind === "reply" ? "feedbackCenter.send" : "feedbackCenter.keep")}
          </button>
          <DeleteControl
            t={t}
            question={t("feedbackCenter.deleteQuestion", { subject: record.subject })}
            onDelete={deleteRecord}
          />
        </div>
      </form>
    </section>
  );
}
