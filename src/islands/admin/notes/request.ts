import type { MessageKey } from "../../../i18n/core.ts";
import type { ContentStatus, NoteRecord } from "../../../shared/content.ts";
import { suggestSlug } from "../../../shared/slug.ts";
import { localDate, localToIso } from "../app/time.ts";
import type { NoteAction, NoteValues } from "./schema.ts";

// From the form's values and the button pressed to the API's request, and from the saved note
// to the line that says what happened.

/** A new note's slug: the date, then the first Latin words of the body, or the time of day. */
export function noteSlug(body: string, now = new Date()): string {
  const date = localDate(now);
  // Latin words only, whether or not pinyin is loaded (the article editor loads it).
  const words = suggestSlug(body.split(/\s+/).slice(0, 6).join(" "), 40, null);
  // Two digits each: 1:02:03 and 0:12:03 are two times, and two slugs.
  const time = [now.getHours(), now.getMinutes(), now.getSeconds()]
    .map((part) => String(part).padStart(2, "0"))
    .join("");
  return words ? `${date}-${words}-${time}` : `${date}-${time}`;
}

/**
 * The status and time a save sends: Schedule for the form's time, Save draft as a draft, a new
 * note's Publish now as published; an edit's Save keeps both (its Publish now publishes after).
 */
export function noteTiming(
  action: NoteAction,
  editing: boolean,
  at: string,
): { status?: ContentStatus; publishedAt?: string | null } {
  if (action === "schedule") return { status: "scheduled", publishedAt: localToIso(at) };
  if (action === "draft") return { status: "draft" };
  if (action === "publish" && !editing) return { status: "published" };
  return {};
}

/** `PUT /api/admin/notes/:id`: the content and the timing of the button pressed. */
export function updateRequest({ at, ...content }: NoteValues, action: NoteAction) {
  return { ...content, ...noteTiming(action, true, at) };
}

/** `POST /api/admin/notes`: a new note, its slug made from its date and words. */
export function createRequest({ at, ...content }: NoteValues, action: NoteAction, now?: Date) {
  return { slug: noteSlug(content.body, now), ...content, ...noteTiming(action, false, at) };
}

/** What the status line says once a note is saved (`{{time}}` is its publish time). */
export function savedMessage(record: Pick<NoteRecord, "status">, action: NoteAction): MessageKey {
  if (record.status === "scheduled") return "bmsNotes.scheduled";
  if (action === "publish") return "bmsNotes.published";
  if (action === "draft") return "bmsNotes.savedDraft";
  return record.status === "draft" ? "bmsNotes.saved" : "bmsNotes.savedLive";
}
