import { sql } from "drizzle-orm";
import { expect, it } from "vitest";
import { article, book, describeContentApi, note } from "./content.test-support.ts";

// A draft shown as its page through a secret link that ends: made by an admin, read by anyone
// holding it, refused once expired or once the item is gone.

describeContentApi("content API: draft links", ({ api, created, reader, db, app }) => {
  it("makes a link an anonymous reader opens, rendered as the site renders", async () => {
    const id = await created(
      "articles",
      article({
        slug: "not-yet",
        title: "Not yet",
        body: "# Soon\n\nWith $x^2$.\n\n<script>x()</script>",
      }),
    );
    const link = await api("POST", `/api/admin/articles/${id}/preview-link`, { hours: 2 });
    expect(link.status).toBe(200);
    const { path, expiresAt } = link.body.data as { path: string; expiresAt: string };
    expect(path).toMatch(/^\/draft-preview\/\?t=[A-Za-z0-9_-]{43}$/);
    const hours = (Date.parse(expiresAt) - Date.now()) / 3_600_000;
    expect(hours).toBeGreaterThan(1.9);
    expect(hours).toBeLessThanOrEqual(2);

    const token = path.slice(path.indexOf("t=") + 2);
    const page = await api("GET", `/api/draft-preview?t=${token}`, undefined, null);
    expect(page.status).toBe(200);
    const raw = await app().request(`/api/draft-preview?t=${token}`);
    expect(raw.headers.get("cache-control")).toBe("no-store");
    expect(raw.headers.get("x-robots-tag")).toBe("noindex");
    expect(page.body.data).toMatchObject({ kind: "article", title: "Not yet", status: "draft" });
    expect(page.body.data.html).toContain('class="katex"');
    expect(page.body.data.html).not.toContain("<script");
    // Only the token's hash is kept.
    const stored = await db().execute(sql`select token_hash from draft_links`);
    expect(JSON.stringify(stored)).not.toContain(token);

    // Expired: refused, as an unknown token is; a token of the wrong shape is a 400.
    await db().execute(sql`update draft_links set expires_at = now() - interval '1 minute'`);
    const expired = await api("GET", `/api/draft-preview?t=${token}`, undefined, null);
    expect(expired.status).toBe(404);
    expect(expired.body.message).toBe("This preview link has expired or does not exist");
    expect(
      (await api("GET", `/api/draft-preview?t=${"A".repeat(43)}`, undefined, null)).status,
    ).toBe(404);
    expect((await api("GET", "/api/draft-preview?t=short", undefined, null)).status).toBe(400);
  });

  it("is made by admins only, for items in the database, and goes with its item", async () => {
    const id = await created("notes", note({ slug: "a-draft-note" }));
    expect((await api("POST", `/api/admin/notes/${id}/preview-link`, {}, null)).status).toBe(401);
    expect((await api("POST", `/api/admin/notes/${id}/preview-link`, {}, reader())).status).toBe(
      403,
    );
    expect((await api("POST", `/api/admin/notes/${id}/preview-link`, { hours: 0 })).status).toBe(
      400,
    );
    const made = await api("POST", `/api/admin/notes/${id}/preview-link`, {});
    expect(made.status).toBe(200);
    const hours = (Date.parse(made.body.data.expiresAt) - Date.now()) / 3_600_000;
    expect(Math.round(hours)).toBe(72);
    const token = made.body.data.path.split("t=")[1];
    const page = await api("GET", `/api/draft-preview?t=${token}`, undefined, null);
    expect(page.body.data).toMatchObject({ kind: "note", title: "" });
    expect(page.body.data.html).toContain("一条笔记");

    const file = await api(
      "POST",
      "/api/admin/articles/file:article:static-first/preview-link",
      {},
    );
    expect(file.status).toBe(409);
    await api("DELETE", `/api/admin/notes/${id}`);
    expect((await api("GET", `/api/draft-preview?t=${token}`, undefined, null)).status).toBe(404);
    const left = await db().execute(sql`select count(*)::int as n from draft_links`);
    expect(JSON.stringify(left)).toContain('"n":0');
  });

  it("shows a chapter in its book, and goes with the chapter or its book", async () => {
    const bookId = await created("books", book({ slug: "a-draft-book", title: "The Book" }));
    const chapter = async (slug: string) =>
      (
        await api("POST", "/api/admin/chapters", {
          bookId,
          slug,
          title: `Chapter ${slug}`,
          body: "## Inside\n\nWith $x^2$.",
        })
      ).body.data.id as string;
    const [one, two] = [await chapter("one"), await chapter("two")];
    const tokenOf = async (id: string) => {
      const made = await api("POST", `/api/admin/chapters/${id}/preview-link`, { hours: 1 });
      expect(made.status).toBe(200);
      return made.body.data.path.split("t=")[1] as string;
    };
    const first = await tokenOf(one);
    const page = await api("GET", `/api/draft-preview?t=${first}`, undefined, null);
    expect(page.body.data).toMatchObject({
      kind: "chapter",
      title: "Chapter one",
      subtitle: "The Book",
      status: "draft",
      tags: [],
    });
    expect(page.body.data.html).toContain('class="katex"');
    expect(
      (await api("POST", `/api/admin/chapters/${one}/preview-link`, {}, reader())).status,
    ).toBe(403);

    await api("DELETE", `/api/admin/chapters/${one}`);
    expect((await api("GET", `/api/draft-preview?t=${first}`, undefined, null)).status).toBe(404);
    const second = await tokenOf(two);
    await api("DELETE", `/api/admin/books/${bookId}`);
    expect((await api("GET", `/api/draft-preview?t=${second}`, undefined, null)).status).toBe(404);
    const left = await db().execute(sql`select count(*)::int as n from draft_links`);
    expect(JSON.stringify(left)).toContain('"n":0');
  });
});
