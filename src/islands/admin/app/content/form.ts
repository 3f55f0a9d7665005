import type { MessageKey } from "../../../../i18n/core.ts";
import { CallFailure } from "../query.ts";

/**
 * The value of the submit button that sent the form, if it has one (`event` is React's, or
 * react-hook-form's `handleSubmit` passes it on).
 */
export function submitterValue(event: { nativeEvent: object } | undefined): string | undefined {
  const sent = event?.nativeEvent;
  return sent instanceof SubmitEvent && sent.submitter instanceof HTMLButtonElement
    ? sent.submitter.value
    : undefined;
}

/** Tags typed with commas (either width) or the Chinese enumeration comma, without repeats. */
export function parseTags(text: string): string[] {
  return [
    ...new Set(
      text
        .split(/[,，、]/)
        .map((tag) => tag.trim())
        .filter(Boolean),
    ),
  ];
}

/** A server's field as a content form's: `publishedAt` is the time input, a tag's the tags line. */
function formField(field: string): string {
  if (field === "publishedAt") return "at";
  return field.startsWith("tags.") ? "tags" : field;
}

/**
 * A failed save with its field issues named as the form's fields (`formField`); `words` gives
 * the interface's key for a field the server words only in English (an issue with its own key,
 * as a slug already used, keeps it).
 */
export function formIssues(
  error: unknown,
  words: Partial<Record<string, MessageKey>> = {},
): unknown {
  if (!(error instanceof CallFailure) || !error.info) return error;
  const issues = error.issues.map((issue) => {
    const field = formField(issue.field);
    const key = issue.key ?? words[field];
    return { ...issue, field, ...(key ? { key } : {}) };
  });
  return new CallFailure(error.code, error.message, { ...error.info, issues });
}
