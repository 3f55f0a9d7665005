import { randomUUID } from "node:crypto";
import { expect, it, vi } from "vitest";
import { samplePicture } from "../../shared/kinds/media.test-support.ts";
import type { ImageType } from "../../shared/kinds/media.ts";
import type { Db } from "../db/client.ts";
import { callJson } from "../test-support.ts";
import { describeAsAdmin } from "../users/users.test-support.ts";
import { insertMedia } from "./repository.ts";
import { listMediaPage } from "./service.ts";
import { MEDIA_PATH, variantName } from "./store.ts";

// The library's list in-process, on PGlite and PostgreSQL: its filters (words, tag, type,
// unused, ids) in SQL, the tags the filter offers, and where each image is used, found in the same
// number of queries for a page of one image as for a page of many.

const EMPTY = { "zh-CN": "", "en-US": "" };

/** An image's row straight in the table (no files: the list reads rows only). */
async function image(
  db: Db,
  name: string,
  values: { type?: ImageType; tags?: string[]; at?: number } = {},
) {
  const row = await insertMedia(db, {
    id: randomUUID(),
    name,
    type: values.type ?? "image/jpeg",
    bytes: 1000,
    ...samplePicture({ width: 800, height: 600 }),
    variants: [{ format: "webp", width: 800, height: 600, bytes: 100 }],
    alt: EMPTY,
    caption: EMPTY,
    tags: values.tags ?? [],
    // Apart in time, so "newest first" is one order on every engine.
    createdAt: new Date(Date.UTC(2026, 0, 1, 0, 0, values.at ?? 0)),
  });
  return { ...row, src: `${MEDIA_PATH}${variantName(row.id, 800, "webp")}` };
}

