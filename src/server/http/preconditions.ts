import type { Context } from "hono";
import { z } from "zod";
import type { AppEnv } from "./context.ts";
import { ApiError } from "./errors.ts";

// A save's preconditions: the version an editor opened, so a save made over a newer one is
// refused (409) rather than silently replacing it. Shared by the content routes and the settings.

/** An ETag's value: the item's `updatedAt`, quoted (`"2026-11-24T10:00:00.000Z"`). */
const ETAG = z
  .string()
  .regex(/^(?:W\/)?"([^"]+)"$/)
  .transform((tag) => tag.slice(tag.indexOf('"') + 1, -1))
  .pipe(z.iso.datetime({ offset: true }));

/**
 * `If-Match`: the `updatedAt` an editor opened, so an update made over a newer save is refused
 * (409) rather than silently replacing it. None: the update is made whatever was saved since.
 */
export function ifMatch(c: Context<AppEnv>): string | undefined {
  const header = c.req.header("if-match");
  if (header === undefined) return undefined;
  const tag = ETAG.safeParse(header.trim());
  if (!tag.success) {
    throw new ApiError(
      400,
      "validation",
      "Invalid If-Match: must be the item's updatedAt, quoted",
      {
        details: { issues: [{ field: "If-Match", message: "must be a quoted ISO time" }] },
      },
    );
  }
  return tag.data;
}

/** What a save of something that may not be saved yet expects to replace (see `saveExpectation`). */
export type SaveExpectation = { updatedAt: string } | "none" | undefined;

/**
 * What a save of a page or of the settings expects to replace: `If-Match` (the saved version it
 * opened), or `If-None-Match: *` (it opened what stands until a first save: nothing may have been
 * saved since); neither: anything.
 */
export function saveExpectation(c: Context<AppEnv>): SaveExpectation {
  const updatedAt = ifMatch(c);
  if (updatedAt) return { updatedAt };
  const none = c.req.header("if-none-match");
  if (none === undefined) return undefined;
  if (none.trim() !== "*") {
    throw new ApiError(400, "validation", "Invalid If-None-Match: only * is understood", {
      details: { issues: [{ field: "If-None-Match", message: "must be *" }] },
    });
  }
  return "none";
}
