import { type SubmitEvent, useState } from "react";
import type { MessageKey, Translate } from "../../../i18n/core.ts";
import { CONTENT_LIMITS, isPathSafeTag } from "../../../shared/content-rules.ts";
import { focusFirstProblem } from "../../ui/FormStatus.tsx";
import { failureText, type Outcome } from "./api-call.ts";

export type Problems = Record<string, MessageKey | undefined>;

/** The value of the submit button that sent the form, if it has one. */
export function submitterValue(event: SubmitEvent<HTMLFormElement>): string | undefined {
  return (event.nativeEvent as unknown as { submitter?: HTMLButtonElement }).submitter?.value;
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

/** What breaks the API's tag rules: too many tags, one too long, or one that cannot be a path. */
export function tagsProblem(text: string): "tooMany" | "tooLong" | "invalid" | null {
  const tags = parseTags(text);
  if (tags.length > CONTENT_LIMITS.tags) return "tooMany";
  if (tags.some((tag) => tag.length > CONTENT_LIMITS.tag)) return "tooLong";
  return tags.every(isPathSafeTag) ? null : "invalid";
}

/**
 * The state of a content form: its values, whether its problems show yet (after a first
 * submit), the server's word on a field, the failure line and the busy flag.
 */
export function useContentForm<V>(t: Translate, initial: () => V) {
  const [values, setValues] = useState<V>(initial);
  const [shown, setShown] = useState(false);
  const [server, setServer] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState("");
  const [busy, setBusy] = useState(false);

  return {
    values,
    setValues,
    setShown,
    failure,
    busy,
    setBusy,
    /** Changes some values; the server's word on a field no longer holds. */
    set(changes: Partial<V>) {
      setValues((v) => ({ ...v, ...changes }));
      setServer({});
    },
    /** A field's error: ours once shown, else the server's. */
    errorOf: (problems: Problems) => (name: string) => {
      const key = shown ? problems[name] : undefined;
      return key ? t(key) : server[name];
    },
    /** A submit begins: problems show; true when one stops it (focused, with a failure line). */
    stopped(form: HTMLFormElement, order: readonly string[], problems: Problems): boolean {
      setShown(true);
      setFailure("");
      setServer({});
      if (!focusFirstProblem(form, order, problems)) return false;
      setFailure(t("bmsContent.checkFields"));
      return true;
    },
    /** A failed call: the form field it names (in `order`) shows the message and takes focus. */
    failed(
      form: HTMLFormElement,
      order: readonly string[],
      field: string | null,
      result: Extract<Outcome<unknown>, { ok: false }>,
    ) {
      if (field && order.includes(field)) {
        setServer({ [field]: result.message });
        form.querySelector<HTMLElement>(`[name="${field}"]`)?.focus();
      }
      setFailure(failureText(t, result));
    },
  };
}
