import { z } from "zod";
import { CONTENT_LIMITS, type WithExcerpt } from "../content-rules.ts";
import {
  altSchema,
  type Blanks,
  bodySchema,
  type ImageSource,
  imageSrcSchema,
  langSchema,
  type StoredRecord,
  tagsSchema,
  timedKind,
} from "./fields.ts";

/**
 * A note: a short text with pictures. Its fields, each once, with its rule and its default;
 * the API, the table (src/server/db/schema.ts), the snapshot and the `notes` collection are
 * made from them (see src/shared/kinds/article.ts).
 */
export const noteFields = {
  lang: langSchema,
  tags: tagsSchema.default([]),
  /** Readers may comment under it (off: no new comments; those written stay shown). */
  comments: z.boolean().default(true),
};

/** The image fields, by where an image may come from (`ImageSource`). */
export const noteImages = <S extends ImageSource>(src: S) => ({
  images: z
    .array(z.strictObject({ src, alt: altSchema.default("") }))
    .max(CONTENT_LIMITS.noteImages)
    .default([]),
});

/** A note's body is required: a note is its text. */
const note = timedKind({
  text: { body: bodySchema.trim().min(1, "is required") },
  fields: noteFields,
  images: { api: noteImages(imageSrcSchema), file: noteImages(z.string()) },
});

/** `POST /api/admin/notes`. */
export const createNoteSchema = note.create;
/** `PUT /api/admin/notes/:id`: partial. */
export const updateNoteSchema = note.update;

export type CreateNoteInput = z.output<typeof createNoteSchema>;
export type UpdateNoteInput = z.output<typeof updateNoteSchema>;

export type NoteRecord = StoredRecord<CreateNoteInput>;
export type NoteListItem = WithExcerpt<NoteRecord>;

/**
 * The `notes` collection's fields but its images, which src/content.config.ts adds with the
 * build's image source.
 */
export const noteCollectionFields = note.collectionFields;

/** A note in the build's snapshot. */
export const noteSnapshotSchema = note.snapshot;
export type SnapshotNote = z.output<typeof noteSnapshotSchema>;

/** A file's frontmatter, as the back office reads it (its pictures' paths as written). */
export const noteFileFields = note.fileFields;
export const noteBlanks: Blanks<typeof noteFileFields> = { lang: "zh-CN" };
