import { z } from "zod";
import { CONTENT_LIMITS, type WithExcerpt } from "../content-rules.ts";
import {
  type Blanks,
  bodySchema,
  chapterStatusSchema,
  isoTime,
  NOTHING,
  nonEmpty,
  orderSchema,
  type StoredRecord,
  slugSchema,
  text,
  undefaulted,
} from "./fields.ts";

/**
 * A chapter of a book. Chapters have no time of their own: they go live with their book. A
 * second-level chapter names its parent: by id in the API and the database (`parentId`), by
 * slug in files, the snapshot and the collection (`parent`), since files have no ids. Its
 * fields, each once, with its rule and its default (see src/shared/kinds/article.ts).
 */
export const chapterFields = {
  title: text(CONTENT_LIMITS.title),
  /** Sort order among siblings. */
  order: orderSchema.default(0),
  /** Readers may comment under it (off: no new comments; those written stay shown). */
  comments: z.boolean().default(true),
};

const chapterShape = {
  slug: slugSchema,
  /** The parent chapter (same book, itself top-level), or null for a top-level chapter. */
  parentId: z.uuid().nullable().default(null),
  body: bodySchema.default(""),
  ...chapterFields,
  status: chapterStatusSchema.default("draft"),
};

/** `POST /api/admin/chapters`: the book is a database book (its uuid). */
export const createChapterSchema = z.strictObject({ ...chapterShape, bookId: z.uuid() });

/** `PUT /api/admin/chapters/:id`: partial; a chapter stays in its book. */
export const updateChapterSchema = z
  .strictObject(undefaulted(chapterShape))
  .partial()
  .refine(nonEmpty, NOTHING);

export type CreateChapterInput = z.output<typeof createChapterSchema>;
export type UpdateChapterInput = z.output<typeof updateChapterSchema>;

/** A chapter as the API answers it, with its book's slug (`book`) beside the book's id. */
export type ChapterRecord = StoredRecord<CreateChapterInput & { book: string }>;
export type ChapterListItem = WithExcerpt<ChapterRecord>;

/** A published chapter of a live book in the build's snapshot. */
export const chapterSnapshotSchema = z.object({
  id: z.string(),
  /** The book's slug. */
  book: slugSchema,
  slug: slugSchema,
  /** The parent chapter's slug, for a second-level chapter. */
  parent: slugSchema.nullable(),
  body: bodySchema,
  ...chapterFields,
  status: z.literal("published"),
  updatedAt: isoTime,
});
export type SnapshotChapter = z.output<typeof chapterSnapshotSchema>;

/** The `chapters` collection's fields (its id is `<book>/<slug>`, its body the text). */
export const chapterCollectionFields = {
  ...chapterFields,
  /** The parent chapter's slug (a file's name without .md) for a second-level chapter. */
  parent: slugSchema.nullable().default(null),
  status: chapterStatusSchema.default("published"),
  updatedAt: z.coerce.date().optional(),
};

/** A chapter file's frontmatter, as the back office reads it. */
export const chapterFileFields = { ...chapterFields, parent: slugSchema.nullable().default(null) };
export const chapterBlanks: Blanks<typeof chapterFileFields> = { title: "" };
