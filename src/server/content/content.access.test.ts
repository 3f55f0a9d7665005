import { expect, it } from "vitest";
import {
  article,
  book,
  describeContentApi,
  FUTURE,
  note,
  PAST,
  UUID,
} from "./content.test-support.ts";

// Who may call the content API, what bodies it takes, and how large.

/** Every path of the content API, with a body where one is needed to reach the guard. */
const ALL_PATHS: Array<[string, string]> = [
  ...["articles", "notes", "books", "chapters", "photos"].flatMap(
    (kind): Array<[string, string]> => [
      ["GET", `/api/admin/${kind}${kind === "chapters" ? "?book=x" : ""}`],
      ["GET", `/api/admin/${kind}/${UUID}`],
      ["POST", `/api/admin/${kind}`],
      ["PUT", `/api/admin/${kind}/${UUID}`],
      ["DELETE", `/api/admin/${kind}/${UUID}`],
      ["POST", `/api/admin/${kind}/${UUID}/publish`],
      ["POST", `/api/admin/${kind}/${UUID}/unpublish`],
      ["GET", `/api/admin/${kind}/${UUID}/revisions`],
      ["GET", `/api/admin/${kind}/${UUID}/revisions/${UUID}`],
      ["POST", `/api/admin/${kind}/${UUID}/revisions/${UUID}/restore`],
    ],
  ),
  ["GET", "/api/admin/categories"],
  ["POST", "/api/admin/categories"],
  ["PUT", "/api/admin/categories/life"],
  ["DELETE", "/api/admin/categories/life"],
  ["GET", "/api/admin/albums"],
  ["POST", "/api/admin/albums"],
  ["PUT", "/api/admin/albums/travel"],
  ["DELETE", "/api/admin/albums/travel"],
  ["GET", "/api/admin/photo-tags"],
  ["PUT", "/api/admin/photo-tags/lake"],
  ["DELETE", "/api/admin/photo-tags/lake"],
  ["POST", "/api/admin/preview"],
  ["GET", "/api/admin/articles/counts"],
  ["GET", "/api/admin/notes/counts"],
  ["GET", "/api/admin/photos/counts"],
];

describeContentApi("content API: rights and validation", ({ api, created, reader }) => {
  it("answers 401 to anonymous callers and 403 to readers on every path", async () => {
    for (const [method, path] of ALL_PATHS) {
      const body = method === "GET" || method === "DELETE" ? undefined : {};
      const anonymous = await api(method, path, body, null);
      expect(anonymous.status, `${method} ${path}`).toBe(401);
      expect(anonymous.body).toMatchObject({ code: 401, message: "Please log in" });
      const forbidden = await api(method, path, body, reader());
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
      ["articles", article({ slug: "archive" }), "slug"], // the archive page's address
      ["articles", article({ cover: "javascript:alert(1)" }), "cover"],
      ["articles", article({ cover: "data:image/png;base64,AAAA" }), "cover"],
      ["articles", article({ cover: "//evil.example/a.png" }), "cover"],
      ["articles", article({ cover: "http://example.com/a.png" }), "cover"],
      ["articles", article({ title: "t".repeat(121) }), "title"],
      ["articles", article({ summary: "" }), "summary"],
      ["articles", article({ lang: "fr-FR" }), "lang"],
      ["articles", article({ tags: Array(51).fill("t") }), "tags"],
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
      ["categories", { slug: "x", name: { "zh-CN": "x", "en-US": "y".repeat(41) } }, "name.en-US"],
      ["photos", { slug: "p", title: { "zh-CN": "湖", "en-US": "Lake" } }, "image"],
      [
        "photos",
        { slug: "p", title: { "zh-CN": "", "en-US": "Lake" }, image: "/x" },
        "title.zh-CN",
      ],
      ["albums", { slug: "x", name: { "zh-CN": "x", "en-US": "y".repeat(41) } }, "name.en-US"],
      ["albums", { slug: "x", name: { "zh-CN": "x", "en-US": "y" }, extra: 1 }, "(body)"],
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
