import { expect, it } from "vitest";
import { article, book, describeContentApi, note, PAST } from "./content.test-support.ts";

// The back office's lists: rows and files merged, paged, filtered and searched.

describeContentApi("content API: lists", ({ api, created }) => {
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

  it("sorts by the latest change or by title, and finds an item by its slug", async () => {
    await created(
      "articles",
      article({ slug: "zebra-notes", title: "apple pie", status: "published", publishedAt: PAST }),
    );
    await created("articles", article({ slug: "a-draft", title: "Zucchini" }));
    const slugs = async (path: string) =>
      (await api("GET", path)).body.data.items.map((item: { slug: string }) => item.slug);

    // By title, case left out, rows and files interleaved: apple, Static, Zucchini, 沿河.
    expect(await slugs("/api/admin/articles?sort=title")).toEqual([
      "zebra-notes",
      "static-first",
      "a-draft",
      "river-walk-zh",
    ]);
    // The latest change first: the two rows just made (newest first), then the files by their
    // updatedAt (static-first says 2026-02-10; the other has none).
    const updated = await slugs("/api/admin/articles?sort=updated");
    expect(updated.slice(0, 2)).toEqual(["a-draft", "zebra-notes"]);
    expect(updated.slice(2)).toEqual(["static-first", "river-walk-zh"]);
    // The second page of a sorted list continues the same order.
    expect(await slugs("/api/admin/articles?sort=title&pageSize=2&page=2")).toEqual([
      "a-draft",
      "river-walk-zh",
    ]);
    expect((await api("GET", "/api/admin/articles?sort=size")).status).toBe(400);

    // A slug matches: a row's, a file's, a note's and a book's.
    expect(await slugs("/api/admin/articles?q=zebra")).toEqual(["zebra-notes"]);
    expect(await slugs("/api/admin/articles?q=river-walk")).toEqual(["river-walk-zh"]);
    await created("notes", note({ slug: "kettle-whistle" }));
    expect(await slugs("/api/admin/notes?q=KETTLE")).toEqual(["kettle-whistle"]);
    expect(await slugs("/api/admin/notes?q=osmanthus")).toEqual(["2026-10-12-osmanthus"]);
    expect(await slugs("/api/admin/books?q=quiet-page&sort=title")).toEqual(["quiet-page"]);
  });

  it("counts items by status, category or album, and tag, rows and files together", async () => {
    await created(
      "articles",
      article({ slug: "one", category: "life", tags: ["散步", "x"], status: "published" }),
    );
    await created("articles", article({ slug: "two", category: "engineering", tags: ["x"] }));
    const counts = await api("GET", "/api/admin/articles/counts");
    expect(counts.status).toBe(200);
    expect(counts.body.data).toEqual({
      total: 4,
      statuses: { draft: 1, scheduled: 0, published: 3 },
      groups: { engineering: 2, life: 2 },
      tags: { html: 1, performance: 1, 散步: 2, x: 2 },
    });
    const notes = await api("GET", "/api/admin/notes/counts");
    expect(notes.body.data).toMatchObject({ total: 1, tags: { 散步: 1 } });
    const photos = await api("GET", "/api/admin/photos/counts");
    expect(photos.body.data.groups).toMatchObject({ travel: 1 });
    expect(photos.body.data.tags).toMatchObject({ lake: 1, mist: 1 });
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
});
