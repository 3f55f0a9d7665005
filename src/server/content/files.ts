import { readdir, readFile } from "node:fs/promises";
import { join } from "node:path";
import { parse } from "yaml";
import {
  type ArticleRecord,
  type BookRecord,
  type CategoryRecord,
  type ChapterRecord,
  type ChapterStatus,
  CONTENT_LANGS,
  CONTENT_STATUSES,
  type ContentLang,
  type ContentStatus,
  type NoteRecord,
  SLUG,
} from "../../shared/content.ts";

/**
 * The items written in git under content/ (the directory in $CONTENT_DIR, default `content`),
 * as the back office lists them: read-only, with ids `file:<kind>:<slug>`. Files are read once
 * per request (a few dozen small files); each kind is read the first time it is asked for.
 * The build validates these files strictly (src/content.config.ts); here a file is read
 * leniently, and one whose frontmatter is not YAML is left out with a warning.
 */
export interface ContentFiles {
  articles(): Promise<ArticleRecord[]>;
  notes(): Promise<NoteRecord[]>;
  books(): Promise<BookRecord[]>;
  /** Chapters of every file book. */
  chapters(): Promise<ChapterRecord[]>;
  categories(): Promise<CategoryRecord[]>;
}

export function contentDir(env: NodeJS.ProcessEnv = process.env): string {
  return env.CONTENT_DIR || "content";
}

export function fileId(kind: "article" | "note" | "book" | "chapter", slug: string): string {
  return `file:${kind}:${slug}`;
}

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
    data: data && typeof data === "object" && !Array.isArray(data) ? (data as Parsed["data"]) : {},
    body: source.slice(match[0].length).replace(/^\r?\n/, ""),
  };
}

async function names(dir: string): Promise<string[]> {
  try {
    return (await readdir(dir)).sort();
  } catch (error) {
    if ((error as { code?: string }).code === "ENOENT") return [];
    throw error;
  }
}

async function readParsed(path: string, shown: string): Promise<Parsed | null> {
  try {
    return parseFrontmatter(await readFile(path, "utf8"));
  } catch (error) {
    if ((error as { code?: string }).code === "ENOENT") return null;
    console.warn(`content: ${shown} is left out of the back-office list`, error);
    return null;
  }
}

const str = (value: unknown, fallback = ""): string =>
  typeof value === "string" ? value : typeof value === "number" ? String(value) : fallback;
const int = (value: unknown, fallback = 0): number =>
  typeof value === "number" && Number.isInteger(value) ? value : fallback;
const strings = (value: unknown): string[] =>
  Array.isArray(value) ? value.filter((v): v is string => typeof v === "string") : [];
const lang = (value: unknown): ContentLang =>
  CONTENT_LANGS.includes(value as ContentLang) ? (value as ContentLang) : "zh-CN";
/** Files default to published, like the collections. */
const status = (value: unknown): ContentStatus =>
  CONTENT_STATUSES.includes(value as ContentStatus) ? (value as ContentStatus) : "published";

function time(value: unknown): string | null {
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? null : value.toISOString();
  if (typeof value !== "string" && typeof value !== "number") return null;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? null : date.toISOString();
}

