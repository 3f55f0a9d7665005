import { readdir, readFile, stat } from "node:fs/promises";
import { dirname, join, resolve, sep } from "node:path";
import { parse } from "yaml";
import { z } from "zod";
import { readTakenAt } from "../../lib/images/process.ts";
import {
  type AlbumRecord,
  type ArticleRecord,
  albumBlanks,
  albumFileFields,
  articleBlanks,
  articleFileFields,
  type BannerRecord,
  type Blanks,
  type BookRecord,
  bannerBlanks,
  bannerFileFields,
  bookBlanks,
  bookFileFields,
  type CategoryRecord,
  type ChapterRecord,
  CONTENT_LANGS,
  type ContentLang,
  categoryBlanks,
  categoryFileFields,
  chapterBlanks,
  chapterFileFields,
  leniently,
  type NoteRecord,
  noteBlanks,
  noteFileFields,
  PAGE_SLUGS,
  type PageSlug,
  type PhotoRecord,
  pageFile,
  photoBlanks,
  photoFileFields,
  SLUG,
  statusNow,
  statusSchema,
} from "../../shared/content.ts";
import {
  type NavGroupRecord,
  navGroupBlanks,
  navGroupFileFields,
  navLinkBlanks,
  navLinkFields,
} from "../../shared/kinds/nav.ts";
import { photoTagCollectionFields, type SnapshotPhotoTag } from "../../shared/kinds/photo.ts";

/**
 * The items written in git under content/ (the directory in $CONTENT_DIR, default `content`),
 * as the back office lists them: read-only, with ids `file:<kind>:<slug>`. Files are read once
 * per request (a few dozen small files); each kind is read the first time it is asked for.
 * The build validates these files strictly (src/content.config.ts); here a file is read
 * leniently, field by field with its kind's rules (`leniently`: a field a file lacks or writes
 * wrong shows its default or blank), and one whose frontmatter is not YAML is left out with a
 * warning.
 */
export interface ContentFiles {
  articles(): Promise<ArticleRecord[]>;
  notes(): Promise<NoteRecord[]>;
  books(): Promise<BookRecord[]>;
  /** Chapters of every file book. */
  chapters(): Promise<ChapterRecord[]>;
  categories(): Promise<CategoryRecord[]>;
  /** Photos: the frontmatter of each `content/photos/<slug>.md` (its image as written). */
  photos(): Promise<PhotoRecord[]>;
  albums(): Promise<AlbumRecord[]>;
  /** Names of photo tags in content/photo-tags.json (`[{ id: tag, name }]`). */
  photoTags(): Promise<FilePhotoTag[]>;
  /** Banners of content/banners.json, in the file's order (their image as written). */
  banners(): Promise<BannerRecord[]>;
  /** The site navigation of content/site-nav.json: its groups in order, each with its links. */
  navigation(): Promise<NavGroupRecord[]>;
  /** The site's pages written in files (`content/about/<lang>.mdx`): each language's text. */
  pages(): Promise<FilePage[]>;
  /**
   * Where on disk a file item's image is: `image` as written in `file` (`content/…`), relative
   * to it; null for anything else (an address, a path leaving the content folder).
   */
  imagePath(file: string, image: string): string | null;
}

export function contentDir(env: NodeJS.ProcessEnv = process.env): string {
  return env.CONTENT_DIR || "content";
}

