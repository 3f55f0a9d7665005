import type { FieldPath } from "react-hook-form";
import { z } from "zod";
import "../../../shared/zod-browser.ts";
import type { MessageKey } from "../../../i18n/core.ts";
import { createPhotoSchema, type PhotoRecord } from "../../../shared/content.ts";
import type { EditorAction } from "../app/content/editor-save.ts";
import { scheduleTimeOf, schemaByAction } from "../app/content/editor-schema.ts";
import { formIssues, parseTags } from "../app/content/form.ts";
import { type Problem, type TagWords, tagProblem } from "../app/problems.ts";

/** What a button of the editor asks for (every content editor's buttons). */
export type PhotoAction = EditorAction;

const photo = createPhotoSchema.shape;

/** A text in both languages, as the form holds it. */
type Both = { "zh-CN": string; "en-US": string };

/**
 * The photo form: the server's own field rules (`createPhotoSchema`), but the tags typed as one
 * line separated by commas, the album and the time taken as their fields hold them (blank for
 * none: the request's null), the texts that may be empty always both present, and the time to
 * schedule for as the local date-time its input holds (`at`: `schemaByAction`). The status and
 * the time the request carries follow from the button pressed (request.ts).
 */
const fieldsWith = (at: z.ZodString) =>
  z.strictObject({
    image: z.string().trim().pipe(photo.image),
    title: photo.title,
    caption: photo.caption.unwrap(),
    alt: photo.alt.unwrap(),
    place: photo.place.unwrap(),
    slug: photo.slug,
    album: z
      .string()
      .transform((album) => album || null)
      .pipe(photo.album.unwrap()),
    tags: z.string().transform(parseTags).pipe(photo.tags.unwrap()),
    takenAt: z
      .string()
      .trim()
      .transform((at) => at || null)
      .pipe(photo.takenAt.unwrap()),
    featured: photo.featured.unwrap(),
    credit: photo.credit.unwrap(),
    at,
  });

export type PhotoFields = z.input<ReturnType<typeof fieldsWith>>;
export type PhotoValues = z.output<ReturnType<typeof fieldsWith>>;

/** The form's fields in screen order: where a problem sends focus first. */
export const PHOTO_FIELDS = [
  "image",
  "title.zh-CN",
  "title.en-US",
  "caption.zh-CN",
  "caption.en-US",
  "alt.zh-CN",
  "alt.en-US",
  "place.zh-CN",
  "place.en-US",
  "takenAt",
  "album",
  "tags",
  "featured",
  "credit",
  "slug",
  "at",
] as const satisfies readonly FieldPath<PhotoFields>[];

/** Each text in both languages: its words when too long, and when blank (the title only). */
const BOTH_WORDS: Record<string, { blank?: MessageKey; long: MessageKey }> = {
  title: {
    blank: "bmsArticles.problems.titleRequired",
    long: "bmsArticles.problems.titleTooLong",
  },
  caption: { long: "bmsPhotos.problems.captionTooLong" },
  alt: { long: "bmsArticles.problems.altTooLong" },
  place: { long: "bmsPhotos.problems.placeTooLong" },
};

const TAG_WORDS: TagWords = {
  tooMany: "bmsArticles.problems.tooManyTags",
  tooLong: "bmsArticles.problems.tagTooLong",
  invalid: "bmsArticles.problems.tagInvalid",
};

/** The one word for each field whose problems all read alike. */
const FIELD_WORDS: Partial<Record<string, MessageKey>> = {
  takenAt: "bmsPhotos.problems.takenAtInvalid",
  album: "bmsPhotos.problems.albumMissing",
  credit: "bmsPhotos.problems.creditTooLong",
};

/** A problem of the form in its words, on the field the person typed it in. */
export function photoProblem(
  issue: { path: PropertyKey[]; code: string },
  fields: PhotoFields,
): Problem | undefined {
  const [field, part] = issue.path;
  if (typeof field !== "string") return undefined;
  const both = BOTH_WORDS[field];
  if (both) {
    const key = issue.code === "too_small" && both.blank ? both.blank : both.long;
    return { path: issue.path, key };
  }
  if (field === "image") {
    const blank = fields.image.trim() === "";
    return {
      key: blank ? "bmsPhotos.problems.imageRequired" : "bmsPhotos.problems.imageNotLibrary",
    };
  }
  if (field === "slug") {
    const blank = fields.slug === "";
    return {
      key: blank ? "bmsArticles.problems.slugRequired" : "bmsArticles.problems.slugInvalid",
    };
  }
  if (field === "tags") return { path: ["tags"], key: tagProblem(TAG_WORDS, part, issue.code) };
  const key = FIELD_WORDS[field];
  return key ? { key } : undefined;
}

/** The form's schema for the button pressed: only Schedule asks for a time. */
export const photoSchema = schemaByAction(fieldsWith, photoProblem);

/**
 * The interface's words for a field the server refused in English only (an image outside the
 * library, a time it cannot read); a server issue with its own key (an image no longer in the
 * library, an album that does not exist, a slug already used) keeps it.
 */
const SERVER_PROBLEMS: Partial<Record<string, MessageKey>> = {
  image: "bmsPhotos.problems.imageNotLibrary",
  "title.zh-CN": "bmsArticles.problems.titleRequired",
  "title.en-US": "bmsArticles.problems.titleRequired",
  "caption.zh-CN": "bmsPhotos.problems.captionTooLong",
  "caption.en-US": "bmsPhotos.problems.captionTooLong",
  "alt.zh-CN": "bmsArticles.problems.altTooLong",
  "alt.en-US": "bmsArticles.problems.altTooLong",
  "place.zh-CN": "bmsPhotos.problems.placeTooLong",
  "place.en-US": "bmsPhotos.problems.placeTooLong",
  slug: "bmsArticles.problems.slugInvalid",
  album: "bmsPhotos.problems.albumMissing",
  tags: "bmsArticles.problems.tagTooLong",
  takenAt: "bmsPhotos.problems.takenAtInvalid",
  credit: "bmsPhotos.problems.creditTooLong",
  at: "bmsArticles.problems.atFuture",
};

/** A failed save with its field issues on the form's fields, each in the interface's words. */
export const photoIssues = (error: unknown) => formIssues(error, SERVER_PROBLEMS);

const blankBoth = (): Both => ({ "zh-CN": "", "en-US": "" });

/** A new photo's first values. */
export const emptyPhoto = (): PhotoFields => ({
  image: "",
  title: blankBoth(),
  caption: blankBoth(),
  alt: blankBoth(),
  place: blankBoth(),
  slug: "",
  album: "",
  tags: "",
  takenAt: "",
  featured: false,
  credit: "",
  at: "",
});

/** A photo's values to edit, with the time to schedule for (`scheduleTimeOf`). */
export const photoFields = (record: PhotoRecord, at = ""): PhotoFields => ({
  image: record.image,
  title: { ...record.title },
  caption: { ...record.caption },
  alt: { ...record.alt },
  place: { ...record.place },
  slug: record.slug,
  album: record.album ?? "",
  tags: record.tags.join(", "),
  takenAt: record.takenAt ?? "",
  featured: record.featured,
  credit: record.credit,
  at: scheduleTimeOf(record, at),
});
