import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { getTableColumns } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { readSnapshotFile, writeSnapshotFile } from "../../lib/content-snapshot.ts";
import { entriesOf } from "../../lib/database-loader.ts";
import * as kinds from "../../shared/content.ts";
import {
  contentArticles,
  contentBooks,
  contentCategories,
  contentChapters,
  contentNotes,
  users,
} from "../db/schema.ts";
import { createTestDatabase, engines, type TestDatabase } from "../db/test-db.ts";
import { takeSnapshot } from "../site/snapshot.ts";
import { contentFiles } from "./files.ts";
import { noPublisher } from "./publisher.ts";
import * as content from "./service.ts";

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
};

const PAST = "2024-01-02T03:04:05.000Z";

/** Every field set, none to its default. */
const inputs = {
  category: { slug: "kinds", name: { "zh-CN": "种类", "en-US": "Kinds" }, order: 7 },
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
};

for (const engine of engines) {
  describe(`each kind agrees with itself from the API to the build [${engine}]`, () => {
    let database: TestDatabase;
    const dir = mkdtempSync(join(tmpdir(), "blog-kinds-"));
    beforeAll(async () => {
      database = await createTestDatabase(engine);
    }, 60_000);
    afterAll(async () => {
      await database.close();
      rmSync(dir, { recursive: true, force: true });
    });

    /** An empty database with an author. */
    async function fresh(): Promise<string> {
      await database.reset();
      const [author] = await database.db
        .insert(users)
        .values({ email: "kinds@example.com", userName: "kinds" })
        .returning();
      if (!author) throw new Error("no author");
      return author.id;
    }

    it("answers, snapshots and collects every field of a row under its own name", async () => {
      const authorId = await fresh();
      const ctx = { db: database.db, publisher: noPublisher, files: contentFiles(dir) };

      const category = await content.createCategory(
        ctx,
        kinds.createCategorySchema.parse(inputs.category),
      );
      const article = await content.articles.create(
        ctx,
        kinds.createArticleSchema.parse(inputs.article),
        authorId,
      );
      const note = await content.notes.create(
        ctx,
        kinds.createNoteSchema.parse(inputs.note),
        authorId,
      );
      const book = await content.books.create(
        ctx,
        kinds.createBookSchema.parse(inputs.book),
        authorId,
      );
      const chapter = await content.chapters.create(
        ctx,
        kinds.createChapterSchema.parse({ ...inputs.chapter, bookId: book.id }),
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

      // The snapshot carries what the API answers, but where it lives and its creation time,
      // and its file reads back as it was written.
      const snapshot = await takeSnapshot(database.db);
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

      // Each collection's schema takes the loader's entry and keeps every field: what the
      // snapshot carries but the row's id, slug and body, which make the entry's id and body.
      for (const kind of ["categories", "articles", "notes", "books", "chapters"] as const) {
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
      const authorId = await fresh();
      const put = (path: string, text: string) => {
        mkdirSync(dirname(join(dir, path)), { recursive: true });
        writeFileSync(join(dir, path), text);
      };
      put("categories.json", JSON.stringify([{ id: "files", name: inputs.category.name }]));
      put("articles/a.md", "---\ntitle: A\ncover: ./images/a.jpg\n---\n\nA.\n");
      put("notes/n.md", "---\nimages: [{ src: ./n.jpg }]\n---\n\nN.\n");
      put("books/b/index.md", "---\ntitle: B\n---\n");
      put("books/b/c.md", "---\ntitle: C\nparent: p\n---\n\nC.\n");
      const files = contentFiles(dir);
      const ctx = { db: database.db, publisher: noPublisher, files };
      const [fileArticle] = await files.articles();
      const [fileNote] = await files.notes();
      const [fileBook] = await files.books();
      const [fileChapter] = await files.chapters();
      const [fileCategory] = await files.categories();
      // A file's own image paths are shown as written.
      expect(fileArticle?.cover).toBe("./images/a.jpg");
      expect(fileNote?.images).toEqual([{ src: "./n.jpg", alt: "" }]);

      await content.createCategory(ctx, kinds.createCategorySchema.parse(inputs.category));
      const rows = {
        article: await content.articles.create(
          ctx,
          kinds.createArticleSchema.parse(inputs.article),
          authorId,
        ),
        note: await content.notes.create(ctx, kinds.createNoteSchema.parse(inputs.note), authorId),
        book: await content.books.create(ctx, kinds.createBookSchema.parse(inputs.book), authorId),
      };
      const chapter = await content.chapters.create(
        ctx,
        kinds.createChapterSchema.parse({ ...inputs.chapter, bookId: rows.book.id }),
      );
      const [category] = (
        await content.listCategoryPage(ctx, { page: 1, pageSize: 100 })
      ).items.filter((item) => item.source === "database");
      const keys = (item: object | undefined) => Object.keys(item ?? {}).sort();
      expect(keys(fileArticle)).toEqual(keys(rows.article));
      expect(keys(fileNote)).toEqual(keys(rows.note));
      expect(keys(fileBook)).toEqual(keys(rows.book));
      expect(keys(fileChapter)).toEqual(keys(chapter));
      expect(keys(fileCategory)).toEqual(keys(category));
    });
  });
}
