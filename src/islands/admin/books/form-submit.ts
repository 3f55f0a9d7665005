import { useState } from "react";
import type { FieldPath, FieldValues, UseFormReturn } from "react-hook-form";
import type { Translate } from "../../../i18n/core.ts";
import { submitterValue } from "../app/content/form.ts";
import { failedCallText, showServerIssues, withIssueWords } from "../app/form.tsx";

/**
 * A book's or chapter's form sent: `save` stores the values (`publish`: a new item's Publish
 * button was pressed) and resolves to what the status line says (`onDone`). The failure line
 * says "check the marked fields" when the form's own check stops a submit, or the server's
 * refusal, whose field issues go on the fields (`fields`, in screen order: the first takes focus),
 * unless `refused` takes the refusal as its own (a version saved elsewhere: `useKeeping`).
 */
export function useItemSubmit<Values extends FieldValues, Output extends FieldValues>(
  t: Translate,
  form: UseFormReturn<Values, unknown, Output>,
  fields: readonly FieldPath<Values>[],
  save: (values: Output, publish: boolean) => Promise<string>,
  onDone: (message: string) => void,
  refused?: (error: unknown) => boolean,
) {
  const [failure, setFailure] = useState("");
  const submit = form.handleSubmit(
    async (values, event) => {
      setFailure("");
      let message: string;
      try {
        message = await save(values, submitterValue(event) === "publish");
      } catch (error) {
        if (refused?.(error)) return;
        showServerIssues(withIssueWords(t, error), form.setError, fields);
        setFailure(failedCallText(t, error));
        return;
      }
      onDone(message);
    },
    () => setFailure(t("bmsContent.checkFields")),
  );
  return { submit, failure };
}
