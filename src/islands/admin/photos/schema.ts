import type { FieldPath } from "react-hook-form";
import { z } from "zod";
import "../../../shared/zod-browser.ts";
import { createPhotoSchema, type PhotoRecord } from "../../../shared/content.ts";
import type { EditorAction } from "../app/content/editor-save.ts";
import {
  scheduleTimeOf,
  schemaByAction,
  TAG_WORDS,
  TIME_WORDS,
} from "../app/content/editor-schema.ts";
import { parseTags } from "../app/content/form.ts";
import { type FormWords, serverIssues } from "../app/problems.ts";

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

/**
 * The form's words for each field's problems. The server's refusals read the same; one with its
 * own key (an image no longer in the library, an album that does not exist, a slug already
 * used) keeps it.
 */
const PHOTO_WORDS: FormWords = {
  image: {
    blank: "bmsPhotos.problems.imageRequired",
    other: "bmsPhotos.problems.imageNotLibrary",
  },
  title: {
    blank: "bmsArticles.problems.titleRequired",
    long: "bmsArticles.problems.titleTooLong",
  },
  caption: { long: "bmsPhotos.problems.captionTooLong" },
  alt: { long: "bmsArticles.problems.altTooLong" },
  place: { long: "bmsPhotos.problems.placeTooLong" },
  slug: { blank: "bmsArticles.problems.slugRequired", other: "bmsArticles.problems.slugInvalid" },
  ...TAG_WORDS,
  takenAt: { other: "bmsPhotos.problems.takenAtInvalid" },
  album: { other: "bmsPhotos.problems.albumMissing" },
  credit: { other: "bmsPhotos.problems.creditTooLong" },
  ...TIME_WORDS,
};

/** The form's schema for the button pressed: only Schedule asks for a time. */
export const photoSchema = schemaByAction(fieldsWith, PHOTO_WORDS);

/** A failed save with its field issues on the form's fields, each in the interface's words. */
export const photoIssues = (error: unknown, values?: PhotoFields) =>
  serverIssues(error, PHOTO_WORDS, values);

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
