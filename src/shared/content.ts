import { z } from "zod";

/**
 * Requests and answers of the back-office content API (`/api/admin/articles`, `notes`, `books`,
 * `chapters`, `categories`). The rules match the collections' schemas in src/content.config.ts,
 * so an item written here builds like one written in a file.
 *
 * Updates (`PUT …/:id`) are partial: only the fields sent change, at least one must be sent.
 * A field that may be cleared (`translationKey`, `parentId`, `publishedAt`) takes `null`.
 */

import {
  CHAPTER_STATUSES,
  CONTENT_LANGS,
  CONTENT_LIMITS,
  CONTENT_STATUSES,
  FILE_ID,
  isImageSrc,
  isPathSafeTag,
  SLUG,
  type Timed,
  timeIssue,
} from "./content-rules.ts";

export * from "./content-rules.ts";

// --- Fields ---------------------------------------------------------------------------------

const text = (max: number) => z.string().trim().min(1, "is required").max(max);

export const slugSchema = z
  .string()
  .max(CONTENT_LIMITS.slug)
  .regex(SLUG, "must be lowercase letters and digits joined by single hyphens");
export const langSchema = z.enum(CONTENT_LANGS, { error: "must be zh-CN or en-US" });
export const statusSchema = z.enum(CONTENT_STATUSES, {
  error: "must be draft, published or scheduled",
});
export const chapterStatusSchema = z.enum(CHAPTER_STATUSES, {
  error: "must be draft or published",
});
export const imageSrcSchema = z
  .string()
  .trim()
  .refine(isImageSrc, "must be an https:// URL or a path on this site starting with /");
/** A cover: an image source, or empty for none. */
export const coverSchema = z.union([z.literal(""), imageSrcSchema]);
export const tagsSchema = z
  .array(
    text(CONTENT_LIMITS.tag).refine(
      isPathSafeTag,
      "cannot hold / \\ ? # % or a line break, or be . or ..",
    ),
  )
  .max(CONTENT_LIMITS.tags)
  .transform((tags) => [...new Set(tags)]);
export const bodySchema = z.string().max(CONTENT_LIMITS.body);
export const publishedAtSchema = z.iso.datetime({ offset: true }).nullable();
const orderSchema = z.number().int().min(-CONTENT_LIMITS.order).max(CONTENT_LIMITS.order);
const altSchema = z.string().trim().max(CONTENT_LIMITS.alt);

function checkTime(value: Timed, ctx: z.RefinementCtx): void {
  const issue = timeIssue(value);
  if (issue) ctx.addIssue({ code: "custom", path: ["publishedAt"], message: issue });
}

const nonEmpty = (value: object) => Object.keys(value).length > 0;
const NOTHING = "nothing to update";

// --- Articles -------------------------------------------------------------------------------

const articleFields = {
  slug: slugSchema,
  lang: langSchema,
  /** Articles that translate each other share a key. */
  translationKey: slugSchema.nullable(),
  title: text(CONTENT_LIMITS.title),
  summary: text(CONTENT_LIMITS.summary),
  body: bodySchema,
  cover: coverSchema,
  coverAlt: altSchema,
  /** A category slug (content/categories.json or a database category). */
  category: slugSchema,
  tags: tagsSchema,
  status: statusSchema,
  publishedAt: publishedAtSchema,
  pinned: z.boolean(),
};

/** `POST /api/admin/articles`. */
export const createArticleSchema = z
  .strictObject({
    ...articleFields,
    translationKey: articleFields.translationKey.default(null),
    body: bodySchema.default(""),
    cover: coverSchema.default(""),
    coverAlt: altSchema.default(""),
    tags: tagsSchema.default([]),
    status: statusSchema.default("draft"),
    publishedAt: publishedAtSchema.default(null),
    pinned: z.boolean().default(false),
  })
  .superRefine(checkTime);

/** `PUT /api/admin/articles/:id`: partial. */
export const updateArticleSchema = z
  .strictObject(articleFields)
  .partial()
  .refine(nonEmpty, NOTHING)
  .superRefine(checkTime);

