import { z } from "zod";

/**
 * Requests and answers of the back-office content API (`/api/admin/articles`, `notes`, `books`,
 * `chapters`, `categories`). The rules match the collections' schemas in src/content.config.ts,
 * so an item written here builds like one written in a file.
 *
 * Updates (`PUT …/:id`) are partial: only the fields sent change, at least one must be sent.
 * A field that may be cleared (`translationKey`, `parentId`, `publishedAt`) takes `null`.
 */

export const CONTENT_LANGS = ["zh-CN", "en-US"] as const;
export type ContentLang = (typeof CONTENT_LANGS)[number];

export const CONTENT_STATUSES = ["draft", "published", "scheduled"] as const;
export type ContentStatus = (typeof CONTENT_STATUSES)[number];

/** Chapters have no time of their own: they go live with their book. */
export const CHAPTER_STATUSES = ["draft", "published"] as const;
export type ChapterStatus = (typeof CHAPTER_STATUSES)[number];

export const CONTENT_LIMITS = {
  slug: 80,
  title: 120,
  summary: 300,
  description: 400,
  tags: 10,
  tag: 30,
  body: 200_000,
  categoryName: 40,
  alt: 200,
  url: 2048,
  noteImages: 9,
  order: 100_000,
  q: 100,
  pageSize: 100,
} as const;

export const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/**
 * An image source: an `https://` URL or a path on this site (`/uploads/a.png`). Anything else
 * (`javascript:`, `data:`, `http:`, protocol-relative `//host`) is refused.
 */
export function isImageSrc(value: string): boolean {
  if (value.length > CONTENT_LIMITS.url || /[\s\\]/.test(value)) return false;
  if (value.startsWith("/")) return !value.startsWith("//");
  if (!value.startsWith("https://")) return false;
  try {
    const url = new URL(value);
    return url.protocol === "https:" && url.hostname !== "";
  } catch {
    return false;
  }
}

/** Items read from `content/` are listed read-only; their id is `file:<kind>:<slug>`. */
export const FILE_ID = /^file:(article|note|book|chapter):[a-z0-9-]+(?:\/[a-z0-9-]+)?$/;

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
  .array(text(CONTENT_LIMITS.tag))
  .max(CONTENT_LIMITS.tags)
  .transform((tags) => [...new Set(tags)]);
export const bodySchema = z.string().max(CONTENT_LIMITS.body);
export const publishedAtSchema = z.iso.datetime({ offset: true }).nullable();
const orderSchema = z.number().int().min(-CONTENT_LIMITS.order).max(CONTENT_LIMITS.order);
const altSchema = z.string().trim().max(CONTENT_LIMITS.alt);

interface Timed {
  status?: ContentStatus | undefined;
  publishedAt?: string | null | undefined;
}

/**
 * The time rule of a body that names its status: `scheduled` needs a `publishedAt` in the
 * future, `published` one not in the future (or none: the server puts the current time).
 */
export function timeIssue(value: Timed, now = Date.now()): string | null {
  const at = value.publishedAt ? Date.parse(value.publishedAt) : null;
  if (value.status === "scheduled" && (at === null || at <= now)) {
    return "a scheduled item needs a time in the future";
  }
  if (value.status === "published" && at !== null && at > now) {
    return "a published item's time cannot be in the future: schedule it instead";
  }
  return null;
}

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

// --- Records (answers) ----------------------------------------------------------------------

export type ContentSource = "database" | "file";

/** Where an item lives. File items (`readOnly`) are changed by editing the file in git. */
export interface SourceFields {
  source: ContentSource;
  readOnly: boolean;
  /** The file under content/ of a file item (`content/articles/static-first.md`), else null. */
  file: string | null;
}

export interface ArticleRecord extends SourceFields {
  id: string;
  slug: string;
  lang: ContentLang;
  translationKey: string | null;
  title: string;
  summary: string;
  body: string;
  /** An image source; a file item may name one beside it (`./images/a.svg`). Empty for none. */
  cover: string;
  coverAlt: string;
  category: string;
  tags: string[];
  status: ContentStatus;
  /** ISO time; null for a draft that was never published. */
  publishedAt: string | null;
  pinned: boolean;
  /** ISO times; a file item has no creation time and an update time only if it names one. */
  createdAt: string | null;
  updatedAt: string | null;
}

export interface NoteRecord extends SourceFields {
  id: string;
  slug: string;
  lang: ContentLang;
  body: string;
  images: Array<{ src: string; alt: string }>;
  tags: string[];
  status: ContentStatus;
  publishedAt: string | null;
  createdAt: string | null;
  updatedAt: string | null;
}

export interface BookRecord extends SourceFields {
  id: string;
  slug: string;
  lang: ContentLang;
  translationKey: string | null;
  title: string;
  description: string;
  cover: string;
  order: number;
  status: ContentStatus;
  publishedAt: string | null;
  createdAt: string | null;
  updatedAt: string | null;
}

export interface ChapterRecord extends SourceFields {
  id: string;
  /** The book's id (a uuid, or `file:book:<slug>`). */
  bookId: string;
  /** The book's slug. */
  book: string;
  slug: string;
  /** The parent chapter's id, null for a top-level chapter. */
  parentId: string | null;
  order: number;
  title: string;
  body: string;
  status: ChapterStatus;
  createdAt: string | null;
  updatedAt: string | null;
}

export interface CategoryRecord extends SourceFields {
  /** The slug is the id. */
  slug: string;
  name: { "zh-CN": string; "en-US": string };
  order: number;
  createdAt: string | null;
  updatedAt: string | null;
}

/** List rows leave the body out and carry its first characters as plain text. */
export type WithExcerpt<T extends { body: string }> = Omit<T, "body"> & { excerpt: string };
export type ArticleListItem = WithExcerpt<ArticleRecord>;
export type NoteListItem = WithExcerpt<NoteRecord>;
export type ChapterListItem = WithExcerpt<ChapterRecord>;

export const EXCERPT_LENGTH = 200;

/** The first characters of a body with its whitespace collapsed. */
export function excerptOf(body: string, length = EXCERPT_LENGTH): string {
  const flat = body.replace(/\s+/g, " ").trim();
  return flat.length > length ? `${flat.slice(0, length - 1)}…` : flat;
}
