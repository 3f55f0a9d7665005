import { z } from "zod";
import "./zod-browser.ts";
import { CONTENT_LIMITS, type ContentLang, type ContentStatus, FILE_ID } from "./content-rules.ts";
import {
  bodySchema,
  chapterStatusSchema,
  langSchema,
  slugSchema,
  statusSchema,
} from "./kinds/fields.ts";

/**
 * Requests and answers of the back-office content API (`/api/admin/articles`, `notes`, `books`,
 * `chapters`, `categories`, `photos`, `albums`, `banners`). Each kind's bodies, answers, snapshot row and
 * collection fields come from its one module, src/shared/kinds/<kind>.ts, re-exported here; this
 * file adds what the kinds share: publishing, ids in paths, and the list queries.
 *
 * Updates (`PUT …/:id`) are partial: only the fields sent change, at least one must be sent.
 * A field that may be cleared (`translationKey`, `parentId`, `publishedAt`) takes `null`.
 */

export * from "./content-rules.ts";
export * from "./kinds/article.ts";
export * from "./kinds/banner.ts";
export * from "./kinds/book.ts";
export * from "./kinds/category.ts";
export * from "./kinds/chapter.ts";
export * from "./kinds/fields.ts";
export * from "./kinds/nav.ts";
export * from "./kinds/note.ts";
export * from "./kinds/page.ts";
export * from "./kinds/photo.ts";

// --- Publishing -----------------------------------------------------------------------------

/**
 * `POST …/:id/publish`. No `at` (or a time not in the future): published, at the item's earlier
 * time if it has one, else now (a past `at` backdates it). A future `at`: scheduled for then.
 */
export const publishSchema = z.strictObject({
  at: z.iso.datetime({ offset: true }).optional(),
});

export type PublishInput = z.output<typeof publishSchema>;

// --- Preview ------------------------------------------------------------------------------

/** `POST /api/admin/preview`: a Markdown text to render as the site renders it. */
export const previewSchema = z.strictObject({ body: bodySchema });

/** A heading of a previewed text (the table of contents' entry). */
export interface PreviewHeading {
  depth: number;
  slug: string;
  text: string;
}

/** What a preview answers: the sanitised HTML a page would show, and its headings. */
export interface PreviewRecord {
  html: string;
  headings: PreviewHeading[];
}

// --- Draft links ------------------------------------------------------------------------------

/** The kinds whose drafts can be shown as their page through a secret link. */
export const DRAFT_KINDS = ["article", "note", "chapter"] as const;
export type DraftKind = (typeof DRAFT_KINDS)[number];

/** Where a draft's page is shown: the static page that reads `GET /api/draft-preview?t=…`. */
export const DRAFT_PREVIEW_PATH = "/draft-preview/";

/** `POST /api/admin/<articles|notes>/:id/preview-link`: how many hours the link works. */
export const draftLinkSchema = z.strictObject({
  hours: z.number().int().min(1).max(720).default(72),
});

/** A secret link to a draft's page, and when it stops working. */
export interface DraftLink {
  path: string;
  expiresAt: string;
}

/** `GET /api/draft-preview?t=…`: the link's token (32 random bytes, base64url). */
export const draftPreviewQuerySchema = z.object({
  t: z.string().regex(/^[A-Za-z0-9_-]{43}$/, "must be a preview link's token"),
});

/** What a draft's page shows: its facts, its text as the site renders it, the link's end. */
export interface DraftPage {
  kind: DraftKind;
  lang: ContentLang;
  title: string;
  subtitle: string;
  summary: string;
  tags: string[];
  status: ContentStatus;
  publishedAt: string | null;
  html: string;
  expiresAt: string;
}

// --- Paths and lists ------------------------------------------------------------------------

/** `:id` of an item: a uuid (database) or `file:<kind>:<slug>` (a file under content/). */
export const contentIdParamSchema = z.object({
  id: z.union([z.uuid(), z.string().regex(FILE_ID)], { error: "must be an item id" }),
});

/** `:id` of a photo or banner written in a file, whose image the back office shows. */
const FILE_IMAGE_ID = /^file:(photo|banner):([a-z0-9-]+)$/;
export const fileImageIdParamSchema = z.object({
  id: z.string().regex(FILE_IMAGE_ID, "must be the id of a photo or banner file"),
});

/** The kind of a file image's id (`fileImageIdParamSchema` checked it). */
export const fileImageKind = (id: string): "photo" | "banner" =>
  FILE_IMAGE_ID.exec(id)?.[1] === "banner" ? "banner" : "photo";

/** `:slug` of a category or an album (their slug is their id). */
export const categorySlugParamSchema = z.object({ slug: slugSchema });

/** Empty query values (`lang=`) mean "any". */
const optionalQuery = <S extends z.ZodType>(schema: S) =>
  z.preprocess((v) => (v === "" ? undefined : v), schema.optional());

const pageFields = {
  page: optionalQuery(z.coerce.number().int().min(1).max(100_000)).transform((v) => v ?? 1),
  pageSize: optionalQuery(z.coerce.number().int().min(1).max(CONTENT_LIMITS.pageSize)).transform(
    (v) => v ?? 20,
  ),
  /** Matched case-insensitively against the slug, the title, the summary or description, the body. */
  q: optionalQuery(z.string().trim().max(CONTENT_LIMITS.q)),
};

// --- Slugs in use ---------------------------------------------------------------------------

/** The kinds whose slugs the editors check as the owner types. */
export const SLUG_KINDS = ["article", "note", "book", "photo"] as const;

/**
 * `GET /api/admin/slug-use`: whether a slug of `kind` is free, leaving out the item `except`
 * (the one being edited).
 */
