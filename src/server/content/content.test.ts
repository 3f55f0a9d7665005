import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createTestDatabase, engines, type TestDatabase } from "../db/test-db.ts";
import { type App, createApp } from "../http/app.ts";
import { outboxMailer } from "../mail/mailer.ts";
import { localStorage } from "../storage/storage.ts";
import { callJson, userWithSession } from "../test-support.ts";
import { contentFiles } from "./files.ts";
import type { Publisher } from "./publisher.ts";

// --- A content/ folder of our own --------------------------------------------------------------

const contentDir = mkdtempSync(join(tmpdir(), "blog-content-"));
const uploads = mkdtempSync(join(tmpdir(), "blog-uploads-"));

function write(path: string, text: string): void {
  const full = join(contentDir, path);
  mkdirSync(dirname(full), { recursive: true });
  writeFileSync(full, text);
}

write(
  "categories.json",
  JSON.stringify([
    { id: "engineering", name: { "zh-CN": "工程", "en-US": "Engineering" }, order: 1 },
    { id: "life", name: { "zh-CN": "生活", "en-US": "Life" }, order: 4 },
  ]),
);
write(
  "articles/static-first.md",
  `---
title: "Static first"
summary: "Build every page ahead of time."
lang: en-US
category: engineering
tags: [html, performance]
status: published
publishedAt: 2025-03-18
updatedAt: 2026-02-10
pinned: true
---

Most of what a blog serves is settled long before a reader shows up.
`,
);
write(
  "articles/river-walk-zh.md",
  `---
title: 沿河散步
summary: 傍晚的河边。
lang: zh-CN
category: life
tags: [散步]
publishedAt: 2025-06-01
---

河水很慢。
`,
);
write(
  "notes/2026-10-12-osmanthus.md",
  `---
lang: zh-CN
publishedAt: 2026-10-12T07:45:00+08:00
tags: [散步]
status: published
---

早上出门，楼下的桂花开了。
`,
);
write(
  "books/quiet-page/index.md",
  `---
title: The Quiet Page
description: A small handbook on quiet web pages.
lang: en-US
order: 1
status: published
publishedAt: 2026-04-20
---

Intro.
`,
);
write("books/quiet-page/start.md", "---\ntitle: Start with HTML\norder: 1\n---\n\nStart.\n");
write("books/quiet-page/fonts.md", "---\ntitle: Fonts\norder: 2\nparent: weight\n---\n\nFonts.\n");
write("books/quiet-page/weight.md", "---\ntitle: Page weight\norder: 2\n---\n\nWeight.\n");
process.env.CONTENT_DIR = contentDir;

afterAll(() => {
  rmSync(contentDir, { recursive: true, force: true });
  rmSync(uploads, { recursive: true, force: true });
});

// --- Helpers -----------------------------------------------------------------------------------

const FUTURE = () => new Date(Date.now() + 86_400_000).toISOString();
const PAST = "2024-01-02T03:04:05.000Z";

const article = (overrides: Record<string, unknown> = {}) => ({
  slug: "hello-world",
  lang: "en-US",
  title: "Hello, world",
  summary: "A first article.",
  body: "# Hello\n\nSome **Markdown**.",
  category: "engineering",
  tags: ["intro"],
  ...overrides,
});
const note = (overrides: Record<string, unknown> = {}) => ({
  slug: "a-note",
  lang: "zh-CN",
  body: "一条笔记。",
  ...overrides,
});
const book = (overrides: Record<string, unknown> = {}) => ({
  slug: "a-book",
  lang: "en-US",
  title: "A Book",
  description: "About things.",
  ...overrides,
});

/** Every path of the content API, with a body where one is needed to reach the guard. */
const UUID = "00000000-0000-4000-8000-000000000000";
const ALL_PATHS: Array<[string, string]> = [
  ...["articles", "notes", "books", "chapters"].flatMap(
    (kind): Array<[string, string]> => [
      ["GET", `/api/admin/${kind}${kind === "chapters" ? "?book=x" : ""}`],
      ["GET", `/api/admin/${kind}/${UUID}`],
      ["POST", `/api/admin/${kind}`],
      ["PUT", `/api/admin/${kind}/${UUID}`],
      ["DELETE", `/api/admin/${kind}/${UUID}`],
      ["POST", `/api/admin/${kind}/${UUID}/publish`],
      ["POST", `/api/admin/${kind}/${UUID}/unpublish`],
    ],
  ),
  ["GET", "/api/admin/categories"],
  ["POST", "/api/admin/categories"],
  ["PUT", "/api/admin/categories/life"],
  ["DELETE", "/api/admin/categories/life"],
];

