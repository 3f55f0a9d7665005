import type { MessageKey, Translate } from "../../../i18n/core.ts";
import { failureText } from "./form.tsx";

// What the library does to several images at once (delete, add tags), and the photo list to
// several photos: one call per item, one after the other, each refusal kept with its reason;
// then one line says how it went.

/** How a bulk action went: the images it was done to, and those refused with why. */
export interface BulkOutcome<T> {
  done: T[];
  refused: Array<{ item: T; error: unknown }>;
}

/** Does `act` to each item in turn; a refusal is kept, not thrown, and the next item follows. */
export async function eachInTurn<T>(
  items: readonly T[],
  act: (item: T) => Promise<unknown>,
): Promise<BulkOutcome<T>> {
  const outcome: BulkOutcome<T> = { done: [], refused: [] };
  for (const item of items) {
    try {
      await act(item);
      outcome.done.push(item);
    } catch (error) {
      outcome.refused.push({ item, error });
    }
  }
  return outcome;
}

/**
 * The words of a bulk action's line: how many were done ("Deleted {{count}} of {{total}}."),
 * those refused ("Not deleted: {{list}}") and each refused one ("“{{name}}”: {{reason}}").
 */
export interface BulkWords {
  done: MessageKey;
  refused: MessageKey;
  item: MessageKey;
}

/**
 * The one line after a bulk action (the library's, the photo list's): how many of how many were
 * done, then each refused item by its `name` with its reason.
 */
export function bulkLine<T>(
  t: Translate,
  words: BulkWords,
  outcome: BulkOutcome<T>,
  name: (item: T) => string,
): string {
  const total = outcome.done.length + outcome.refused.length;
  const done = t(words.done, { count: outcome.done.length, total });
  if (outcome.refused.length === 0) return done;
  const list = outcome.refused
    .map(({ item, error }) => t(words.item, { name: name(item), reason: failureText(t, error) }))
    .join(" ");
  return `${done} ${t(words.refused, { list })}`;
}

const WORDS = {
  deleted: {
    done: "media.bulk.deleted",
    refused: "media.bulk.notDeleted",
    item: "media.bulk.item",
  },
  tagged: { done: "media.bulk.tagged", refused: "media.bulk.notTagged", item: "media.bulk.item" },
} as const satisfies Record<string, BulkWords>;

/**
 * The line after a bulk action of the library, each refused image by its file name ("Deleted 3
 * of 5. Not deleted: “a.jpg”: Used in 2 places … “b.jpg”: …").
 */
export const bulkSummary = (
  t: Translate,
  action: keyof typeof WORDS,
  outcome: BulkOutcome<{ name: string }>,
): string => bulkLine(t, WORDS[action], outcome, (item) => item.name);
