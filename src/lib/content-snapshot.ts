import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import { dirname } from "node:path";
import { z } from "zod";
import {
  articleSnapshotSchema,
  bookSnapshotSchema,
  categorySnapshotSchema,
  chapterSnapshotSchema,
  noteSnapshotSchema,
} from "../shared/content.ts";
import { bannerSnapshotSchema } from "../shared/kinds/banner.ts";
import { navGroupSnapshotSchema } from "../shared/kinds/nav.ts";
import { pageSnapshotSchema } from "../shared/kinds/page.ts";
import {
  albumSnapshotSchema,
  photoSnapshotSchema,
  photoTagSnapshotSchema,
} from "../shared/kinds/photo.ts";
import { settingsSnapshotSchema } from "../shared/kinds/settings.ts";

// The content snapshot's shape and its file: what the site build gets from the database (every
// published or scheduled row, as plain JSON), and the file it reads when it does not read the
// database itself. Shared by both sides: the content loader (database-loader.ts) reads it, the
// server (src/server/site/snapshot.ts) takes snapshots and writes the file. Nothing here touches
// a database driver, so a build without a database (a fresh clone) loads none.

export const SNAPSHOT_VERSION = 1;

/** An old address and the page it leads to (the `redirects` table). */
export const redirectSnapshotSchema = z.object({ from: z.string(), to: z.string() });
export type Visible = "published" | "scheduled";

/**
 * The snapshot's rows are each kind's own (src/shared/kinds/<kind>.ts: `<kind>SnapshotSchema`,
 * made from the kind's fields), so a field added to a kind travels to the build unasked.
 */
export const contentSnapshotSchema = z.object({
  version: z.literal(SNAPSHOT_VERSION),
  takenAt: z.string(),
  categories: z.array(categorySnapshotSchema),
  articles: z.array(articleSnapshotSchema),
  notes: z.array(noteSnapshotSchema),
  books: z.array(bookSnapshotSchema),
  chapters: z.array(chapterSnapshotSchema),
  albums: z.array(albumSnapshotSchema),
  photos: z.array(photoSnapshotSchema),
  /** Names of photo tags, in each language. */
  photoTags: z.array(photoTagSnapshotSchema),
  banners: z.array(bannerSnapshotSchema),
  pages: z.array(pageSnapshotSchema),
  /** The site navigation's groups in order, each with its shown links in order. */
  navigation: z.array(navGroupSnapshotSchema),
  /** The site's settings as saved, with the avatar's picture; null before the first save. */
  settings: settingsSnapshotSchema.nullable(),
  /** Old addresses of imported articles, each to its page (src/lib/redirects-file.ts). */
  redirects: z.array(redirectSnapshotSchema),
});
export type ContentSnapshot = z.output<typeof contentSnapshotSchema>;
export type {
  SnapshotArticle,
  SnapshotBook,
  SnapshotCategory,
  SnapshotChapter,
  SnapshotNote,
} from "../shared/content.ts";
export type { SnapshotBanner } from "../shared/kinds/banner.ts";
export type { SnapshotNavGroup } from "../shared/kinds/nav.ts";
export type { SnapshotPage } from "../shared/kinds/page.ts";
export type { SnapshotAlbum, SnapshotPhoto, SnapshotPhotoTag } from "../shared/kinds/photo.ts";
export type { SnapshotSettings } from "../shared/kinds/settings.ts";

export interface SourceResult {
  snapshot: ContentSnapshot;
  /** Where it came from, for the build log. */
  from: string;
}

/**
 * What the server provides the content loader (through src/lib/content-source.ts): the
 * published and scheduled content. `dev`: inside `astro dev`, whose server holds the database.
 */
export type ContentSource = (options: { dev: boolean }) => Promise<SourceResult>;

export const emptySnapshot = (): ContentSnapshot => ({
  version: SNAPSHOT_VERSION,
  takenAt: new Date().toISOString(),
  categories: [],
  articles: [],
  notes: [],
  books: [],
  chapters: [],
  albums: [],
  photos: [],
  photoTags: [],
  banners: [],
  pages: [],
  navigation: [],
  settings: null,
  redirects: [],
});