for (const engine of engines) {
  describe(`content API [${engine}]`, () => {
    let database: TestDatabase;
    let app: App;
    const published: string[] = [];
    const publisher: Publisher = { contentChanged: (reason) => published.push(reason) };
    let admin = "";
    let reader = "";

    beforeAll(async () => {
      database = await createTestDatabase(engine);
      app = createApp({
        db: database.db,
        mailer: outboxMailer(database.db, () => {}),
        storage: localStorage(uploads),
        publisher,
      });
    }, 60_000);
    beforeEach(async () => {
      await database.reset();
      published.length = 0;
      admin = (await userWithSession(database.db, { role: "admin" })).token;
      reader = (await userWithSession(database.db)).token;
    });
    afterAll(async () => {
      await database.close();
    });

    const api = (method: string, path: string, body?: unknown, token: string | null = admin) =>
      callJson(app, method, path, {
        token: token ?? undefined,
        ...(body === undefined ? {} : { body }),
      });

    async function created(kind: string, body: unknown): Promise<string> {
      const res = await api("POST", `/api/admin/${kind}`, body);
      expect(res.body.message, JSON.stringify(res.body)).toBe("Created");
      return res.body.data.id ?? res.body.data.slug;
    }

    // --- Authorization ----------------------------------------------------------------------

    it("answers 401 to anonymous callers and 403 to readers on every path", async () => {
      for (const [method, path] of ALL_PATHS) {
        const body = method === "GET" || method === "DELETE" ? undefined : {};
        const anonymous = await api(method, path, body, null);
        expect(anonymous.status, `${method} ${path}`).toBe(401);
        expect(anonymous.body).toMatchObject({ code: 401, message: "Please log in" });
        const forbidden = await api(method, path, body, reader);
        expect(forbidden.status, `${method} ${path}`).toBe(403);
      }
    });

    it("lets an admin through on every path (no 401 or 403)", async () => {
      for (const [method, path] of ALL_PATHS) {
        const body = method === "GET" || method === "DELETE" ? undefined : {};
        const res = await api(method, path, body);
        expect([401, 403], `${method} ${path}`).not.toContain(res.status);
        expect(res.status, `${method} ${path}`).toBeLessThan(500);
      }
    });

    // --- Validation -------------------------------------------------------------------------

    it("rejects bad bodies with 400 naming the field", async () => {
      const cases: Array<[string, unknown, string]> = [
        ["articles", article({ slug: "Bad Slug" }), "slug"],
        ["articles", article({ slug: "a".repeat(81) }), "slug"],
        ["articles", article({ cover: "javascript:alert(1)" }), "cover"],
        ["articles", article({ cover: "data:image/png;base64,AAAA" }), "cover"],
        ["articles", article({ cover: "//evil.example/a.png" }), "cover"],
        ["articles", article({ cover: "http://example.com/a.png" }), "cover"],
        ["articles", article({ title: "t".repeat(121) }), "title"],
        ["articles", article({ summary: "" }), "summary"],
        ["articles", article({ lang: "fr-FR" }), "lang"],
        ["articles", article({ tags: Array(11).fill("t") }), "tags"],
        ["articles", article({ tags: ["x".repeat(31)] }), "tags.0"],
        ["articles", article({ status: "scheduled" }), "publishedAt"],
        ["articles", article({ status: "scheduled", publishedAt: PAST }), "publishedAt"],
        ["articles", article({ status: "published", publishedAt: FUTURE() }), "publishedAt"],
        ["articles", article({ body: "x".repeat(200_001) }), "body"],
        ["articles", article({ admin: true }), "(body)"],
        ["notes", note({ images: [{ src: "javascript:alert(1)", alt: "" }] }), "images.0.src"],
        ["notes", note({ body: "  " }), "body"],
        ["books", book({ description: "d".repeat(401) }), "description"],
        ["chapters", { slug: "one", title: "One" }, "bookId"],
        ["categories", { slug: "x", name: { "zh-CN": "", "en-US": "X" } }, "name.zh-CN"],
        [
          "categories",
          { slug: "x", name: { "zh-CN": "x", "en-US": "y".repeat(41) } },
          "name.en-US",
        ],
      ];
      for (const [kind, body, field] of cases) {
        const res = await api("POST", `/api/admin/${kind}`, body);
        expect(res.status, `${kind} ${field}`).toBe(400);
        expect(res.body.data.issues[0].field, `${kind} ${field}`).toBe(field);
        if (field !== "(body)") expect(res.body.message).toContain(field);
      }
      const update = await api("PUT", `/api/admin/articles/${UUID}`, {});
      expect(update.status).toBe(400);
      const badId = await api("GET", "/api/admin/articles/not-an-id");
      expect(badId.status).toBe(400);
    });

    it("accepts https and site-path images", async () => {
      await created("articles", article({ cover: "https://images.example.com/a.png" }));
      await created("articles", article({ slug: "two", cover: "/uploads/a.png" }));
      await created("notes", note({ images: [{ src: "/uploads/b.png", alt: "b" }] }));
    });

    it("refuses an article in an unknown category, naming it", async () => {
      const res = await api("POST", "/api/admin/articles", article({ category: "cooking" }));
      expect(res.status).toBe(400);
      expect(res.body.message).toContain("cooking");
      expect(res.body.message).toContain("category");
    });

    // --- CRUD -------------------------------------------------------------------------------

    it("creates, reads, updates and deletes an article", async () => {
      const id = await created("articles", article());
      const got = await api("GET", `/api/admin/articles/${id}`);
      expect(got.body.data).toMatchObject({
        id,
        slug: "hello-world",
        body: "# Hello\n\nSome **Markdown**.",
        status: "draft",
        publishedAt: null,
        cover: "",
        translationKey: null,
        pinned: false,
        source: "database",
        readOnly: false,
        file: null,
      });
      const put = await api("PUT", `/api/admin/articles/${id}`, {
        title: "Hello again",
        tags: ["a", "a", "b"],
        translationKey: "hello",
      });
      expect(put.status).toBe(200);
      expect(put.body.data).toMatchObject({
        title: "Hello again",
        summary: "A first article.",
        tags: ["a", "b"],
        translationKey: "hello",
      });
      expect(published).toEqual([]); // a draft's changes do not reach the site
      const del = await api("DELETE", `/api/admin/articles/${id}`);
      expect(del.body.data).toEqual({ id });
      expect((await api("GET", `/api/admin/articles/${id}`)).status).toBe(404);
      expect((await api("DELETE", `/api/admin/articles/${id}`)).status).toBe(404);
      expect((await api("PUT", `/api/admin/articles/${id}`, { title: "x" })).status).toBe(404);
    });

    it("creates, reads, updates and deletes a note", async () => {
      const id = await created("notes", note({ tags: ["散步"], status: "published" }));
      expect(published).toEqual(["note a-note published"]);
      const got = await api("GET", `/api/admin/notes/${id}`);
      expect(got.body.data).toMatchObject({ body: "一条笔记。", status: "published", images: [] });
      expect(Date.parse(got.body.data.publishedAt)).toBeGreaterThan(Date.now() - 60_000);
      const put = await api("PUT", `/api/admin/notes/${id}`, { body: "改过了。" });
      expect(put.body.data.body).toBe("改过了。");
      expect(published).toHaveLength(2); // a published item edited
      expect((await api("DELETE", `/api/admin/notes/${id}`)).status).toBe(200);
      expect(published).toHaveLength(3);
      expect((await api("GET", `/api/admin/notes/${id}`)).status).toBe(404);
    });

    it("creates, reads, updates and deletes a book with its chapters", async () => {
      const id = await created("books", book());
      const got = await api("GET", `/api/admin/books/${id}`);
      expect(got.body.data).toMatchObject({ slug: "a-book", order: 0, status: "draft" });
      const put = await api("PUT", `/api/admin/books/${id}`, { order: 3, cover: "/c.png" });
      expect(put.body.data).toMatchObject({ order: 3, cover: "/c.png", title: "A Book" });
      const one = await created("chapters", { bookId: id, slug: "one", title: "One" });
      await created("chapters", { bookId: id, slug: "one-a", title: "One A", parentId: one });
      expect((await api("DELETE", `/api/admin/books/${id}`)).status).toBe(200);
      expect((await api("GET", `/api/admin/books/${id}`)).status).toBe(404);
      expect((await api("GET", `/api/admin/chapters/${one}`)).status).toBe(404);
    });

    it("creates, reads, updates and deletes a chapter", async () => {
      const bookId = await created("books", book());
      const id = await created("chapters", { bookId, slug: "one", title: "One", body: "Text" });
      const got = await api("GET", `/api/admin/chapters/${id}`);
      expect(got.body.data).toMatchObject({
        bookId,
        book: "a-book",
        slug: "one",
        parentId: null,
        order: 0,
        body: "Text",
        status: "draft",
        readOnly: false,
      });
      const put = await api("PUT", `/api/admin/chapters/${id}`, { title: "First", order: 2 });
      expect(put.body.data).toMatchObject({ title: "First", order: 2, slug: "one" });
      expect((await api("DELETE", `/api/admin/chapters/${id}`)).status).toBe(200);
      expect((await api("GET", `/api/admin/chapters/${id}`)).status).toBe(404);
      const orphan = await api("POST", "/api/admin/chapters", {
        bookId: UUID,
        slug: "x",
        title: "X",
      });
      expect(orphan.status).toBe(400);
      expect(orphan.body.message).toContain("bookId");
    });

    it("creates, lists, updates and deletes a category", async () => {
      const body = { slug: "cooking", name: { "zh-CN": "烹饪", "en-US": "Cooking" }, order: 2 };
      expect(await created("categories", body)).toBe("cooking");
      expect(published).toEqual(["category cooking added"]);
      const list = await api("GET", "/api/admin/categories");
      expect(list.body.data.items.map((c: { slug: string }) => c.slug)).toEqual([
        "engineering",
        "cooking",
        "life",
      ]);
      expect(list.body.data.items[1]).toMatchObject({ source: "database", readOnly: false });
      expect(list.body.data.items[0]).toMatchObject({
        source: "file",
        readOnly: true,
        file: "content/categories.json",
        name: { "zh-CN": "工程", "en-US": "Engineering" },
      });
      const put = await api("PUT", "/api/admin/categories/cooking", {
        name: { "zh-CN": "做饭", "en-US": "Cooking" },
      });
      expect(put.body.data).toMatchObject({ name: { "zh-CN": "做饭" }, order: 2 });
      expect((await api("POST", "/api/admin/categories", body)).status).toBe(409);
      // An article may now use it.
      await created("articles", article({ category: "cooking" }));
      const inUse = await api("DELETE", "/api/admin/categories/cooking");
      expect(inUse.status).toBe(409);
      expect(inUse.body.message).toContain("hello-world");
      await api("PUT", `/api/admin/articles/${await firstArticleId()}`, { category: "life" });
      expect((await api("DELETE", "/api/admin/categories/cooking")).status).toBe(200);
      expect(published.at(-1)).toBe("category cooking deleted");
      expect((await api("DELETE", "/api/admin/categories/cooking")).status).toBe(404);
      expect((await api("PUT", "/api/admin/categories/nope", { order: 1 })).status).toBe(404);
    });

    async function firstArticleId(): Promise<string> {
      const list = await api("GET", "/api/admin/articles?pageSize=100");
      return list.body.data.items.find((a: { source: string }) => a.source === "database").id;
    }

    // --- Slugs and files --------------------------------------------------------------------

    it("refuses a slug already used, in the database or by a file", async () => {
      await created("articles", article());
      const again = await api("POST", "/api/admin/articles", article());
      expect(again.status).toBe(409);
      expect(again.body.message).toBe("Slug hello-world is used by another article");
      const file = await api("POST", "/api/admin/articles", article({ slug: "static-first" }));
      expect(file.status).toBe(409);
      expect(file.body.message).toBe(
        "Slug static-first is used by content/articles/static-first.md",
      );
      const other = await created("articles", article({ slug: "other" }));
      const rename = await api("PUT", `/api/admin/articles/${other}`, { slug: "hello-world" });
      expect(rename.status).toBe(409);
      const same = await api("PUT", `/api/admin/articles/${other}`, { slug: "other" });
      expect(same.status).toBe(200);

      const fileNote = await api(
        "POST",
        "/api/admin/notes",
        note({ slug: "2026-10-12-osmanthus" }),
      );
      expect(fileNote.status).toBe(409);
      expect(fileNote.body.message).toContain("content/notes/2026-10-12-osmanthus.md");
      const fileBook = await api("POST", "/api/admin/books", book({ slug: "quiet-page" }));
      expect(fileBook.status).toBe(409);
      expect(fileBook.body.message).toContain("content/books/quiet-page/index.md");
      const fileCategory = await api("POST", "/api/admin/categories", {
        slug: "life",
        name: { "zh-CN": "生活", "en-US": "Life" },
      });
      expect(fileCategory.status).toBe(409);
      expect(fileCategory.body.message).toContain("content/categories.json");

      const bookId = await created("books", book());
      await created("chapters", { bookId, slug: "one", title: "One" });
      const chapter = await api("POST", "/api/admin/chapters", { bookId, slug: "one", title: "1" });
      expect(chapter.status).toBe(409);
      expect(chapter.body.message).toContain("one");
    });

    it("lists file items read-only, reads them by id and refuses to change them", async () => {
      const list = await api("GET", "/api/admin/articles");
      const item = list.body.data.items.find((a: { slug: string }) => a.slug === "static-first");
      expect(item).toMatchObject({
        id: "file:article:static-first",
        source: "file",
        readOnly: true,
        file: "content/articles/static-first.md",
        status: "published",
        publishedAt: "2025-03-18T00:00:00.000Z",
        updatedAt: "2026-02-10T00:00:00.000Z",
        pinned: true,
        tags: ["html", "performance"],
        excerpt: "Most of what a blog serves is settled long before a reader shows up.",
      });
      expect(item).not.toHaveProperty("body");
      const zh = list.body.data.items.find((a: { slug: string }) => a.slug === "river-walk-zh");
      expect(zh.status).toBe("published"); // files default to published

      const got = await api("GET", "/api/admin/articles/file:article:static-first");
      expect(got.body.data.body).toBe(
        "Most of what a blog serves is settled long before a reader shows up.\n",
      );
      expect((await api("GET", "/api/admin/articles/file:article:nope")).status).toBe(404);
      expect((await api("GET", "/api/admin/notes/file:article:static-first")).status).toBe(404);

      const changes: Array<[string, string, unknown]> = [
        ["PUT", "/api/admin/articles/file:article:static-first", { title: "x" }],
        ["DELETE", "/api/admin/articles/file:article:static-first", undefined],
        ["POST", "/api/admin/articles/file:article:static-first/publish", {}],
        ["POST", "/api/admin/articles/file:article:static-first/unpublish", undefined],
        ["PUT", "/api/admin/notes/file:note:2026-10-12-osmanthus", { body: "x" }],
        ["DELETE", "/api/admin/books/file:book:quiet-page", undefined],
        ["POST", "/api/admin/chapters/file:chapter:quiet-page%2Ffonts/unpublish", undefined],
        ["PUT", "/api/admin/categories/life", { order: 9 }],
        ["DELETE", "/api/admin/categories/engineering", undefined],
      ];
      for (const [method, path, body] of changes) {
        const res = await api(method, path, body);
        expect(res.status, `${method} ${path}`).toBe(409);
        expect(res.body.message).toContain("can only be changed there");
      }
      expect((await api("DELETE", "/api/admin/articles/file:article:nope")).status).toBe(404);
      expect(published).toEqual([]);

      const chapter = await api("GET", "/api/admin/chapters/file:chapter:quiet-page%2Ffonts");
      expect(chapter.body.data).toMatchObject({
        id: "file:chapter:quiet-page/fonts",
        bookId: "file:book:quiet-page",
        book: "quiet-page",
        parentId: "file:chapter:quiet-page/weight",
        title: "Fonts",
        status: "published",
        file: "content/books/quiet-page/fonts.md",
      });
      const fileBook = await api("GET", "/api/admin/books/file:book:quiet-page");
      expect(fileBook.body.data).toMatchObject({ title: "The Quiet Page", readOnly: true });
      const notes = await api("GET", "/api/admin/notes");
      expect(notes.body.data.items[0]).toMatchObject({
        id: "file:note:2026-10-12-osmanthus",
        publishedAt: "2026-10-11T23:45:00.000Z",
        excerpt: "早上出门，楼下的桂花开了。",
      });
    });

    // --- Publishing -------------------------------------------------------------------------

    it("publishes now, keeps an earlier time, schedules, unpublishes, and tells the publisher", async () => {
      const id = await created("articles", article());
      expect(published).toEqual([]);

      const now = await api("POST", `/api/admin/articles/${id}/publish`, {});
      expect(now.body).toMatchObject({ message: "Published", data: { status: "published" } });
      const first = now.body.data.publishedAt;
      expect(Math.abs(Date.parse(first) - Date.now())).toBeLessThan(60_000);
      expect(published).toEqual(["article hello-world published"]);

      const off = await api("POST", `/api/admin/articles/${id}/unpublish`);
      expect(off.body.data).toMatchObject({ status: "draft", publishedAt: first });
      expect(published).toHaveLength(2);

      // Published again: the earlier time stays.
      const again = await api("POST", `/api/admin/articles/${id}/publish`);
      expect(again.body.data).toMatchObject({ status: "published", publishedAt: first });

      const at = FUTURE();
      const later = await api("POST", `/api/admin/articles/${id}/publish`, { at });
      expect(later.body).toMatchObject({
        message: "Scheduled",
        data: { status: "scheduled", publishedAt: new Date(at).toISOString() },
      });
      const backdated = await api("POST", `/api/admin/articles/${id}/publish`, { at: PAST });
      expect(backdated.body.data).toMatchObject({ status: "published", publishedAt: PAST });
      expect(published).toHaveLength(5);

      // Editing a published item reaches the site; unpublishing a draft does not.
      await api("PUT", `/api/admin/articles/${id}`, { title: "Edited" });
      expect(published.at(-1)).toBe("article hello-world edited");
      await api("POST", `/api/admin/articles/${id}/unpublish`);
      const count = published.length;
      await api("POST", `/api/admin/articles/${id}/unpublish`);
      expect(published).toHaveLength(count);

      const badAt = await api("POST", `/api/admin/articles/${id}/publish`, { at: "tomorrow" });
      expect(badAt.status).toBe(400);
      expect(badAt.body.message).toContain("at");
      expect((await api("POST", `/api/admin/articles/${UUID}/publish`, {})).status).toBe(404);
    });

    it("checks the time rule on updates that name a status or a time", async () => {
      const id = await created("notes", note());
      const scheduled = await api("PUT", `/api/admin/notes/${id}`, { status: "scheduled" });
      expect(scheduled.status).toBe(400);
      expect(scheduled.body.message).toContain("publishedAt");
      const at = FUTURE();
      const ok = await api("PUT", `/api/admin/notes/${id}`, {
        status: "scheduled",
        publishedAt: at,
      });
      expect(ok.body.data).toMatchObject({ status: "scheduled" });
      expect(published).toEqual(["note a-note edited"]);
      const bad = await api("PUT", `/api/admin/notes/${id}`, { publishedAt: PAST });
      expect(bad.status).toBe(400);
      const created2 = await api(
        "POST",
        "/api/admin/books",
        book({ status: "scheduled", publishedAt: at }),
      );
      expect(created2.body.data).toMatchObject({ status: "scheduled" });
      expect(published.at(-1)).toBe("book a-book scheduled");
    });

    it("publishes books and chapters; chapters cannot be scheduled", async () => {
      const bookId = await created("books", book());
      const chapter = await created("chapters", { bookId, slug: "one", title: "One" });
      const chapterOn = await api("POST", `/api/admin/chapters/${chapter}/publish`, {});
      expect(chapterOn.body.data.status).toBe("published");
      expect(published).toEqual([]); // the book is still a draft
      const bookOn = await api("POST", `/api/admin/books/${bookId}/publish`, {});
      expect(bookOn.body.data.status).toBe("published");
      expect(published).toEqual(["book a-book published"]);
      const scheduled = await api("POST", `/api/admin/chapters/${chapter}/publish`, {
        at: FUTURE(),
      });
      expect(scheduled.status).toBe(400);
      const off = await api("POST", `/api/admin/chapters/${chapter}/unpublish`);
      expect(off.body.data.status).toBe("draft");
      expect(published.at(-1)).toBe("chapter a-book/one unpublished");
      const bookOff = await api("POST", `/api/admin/books/${bookId}/unpublish`);
      expect(bookOff.body.data.status).toBe("draft");
      expect(published.at(-1)).toBe("book a-book unpublished");
    });

    // --- Lists ------------------------------------------------------------------------------

    it("pages, filters and searches the merged list newest first, drafts first", async () => {
      await created("articles", article({ slug: "draft-one", title: "Draft one" }));
      await created(
        "articles",
        article({ slug: "old", title: "Old", status: "published", publishedAt: PAST }),
      );
      await created(
        "articles",
        article({
          slug: "newer",
          title: "Newer",
          lang: "zh-CN",
          category: "life",
          tags: ["散步"],
          body: "needle in a haystack",
          status: "published",
          publishedAt: "2025-05-01T00:00:00.000Z",
        }),
      );
      const slugs = (res: { body: { data: { items: Array<{ slug: string }> } } }) =>
        res.body.data.items.map((item) => item.slug);

      const all = await api("GET", "/api/admin/articles");
      expect(all.body.data).toMatchObject({ total: 5, page: 1, pageSize: 20 });
      expect(slugs(all)).toEqual(["draft-one", "river-walk-zh", "newer", "static-first", "old"]);

      const page2 = await api("GET", "/api/admin/articles?page=2&pageSize=2");
      expect(slugs(page2)).toEqual(["newer", "static-first"]);
      expect(page2.body.data).toMatchObject({ total: 5, page: 2, pageSize: 2 });
      const page3 = await api("GET", "/api/admin/articles?page=3&pageSize=2");
      expect(slugs(page3)).toEqual(["old"]);

      expect(slugs(await api("GET", "/api/admin/articles?lang=zh-CN"))).toEqual([
        "river-walk-zh",
        "newer",
      ]);
      expect(slugs(await api("GET", "/api/admin/articles?status=draft"))).toEqual(["draft-one"]);
      expect(slugs(await api("GET", "/api/admin/articles?category=life&tag=散步"))).toEqual([
        "river-walk-zh",
        "newer",
      ]);
      expect(slugs(await api("GET", "/api/admin/articles?tag=html"))).toEqual(["static-first"]);
      expect(slugs(await api("GET", "/api/admin/articles?q=NEEDLE"))).toEqual(["newer"]);
      expect(slugs(await api("GET", "/api/admin/articles?q=ahead%20of"))).toEqual(["static-first"]);
      expect(slugs(await api("GET", "/api/admin/articles?q=100%25"))).toEqual([]);
      const q = await api("GET", "/api/admin/articles?q=draft&status=");
      expect(q.body.data.total).toBe(1);

      expect((await api("GET", "/api/admin/articles?pageSize=101")).status).toBe(400);
      expect((await api("GET", "/api/admin/articles?status=gone")).status).toBe(400);

      await created("notes", note({ tags: ["x"] }));
      const notes = await api("GET", "/api/admin/notes?tag=x");
      expect(slugs(notes)).toEqual(["a-note"]);
      expect(notes.body.data.items[0].excerpt).toBe("一条笔记。");
      expect(slugs(await api("GET", "/api/admin/notes?q=桂花"))).toEqual(["2026-10-12-osmanthus"]);

      await created("books", book({ lang: "zh-CN" }));
      expect(slugs(await api("GET", "/api/admin/books?lang=en-US"))).toEqual(["quiet-page"]);
      expect(slugs(await api("GET", "/api/admin/books?status=draft"))).toEqual(["a-book"]);
      expect(slugs(await api("GET", "/api/admin/books?q=handbook"))).toEqual(["quiet-page"]);
    });

    it("lists a book's chapters in reading order, by id, file id or slug", async () => {
      const fileList = await api("GET", "/api/admin/chapters?book=file:book:quiet-page");
      expect(fileList.body.data.items.map((c: { slug: string }) => c.slug)).toEqual([
        "start",
        "weight",
        "fonts",
      ]);
      expect(fileList.body.data.items[0]).toMatchObject({ readOnly: true, excerpt: "Start." });
      const bySlug = await api("GET", "/api/admin/chapters?book=quiet-page&q=fonts");
      expect(bySlug.body.data.items.map((c: { slug: string }) => c.slug)).toEqual(["fonts"]);

      const bookId = await created("books", book());
      const b = await created("chapters", { bookId, slug: "b", title: "B", order: 2 });
      await created("chapters", { bookId, slug: "a", title: "A", order: 1 });
      await created("chapters", { bookId, slug: "b-2", title: "B2", order: 2, parentId: b });
      await created("chapters", { bookId, slug: "b-1", title: "B1", order: 1, parentId: b });
      const list = await api("GET", `/api/admin/chapters?book=${bookId}`);
      expect(list.body.data.items.map((c: { slug: string }) => c.slug)).toEqual([
        "a",
        "b",
        "b-1",
        "b-2",
      ]);
      const paged = await api("GET", "/api/admin/chapters?book=a-book&pageSize=2&page=2");
      expect(paged.body.data).toMatchObject({ total: 4, page: 2 });
      expect(paged.body.data.items.map((c: { slug: string }) => c.slug)).toEqual(["b-1", "b-2"]);

      expect((await api("GET", "/api/admin/chapters")).status).toBe(400);
      expect((await api("GET", "/api/admin/chapters?book=nope")).status).toBe(404);
    });

    // --- Chapter rules ----------------------------------------------------------------------

    it("keeps chapters in their book, two levels deep, and parents with children", async () => {
      const bookId = await created("books", book());
      const otherBook = await created("books", book({ slug: "other-book" }));
      const top = await created("chapters", { bookId, slug: "top", title: "Top" });
      const child = await created("chapters", { bookId, slug: "child", title: "C", parentId: top });
      const elsewhere = await created("chapters", { bookId: otherBook, slug: "e", title: "E" });

      const third = await api("POST", "/api/admin/chapters", {
        bookId,
        slug: "grandchild",
        title: "G",
        parentId: child,
      });
      expect(third.status).toBe(400);
      expect(third.body.message).toContain("parentId");
      const foreign = await api("POST", "/api/admin/chapters", {
        bookId,
        slug: "x",
        title: "X",
        parentId: elsewhere,
      });
      expect(foreign.status).toBe(400);
      expect(foreign.body.message).toContain("parentId");
      const missing = await api("POST", "/api/admin/chapters", {
        bookId,
        slug: "x",
        title: "X",
        parentId: UUID,
      });
      expect(missing.status).toBe(400);

      const self = await api("PUT", `/api/admin/chapters/${top}`, { parentId: top });
      expect(self.status).toBe(400);
      const second = await created("chapters", { bookId, slug: "second", title: "S" });
      const deepen = await api("PUT", `/api/admin/chapters/${top}`, { parentId: second });
      expect(deepen.status).toBe(400);
      expect(deepen.body.message).toContain("sub-chapters");
      const move = await api("PUT", `/api/admin/chapters/${child}`, { parentId: second });
      expect(move.body.data.parentId).toBe(second);

      const refuse = await api("DELETE", `/api/admin/chapters/${second}`);
      expect(refuse.status).toBe(409);
      expect(refuse.body.message).toContain("second");
      const lift = await api("PUT", `/api/admin/chapters/${child}`, { parentId: null });
      expect(lift.body.data.parentId).toBeNull();
      expect((await api("DELETE", `/api/admin/chapters/${second}`)).status).toBe(200);
      const strict = await api("PUT", `/api/admin/chapters/${child}`, { bookId: otherBook });
      expect(strict.status).toBe(400);
    });

    // --- Body size --------------------------------------------------------------------------

    it("takes the longest Chinese body (640 KB) and answers 413 above", async () => {
      const big = article({ body: "字".repeat(200_000) });
      expect((await api("POST", "/api/admin/articles", big)).status).toBe(200);
      const huge = await api("POST", "/api/admin/articles", {
        ...article({ slug: "huge" }),
        body: "x".repeat(660_000),
      });
      expect(huge.status).toBe(413);
      expect(huge.body).toMatchObject({ code: 413 });
      const noteBig = await api("POST", "/api/admin/notes", note({ body: "字".repeat(100_000) }));
      expect(noteBig.status).toBe(200);
      // Elsewhere the limit stays 16 KB.
      const category = await api("POST", "/api/admin/categories", {
        slug: "big",
        name: { "zh-CN": "x".repeat(20_000), "en-US": "x" },
      });
      expect(category.status).toBe(413);
    });
  });
}

