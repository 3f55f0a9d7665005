import { expect, it } from "vitest";
import { article, book, describeContentApi } from "../content/content.test-support.ts";
import { comments } from "../db/schema.ts";

// An item's comments follow its new slug and go with it when it is deleted: articles and
// notes through the item kit, a book's chapters through the chapters' service.

describeContentApi("comments of an item that moves or goes", ({ api, created, db, reader }) => {
  const write = (kind: string, item: string) =>
    api("POST", "/api/comments", { kind, item, body: "Nice.", lang: "en-US" }, reader());
  const count = (kind: string, item: string) =>
    api("GET", `/api/comments?kind=${kind}&item=${encodeURIComponent(item)}`, undefined, null).then(
      (res) => res.body.data.length,
    );

  it("an article's comments follow its new slug, and are deleted with it", async () => {
    const id = await created("articles", article({ slug: "first-slug", status: "published" }));
    expect((await write("article", "first-slug")).status).toBe(200);
    expect((await api("PUT", `/api/admin/articles/${id}`, { slug: "second-slug" })).status).toBe(
      200,
    );
    expect(await count("article", "first-slug")).toBe(0);
    expect(await count("article", "second-slug")).toBe(1);
    expect((await api("DELETE", `/api/admin/articles/${id}`)).status).toBe(200);
    expect(await db().select().from(comments)).toEqual([]);
  });

  it("a chapter's comments follow it and its book, and are deleted with it", async () => {
    const bookId = await created("books", book({ slug: "old-book", status: "published" }));
    const id = await created("chapters", {
      bookId,
      slug: "one",
      title: "One",
      body: "Text",
      status: "published",
    });
    expect((await write("chapter", "old-book/one")).status).toBe(200);
    await api("PUT", `/api/admin/chapters/${id}`, { slug: "first" });
    expect(await count("chapter", "old-book/first")).toBe(1);
    await api("PUT", `/api/admin/books/${bookId}`, { slug: "new-book" });
    expect(await count("chapter", "new-book/first")).toBe(1);
    expect(await count("chapter", "old-book/first")).toBe(0);
    await created("chapters", { bookId, slug: "two", title: "Two", status: "published" });
    expect((await write("chapter", "new-book/two")).status).toBe(200);
    expect((await api("DELETE", `/api/admin/chapters/${id}`)).status).toBe(200);
    expect(await db().select({ item: comments.item }).from(comments)).toEqual([
      { item: "new-book/two" },
    ]);
    // A book deleted takes its chapters, and their comments.
    expect((await api("DELETE", `/api/admin/books/${bookId}`)).status).toBe(200);
    expect(await db().select().from(comments)).toEqual([]);
  });

  it("an item's own switch closes new comments under it, and keeps those written", async () => {
    const id = await created("articles", article({ slug: "switched", status: "published" }));
    expect((await write("article", "switched")).status).toBe(200);
    expect((await api("PUT", `/api/admin/articles/${id}`, { comments: false })).status).toBe(200);
    const refused = await write("article", "switched");
    expect(refused.status).toBe(403);
    expect(refused.body.error?.issues?.[0]?.key).toBe("comments.errors.closed");
    expect(await count("article", "switched")).toBe(1);
  });
});