export function writeSnapshotFile(path: string, snapshot: ContentSnapshot): void {
  mkdirSync(dirname(path), { recursive: true });
  const temp = `${path}.${process.pid}.tmp`;
  writeFileSync(temp, JSON.stringify(snapshot));
  renameSync(temp, path);
}

/** The file's frame; its rows are checked one by one, so an error can name the row. */
const snapshotFileSchema = z.object({
  version: z.literal(SNAPSHOT_VERSION),
  takenAt: z.string(),
  categories: z.array(z.unknown()),
  articles: z.array(z.unknown()),
  notes: z.array(z.unknown()),
  books: z.array(z.unknown()),
  chapters: z.array(z.unknown()),
  // A file written before the gallery has none of these.
  albums: z.array(z.unknown()).default([]),
  photos: z.array(z.unknown()).default([]),
  photoTags: z.array(z.unknown()).default([]),
  banners: z.array(z.unknown()).default([]),
  pages: z.array(z.unknown()).default([]),
  navigation: z.array(z.unknown()).default([]),
  // A file written before the settings has none: the defaults.
  settings: z.unknown().default(null),
  redirects: z.array(z.unknown()).default([]),
});

/** What names a row in an error: its id (a category's slug) and its title, when it has them. */
const rowLabel = z
  .object({ id: z.string().optional(), slug: z.string().optional(), title: z.string().optional() })
  .catch({});

/** Rows of one kind, each checked by the kind's schema; the first that fails is named. */
function rowsOf<S extends z.ZodType>(
  schema: S,
  kind: string,
  table: string,
  rows: unknown[],
): z.output<S>[] {
  return rows.map((row) => {
    const parsed = schema.safeParse(row);
    if (parsed.success) return parsed.data;
    const { id, slug, title } = rowLabel.parse(row);
    const problems = parsed.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`);
    throw new Error(
      `The database row ${table} ${id ?? slug ?? "?"} ("${title ?? slug ?? ""}") does not match the ${kind} schema: ${problems.join("; ")}`,
    );
  });
}

export function readSnapshotFile(path: string): ContentSnapshot | null {
  if (!existsSync(path)) return null;
  const json: unknown = JSON.parse(readFileSync(path, "utf8"));
  const frame = snapshotFileSchema.safeParse(json);
  if (!frame.success) {
    const version = z.object({ version: z.unknown() }).catch({ version: undefined }).parse(json);
    throw new Error(
      version.version === SNAPSHOT_VERSION
        ? `${path} is not a content snapshot: ${frame.error.message}`
        : `${path} is a content snapshot of another version (${String(version.version)})`,
    );
  }
  const f = frame.data;
  return {
    version: f.version,
    takenAt: f.takenAt,
    categories: rowsOf(categorySnapshotSchema, "categories", "content_categories", f.categories),
    articles: rowsOf(articleSnapshotSchema, "articles", "content_articles", f.articles),
    notes: rowsOf(noteSnapshotSchema, "notes", "content_notes", f.notes),
    books: rowsOf(bookSnapshotSchema, "books", "content_books", f.books),
    chapters: rowsOf(chapterSnapshotSchema, "chapters", "content_chapters", f.chapters),
    albums: rowsOf(albumSnapshotSchema, "albums", "content_albums", f.albums),
    photos: rowsOf(photoSnapshotSchema, "photos", "content_photos", f.photos),
    photoTags: rowsOf(photoTagSnapshotSchema, "photo tags", "photo_tag_names", f.photoTags),
    banners: rowsOf(bannerSnapshotSchema, "banners", "content_banners", f.banners),
    pages: rowsOf(pageSnapshotSchema, "pages", "site_pages", f.pages),
    navigation: rowsOf(navGroupSnapshotSchema, "navigation", "nav_groups", f.navigation),
    settings:
      f.settings === null
        ? null
        : (rowsOf(settingsSnapshotSchema, "settings", "site_settings", [f.settings])[0] ?? null),
    redirects: rowsOf(redirectSnapshotSchema, "redirects", "redirects", f.redirects),
  };
}