export type CreateArticleInput = z.output<typeof createArticleSchema>;
export type UpdateArticleInput = z.output<typeof updateArticleSchema>;

// --- Notes ----------------------------------------------------------------------------------

export const noteImageSchema = z.strictObject({
  src: imageSrcSchema,
  alt: altSchema.default(""),
});

const noteFields = {
  slug: slugSchema,
  lang: langSchema,
  body: bodySchema.trim().min(1, "is required"),
  images: z.array(noteImageSchema).max(CONTENT_LIMITS.noteImages),
  tags: tagsSchema,
  status: statusSchema,
  publishedAt: publishedAtSchema,
};

/** `POST /api/admin/notes`. */
export const createNoteSchema = z
  .strictObject({
    ...noteFields,
    images: noteFields.images.default([]),
    tags: tagsSchema.default([]),
    status: statusSchema.default("draft"),
    publishedAt: publishedAtSchema.default(null),
  })
  .superRefine(checkTime);

/** `PUT /api/admin/notes/:id`: partial. */
export const updateNoteSchema = z
  .strictObject(noteFields)
  .partial()
  .refine(nonEmpty, NOTHING)
  .superRefine(checkTime);

export type CreateNoteInput = z.output<typeof createNoteSchema>;
export type UpdateNoteInput = z.output<typeof updateNoteSchema>;

// --- Books ----------------------------------------------------------------------------------

const bookFields = {
  slug: slugSchema,
  lang: langSchema,
  translationKey: slugSchema.nullable(),
  title: text(CONTENT_LIMITS.title),
  description: text(CONTENT_LIMITS.description),
  cover: coverSchema,
  order: orderSchema,
  status: statusSchema,
  publishedAt: publishedAtSchema,
};

/** `POST /api/admin/books`. */
export const createBookSchema = z
  .strictObject({
    ...bookFields,
    translationKey: bookFields.translationKey.default(null),
    cover: coverSchema.default(""),
    order: orderSchema.default(0),
    status: statusSchema.default("draft"),
    publishedAt: publishedAtSchema.default(null),
  })
  .superRefine(checkTime);

/** `PUT /api/admin/books/:id`: partial. */
export const updateBookSchema = z
  .strictObject(bookFields)
  .partial()
  .refine(nonEmpty, NOTHING)
  .superRefine(checkTime);

export type CreateBookInput = z.output<typeof createBookSchema>;
export type UpdateBookInput = z.output<typeof updateBookSchema>;

// --- Chapters -------------------------------------------------------------------------------

const chapterFields = {
  slug: slugSchema,
  /** The parent chapter (same book, itself top-level), or null for a top-level chapter. */
  parentId: z.uuid().nullable(),
  /** Sort order among siblings. */
  order: orderSchema,
  title: text(CONTENT_LIMITS.title),
  body: bodySchema,
  status: chapterStatusSchema,
};

/** `POST /api/admin/chapters`: the book is a database book (its uuid). */
export const createChapterSchema = z.strictObject({
  ...chapterFields,
  bookId: z.uuid(),
  parentId: chapterFields.parentId.default(null),
  order: orderSchema.default(0),
  body: bodySchema.default(""),
  status: chapterStatusSchema.default("draft"),
});

/** `PUT /api/admin/chapters/:id`: partial; a chapter stays in its book. */
export const updateChapterSchema = z
  .strictObject(chapterFields)
  .partial()
  .refine(nonEmpty, NOTHING);

export type CreateChapterInput = z.output<typeof createChapterSchema>;
export type UpdateChapterInput = z.output<typeof updateChapterSchema>;

// --- Categories -----------------------------------------------------------------------------

export const categoryNameSchema = z.strictObject({
  "zh-CN": text(CONTENT_LIMITS.categoryName),
  "en-US": text(CONTENT_LIMITS.categoryName),
});

/** `POST /api/admin/categories`: the slug is the id. */
export const createCategorySchema = z.strictObject({
  slug: slugSchema,
  name: categoryNameSchema,
  order: orderSchema.default(0),
});

