import { join } from "node:path";
import { getTableColumns } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { describeEachDatabase } from "../../../tests/support/test-db.ts";
import { tempFolders } from "../../../tests/support/test-folders.ts";
import { readSnapshotFile, writeSnapshotFile } from "../../lib/content-snapshot.ts";
import { entriesOf } from "../../lib/database-loader.ts";
import * as kinds from "../../shared/content.ts";
import { articles } from "../articles/service.ts";
import { chapters } from "../books/chapters.ts";
import { books } from "../books/service.ts";
import { createCategory, listCategoryPage } from "../categories/service.ts";
import {
  contentAlbums,
  contentArticles,
  contentBooks,
  contentCategories,
  contentChapters,
  contentNotes,
  contentPhotos,
  media,
  users,
} from "../db/schema.ts";
import { notes } from "../notes/service.ts";
import { createAlbum, listAlbumPage } from "../photos/albums.ts";
import { photos } from "../photos/service.ts";
import { takeSnapshot } from "../site/snapshot.ts";
import { contentFiles } from "./files.ts";
import { noPublisher } from "./publisher.ts";

// One definition per kind (src/shared/kinds/<kind>.ts): the table's columns have its fields'
// names, and what the API answers, the snapshot carries and the collection takes agree with it
// for an item with every field set. A field added to a kind but not to its table (or the other
// way), or dropped on the way to the build, fails here.

/** Columns that are the system's, not a kind's fields. */
const SYSTEM = ["id", "createdAt", "updatedAt", "authorId"];
const fieldsOf = (table: Parameters<typeof getTableColumns>[0]) =>
  Object.keys(getTableColumns(table))
    .filter((key) => !SYSTEM.includes(key))
    .sort();
const keysOf = (shape: object) => Object.keys(shape).sort();

/** What every answer adds to its kind's fields. */
const STORED = { id: 0, createdAt: 0, updatedAt: 0, source: 0, readOnly: 0, file: 0 };
const categoryStored = { createdAt: 0, updatedAt: 0, source: 0, readOnly: 0, file: 0 };

/** An answer without where it lives and its creation time (and `more`): a snapshot row. */
function omit(record: object, ...more: string[]): Record<string, unknown> {
  const drop = ["createdAt", "source", "readOnly", "file", ...more];
  return Object.fromEntries(Object.entries(record).filter(([key]) => !drop.includes(key)));
}

describe("each kind's table", () => {
  it("has one column per field of its kind, under the field's name", () => {
    expect(fieldsOf(contentArticles)).toEqual(keysOf(kinds.createArticleSchema.shape));
    expect(fieldsOf(contentNotes)).toEqual(keysOf(kinds.createNoteSchema.shape));
    expect(fieldsOf(contentBooks)).toEqual(keysOf(kinds.createBookSchema.shape));
    expect(fieldsOf(contentChapters)).toEqual(keysOf(kinds.createChapterSchema.shape));
    // The one mapping: a category's name is two columns, one per language.
    const { name: _name, ...category } = kinds.createCategorySchema.shape;
    expect(fieldsOf(contentCategories)).toEqual(keysOf({ ...category, nameZh: 0, nameEn: 0 }));
    expect(fieldsOf(contentPhotos)).toEqual(keysOf(kinds.createPhotoSchema.shape));
    expect(fieldsOf(contentAlbums)).toEqual(keysOf(kinds.createAlbumSchema.shape));
  });
});

/** The collections' schemas as the build makes them, with a URL for an image and a slug for a reference. */
const collections = {
  categories: z.object(kinds.categoryCollectionFields),
  articles: z.object({
    ...kinds.articleCollectionFields,
    ...kinds.articleImages(kinds.imageSrcSchema),
  }),
  notes: z.object({ ...kinds.noteCollectionFields, ...kinds.noteImages(kinds.imageSrcSchema) }),
  books: z.object({ ...kinds.bookCollectionFields, ...kinds.bookImages(kinds.imageSrcSchema) }),
  chapters: z.object(kinds.chapterCollectionFields),
  albums: z.object(kinds.albumCollectionFields),
  // A database photo's picture comes with it (src/content.config.ts).
  photos: z.object({
    ...kinds.photoCollectionFields,
    picture: kinds.pictureSchema.nullable().default(null),
    ...kinds.photoImages(kinds.imageSrcSchema),
  }),
};

const PAST = "2024-01-02T03:04:05.000Z";

/** The library image the photo below shows, as the media table keeps it. */
const MEDIA_ID = "0b6f0a6e-5c1d-4d3b-8a5e-2f1c0d9e8b7a";
const mediaRow = {
  id: MEDIA_ID,
  name: "lake.jpg",
  type: "image/jpeg" as const,
  bytes: 1234,
  width: 1200,
  height: 800,
  color: "#4477aa",
  placeholder: "AAAA",
  exif: {
    camera: "Ricoh GR III",
    lens: null,
    focalLength: 18.3,
    aperture: 2.8,
    shutter: "1/250",
    iso: 200,
    takenAt: "2025-04-01T09:30:00",
  },
  variants: [{ format: "webp" as const, width: 1200, height: 800, bytes: 999 }],
  alt: { "zh-CN": "", "en-US": "" },
  caption: { "zh-CN": "", "en-US": "" },
};

