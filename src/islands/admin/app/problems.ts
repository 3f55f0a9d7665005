import { z } from "zod";
import "../../../shared/zod-browser.ts";
import type { MessageKey } from "../../../i18n/core.ts";
import { LOCALES } from "../../../i18n/locale.ts";
import type { FieldIssue } from "../../../shared/envelope.ts";
import { CallFailure } from "./query.ts";

// The back office's one error map. Every form checks its values with the server's own zod
// schema, whose messages are English for API users. A form names its words once, in a table
// (`FormWords`); `withWords` puts them on the schema's issues, and `serverIssues` on the issues
// of a save the server refused.

/** Where a schema's issue shows on a form, and in which words (an i18n key). */
export interface Problem {
  /** The form field's path; the issue's own when left out. */
  path?: PropertyKey[] | undefined;
  /** The message key the form shows; the schema's own message when left out. */
  key?: MessageKey | undefined;
}

/** A field's words for each kind of problem. A field without words for a case takes the others. */
export interface ProblemWords {
  /** The field holds nothing. */
  blank?: MessageKey;
  /** Too long, or too many (`too_big`). */
  long?: MessageKey;
  /** Too short or too few, with something typed (`too_small`). */
  short?: MessageKey;
  /** Any other problem. */
  other?: MessageKey;
  /** A custom issue, by the schema's message. */
  said?: Readonly<Record<string, MessageKey>>;
  /** What the server refused without a key, where it differs from the form's own words. */
  server?: MessageKey;
  /** The form field the problem shows on, when not the path's own (each tag: the tags line). */
  on?: string;
}

/**
 * A form's words by field: "title" (a text in both languages too), "tags.*" (each item of a
 * list), "socialLinks.*.url" (a field of each item). A field without words keeps the schema's.
 */
export type FormWords = Readonly<Partial<Record<string, ProblemWords>>>;

const LOCALE_PARTS = new Set<PropertyKey>(LOCALES);
const NOT_THERE = Symbol("not there");

/** The words' name of a path: languages left out, an item's index as `*`. */
function patternOf(path: readonly PropertyKey[]): string {
  return path
    .filter((part) => !LOCALE_PARTS.has(part))
    .map((part) => (typeof part === "number" ? "*" : String(part)))
    .join(".");
}

/** What a path of the form holds (`socialLinks.1.url`, `title.zh-CN`), or NOT_THERE. */
function valueAt(input: unknown, path: readonly PropertyKey[]): unknown {
  let node = input;
  for (const part of path) {
    if (typeof node !== "object" || node === null || !(part in node)) return NOT_THERE;
    node = (node as Record<PropertyKey, unknown>)[part]; // `part in node` just checked
  }
  return node;
}

const isBlank = (value: unknown) =>
  value === undefined || value === null || (typeof value === "string" && value.trim() === "");

/**
 * The key for one problem of a field: `code` is the schema's issue code (`too_big`, …), `value`
 * what the field holds, `message` the schema's. A field without words for the case takes the
 * words it has.
 */
export function problemKey(
  words: ProblemWords,
  code: string,
  value: unknown,
  message?: string,
): MessageKey | undefined {
  const said = message ? words.said?.[message] : undefined;
  if (said) return said;
  const fit = isBlank(value)
    ? words.blank
    : code === "too_big"
      ? words.long
      : code === "too_small"
        ? words.short
        : words.other;
  return fit ?? words.other ?? words.long ?? words.blank ?? words.short;
}

/** The form's problem for one schema issue, by its words. */
function problemOf(
  words: FormWords,
  issue: { path: readonly PropertyKey[]; code: string; message?: string },
  input: unknown,
): Problem | undefined {
  const fieldWords = words[patternOf(issue.path)];
  if (!fieldWords) return undefined;
  const key = problemKey(fieldWords, issue.code, valueAt(input, issue.path), issue.message);
  return { path: fieldWords.on ? [fieldWords.on] : [...issue.path], key };
}

/**
 * A form's schema: the server's `schema`, speaking the form's `words`: each issue goes to its
 * field with the key `problemOf` finds. The rules stay the server's own; only where a problem
 * shows and how it reads change.
 */
export function withWords<S extends z.ZodType>(schema: S, words: FormWords) {
  return z.custom<z.input<S>>().transform((input, ctx): z.output<S> => {
    const result = schema.safeParse(input);
    if (result.success) return result.data;
    for (const issue of result.error.issues) {
      const found = problemOf(words, issue, input);
      ctx.addIssue({
        code: "custom",
        path: found?.path ?? issue.path,
        message: found?.key ?? issue.message,
        input,
      });
    }
    return z.NEVER;
  });
}

/**
 * A refused save with its field issues on the form's fields, in the form's words: an issue with
 * its own key (a slug already used) keeps it; one the words do not name keeps the server's.
 * `values` are the form's, for the words of a blank field.
 */
export function serverIssues(error: unknown, words: FormWords, values?: unknown): unknown {
  if (!(error instanceof CallFailure) || !error.info) return error;
  const issues = error.issues.map((issue): FieldIssue => {
    const path = issue.field.split(".").map((part) => (/^\d+$/.test(part) ? Number(part) : part));
    const fieldWords = words[patternOf(path)];
    if (!fieldWords) return issue;
    const field = fieldWords.on ?? issue.field;
    if (issue.key) return { ...issue, field };
    const value = values === undefined ? NOT_THERE : valueAt(values, path);
    const key = fieldWords.server ?? problemKey(fieldWords, "custom", value);
    return key ? { ...issue, field, key } : { ...issue, field };
  });
  return new CallFailure(error.code, error.message, { ...error.info, issues });
}
