import { mkdirSync } from "node:fs";
import { writeFile } from "node:fs/promises";
import { join } from "node:path";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { tempFolders } from "../../../tests/support/test-folders.ts";
import { article, book, describeContentApi, note } from "./content.test-support.ts";
import { contentFiles } from "./files.ts";

const folder = tempFolders("blog-content-files-");

// Items written in content/: their slugs are taken, the API reads them but never changes them.

describeContentApi("content API: files beside rows", ({ api, created, published }) => {
  it("refuses a slug already used, in the database or by a file", async () => {
    await created("articles", article());
    const again = await api("POST", "/api/admin/articles", article());
    expect(again.status).toBe(409);
    expect(again.body.message).toBe("Slug hello-world is used by another article");
    const file = await api("POST", "/api/admin/articles", article({ slug: "static-first" }));
    expect(file.status).toBe(409);
    expect(file.body.message).toBe("Slug static-first is used by content/articles/static-first.md");
    const other = await created("articles", article({ slug: "other" }));
    const rename = await api("PUT", `/api/admin/articles/${other}`, { slug: "hello-world" });
    expect(rename.status).toBe(409);
    const same = await api("PUT", `/api/admin/articles/${other}`, { slug: "other" });
    expect(same.status).toBe(200);

    const fileNote = await api("POST", "/api/admin/notes", note({ slug: "2026-10-12-osmanthus" }));
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
});

describe("content files (no database)", () => {
  it("reads slugs named files in name order, skips other names and the book's index", async () => {
    const files = contentFiles(
      folder({
        "articles/b-post.mdx": "---\ntitle: B\n---\n\nB.\n",
        "articles/a-post.md": "---\ntitle: A\n---\n\nA.\n",
        "articles/Not A Slug.md": "---\ntitle: X\n---\n",
        "articles/notes.txt": "not Markdown",
        "notes/n1.md": "---\ntags: [x]\n---\n\nOne.\n",
        "notes/n2.mdx": "---\n---\n\nNot a note extension.\n",
        "books/tome/index.md": "---\ntitle: Tome\n---\n",
        "books/tome/one.md": "---\ntitle: One\n---\n\nText.\n",
      }),
    );
    expect((await files.articles()).map((item) => [item.id, item.file, item.body])).toEqual([
      ["file:article:a-post", "content/articles/a-post.md", "A.\n"],
      ["file:article:b-post", "content/articles/b-post.mdx", "B.\n"],
    ]);
    expect((await files.notes()).map((item) => [item.slug, item.tags])).toEqual([["n1", ["x"]]]);
    expect((await files.books()).map((item) => item.file)).toEqual(["content/books/tome/index.md"]);
    expect((await files.chapters()).map((item) => [item.id, item.file])).toEqual([
      ["file:chapter:tome/one", "content/books/tome/one.md"],
    ]);
  });

  it("takes a photo's time taken from its image's EXIF when the frontmatter has none", async () => {
    const dir = folder({
      "photos/dated.md": "---\ntitle: { zh-CN: 甲, en-US: A }\nimage: ./files/dated.jpg\n---\n",
      "photos/written.md":
        "---\ntitle: { zh-CN: 乙, en-US: B }\nimage: ./files/dated.jpg\ntakenAt: 2020-01-02T03:04\n---\n",
      "photos/missing.md": "---\ntitle: { zh-CN: 丙, en-US: C }\nimage: ./files/gone.jpg\n---\n",
    });
    mkdirSync(join(dir, "photos", "files"), { recursive: true });
    await writeFile(
      join(dir, "photos", "files", "dated.jpg"),
      await sharp({ create: { width: 8, height: 8, channels: 3, background: "#000" } })
        .jpeg()
        .withExif({ IFD2: { DateTimeOriginal: "2024:05:01 10:20:30" } })
        .toBuffer(),
    );
    const photos = await contentFiles(dir).photos();
    expect(photos.map((p) => [p.slug, p.takenAt])).toEqual([
      ["dated", "2024-05-01T10:20:30"],
      ["missing", null],
      ["written", "2020-01-02T03:04"],
    ]);
  });

  it("finds a file item's image beside it, never outside the content folder", () => {
    const dir = folder({});
    const files = contentFiles(dir);
    expect(files.imagePath("content/photos/a.md", "./files/a.jpg")).toBe(
      join(dir, "photos", "files", "a.jpg"),
    );
    expect(files.imagePath("content/banners.json", "./photos/files/b.jpg")).toBe(
      join(dir, "photos", "files", "b.jpg"),
    );
    for (const [file, image] of [
      ["content/photos/a.md", "./../../../etc/passwd"],
      ["content/banners.json", "./.."],
      ["content/photos/a.md", "/etc/passwd"],
      ["content/photos/a.md", "https://example.com/a.jpg"],
      ["content/photos/a.md", "/api/media/m-00000000-0000-4000-8000-000000000000-400.webp"],
      ["elsewhere/a.md", "./a.jpg"],
    ] as const) {
      expect(files.imagePath(file, image), `${file} ${image}`).toBeNull();
    }
  });
});