export function fileId(
  kind: "article" | "note" | "book" | "chapter" | "photo" | "banner" | "nav",
  slug: string,
): string {
  return `file:${kind}:${slug}`;
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

/** A read of a file or folder that is not there. */
const isMissing = (error: unknown) =>
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

async function names(dir: string): Promise<string[]> {
  try {
    return (await readdir(dir)).sort();
  } catch (error) {
    if (isMissing(error)) return [];
    throw error;
  }
}

async function readParsed(path: string, shown: string): Promise<Parsed | null> {
  try {
    return parseFrontmatter(await readFile(path, "utf8"));
  } catch (error) {
    if (isMissing(error)) return null;
    console.warn(`content: ${shown} is left out of the back-office list`, error);
    return null;
  }
}

/** A file's time (YAML gives a date as a string, a Date or a number), as an ISO string. */
function time(value: unknown): string | null {
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? null : value.toISOString();
  if (typeof value !== "string" && typeof value !== "number") return null;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? null : date.toISOString();
}

const fileFields = (file: string) => ({ source: "file" as const, readOnly: true, file });

/** What every file item has beside its kind's fields: its id, its times and where it lives. */
const stored = (id: string, file: string, data: Record<string, unknown>) => ({
  id,
  createdAt: null,
  updatedAt: time(data.updatedAt),
  ...fileFields(file),
});

/**
 * Files default to published, like the collections; a scheduled file whose time has come is
 * published (`statusNow`).
 */
const statusOf = (data: Record<string, unknown>) =>
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

/** The items of a folder of Markdown files (articles, notes): each its kind's fields and body. */
async function readItems<S extends z.core.$ZodShape>(
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

const readArticles = (dir: string): Promise<ArticleRecord[]> =>
  readItems(dir, ["article", "articles", /\.mdx?$/], articleFileFields, articleBlanks);

const readNotes = (dir: string): Promise<NoteRecord[]> =>
  readItems(dir, ["note", "notes", /\.md$/], noteFileFields, noteBlanks);

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
      slug,
      ...leniently(bookFileFields, bookBlanks, data),
      status: statusOf(data),
      publishedAt: time(data.publishedAt),
      ...stored(fileId("book", slug), file, data),
    });
  }
  return items;
}

async function readChapters(dir: string): Promise<ChapterRecord[]> {
  const items: ChapterRecord[] = [];
  for (const book of await bookFolders(dir)) {
    const folder = `books/${book}`;
    for (const { slug, file, data, body } of await readFolder(dir, folder, /\.md$/, "index.md")) {
      const { parent, ...fields } = leniently(chapterFileFields, chapterBlanks, data);
      items.push({
        bookId: fileId("book", book),
        book,
        slug,
        parentId: parent ? fileId("chapter", `${book}/${parent}`) : null,
        ...fields,
        body,
        status: data.status === "draft" ? "draft" : "published",
        ...stored(fileId("chapter", `${book}/${slug}`), file, data),
      });
    }
  }
  return items;
}

/**
 * Photos: frontmatter (a photo file has no body), its image's path as written; the time taken,
 * when the frontmatter has none, from the image's EXIF as the site's build reads it.
 */
async function readPhotos(dir: string): Promise<PhotoRecord[]> {
  const photos = (await readFolder(dir, "photos", /\.md$/)).map(({ slug, file, data }) => ({
    slug,
    ...leniently(photoFileFields, photoBlanks, data),
    status: statusOf(data),
    publishedAt: time(data.publishedAt),
    ...stored(fileId("photo", slug), file, data),
  }));
  return Promise.all(
    photos.map(async (photo) => {
      const path = photo.takenAt ? null : imagePathIn(dir, photo.file, photo.image);
      return path ? { ...photo, takenAt: await takenAtOf(path) } : photo;
    }),
  );
}

/**
 * `read` of a file, made again only when the file's size or time changes (at most `max` paths
 * are kept). A file that is not there throws, as `stat` does.
 */
export function whileUnchanged<T>(
  read: (path: string) => Promise<T>,
  max: number,
): (path: string) => Promise<T> {
  const known = new Map<string, { stamp: string; value: T }>();
  return async (path) => {
    const { size, mtimeMs } = await stat(path);
    const stamp = `${size}:${mtimeMs}`;
    const hit = known.get(path);
    if (hit?.stamp === stamp) return hit.value;
    const value = await read(path);
    if (known.size >= max) known.clear();
    known.set(path, { stamp, value });
    return value;
  };
}

/** A photo file's time taken from its image's EXIF; null when it has none or is not there. */
const takenTime = whileUnchanged(readTakenAt, 1000);
const takenAtOf = (path: string) => takenTime(path).catch(() => null);

/**
 * The entries of a JSON list of slugged entries (`content/categories.json`, `albums.json`:
 * `[{ id, … }]`), each with its kind's fields read leniently; the id is the slug.
 */
async function readSlugList<S extends z.core.$ZodShape>(
  dir: string,
  name: string,
  fields: S,
  blanks: Blanks<S>,
) {
  const file = `content/${name}`;
  let entries: unknown;
  try {
    entries = JSON.parse(await readFile(join(dir, name), "utf8"));
  } catch (error) {
    if (!isMissing(error)) {
      console.warn(`content: ${file} is left out of the back-office list`, error);
    }
    return [];
  }
  if (!Array.isArray(entries)) return [];
  return entries.flatMap((entry: unknown) => {
    if (!isRecord(entry) || typeof entry.id !== "string" || !SLUG.test(entry.id)) return [];
    return [
      {
        slug: entry.id,
        ...leniently(fields, blanks, entry),
        createdAt: null,
        updatedAt: null,
        ...fileFields(file),
      },
    ];
  });
}