/** Every field set, none to its default. */
const inputs = {
  // Under a category of the files (TOP_CATEGORY), as a parent must be one.
  category: {
    slug: "kinds",
    name: { "zh-CN": "种类", "en-US": "Kinds" },
    order: 7,
    parent: "top",
  },
  article: {
    slug: "every-field",
    lang: "en-US",
    translationKey: "every-field",
    title: "Every field",
    summary: "An article with every field set.",
    body: "# Body\n\nText.",
    cover: "https://example.com/cover.jpg",
    coverAlt: "A cover",
    category: "kinds",
    tags: ["one", "two"],
    status: "published",
    publishedAt: PAST,
    pinned: true,
  },
  note: {
    slug: "every-note-field",
    lang: "zh-CN",
    body: "一条笔记。",
    images: [{ src: "/uploads/a.png", alt: "a" }],
    tags: ["x"],
    status: "published",
    publishedAt: PAST,
  },
  book: {
    slug: "every-book-field",
    lang: "en-US",
    translationKey: "every-book",
    title: "Every book field",
    description: "A book with every field set.",
    cover: "/uploads/book.png",
    order: 3,
    status: "published",
    publishedAt: PAST,
  },
  chapter: { slug: "one", title: "One", order: 2, body: "Chapter text.", status: "published" },
  album: {
    slug: "every-album",
    name: { "zh-CN": "相册", "en-US": "Album" },
    description: { "zh-CN": "每一项。", "en-US": "Every field." },
    order: 4,
  },
  photo: {
    slug: "every-photo-field",
    title: { "zh-CN": "湖", "en-US": "Lake" },
    caption: { "zh-CN": "清晨。", "en-US": "Early." },
    alt: { "zh-CN": "湖面", "en-US": "The lake" },
    image: `/api/media/m-${MEDIA_ID}-1200.webp`,
    album: "every-album",
    tags: ["lake"],
    takenAt: "2025-04-01T09:30",
    place: { "zh-CN": "西湖", "en-US": "West Lake" },
    featured: true,
    credit: "Photo: A. Friend, CC BY 4.0",
    status: "published",
    publishedAt: PAST,
  },
};

/** The files' category the test's own sits under. */
const TOP_CATEGORY = { id: "top", name: { "zh-CN": "顶", "en-US": "Top" } };

/** Where a test's content files are read from. */
const folder = tempFolders("blog-kinds-");

type ServiceContext = Parameters<typeof createCategory>[0];

/** One item of each kind, every field set, created through the service as the API creates it. */
async function createEveryKind(ctx: ServiceContext, authorId: string) {
  const category = await createCategory(ctx, kinds.createCategorySchema.parse(inputs.category));
  const article = await articles.create(
    ctx,
    kinds.createArticleSchema.parse(inputs.article),
    authorId,
  );
  const note = await notes.create(ctx, kinds.createNoteSchema.parse(inputs.note), authorId);
  const book = await books.create(ctx, kinds.createBookSchema.parse(inputs.book), authorId);
  const chapter = await chapters.create(
    ctx,
    kinds.createChapterSchema.parse({ ...inputs.chapter, bookId: book.id }),
  );
  await ctx.db.insert(media).values(mediaRow);
  const album = await createAlbum(ctx, kinds.createAlbumSchema.parse(inputs.album));
  const photo = await photos.create(ctx, kinds.createPhotoSchema.parse(inputs.photo), authorId);
  return { category, article, note, book, chapter, album, photo };
}

