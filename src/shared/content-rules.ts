/**
 * The content rules without zod, for the back-office screens in the browser (zod stays out of
 * the browser bundle) and for src/shared/content.ts, whose schemas are built on them.
 */

export const CONTENT_LANGS = ["zh-CN", "en-US"] as const;
export type ContentLang = (typeof CONTENT_LANGS)[number];

export const CONTENT_STATUSES = ["draft", "published", "scheduled"] as const;
export type ContentStatus = (typeof CONTENT_STATUSES)[number];

/** Chapters have no time of their own: they go live with their book. */
export const CHAPTER_STATUSES = ["draft", "published"] as const;
export type ChapterStatus = (typeof CHAPTER_STATUSES)[number];

/**
 * What a tag may not hold: each tag becomes a path (`/articles/tag/<tag>/`), so no slash or
 * backslash, no `?`, `#` or `%`, no control character (a newline), and not `.` or `..`. A row
 * with such a tag used to make every later build fail.
 */
// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what it refuses
export const TAG_FORBIDDEN = /[/\\?#%\u0000-\u001f\u007f]/;

/** A tag that can be a path segment (its length is checked apart). */
export function isPathSafeTag(tag: string): boolean {
  return !TAG_FORBIDDEN.test(tag) && tag !== "." && tag !== "..";
}

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

export interface Timed {
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