// --- Reading content/ (no database) ---------------------------------------------------------------

describe("content files", () => {
  it("reads slugs named files in name order, skips other names and the book's index", async () => {
    const dir = mkdtempSync(join(tmpdir(), "blog-content-files-"));
    try {
      const put = (path: string, text: string) => {
        mkdirSync(dirname(join(dir, path)), { recursive: true });
        writeFileSync(join(dir, path), text);
      };
      put("articles/b-post.mdx", "---\ntitle: B\n---\n\nB.\n");
      put("articles/a-post.md", "---\ntitle: A\n---\n\nA.\n");
      put("articles/Not A Slug.md", "---\ntitle: X\n---\n");
      put("articles/notes.txt", "not Markdown");
      put("notes/n1.md", "---\ntags: [x]\n---\n\nOne.\n");
      put("notes/n2.mdx", "---\n---\n\nNot a note extension.\n");
      put("books/tome/index.md", "---\ntitle: Tome\n---\n");
      put("books/tome/one.md", "---\ntitle: One\n---\n\nText.\n");
      const files = contentFiles(dir);
      expect((await files.articles()).map((item) => [item.id, item.file, item.body])).toEqual([
        ["file:article:a-post", "content/articles/a-post.md", "A.\n"],
        ["file:article:b-post", "content/articles/b-post.mdx", "B.\n"],
      ]);
      expect((await files.notes()).map((item) => [item.slug, item.tags])).toEqual([["n1", ["x"]]]);
      expect((await files.books()).map((item) => item.file)).toEqual([
        "content/books/tome/index.md",
      ]);
      expect((await files.chapters()).map((item) => [item.id, item.file])).toEqual([
        ["file:chapter:tome/one", "content/books/tome/one.md"],
      ]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
