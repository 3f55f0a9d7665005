import { useState } from "react";
import type { FieldPath, FieldValues, UseFormReturn } from "react-hook-form";
import { isMessageKey, type Translate } from "../../../i18n/core.ts";
import { showServerIssues } from "../app/form.tsx";
import { CallFailure } from "../app/query.ts";
import { failureOf } from "./parts.tsx";

/**
 * A failed write's field issues with their words filled in: an issue whose key names values
 * (a taken slug's `{{by}}`) gets its message in the interface's language here, where `t` is.
 */
export function withIssueWords(t: Translate, error: unknown): unknown {
  if (!(error instanceof CallFailure) || !error.info) return error;
  const issues = error.issues.map((issue) =>
    issue.key && issue.values && isMessageKey(issue.key)
      ? { field: issue.field, message: t(issue.key, issue.values) }
      : issue,
  );
  return new CallFailure(error.code, error.message, { ...error.info, issues });
}

/** Whether a new item's form was sent with its Publish button (`value="publish"`). */
export function publishes(event: { nativeEvent: object } | undefined): boolean {
  const sent = event?.nativeEvent;
  return (
    sent instanceof SubmitEvent &&
    sent.submitter instanceof HTMLButtonElement &&
    sent.submitter.value === "publish"
  );
}

/**
 * A book's or chapter's form sent: `save` stores the values (`publish`: a new item's Publish
 * button was pressed) and resolves to what the status line says (`onDone`). The failure line
 * says "check the marked fields" when the form's own check stops a submit, or the server's
 * refusal, whose field issues go on the fields (`fields`, in screen order: the first takes focus).
 */
export function useItemSubmit<Values extends FieldValues, Output extends FieldValues>(
  t: Translate,
  form: UseFormReturn<Values, unknown, Output>,
  fields: readonly FieldPath<Values>[],
  save: (values: Output, publish: boolean) => Promise<string>,
  onDone: (message: string) => void,
) {
  const [failure, setFailure] = useState("");
  const submit = form.handleSubmit(
    async (values, event) => {
      setFailure("");
      let message: string;
      try {
        message = await save(values, publishes(event));
      } catch (error) {
        showServerIssues(withIssueWords(t, error), form.setError, fields);
        setFailure(failureOf(t, error));
        return;
      }
      onDone(message);
    },
    () => setFailure(t("bmsContent.checkFields")),
  );
  return { submit, failure };
}
