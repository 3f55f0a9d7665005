import { z } from "zod";
import { CONTENT_LIMITS } from "../content-rules.ts";
import {
  type Blanks,
  type ImageSource,
  imageSrcSchema,
  langSchema,
  optionalImage,
  orderSchema,
  type StoredRecord,
  text,
  timedKind,
  translationKeySchema,
} from "./fields.ts";

/**
 * A book: its own page (title, description, cover) and its chapters (src/shared/kinds/chapter.ts).
 * Its fields, each once, with its rule and its default; the API, the table
 * (src/server/db/schema.ts), the snapshot and the `books` collection are made from them (see
 * src/shared/kinds/article.ts).
 */
export const bookFields = {
  lang: langSchema,
  translationKey: translationKeySchema,
  title: text(CONTENT_LIMITS.title),
  description: text(CONTENT_LIMITS.description),
  /** Books are listed by it. */
  order: orderSchema.default(0),
};

/** The image fields, by where an image may come from (`ImageSource`). */
export const bookImages = <S extends ImageSource>(src: S) => ({
  /** Empty for none. */
  cover: optionalImage(src),
});

/** A book has no body of its own: its text is its chapters. */
const book = timedKind({
  text: {},
  fields: bookFields,
  images: { api: bookImages(imageSrcSchema), file: bookImages(z.string()) },
});

/** `POST /api/admin/books`. */
export const createBookSchema = book.create;
/** `PUT /api/admin/books/:id`: partial. */
export const updateBookSchema = book.update;

export type CreateBookInput = z.output<typeof createBookSchema>;
export type UpdateBookInput = z.output<typeof updateBookSchema>;

export type BookRecord = StoredRecord<CreateBookInput>;

/**
 * The `books` collection's fields but its images, which src/content.config.ts adds with the
 * build's image source.
 */
export const bookCollectionFields = book.collectionFields;

/** A book in the build's snapshot. */
export const bookSnapshotSchema = book.snapshot;
export type SnapshotBook = z.output<typeof bookSnapshotSchema>;

/** A book's `index.md` frontmatter, as the back office reads it (its cover as written). */
export const bookFileFields = book.fileFields;
export const bookBlanks: Blanks<typeof bookFileFields> = {
  lang: "zh-CN",
  title: "",
  description: "",
};
