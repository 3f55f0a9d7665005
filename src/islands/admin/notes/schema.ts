import type { Control, FieldPath } from "react-hook-form";
import { z } from "zod";
import "../../../shared/zod-browser.ts";
import {
  type ContentLang,
  createNoteSchema,
  type NoteRecord,
  timeIssue,
} from "../../../shared/content.ts";
import { parseTags } from "../app/content/form.ts";
import { type FormWords, serverIssues, withWords } from "../app/problems.ts";
import { localToIso, tomorrowMorning } from "../app/time.ts";

/** What a submit button asks for: a new note's first three, an edited one's last three. */
export type NoteAction = "draft" | "publish" | "schedule" | "save";

const note = createNoteSchema.shape;

/**
 * The note form: the server's own field rules (`createNoteSchema`), but tags typed as one line
 * separated by commas, and the time to schedule for as the local date-time its input holds. The
 * slug, the status and the time the request carries follow from the button pressed (request.ts).
 */
const fieldsSchema = z.object({
  lang: note.lang,
  body: note.body,
  tags: z.string().transform(parseTags).pipe(note.tags.unwrap()),
  images: note.images,
  comments: note.comments,
  at: z.string(),
});

/** Scheduling, the time must be one the server's time rule takes for a scheduled note. */
const scheduleSchema = fieldsSchema.superRefine((values, ctx) => {
  if (timeIssue({ status: "scheduled", publishedAt: localToIso(values.at) })) {
    ctx.addIssue({ code: "custom", path: ["at"], message: "bmsNotes.problems.atFuture" });
  }
});

export type NoteFields = z.input<typeof fieldsSchema>;
export type NoteValues = z.output<typeof fieldsSchema>;
/** The form's control, for the parts of the form in their own components. */
export type NoteControl = Control<NoteFields, unknown, NoteValues>;

/** The form's words for each field's problems (the server's refusals too). */
const NOTE_WORDS: FormWords = {
  body: { blank: "bmsNotes.problems.bodyRequired", other: "bmsNotes.problems.bodyTooLong" },
  // One line holds every tag: a problem of one tag shows on it.
  tags: { other: "bmsNotes.problems.tooManyTags" },
  "tags.*": {
    long: "bmsNotes.problems.tagTooLong",
    other: "bmsNotes.problems.tagInvalid",
    on: "tags",
  },
  "images.*.src": {
    blank: "bmsNotes.problems.imageSrcRequired",
    other: "bmsNotes.problems.imageSrcInvalid",
  },
  "images.*.alt": { other: "bmsNotes.problems.altTooLong" },
  publishedAt: { other: "bmsNotes.problems.atFuture", on: "at" },
};

const plainSchema = withWords(fieldsSchema, NOTE_WORDS);
const timedSchema = withWords(scheduleSchema, NOTE_WORDS);

/** A failed save with its field issues on the form's fields, each in the interface's words. */
export const noteIssues = (error: unknown, values?: NoteFields) =>
  serverIssues(error, NOTE_WORDS, values);

/** The form's schema for the button pressed: only Schedule asks for a time. */
export const noteSchema = (action: NoteAction) =>
  action === "schedule" ? timedSchema : plainSchema;

/** The form's fields in screen order: where a problem sends focus first. */
export function noteFieldOrder(images: number): FieldPath<NoteFields>[] {
  const rows = Array.from({ length: images }, (_, i): FieldPath<NoteFields>[] => [
    `images.${i}.src`,
    `images.${i}.alt`,
  ]);
  return ["body", "tags", ...rows.flat(), "comments", "at"];
}

/** A new note's first values, in the language given. */
export const emptyNote = (lang: ContentLang): NoteFields => ({
  lang,
  body: "",
  tags: "",
  images: [],
  comments: true,
  at: tomorrowMorning(),
});

/** A note's values to edit. */
export const noteFields = (record: NoteRecord): NoteFields => ({
  lang: record.lang,
  body: record.body,
  tags: record.tags.join(", "),
  images: record.images.map(({ src, alt }) => ({ src, alt })),
  comments: record.comments,
  at: tomorrowMorning(),
});