describeAsAdmin("the media library's list", (ctx) => {
  const names = (items: Array<{ name: string }>) => items.map((item) => item.name);

  async function list(query: string) {
    const { app, admin } = ctx();
    const res = await callJson(app, "GET", `/api/admin/media${query}`, { token: admin.token });
    expect(res.status).toBe(200);
    return res.body.data;
  }

  /** Three images: a lake (a PNG, tagged), a hill (tagged) used by an article, a street. */
  async function library() {
    const { app, admin, database } = ctx();
    const lake = await image(database.db, "lake.png", {
      type: "image/png",
      tags: ["travel", "water"],
      at: 1,
    });
    const hill = await image(database.db, "hill.jpg", { tags: ["travel"], at: 2 });
    const street = await image(database.db, "street.jpg", { at: 3 });
    const article = await callJson(app, "POST", "/api/admin/articles", {
      token: admin.token,
      body: {
        title: "On the hill",
        slug: "on-the-hill",
        lang: "en-US",
        category: "engineering",
        summary: "A walk.",
        body: `Up there: ![the hill](${hill.src})`,
      },
    });
    expect(article.status).toBe(200);
    return { lake, hill, street, articleId: article.body.data.id };
  }

  it("filters by tag, type and use, alone and together, with the words searched", async () => {
    await library();
    expect(names((await list("")).items)).toEqual(["street.jpg", "hill.jpg", "lake.png"]);
    expect(names((await list("?tag=travel")).items)).toEqual(["hill.jpg", "lake.png"]);
    expect(names((await list("?tag=water")).items)).toEqual(["lake.png"]);
    // A tag is a whole tag, not a part of one.
    expect((await list("?tag=trav")).total).toBe(0);
    expect(names((await list("?type=image%2Fpng")).items)).toEqual(["lake.png"]);
    expect(names((await list("?unused=1")).items)).toEqual(["street.jpg", "lake.png"]);
    expect(names((await list("?unused=true&tag=travel")).items)).toEqual(["lake.png"]);
    expect(names((await list("?unused=0")).items)).toHaveLength(3);
    expect(names((await list("?q=water")).items)).toEqual(["lake.png"]);
    expect(names((await list("?q=jpg&tag=travel")).items)).toEqual(["hill.jpg"]);
    // Empty values are no filter, as the back office's selects send them.
    const any = await list("?q=&tag=&type=&unused=");
    expect(any.total).toBe(3);
    // Paging counts what the filters keep.
    const page = await list("?tag=travel&pageSize=1&page=2");
    expect(page).toMatchObject({ total: 2, page: 2, pageSize: 1 });
    expect(names(page.items)).toEqual(["lake.png"]);
  });

  it("reads the images named, in one call", async () => {
    const { lake, street } = await library();
    const both = await list(`?ids=${street.id},${lake.id},${lake.id}`);
    expect(names(both.items)).toEqual(["street.jpg", "lake.png"]);
    expect((await list(`?ids=${lake.id}&tag=water`)).total).toBe(1);
    expect((await list(`?ids=${randomUUID()}`)).total).toBe(0);
  });

  it("refuses a filter it does not know", async () => {
    const { app, admin } = ctx();
    const many = Array.from({ length: 61 }, () => randomUUID()).join(",");
    for (const query of [
      "?type=image%2Fsvg%2Bxml",
      "?unused=maybe",
      `?tag=${"x".repeat(31)}`,
      "?ids=not-an-id",
      `?ids=${randomUUID()},1;drop table media`,
      `?ids=${many}`,
    ]) {
      const res = await callJson(app, "GET", `/api/admin/media${query}`, { token: admin.token });
      expect(res.status, query).toBe(400);
    }
  });

  it("offers every tag once, in order, to an admin only", async () => {
    const { app, admin, database } = ctx();
    expect(
      (await callJson(app, "GET", "/api/admin/media/tags", { token: admin.token })).body,
    ).toMatchObject({ code: 200, data: [] });
    await library();
    await image(database.db, "sea.jpg", { tags: ["water", "blue"] });
    const tags = await callJson(app, "GET", "/api/admin/media/tags", { token: admin.token });
    expect(tags.body.data).toEqual(["blue", "travel", "water"]);
    expect((await callJson(app, "GET", "/api/admin/media/tags")).status).toBe(401);
  });

  it("finds where each image of a page is used in the same queries, however long the page", async () => {
    const { app, admin, database } = ctx();
    const { lake, hill, street, articleId } = await library();
    const note = await callJson(app, "POST", "/api/admin/notes", {
      token: admin.token,
      body: {
        slug: "by-the-lake",
        lang: "en-US",
        body: "By the lake, and the hill again.",
        images: [
          { src: lake.src, alt: "" },
          { src: hill.src.replace("-800.webp", "-400.avif"), alt: "" },
        ],
      },
    });
    expect(note.status).toBe(200);
    const book = await callJson(app, "POST", "/api/admin/books", {
      token: admin.token,
      body: {
        slug: "lakes",
        lang: "en-US",
        title: "Lakes",
        description: "About lakes.",
        cover: lake.src,
      },
    });
    expect(book.status).toBe(200);
    for (let at = 10; at < 20; at += 1) await image(database.db, `more-${at}.jpg`, { at });

    const db = database.db;
    const select = vi.spyOn(db, "select");
    const queriesFor = async (pageSize: number) => {
      select.mockClear();
      const page = await listMediaPage(db, { page: 1, pageSize, unused: false });
      return { count: select.mock.calls.length, page };
    };
    try {
      const one = await queriesFor(1);
      const all = await queriesFor(13);
      expect(one.page.items).toHaveLength(1);
      expect(all.page.items).toHaveLength(13);
      expect(all.count).toBe(one.count);
      const usedBy = new Map(all.page.items.map((item) => [item.name, item.usedBy]));
      const noteId = note.body.data.id;
      expect(usedBy.get("lake.png")).toEqual([
        { kind: "note", id: noteId, title: "By the lake, and the hill again." },
        { kind: "book", id: book.body.data.id, title: "Lakes" },
      ]);
      expect(usedBy.get("hill.jpg")).toEqual([
        { kind: "article", id: articleId, title: "On the hill" },
        { kind: "note", id: noteId, title: "By the lake, and the hill again." },
      ]);
      expect(usedBy.get(street.name)).toEqual([]);
      expect(usedBy.get("more-10.jpg")).toEqual([]);
    } finally {
      select.mockRestore();
    }
  });
});
