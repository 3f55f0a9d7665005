import { z } from "zod";
import "../../../shared/zod-browser.ts";
import type { MessageKey } from "../../../i18n/core.ts";

/** Where a schema's issue shows on a form, and in which words (an i18n key). */
export interface Problem {
  /** The form field's path; the issue's own when left out. */
  path?: PropertyKey[] | undefined;
  /** The message key the form shows; the schema's own message when left out. */
  key?: MessageKey | undefined;
}

/**
 * The server's schema, speaking the form's words: each issue `problemOf` names goes to its
 * field with its i18n key (the server's schemas carry English messages for API users). The
 * rules stay the server's own; only where a problem shows and how it reads change.
 */
export function withProblems<S extends z.ZodType>(
  schema: S,
  problemOf: (issue: z.core.$ZodIssue, input: z.input<S>) => Problem | undefined,
) {
  return z.custom<z.input<S>>().transform((input, ctx): z.output<S> => {
    const result = schema.safeParse(input);
    if (result.success) return result.data;
    for (const issue of result.error.issues) {
      const problem = problemOf(issue, input);
      ctx.addIssue({
        code: "custom",
        path: problem?.path ?? issue.path,
        message: problem?.key ?? issue.message,
        input,
      });
    }
    return z.NEVER;
  });
}

// Most fields' problems need no more than three words: each field of a form names its words for
// a blank value, one too long, and any other problem (`problemsIn` makes `withProblems`'s
// `problemOf` of them).

/** A field's words: when it is blank, when it is too long, and when it is otherwise wrong. */
export interface ProblemWords {
  blank?: MessageKey;
  long?: MessageKey;
  other?: MessageKey;
}

const isBlank = (value: unknown) =>
  value === undefined || value === null || (typeof value === "string" && value.trim() === "");

/**
 * The key for one problem of a field: `code` is the schema's issue code (`too_big`, …), `value`
 * what the field holds. A field without words for the case takes the words it has.
 */
export function problemKey(
  words: ProblemWords,
  code: string,
  value: unknown,
): MessageKey | undefined {
  const fit = isBlank(value) ? words.blank : code === "too_big" ? words.long : words.other;
  return fit ?? words.other ?? words.long ?? words.blank;
}

/** The problems of a form whose fields have `words` (`withProblems`); others keep the schema's. */
export function problemsIn(words: Partial<Record<string, ProblemWords>>) {
  return (
    issue: { path: PropertyKey[]; code: string },
    fields: Record<string, unknown>,
  ): Problem | undefined => {
    const [field] = issue.path;
    const fieldWords = typeof field === "string" ? words[field] : undefined;
    if (typeof field !== "string" || !fieldWords) return undefined;
    return { key: problemKey(fieldWords, issue.code, fields[field]) };
  };
}

/** The words for the tags typed on one line: too many of them, one too long, one otherwise wrong. */
export interface TagWords {
  tooMany: MessageKey;
  tooLong: MessageKey;
  invalid: MessageKey;
}

/** A tag's problem, on the line that holds them all (`index` is the tag's; none: the list's). */
export function tagProblem(words: TagWords, index: PropertyKey | undefined, code: string) {
  if (index === undefined) return words.tooMany;
  return code === "too_big" ? words.tooLong : words.invalid;
}