const readCategories = (dir: string): Promise<CategoryRecord[]> =>
  readSlugList(dir, "categories.json", categoryFileFields, categoryBlanks);

const readAlbums = (dir: string): Promise<AlbumRecord[]> =>
  readSlugList(dir, "albums.json", albumFileFields, albumBlanks);

export interface FilePhotoTag {
  tag: string;
  name: SnapshotPhotoTag["name"];
  file: string;
}

const photoTagEntry = z.object(photoTagCollectionFields);

/** An entry that does not pass its rules is left out (the build names it). */
async function readPhotoTags(dir: string): Promise<FilePhotoTag[]> {
  const file = "content/photo-tags.json";
  let entries: unknown;
  try {
    entries = JSON.parse(await readFile(join(dir, "photo-tags.json"), "utf8"));
  } catch (error) {
    if (!isMissing(error)) console.warn(`content: ${file} is left out of the back office`, error);
    return [];
  }
  if (!Array.isArray(entries)) return [];
  return entries.flatMap((entry: unknown) => {
    const parsed = photoTagEntry.safeParse(entry);
    return parsed.success ? [{ tag: parsed.data.id, name: parsed.data.name, file }] : [];
  });
}

/** A banner's place is its place in the file; its id names the file's own `id`. */
async function readBanners(dir: string): Promise<BannerRecord[]> {
  const entries = await readSlugList(dir, "banners.json", bannerFileFields, bannerBlanks);
  return entries.map(({ slug, ...banner }, order) => ({
    id: fileId("banner", slug),
    order,
    ...banner,
  }));
}

/**
 * The navigation's groups in the file's order, each with its links in theirs; a group's id is
 * `file:nav:<group>`, a link's `file:nav:<group>--<link>` (a link that has no slug is left out).
 */
async function readNavigation(dir: string): Promise<NavGroupRecord[]> {
  const groups = await readSlugList(dir, "site-nav.json", navGroupFileFields, navGroupBlanks);
  return groups.map(({ slug, links, ...group }, order) => {
    const id = fileId("nav", slug);
    return {
      id,
      order,
      ...group,
      links: links.flatMap((link, at) => {
        if (!isRecord(link) || typeof link.id !== "string" || !SLUG.test(link.id)) return [];
        return [
          {
            id: `${id}--${link.id}`,
            group: id,
            order: at,
            ...leniently(navLinkFields, navLinkBlanks, link),
            createdAt: null,
            updatedAt: null,
            ...fileFields(group.file ?? "content/site-nav.json"),
          },
        ];
      }),
    };
  });
}

/** One language of a page written in a file: its text and where it lives (`content/…`). */
export interface FilePage {
  slug: PageSlug;
  lang: ContentLang;
  body: string;
  file: string;
}

/** Pages: each page's file in each language, when there is one (its frontmatter left out). */
async function readPages(dir: string): Promise<FilePage[]> {
  const found = await Promise.all(
    PAGE_SLUGS.flatMap((slug) =>
      CONTENT_LANGS.map(async (lang) => {
        const path = pageFile(slug, lang);
        const parsed = await readParsed(join(dir, path), `content/${path}`);
        return parsed ? [{ slug, lang, body: parsed.body, file: `content/${path}` }] : [];
      }),
    ),
  );
  return found.flat();
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
    photos: once(() => readPhotos(dir)),
    albums: once(() => readAlbums(dir)),
    photoTags: once(() => readPhotoTags(dir)),
    banners: once(() => readBanners(dir)),
    pages: once(() => readPages(dir)),
    navigation: once(() => readNavigation(dir)),
    imagePath: (file, image) => imagePathIn(dir, file, image),
  };
}

function imagePathIn(dir: string, file: string, image: string): string | null {
  if (!file.startsWith("content/") || !image.startsWith("./")) return null;
  const root = resolve(dir);
  const path = resolve(root, dirname(file.slice("content/".length)), image);
  return path.startsWith(`${root}${sep}`) ? path : null;
}
