import { z } from "zod";
import "../../../../shared/zod-browser.ts";
import { type ContentStatus, timeIssue } from "../../../../shared/content.ts";
import { type Problem, withProblems } from "../problems.ts";
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
 * An editor's schema for the button pressed: `fieldsWith(at)` is the form's fields with `at` the
 * time to schedule for, which only Schedule asks to be in the future; `problemOf` words each
 * problem (`withProblems`).
 */
export function schemaByAction<S extends z.ZodType>(
  fieldsWith: (at: z.ZodString) => S,
  problemOf: (issue: z.core.$ZodIssue, input: z.input<S>) => Problem | undefined,
) {
  const plain = withProblems(fieldsWith(z.string()), problemOf);
  const timed = withProblems(fieldsWith(futureTime), problemOf);
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