/** `PUT /api/admin/categories/:slug`: the names and the order; the slug stays. */
export const updateCategorySchema = z
  .strictObject({ name: categoryNameSchema, order: orderSchema })
  .partial()
  .refine(nonEmpty, NOTHING);

export type CreateCategoryInput = z.output<typeof createCategorySchema>;
export type UpdateCategoryInput = z.output<typeof updateCategorySchema>;

// --- Publishing -----------------------------------------------------------------------------

/**
 * `POST …/:id/publish`. No `at` (or a time not in the future): published, at the item's earlier
 * time if it has one, else now (a past `at` backdates it). A future `at`: scheduled for then.
 */
export const publishSchema = z.strictObject({
  at: z.iso.datetime({ offset: true }).optional(),
});

export type PublishInput = z.output<typeof publishSchema>;

// --- Paths and lists ------------------------------------------------------------------------

/** `:id` of an item: a uuid (database) or `file:<kind>:<slug>` (a file under content/). */
export const contentIdParamSchema = z.object({
  id: z.union([z.uuid(), z.string().regex(FILE_ID)], { error: "must be an item id" }),
});

export const categorySlugParamSchema = z.object({ slug: slugSchema });

/** Empty query values (`lang=`) mean "any". */
const optionalQuery = <S extends z.ZodType>(schema: S) =>
  z.preprocess((v) => (v === "" ? undefined : v), schema.optional());

const pageFields = {
  page: optionalQuery(z.coerce.number().int().min(1).max(100_000)).transform((v) => v ?? 1),
  pageSize: optionalQuery(z.coerce.number().int().min(1).max(CONTENT_LIMITS.pageSize)).transform(
    (v) => v ?? 20,
  ),
  /** Matched case-insensitively against the title, the summary or description, and the body. */
  q: optionalQuery(z.string().trim().max(CONTENT_LIMITS.q)),
};

/**
 * `GET /api/admin/articles`. Lists merge database rows and files, newest first: by
 * `publishedAt` descending with items without one (drafts) first, then the latest change.
 */
export const listArticlesQuerySchema = z.object({
  ...pageFields,
  status: optionalQuery(statusSchema),
  lang: optionalQuery(langSchema),
  category: optionalQuery(slugSchema),
  tag: optionalQuery(z.string().trim().max(CONTENT_LIMITS.tag)),
});

/** `GET /api/admin/notes`. */
export const listNotesQuerySchema = z.object({
  ...pageFields,
  status: optionalQuery(statusSchema),
  lang: optionalQuery(langSchema),
  tag: optionalQuery(z.string().trim().max(CONTENT_LIMITS.tag)),
});

/** `GET /api/admin/books`. */
export const listBooksQuerySchema = z.object({
  ...pageFields,
  status: optionalQuery(statusSchema),
  lang: optionalQuery(langSchema),
});

/**
 * `GET /api/admin/chapters?book=…`: the chapters of one book (its id, `file:book:<slug>`, or
 * its slug) in reading order: top-level chapters by `order`, each followed by its children.
 */
export const listChaptersQuerySchema = z.object({
  ...pageFields,
  pageSize: optionalQuery(z.coerce.number().int().min(1).max(CONTENT_LIMITS.pageSize)).transform(
    (v) => v ?? 100,
  ),
  book: z.string({ error: "is required" }).trim().min(1, "is required").max(120),
  status: optionalQuery(chapterStatusSchema),
});

/** `GET /api/admin/categories`: all of them by `order`, files and database together. */
export const listCategoriesQuerySchema = z.object({
  page: pageFields.page,
  pageSize: optionalQuery(z.coerce.number().int().min(1).max(CONTENT_LIMITS.pageSize)).transform(
    (v) => v ?? 100,
  ),
});

export type ListArticlesQuery = z.output<typeof listArticlesQuerySchema>;
export type ListNotesQuery = z.output<typeof listNotesQuerySchema>;
export type ListBooksQuery = z.output<typeof listBooksQuerySchema>;
export type ListChaptersQuery = z.output<typeof listChaptersQuerySchema>;
export type ListCategoriesQuery = z.output<typeof listCategoriesQuerySchema>;
