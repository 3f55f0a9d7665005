import { expect, it } from "vitest";
import { article, book, describeContentApi, note, UUID } from "./content.test-support.ts";

// Each kind created, read, updated and deleted; chapters kept in their book.

describeContentApi("content API: items", ({ api, created, published }) => {
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
    expect(published).toEqual(["notes.publish a-note"]);
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
    expect(published).toEqual(["categories.create cooking"]);
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
    expect(published.at(-1)).toBe("categories.delete cooking");
    expect((await api("DELETE", "/api/admin/categories/cooking")).status).toBe(404);
    expect((await api("PUT", "/api/admin/categories/nope", { order: 1 })).status).toBe(404);
  });

  it("keeps categories in a tree: a parent that is one, never a loop", async () => {
    const category = (slug: string, parent?: string | null) => ({
      slug,
      name: { "zh-CN": slug, "en-US": slug },
      ...(parent === undefined ? {} : { parent }),
    });
    // Under a category of the database or of content/categories.json.
    await created("categories", category("travel", "life"));
    await created("categories", category("japan", "travel"));
    const list = await api("GET", "/api/admin/categories");
    const parents = Object.fromEntries(
      list.body.data.items.map((c: { slug: string; parent: string | null }) => [c.slug, c.parent]),
    );
    expect(parents).toMatchObject({ travel: "life", japan: "travel", life: null });

    const unknown = await api("POST", "/api/admin/categories", category("food", "nowhere"));
    expect(unknown.status).toBe(400);
    expect(unknown.body.error?.issues?.[0]).toMatchObject({
      field: "parent",
      key: "bmsCategories.problems.parentUnknown",
    });
    for (const parent of ["travel", "japan"]) {
      const loop = await api("PUT", "/api/admin/categories/travel", { parent });
      expect(loop.status, parent).toBe(400);
      expect(loop.body.error?.issues?.[0]?.key).toBe("bmsCategories.problems.parentLoop");
    }
    // A category with another under it stays; moved to the top, its parent may go.
    const held = await api("DELETE", "/api/admin/categories/travel");
    expect(held.status).toBe(409);
    expect(held.body.error?.issues?.[0]).toMatchObject({
      key: "bmsCategories.inUseChild",
      values: { slug: "travel", child: "japan" },
    });
    const moved = await api("PUT", "/api/admin/categories/japan", { parent: null });
    expect(moved.body.data.parent).toBeNull();
    expect((await api("DELETE", "/api/admin/categories/travel")).status).toBe(200);
  });

  async function firstArticleId(): Promise<string> {
    const list = await api("GET", "/api/admin/articles?pageSize=100");
    return list.body.data.items.find((a: { source: string }) => a.source === "database").id;
  }
  // --- Chapter rules ----------------------------------------------------------------------

  it("keeps chapters in their book, two levels deep, and parents with children", async () => {
    const bookId = await created("books", book());
    const otherBook = await created("books", book({ slug: "other-book" }));
    const top = await created("chapters", { bookId, slug: "top", title: "Top" });
    const child = await created("chapters", { bookId, slug: "child", title: "C", parentId: top });
    const elsewhere = await created("chapters", { bookId: otherBook, slug: "e", title: "E" });

    // Under a sub-chapter (a third level), under another book's chapter, under none at all.
    for (const [parentId, named] of [
      [child, true],
      [elsewhere, true],
      [UUID, false],
    ] as const) {
      const res = await api("POST", "/api/admin/chapters", {
        bookId,
        slug: "x",
        title: "X",
        parentId,
      });
      expect(res.status, parentId).toBe(400);
      if (named) expect(res.body.message).toContain("parentId");
    }

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
});
