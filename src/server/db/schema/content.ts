import {
  type AnyPgColumn,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import type { ChapterStatus, ContentLang, ContentStatus } from "../../../shared/content-rules.ts";
import { userOrNull } from "./accounts.ts";
import { type Bilingual, stamps, uuidId, zoned } from "./columns.ts";

// Content written in /bms. It joins the files under content/ in the same Astro collections
// (src/lib/database-loader.ts); a slug used by a file and a row fails the build. Bodies are
// Markdown, rendered by the site's pipeline at build time and then sanitised. Each column has
// the name of its kind's field (src/shared/kinds/<kind>.ts), whose zod schema checks every value
// written, which is what the `$type`s of `lang` and `status` say.

/** The columns every kind of content with a page starts with: its id, slug and language. */
const contentKey = () => ({
  id: uuidId(),
  slug: text("slug").notNull().unique(),
  lang: text("lang").$type<ContentLang>().notNull(),
});

/** draft, published or scheduled (published at `published_at`, a future time). */
const publishing = () => ({
  status: text("status").$type<ContentStatus>().notNull().default("draft"),
  publishedAt: zoned("published_at"),
});

export const contentCategories = pgTable("content_categories", {
  slug: text("slug").primaryKey(),
  nameZh: text("name_zh").notNull(),
  nameEn: text("name_en").notNull(),
  order: integer("order").notNull().default(0),
  /** The slug of the category it sits under (in the database or a file); null at the top. */
  parent: text("parent"),
  ...stamps(),
}).enableRLS();

export const contentArticles = pgTable(
  "content_articles",
  {
    ...contentKey(),
    /** Articles that translate each other share a key. */
    translationKey: text("translation_key"),
    title: text("title").notNull(),
    /** Shown under the title; empty for none. */
    subtitle: text("subtitle").notNull().default(""),
    summary: text("summary").notNull(),
    body: text("body").notNull().default(""),
    /** An image URL (uploaded or external), or empty. */
    cover: text("cover").notNull().default(""),
    coverAlt: text("cover_alt").notNull().default(""),
    /** A category slug, from content/categories.json or content_categories. */
    category: text("category").notNull(),
    tags: jsonb("tags").$type<string[]>().notNull().default([]),
    ...publishing(),
    pinned: boolean("pinned").notNull().default(false),
    comments: boolean("comments").notNull().default(true),
    authorId: userOrNull("author_id"),
    ...stamps(),
  },
  (t) => [
    index("content_articles_status_idx").on(t.status, t.publishedAt),
    index("content_articles_updated_idx").on(t.updatedAt),
  ],
).enableRLS();

export const contentNotes = pgTable(
  "content_notes",
  {
    ...contentKey(),
    body: text("body").notNull(),
    images: jsonb("images").$type<{ src: string; alt: string }[]>().notNull().default([]),
    tags: jsonb("tags").$type<string[]>().notNull().default([]),
    comments: boolean("comments").notNull().default(true),
    ...publishing(),
    authorId: userOrNull("author_id"),
    ...stamps(),
  },
  (t) => [
    index("content_notes_status_idx").on(t.status, t.publishedAt),
    index("content_notes_updated_idx").on(t.updatedAt),
  ],
).enableRLS();

export const contentBooks = pgTable(
  "content_books",
  {
    ...contentKey(),
    translationKey: text("translation_key"),
    title: text("title").notNull(),
    description: text("description").notNull(),
    cover: text("cover").notNull().default(""),
    order: integer("order").notNull().default(0),
    ...publishing(),
    ...stamps(),
  },
  (t) => [index("content_books_updated_idx").on(t.updatedAt)],
).enableRLS();

/** Chapters of a database book; a second-level chapter names its parent chapter. */
export const contentChapters = pgTable(
  "content_chapters",
  {
    id: uuidId(),
    bookId: uuid("book_id")
      .notNull()
      .references(() => contentBooks.id, { onDelete: "cascade" }),
    slug: text("slug").notNull(),
    // Deleting a parent is refused while it has children (service rule); the FK backs it,
    // checked at the end of each statement, so one DELETE may remove a whole book's chapters.
    parentId: uuid("parent_id").references((): AnyPgColumn => contentChapters.id, {
      onDelete: "no action",
    }),
    order: integer("order").notNull().default(0),
    title: text("title").notNull(),
    body: text("body").notNull().default(""),
    comments: boolean("comments").notNull().default(true),
    status: text("status").$type<ChapterStatus>().notNull().default("draft"),
    ...stamps(),
  },
  (t) => [
    uniqueIndex("content_chapters_book_slug_idx").on(t.bookId, t.slug),
    index("content_chapters_parent_idx").on(t.parentId),
  ],
).enableRLS();

/** Albums of the photo gallery; the slug is the id (as a category's). */
export const contentAlbums = pgTable("content_albums", {
  slug: text("slug").primaryKey(),
  name: jsonb("name").$type<Bilingual>().notNull(),
  description: jsonb("description").$type<Bilingual>().notNull(),
  order: integer("order").notNull().default(0),
  ...stamps(),
}).enableRLS();

/**
 * Names of the gallery's photo tags, in each language; the tag, as photos write it, is the id.
 * A tag without a row shows as written.
 */
export const photoTagNames = pgTable("photo_tag_names", {
  tag: text("tag").primaryKey(),
  name: jsonb("name").$type<Bilingual>().notNull(),
  ...stamps(),
}).enableRLS();

/**
 * Photos of the gallery: one item in both languages (no `lang`), its image a library image's
 * served path (`/api/media/m-<id>-<width>.<format>`), its texts one JSON object per field.
 */
export const contentPhotos = pgTable(
  "content_photos",
  {
    id: uuidId(),
    slug: text("slug").notNull().unique(),
    title: jsonb("title").$type<Bilingual>().notNull(),
    caption: jsonb("caption").$type<Bilingual>().notNull(),
    alt: jsonb("alt").$type<Bilingual>().notNull(),
    image: text("image").notNull(),
    /** An album slug, from content/albums.json or content_albums; null for none. */
    album: text("album"),
    tags: jsonb("tags").$type<string[]>().notNull().default([]),
    /** The camera's local time, `YYYY-MM-DDTHH:mm[:ss]`. */
    takenAt: text("taken_at"),
    place: jsonb("place").$type<Bilingual>().notNull(),
    featured: boolean("featured").notNull().default(false),
    credit: text("credit").notNull().default(""),
    ...publishing(),
    authorId: userOrNull("author_id"),
    ...stamps(),
  },
  (t) => [
    index("content_photos_status_idx").on(t.status, t.publishedAt),
    index("content_photos_updated_idx").on(t.updatedAt),
    index("content_photos_album_idx").on(t.album),
  ],
).enableRLS();

/** The kinds of item whose saves keep revisions. */
export type RevisedKind = "article" | "note" | "book" | "photo" | "chapter" | "page";

/**
 * Every save of an item written in /bms keeps a revision: its fields as saved (the columns of
 * its table, by their field names, without its id, times, status and author), who saved it and
 * when. Restoring one saves it again, which is itself a revision. The item's table varies, so
 * no foreign key: the service deletes an item's revisions with it.
 */
export const contentRevisions = pgTable(
  "content_revisions",
  {
    id: uuidId(),
    kind: text("kind").$type<RevisedKind>().notNull(),
    itemId: uuid("item_id").notNull(),
    fields: jsonb("fields").$type<Record<string, unknown>>().notNull(),
    savedBy: userOrNull("saved_by"),
    savedAt: zoned("saved_at").notNull().defaultNow(),
    /** Saved by the editor after a pause in typing: the next such save replaces it. */
    autosaved: boolean("autosaved").notNull().default(false),
  },
  (t) => [index("content_revisions_item_idx").on(t.kind, t.itemId, t.savedAt)],
).enableRLS();

/**
 * Secret links to a draft's page (`/draft-preview/?t=…`), to show it to someone before it is
 * published: only the token's SHA-256 is kept, and each link ends at `expiresAt`. The service
 * deletes an item's links with it.
 */
export const draftLinks = pgTable(
  "draft_links",
  {
    tokenHash: text("token_hash").primaryKey(),
    kind: text("kind").$type<"article" | "note" | "chapter">().notNull(),
    itemId: uuid("item_id").notNull(),
    createdBy: userOrNull("created_by"),
    createdAt: zoned("created_at").notNull().defaultNow(),
    expiresAt: zoned("expires_at").notNull(),
  },
  (t) => [index("draft_links_item_idx").on(t.kind, t.itemId)],
).enableRLS();
