import { z } from "zod";
import "../../../../shared/zod-browser.ts";
import { type ContentStatus, timeIssue } from "../../../../shared/content.ts";
import { type FormWords, withWords } from "../problems.ts";
import { isoToLocal, localToIso } from "../time.ts";
import type { EditorAction } from "./editor-save.ts";

// What the content editors' form schemas share: the time to schedule for (`at`), which only
// Schedule asks to be a future one.

/** Scheduling, the time must be one the server's time rule takes for a scheduled item. */
const futureTime = z
  .string()
  .refine(
    (at) => !timeIssue({ status: "scheduled", publishedAt: localToIso(at) }),
    "bmsArticles.problems.atFuture",
  );

/**
 * The content forms' tags, typed on one line: a problem of one tag shows on that line. The
 * server names a tag's problem `tags.<n>`.
 */
export const TAG_WORDS: FormWords = {
  tags: { other: "bmsArticles.problems.tooManyTags" },
  "tags.*": {
    long: "bmsArticles.problems.tagTooLong",
    other: "bmsArticles.problems.tagInvalid",
    server: "bmsArticles.problems.tagTooLong",
    on: "tags",
  },
};

/** The time to schedule for: the form's `at`, the server's `publishedAt`. */
export const TIME_WORDS: FormWords = {
  at: { other: "bmsArticles.problems.atFuture" },
  publishedAt: { other: "bmsArticles.problems.atFuture", on: "at" },
};

/**
 * An editor's schema for the button pressed: `fieldsWith(at)` is the form's fields with `at` the
 * time to schedule for, which only Schedule asks to be in the future; `words` word each
 * problem (`withWords`).
 */
export function schemaByAction<S extends z.ZodType>(
  fieldsWith: (at: z.ZodString) => S,
  words: FormWords,
) {
  const plain = withWords(fieldsWith(z.string()), words);
  const timed = withWords(fieldsWith(futureTime), words);
  return (action: EditorAction) => (action === "schedule" ? timed : plain);
}

/**
 * The time to schedule for that an item's form shows: its own when it is scheduled, else `at`
 * (what the person typed before, or blank: the field offers tomorrow morning on focus).
 */
export const scheduleTimeOf = (
  record: { status: ContentStatus; publishedAt: string | null },
  at: string,
) => (record.status === "scheduled" && record.publishedAt ? isoToLocal(record.publishedAt) : at);