export const slugUseQuerySchema = z.object({
  kind: z.enum(SLUG_KINDS),
  slug: slugSchema,
  except: z.union([z.uuid(), z.string().regex(FILE_ID)]).optional(),
});

/** Whether a slug is free; if a file uses it, the file's path (else another item in the database). */
export interface SlugUse {
  slug: string;
  free: boolean;
  file: string | null;
}

// --- Revisions --------------------------------------------------------------------------------

/** `GET /api/admin/<kind>/:id/revisions`: newest first. */
export const listRevisionsQuerySchema = z.object({
  page: pageFields.page,
  pageSize: pageFields.pageSize,
});

/** `…/revisions/:revision`: an item's id and a revision's. */
export const revisionParamSchema = z.object({ id: z.uuid(), revision: z.uuid() });

/** Who saved a revision (null once their account is gone). */
export interface RevisionAuthor {
  id: string;
  name: string;
}

/** A revision in its item's history: when, by whom, its title and its text's length. */
export interface RevisionListItem {
  id: string;
  savedAt: string;
  savedBy: RevisionAuthor | null;
  title: string | null;
  length: number;
  /** Saved by the editor after a pause in typing (a run of them is one revision). */
  autosaved: boolean;
}

/** One revision with the item's fields as they were saved. */
export interface RevisionRecord extends RevisionListItem {
  fields: Record<string, unknown>;
}

/**
 * The orders of the article, note and book lists: `published` (drafts first, then by publish
 * time, newest first: the default), `updated` (the latest change first) and `title` (A to Z, by
 * code point, case left out; a note has no title and sorts by slug).
 */
export const ITEM_SORTS = ["published", "updated", "title"] as const;
export type ItemSort = (typeof ITEM_SORTS)[number];

const itemSort = optionalQuery(z.enum(ITEM_SORTS)).transform((v) => v ?? "published");

/**
 * `GET /api/admin/articles`. Lists merge database rows and files in the order `sort` names
 * (`ITEM_SORTS`); `q` matches the slug, the title, the summary and the body.
 */
export const listArticlesQuerySchema = z.object({
  ...pageFields,
  sort: itemSort,
  status: optionalQuery(statusSchema),
  lang: optionalQuery(langSchema),
  category: optionalQuery(slugSchema),
  tag: optionalQuery(z.string().trim().max(CONTENT_LIMITS.tag)),
});

/**
 * `GET /api/admin/<articles|notes|photos>/counts`: how many items of each status (as readers see
 * it now), each group (an article's category, a photo's album; "" for none) and each tag, over
 * database rows and files together, for the lists' filters.
 */
export interface ItemCounts {
  total: number;
  statuses: Record<ContentStatus, number>;
  groups: Record<string, number>;
  tags: Record<string, number>;
}

/** `GET /api/admin/notes`: `q` matches the slug and the body. */
export const listNotesQuerySchema = z.object({
  ...pageFields,
  sort: itemSort,
  status: optionalQuery(statusSchema),
  lang: optionalQuery(langSchema),
  tag: optionalQuery(z.string().trim().max(CONTENT_LIMITS.tag)),
});

/** `GET /api/admin/books`: `q` matches the slug, the title and the description. */
export const listBooksQuerySchema = z.object({
  ...pageFields,
  sort: itemSort,
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

/** The `album` filter that keeps the photos in no album (no slug starts with a hyphen). */
export const NO_ALBUM = "-none";

/**
 * The orders of the photo list, newest first each: `published` (drafts, then by publish time,
 * the default), `taken` (by the time taken, photos without one last) and `updated` (the latest
 * change first).
 */
export const PHOTO_SORTS = ["published", "taken", "updated"] as const;
export type PhotoSort = (typeof PHOTO_SORTS)[number];

/**
 * `GET /api/admin/photos`. `q` matches the slug, the titles and captions in both languages and
 * the tags; `album` keeps one album's photos (`-none`: those in no album), `featured` (`true`/`1`
 * or `false`/`0`) the featured ones or the others; `sort` is one of `PHOTO_SORTS`.
 */
export const listPhotosQuerySchema = z.object({
  ...pageFields,
  status: optionalQuery(statusSchema),
  album: optionalQuery(z.union([z.literal(NO_ALBUM), slugSchema])),
  sort: optionalQuery(z.enum(PHOTO_SORTS)).transform((v) => v ?? "published"),
  tag: optionalQuery(z.string().trim().max(CONTENT_LIMITS.tag)),
  featured: optionalQuery(z.enum(["true", "1", "false", "0"])).transform((v) =>
    v === undefined ? undefined : v === "true" || v === "1",
  ),
});

/** `GET /api/admin/categories`: all of them by `order`, files and database together. */
export const listCategoriesQuerySchema = z.object({
  page: pageFields.page,
  pageSize: optionalQuery(z.coerce.number().int().min(1).max(CONTENT_LIMITS.pageSize)).transform(
    (v) => v ?? 100,
  ),
});

/** `GET /api/admin/albums`: all of them by `order`, files and database together. */
export const listAlbumsQuerySchema = listCategoriesQuerySchema;

export type ListArticlesQuery = z.output<typeof listArticlesQuerySchema>;
export type ListNotesQuery = z.output<typeof listNotesQuerySchema>;
export type ListBooksQuery = z.output<typeof listBooksQuerySchema>;
export type ListChaptersQuery = z.output<typeof listChaptersQuerySchema>;
export type ListCategoriesQuery = z.output<typeof listCategoriesQuerySchema>;
export type ListPhotosQuery = z.output<typeof listPhotosQuerySchema>;
export type ListAlbumsQuery = z.output<typeof listAlbumsQuerySchema>;
