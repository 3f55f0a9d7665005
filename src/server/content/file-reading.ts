import { readdir, readFile, stat } from "node:fs/promises";
import { join } from "node:path";
import { parse } from "yaml";
import type { z } from "zod";
import { type Blanks, leniently, SLUG, statusNow, statusSchema } from "../../shared/content.ts";

// Reading content files leniently: front matter, folders of Markdown, a kind's fields field by
// field (files.ts and part-files.ts read each kind with these).

/** A file item's id: `file:<kind>:<slug>`. */
export function fileId(
  kind: "article" | "note" | "book" | "chapter" | "photo" | "banner" | "nav",
  slug: string,
): string {
  return `file:${kind}:${slug}`;
}

export const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

/** A read of a file or folder that is not there. */
export const isMissing = (error: unknown) =>
  error instanceof Error && "code" in error && error.code === "ENOENT";

const FRONTMATTER = /^---\r?\n([\s\S]*?)\r?\n---[ \t]*(?:\r?\n|$)/;

interface Parsed {
  data: Record<string, unknown>;
  body: string;
}

export function parseFrontmatter(source: string): Parsed {
  const match = FRONTMATTER.exec(source);
  if (!match) return { data: {}, body: source };
  const data: unknown = parse(match[1] ?? "");
  return {
    data: isRecord(data) ? data : {},
    body: source.slice(match[0].length).replace(/^\r?\n/, ""),
  };
}

export async function names(dir: string): Promise<string[]> {
  try {
    return (await readdir(dir)).sort();
  } catch (error) {
    if (isMissing(error)) return [];
    throw error;
  }
}

/**
 * A file's front matter and body, parsed again only when the file changes: a request that asks
 * whether one item is on the site (every comment does) reads no file it read before. Callers
 * share what it answers and must not change it.
 */
const parsedFile = whileUnchanged(
  async (path) => parseFrontmatter(await readFile(path, "utf8")),
  4096,
);

export async function readParsed(path: string, shown: string): Promise<Parsed | null> {
  try {
    return await parsedFile(path);
  } catch (error) {
    if (isMissing(error)) return null;
    console.warn(`content: ${shown} is left out of the back-office list`, error);
    return null;
  }
}

/** A file's time (YAML gives a date as a string, a Date or a number), as an ISO string. */
export function time(value: unknown): string | null {
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? null : value.toISOString();
  if (typeof value !== "string" && typeof value !== "number") return null;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? null : date.toISOString();
}

export const fileFields = (file: string) => ({ source: "file" as const, readOnly: true, file });

/** What every file item has beside its kind's fields: its id, its times and where it lives. */
export const stored = (id: string, file: string, data: Record<string, unknown>) => ({
  id,
  createdAt: null,
  updatedAt: time(data.updatedAt),
  ...fileFields(file),
});

/**
 * Files default to published, like the collections; a scheduled file whose time has come is
 * published (`statusNow`).
 */
export const statusOf = (data: Record<string, unknown>) =>
  statusNow(
    leniently({ status: statusSchema.default("published") }, {}, data).status,
    time(data.publishedAt),
  );

function slugOf(name: string, extensions: RegExp): string | null {
  if (!extensions.test(name)) return null;
  const slug = name.replace(extensions, "");
  return SLUG.test(slug) ? slug : null;
}

interface Entry extends Parsed {
  slug: string;
  /** The path shown to people, `content/…`. */
  file: string;
}

/**
 * The Markdown files of `content/<folder>` named `<slug><extension>` (but `except`), parsed,
 * in name order.
 */
export async function readFolder(
  dir: string,
  folder: string,
  extensions: RegExp,
  except?: string,
): Promise<Entry[]> {
  const entries: Entry[] = [];
  for (const name of await names(join(dir, folder))) {
    const slug = name === except ? null : slugOf(name, extensions);
    if (!slug) continue;
    const file = `content/${folder}/${name}`;
    const parsed = await readParsed(join(dir, folder, name), file);
    if (parsed) entries.push({ ...parsed, slug, file });
  }
  return entries;
}

/** The items of a folder of Markdown files (articles, notes): each its kind's fields and body. */
export async function readItems<S extends z.core.$ZodShape>(
  dir: string,
  [kind, folder, extensions]: ["article" | "note", string, RegExp],
  fields: S,
  blanks: Blanks<S>,
) {
  return (await readFolder(dir, folder, extensions)).map(({ slug, file, data, body }) => ({
    slug,
    ...leniently(fields, blanks, data),
    body,
    status: statusOf(data),
    publishedAt: time(data.publishedAt),
    ...stored(fileId(kind, slug), file, data),
  }));
}

/**
 * `read` of a file, made again only when the file's size or time changes (at most `max` paths
 * are kept). Callers asking at once share one read. A file that is not there throws, as `stat`
 * does; a read that fails is not kept.
 */
export function whileUnchanged<T>(
  read: (path: string) => Promise<T>,
  max: number,
): (path: string) => Promise<T> {
  const known = new Map<string, { stamp: string; value: Promise<T> }>();
  return async (path) => {
    const { size, mtimeMs } = await stat(path);
    const stamp = `${size}:${mtimeMs}`;
    const hit = known.get(path);
    if (hit?.stamp === stamp) return hit.value;
    const value = read(path);
    if (known.size >= max) known.clear();
    const entry = { stamp, value };
    known.set(path, entry);
    value.catch(() => {
      if (known.get(path) === entry) known.delete(path);
    });
    return value;
  };
}
