import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import { dirname } from "node:path";

// The content snapshot's shape and its file: what the site build gets from the database (every
// published or scheduled row, as plain JSON), and the file it reads when it does not read the
// database itself. Shared by both sides: the content loader (database-loader.ts) reads it, the
// server (src/server/site/snapshot.ts) takes snapshots and writes the file. Nothing here touches
// a database driver, so a build without a database (a fresh clone) loads none.

export const SNAPSHOT_VERSION = 1;
export type Visible = "published" | "scheduled";
export type Lang = "zh-CN" | "en-US";

export interface SnapshotCategory {
  slug: string;
  name: { "zh-CN": string; "en-US": string };
  order: number;
}
export interface SnapshotArticle {
  id: string;
  slug: string;
  lang: Lang;
  translationKey: string | null;
  title: string;
  summary: string;
  body: string;
  cover: string;
  coverAlt: string;
  category: string;
  tags: string[];
  status: Visible;
  publishedAt: string;
  updatedAt: string;
  pinned: boolean;
}
export interface SnapshotNote {
  id: string;
  slug: string;
  lang: Lang;
  body: string;
  images: { src: string; alt: string }[];
  tags: string[];
  status: Visible;
  publishedAt: string;
  updatedAt: string;
}
export interface SnapshotBook {
  id: string;
  slug: string;
  lang: Lang;
  translationKey: string | null;
  title: string;
  description: string;
  cover: string;
  order: number;
  status: Visible;
  publishedAt: string;
  updatedAt: string;
}
export interface SnapshotChapter {
  id: string;
  /** The book's slug. */
  book: string;
  slug: string;
  /** The parent chapter's slug, for a second-level chapter. */
  parent: string | null;
  order: number;
  title: string;
  body: string;
  status: Visible;
  updatedAt: string;
}
export interface ContentSnapshot {
  version: typeof SNAPSHOT_VERSION;
  takenAt: string;
  categories: SnapshotCategory[];
  articles: SnapshotArticle[];
  notes: SnapshotNote[];
  books: SnapshotBook[];
  chapters: SnapshotChapter[];
}

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
});

export function writeSnapshotFile(path: string, snapshot: ContentSnapshot): void {
  mkdirSync(dirname(path), { recursive: true });
  const temp = `${path}.${process.pid}.tmp`;
  writeFileSync(temp, JSON.stringify(snapshot));
  renameSync(temp, path);
}

export function readSnapshotFile(path: string): ContentSnapshot | null {
  if (!existsSync(path)) return null;
  const parsed = JSON.parse(readFileSync(path, "utf8")) as ContentSnapshot;
  if (parsed.version !== SNAPSHOT_VERSION) {
    throw new Error(`${path} is a content snapshot of another version (${String(parsed.version)})`);
  }
  return parsed;
}
