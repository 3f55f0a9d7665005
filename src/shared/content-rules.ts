/**
 * The content rules without zod, for the back-office screens in the browser (zod stays out of
 * the browser bundle) and for the kinds' schemas (src/shared/kinds/), which are built on them.
 */

export const CONTENT_LANGS = ["zh-CN", "en-US"] as const;
export type ContentLang = (typeof CONTENT_LANGS)[number];

export const CONTENT_STATUSES = ["draft", "published", "scheduled"] as const;
export type ContentStatus = (typeof CONTENT_STATUSES)[number];

/**
 * An item's status as readers see it now: a scheduled item whose time has come is published
 * (the build shows it from then on), whatever its stored status still says.
 */
export function statusNow(
  status: ContentStatus,
  publishedAt: string | null,
  now = Date.now(),
): ContentStatus {
  return status === "scheduled" && publishedAt !== null && Date.parse(publishedAt) <= now
    ? "published"
    : status;
}

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
  tags: 50,
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
export const FILE_ID = /^file:(article|note|book|chapter|photo):[a-z0-9-]+(?:\/[a-z0-9-]+)?$/;

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
// The records themselves are typed from each kind's zod schema (src/shared/kinds/<kind>.ts);
// the back office imports those types only (`import type`), so no zod reaches the browser
// through them.

export type ContentSource = "database" | "file";

/** Where an item lives. File items (`readOnly`) are changed by editing the file in git. */
export interface SourceFields {
  source: ContentSource;
  readOnly: boolean;
  /** The file under content/ of a file item (`content/articles/static-first.md`), else null. */
  file: string | null;
}

/** List rows leave the body out and carry its first characters as plain text. */
export type WithExcerpt<T extends { body: string }> = Omit<T, "body"> & { excerpt: string };

export const EXCERPT_LENGTH = 200;

/** The first characters of a body with its whitespace collapsed. */
export function excerptOf(body: string, length = EXCERPT_LENGTH): string {
  const flat = body.replace(/\s+/g, " ").trim();
  return flat.length > length ? `${flat.slice(0, length - 1)}…` : flat;
}