describeEachDatabase("each kind agrees with itself from the API to the build", (database) => {
  /** An author in the (emptied) database. */
  async function author(): Promise<string> {
    const [row] = await database()
      .db.insert(users)
      .values({ email: "kinds@example.com", userName: "kinds" })
      .returning();
    if (!row) throw new Error("no author");
    return row.id;
  }

  it("answers, snapshots and collects every field of a row under its own name", async () => {
    const dir = folder({ "categories.json": JSON.stringify([TOP_CATEGORY]) });
    const ctx = { db: database().db, publisher: noPublisher, files: contentFiles(dir) };
    const { category, article, note, book, chapter, album, photo } = await createEveryKind(
      ctx,
      await author(),
    );

    // The API answers every field of the kind (as written, or its default), and no other.
    const answered = (shape: object) => keysOf({ ...shape, ...STORED });
    expect(keysOf(category)).toEqual(
      keysOf({ ...kinds.createCategorySchema.shape, ...categoryStored }),
    );
    expect(keysOf(article)).toEqual(answered(kinds.createArticleSchema.shape));
    expect(keysOf(note)).toEqual(answered(kinds.createNoteSchema.shape));
    expect(keysOf(book)).toEqual(answered(kinds.createBookSchema.shape));
    expect(keysOf(chapter)).toEqual(answered({ ...kinds.createChapterSchema.shape, book: 0 }));
    expect(category).toMatchObject(inputs.category);
    expect(article).toMatchObject(inputs.article);
    expect(note).toMatchObject(inputs.note);
    expect(book).toMatchObject(inputs.book);
    expect(chapter).toMatchObject(inputs.chapter);
    expect(keysOf(album)).toEqual(keysOf({ ...kinds.createAlbumSchema.shape, ...categoryStored }));
    expect(keysOf(photo)).toEqual(answered(kinds.createPhotoSchema.shape));
    expect(album).toMatchObject(inputs.album);
    expect(photo).toMatchObject(inputs.photo);

    // The snapshot carries what the API answers, but where it lives and its creation time,
    // and its file reads back as it was written.
    const snapshot = await takeSnapshot(database().db);
    const file = join(dir, "snapshot.json");
    writeSnapshotFile(file, snapshot);
    expect(readSnapshotFile(file)).toEqual(snapshot);
    expect(snapshot.categories).toEqual([omit(category, "updatedAt")]);
    expect(snapshot.articles).toEqual([omit(article)]);
    expect(snapshot.notes).toEqual([omit(note)]);
    expect(snapshot.books).toEqual([omit(book)]);
    // A chapter names its book and its parent by slug (files have no ids).
    expect(snapshot.chapters).toEqual([
      { ...omit(chapter, "bookId", "parentId"), book: book.slug, parent: null },
    ]);
    expect(snapshot.albums).toEqual([omit(album, "updatedAt")]);
    // A photo brings its library image's picture.
    const { width, height, color, placeholder, exif } = mediaRow;
    expect(snapshot.photos).toEqual([
      {
        ...omit(photo),
        picture: {
          width,
          height,
          color,
          placeholder,
          exif,
          variants: [{ ...mediaRow.variants[0], src: inputs.photo.image }],
        },
      },
    ]);

    // Each collection's schema takes the loader's entry and keeps every field: what the
    // snapshot carries but the row's id, slug and body, which make the entry's id and body.
    for (const kind of [
      "categories",
      "articles",
      "notes",
      "books",
      "chapters",
      "albums",
      "photos",
    ] as const) {
      const [entry] = entriesOf(kind, snapshot);
      const parsed = collections[kind].safeParse(entry?.data);
      expect(parsed.error, kind).toBeUndefined();
      expect(keysOf(parsed.data ?? {}), kind).toEqual(keysOf(entry?.data ?? {}));
    }
    const [articleEntry] = entriesOf("articles", snapshot);
    expect(articleEntry).toMatchObject({ id: article.slug, body: article.body });
    expect(collections.articles.parse(articleEntry?.data)).toEqual({
      ...omit(article, "id", "slug", "body"),
      publishedAt: new Date(PAST),
      updatedAt: new Date(article.updatedAt ?? ""),
    });
  });

  it("reads a file item with the same fields as a row", async () => {
    const files = contentFiles(
      folder({
        "categories.json": JSON.stringify([
          { id: "files", name: inputs.category.name },
          TOP_CATEGORY,
        ]),
        "articles/a.md": "---\ntitle: A\ncover: ./images/a.jpg\n---\n\nA.\n",
        "notes/n.md": "---\nimages: [{ src: ./n.jpg }]\n---\n\nN.\n",
        "books/b/index.md": "---\ntitle: B\n---\n",
        "books/b/c.md": "---\ntitle: C\nparent: p\n---\n\nC.\n",
        "albums.json": JSON.stringify([{ id: "files", name: inputs.album.name }]),
        "photos/p.md": "---\ntitle: { zh-CN: 湖, en-US: Lake }\nimage: ./files/p.jpg\n---\n",
      }),
    );
    const ctx = { db: database().db, publisher: noPublisher, files };
    const [fileArticle] = await files.articles();
    const [fileNote] = await files.notes();
    const [fileBook] = await files.books();
    const [fileChapter] = await files.chapters();
    const [fileCategory] = await files.categories();
    const [fileAlbum] = await files.albums();
    const [filePhoto] = await files.photos();
    // A file's own image paths are shown as written.
    expect(fileArticle?.cover).toBe("./images/a.jpg");
    expect(fileNote?.images).toEqual([{ src: "./n.jpg", alt: "" }]);
    expect(filePhoto?.image).toBe("./files/p.jpg");

    const rows = await createEveryKind(ctx, await author());
    const [category] = (await listCategoryPage(ctx, { page: 1, pageSize: 100 })).items.filter(
      (item) => item.source === "database",
    );
    const [album] = (await listAlbumPage(ctx, { page: 1, pageSize: 100 })).items.filter(
      (item) => item.source === "database",
    );
    const keys = (item: object | undefined) => Object.keys(item ?? {}).sort();
    expect(keys(fileArticle)).toEqual(keys(rows.article));
    expect(keys(fileNote)).toEqual(keys(rows.note));
    expect(keys(fileBook)).toEqual(keys(rows.book));
    expect(keys(fileChapter)).toEqual(keys(rows.chapter));
    expect(keys(fileCategory)).toEqual(keys(category));
    expect(keys(fileAlbum)).toEqual(keys(album));
    expect(keys(filePhoto)).toEqual(keys(rows.photo));
  });
});
