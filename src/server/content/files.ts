import { dirname, join, resolve, sep } from "node:path";
import { contentDir } from "../../lib/content-dir.ts";
import { readTakenAt } from "../../lib/images/process.ts";
import {
  type AlbumRecord,
  type ArticleRecord,
  articleBlanks,
  articleFileFields,
  type BannerRecord,
  type BookRecord,
  bookBlanks,
  bookFileFields,
  type CategoryRecord,
  type ChapterRecord,
  chapterBlanks,
  chapterFileFields,
  leniently,
  type NoteRecord,
  noteBlanks,
  noteFileFields,
  type PhotoRecord,
  photoBlanks,
  photoFileFields,
  SLUG,
} from "../../shared/content.ts";
import type { NavGroupRecord } from "../../shared/kinds/nav.ts";
import {
  fileId,
  names,
  readFolder,
  readItems,
  readParsed,
  statusOf,
  stored,
  time,
  whileUnchanged,
} from "./file-reading.ts";
import {
  type FilePage,
  type FilePhotoTag,
  readAlbums,
  readBanners,
  readCategories,
  readNavigation,
  readPages,
  readPhotoTags,
} from "./part-files.ts";
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

/** A photo file's time taken from its image's EXIF; null when it has none or is not there. */
const takenTime = whileUnchanged(readTakenAt, 1000);
const takenAtOf = (path: string) => takenTime(path).catch(() => null);

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