const fileFields = (file: string) => ({ source: "file" as const, readOnly: true, file });

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
async function readFolder(
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

async function readArticles(dir: string): Promise<ArticleRecord[]> {
  return (await readFolder(dir, "articles", /\.mdx?$/)).map(({ slug, file, data, body }) => ({
    id: fileId("article", slug),
    slug,
    lang: lang(data.lang),
    translationKey: str(data.translationKey) || null,
    title: str(data.title),
    summary: str(data.summary),
    body,
    cover: str(data.cover),
    coverAlt: str(data.coverAlt),
    category: str(data.category),
    tags: strings(data.tags),
    status: status(data.status),
    publishedAt: time(data.publishedAt),
    pinned: data.pinned === true,
    createdAt: null,
    updatedAt: time(data.updatedAt),
    ...fileFields(file),
  }));
}

async function readNotes(dir: string): Promise<NoteRecord[]> {
  return (await readFolder(dir, "notes", /\.md$/)).map(({ slug, file, data, body }) => {
    const images = Array.isArray(data.images) ? data.images : [];
    return {
      id: fileId("note", slug),
      slug,
      lang: lang(data.lang),
      body,
      images: images.map((image: unknown) => {
        const { src, alt } = (image ?? {}) as { src?: unknown; alt?: unknown };
        return { src: str(src), alt: str(alt) };
      }),
      tags: strings(data.tags),
      status: status(data.status),
      publishedAt: time(data.publishedAt),
      createdAt: null,
      updatedAt: null,
      ...fileFields(file),
    };
  });
}

/** Book folders whose names are slugs. */
async function bookFolders(dir: string): Promise<string[]> {
  return (await names(join(dir, "books"))).filter((name) => SLUG.test(name));
}

async function readBooks(dir: string): Promise<BookRecord[]> {
  const items: BookRecord[] = [];
  for (const slug of await bookFolders(dir)) {
    const file = `content/books/${slug}/index.md`;
    const parsed = await readParsed(join(dir, "books", slug, "index.md"), file);
    if (!parsed) continue;
    const { data } = parsed;
    items.push({
      id: fileId("book", slug),
      slug,
      lang: lang(data.lang),
      translationKey: str(data.translationKey) || null,
      title: str(data.title),
      description: str(data.description),
      cover: str(data.cover),
      order: int(data.order),
      status: status(data.status),
      publishedAt: time(data.publishedAt),
      createdAt: null,
      updatedAt: null,
      ...fileFields(file),
    });
  }
  return items;
}

async function readChapters(dir: string): Promise<ChapterRecord[]> {
  const items: ChapterRecord[] = [];
  for (const book of await bookFolders(dir)) {
    const folder = `books/${book}`;
    for (const { slug, file, data, body } of await readFolder(dir, folder, /\.md$/, "index.md")) {
      const parent = str(data.parent);
      items.push({
        id: fileId("chapter", `${book}/${slug}`),
        bookId: fileId("book", book),
        book,
        slug,
        parentId: parent ? fileId("chapter", `${book}/${parent}`) : null,
        order: int(data.order),
        title: str(data.title),
        body,
        status: data.status === "draft" ? "draft" : ("published" satisfies ChapterStatus),
        createdAt: null,
        updatedAt: null,
        ...fileFields(file),
      });
    }
  }
  return items;
}

async function readCategories(dir: string): Promise<CategoryRecord[]> {
  const file = "content/categories.json";
  let entries: unknown;
  try {
    entries = JSON.parse(await readFile(join(dir, "categories.json"), "utf8"));
  } catch (error) {
    if ((error as { code?: string }).code !== "ENOENT") {
      console.warn(`content: ${file} is left out of the back-office list`, error);
    }
    return [];
  }
  if (!Array.isArray(entries)) return [];
  return entries.flatMap((entry: unknown) => {
    const { id, name, order } = (entry ?? {}) as { id?: unknown; name?: unknown; order?: unknown };
    if (typeof id !== "string" || !SLUG.test(id)) return [];
    const names = (name ?? {}) as Record<string, unknown>;
    return [
      {
        slug: id,
        name: { "zh-CN": str(names["zh-CN"]), "en-US": str(names["en-US"]) },
        order: int(order),
        createdAt: null,
        updatedAt: null,
        ...fileFields(file),
      },
    ];
  });
}

function once<T>(load: () => Promise<T>): () => Promise<T> {
  let result: Promise<T> | undefined;
  return () => {
    result ??= load();
    return result;
  };
}

/** The files of one request: each kind read at most once. */
export function contentFiles(dir: string = contentDir()): ContentFiles {
  return {
    articles: once(() => readArticles(dir)),
    notes: once(() => readNotes(dir)),
    books: once(() => readBooks(dir)),
    chapters: once(() => readChapters(dir)),
    categories: once(() => readCategories(dir)),
  };
}
