import { eq } from "drizzle-orm";
import { expect, it } from "vitest";
import { contentArticles } from "../db/schema.ts";
import {
  article,
  book,
  describeContentApi,
  FUTURE,
  note,
  PAST,
  UUID,
} from "./content.test-support.ts";

// Publishing, scheduling and unpublishing, and what the site's publisher is told.

describeContentApi("content API: publishing", ({ api, created, published, db }) => {
  it("refuses an edit over a newer save (If-Match), even when both are sent at once", async () => {
    const id = await created("articles", article({ slug: "two-tabs" }));
    const opened = (await api("GET", `/api/admin/articles/${id}`)).body.data.updatedAt;
    const tag = { "if-match": `"${opened}"` };
    // Two tabs save over the same version at once: one wins, the other is told.
    const both = await Promise.all(
      ["first tab", "second tab"].map((title) =>
        api("PUT", `/api/admin/articles/${id}`, { title }, undefined, tag),
      ),
    );
    expect(both.map((r) => r.status).sort()).toEqual([200, 409]);
    const refused = both.find((r) => r.status === 409);
    expect(refused?.body.error?.issues?.[0]).toMatchObject({
      field: "updatedAt",
      key: "bmsEditor.changedElsewhere",
    });
    const winner = both.find((r) => r.status === 200)?.body.data;
    const stored = (await api("GET", `/api/admin/articles/${id}`)).body.data;
    expect(stored.title).toBe(winner.title);
    // A later save over the old version is refused too; over the new one it goes through.
    const stale = await api("PUT", `/api/admin/articles/${id}`, { title: "late" }, undefined, tag);
    expect(stale.status).toBe(409);
    const fresh = await api("PUT", `/api/admin/articles/${id}`, { title: "fresh" }, undefined, {
      "if-match": `"${stored.updatedAt}"`,
    });
    expect(fresh.status).toBe(200);
    // Without If-Match (Save over it), the save is made; a malformed one is refused.
    expect((await api("PUT", `/api/admin/articles/${id}`, { title: "forced" })).status).toBe(200);
    const bad = await api("PUT", `/api/admin/articles/${id}`, { title: "x" }, undefined, {
      "if-match": "yesterday",
    });
    expect(bad.status).toBe(400);
  });

  it("refuses an edit over a newer save for notes, books and chapters too, sent at once", async () => {
    const bookId = await created("books", book({ slug: "if-match-book" }));
    const chapterId = await created("chapters", { bookId, slug: "one", title: "One" });
    const items = [
      ["notes", await created("notes", note()), { body: "changed" }],
      ["books", bookId, { title: "changed" }],
      ["chapters", chapterId, { title: "changed" }],
    ] as const;
    for (const [kind, id, patch] of items) {
      const opened = (await api("GET", `/api/admin/${kind}/${id}`)).body.data.updatedAt;
      const tag = { "if-match": `"${opened}"` };
      const both = await Promise.all(
        [0, 1].map(() => api("PUT", `/api/admin/${kind}/${id}`, patch, undefined, tag)),
      );
      expect([kind, ...both.map((r) => r.status).sort()]).toEqual([kind, 200, 409]);
      const stale = await api("PUT", `/api/admin/${kind}/${id}`, patch, undefined, tag);
      expect([kind, stale.status]).toEqual([kind, 409]);
      expect(stale.body.error?.issues?.[0]).toMatchObject({ key: "bmsEditor.changedElsewhere" });
    }
  });

  it("answers a scheduled item whose time has come as published, in its list filters too", async () => {
    const id = await created("articles", article({ status: "scheduled", publishedAt: FUTURE() }));
    const list = async (status: string) =>
      (await api("GET", `/api/admin/articles?status=${status}`)).body.data.items.map(
        (item: { id: string }) => item.id,
      );
    expect(await list("scheduled")).toContain(id);
    // Its time comes (the row still says "scheduled": nothing rewrites it).
    await db()
      .update(contentArticles)
      .set({ publishedAt: new Date(PAST) })
      .where(eq(contentArticles.id, id));
    const read = await api("GET", `/api/admin/articles/${id}`);
    expect(read.body.data).toMatchObject({ status: "published", publishedAt: PAST });
    expect(await list("published")).toContain(id);
    expect(await list("scheduled")).not.toContain(id);
    // An edit of it is an edit of a published item: no "scheduled for the past" refusal.
    const edited = await api("PUT", `/api/admin/articles/${id}`, {
      title: "Live now",
      publishedAt: PAST,
    });
    expect(edited.status).toBe(200);
    expect(edited.body.data).toMatchObject({ status: "published", title: "Live now" });
  });

  it("publishes now, keeps an earlier time, schedules, unpublishes, and tells the publisher", async () => {
    const id = await created("articles", article());
    expect(published).toEqual([]);

    const now = await api("POST", `/api/admin/articles/${id}/publish`, {});
    expect(now.body).toMatchObject({ message: "Published", data: { status: "published" } });
    const first = now.body.data.publishedAt;
    expect(Math.abs(Date.parse(first) - Date.now())).toBeLessThan(60_000);
    expect(published).toEqual(["articles.publish hello-world"]);

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
    // Moved from the site to later: the site loses it, so it builds.
    expect(published.at(-1)).toBe("articles.publish hello-world");
    const backdated = await api("POST", `/api/admin/articles/${id}/publish`, { at: PAST });
    expect(backdated.body.data).toMatchObject({ status: "published", publishedAt: PAST });
    expect(published).toHaveLength(5);
    // A draft scheduled for later builds nothing until its time; unscheduled, nothing either.
    await api("POST", `/api/admin/articles/${id}/unpublish`);
    const before = published.length;
    await api("POST", `/api/admin/articles/${id}/publish`, { at: FUTURE() });
    await api("PUT", `/api/admin/articles/${id}`, { title: "Still later" });
    await api("POST", `/api/admin/articles/${id}/unpublish`);
    expect(published.slice(before)).toEqual(["(schedule)", "(schedule)", "(schedule)"]);
    await api("POST", `/api/admin/articles/${id}/publish`, { at: PAST });

    // Editing a published item reaches the site; unpublishing a draft does not.
    await api("PUT", `/api/admin/articles/${id}`, { title: "Edited" });
    expect(published.at(-1)).toBe("articles.update hello-world");
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
    // Scheduled for later: nothing public changed, so no build; the timer re-reads its time.
    expect(published).toEqual(["(schedule)"]);
    const bad = await api("PUT", `/api/admin/notes/${id}`, { publishedAt: PAST });
    expect(bad.status).toBe(400);
    const created2 = await api(
      "POST",
      "/api/admin/books",
      book({ status: "scheduled", publishedAt: at }),
    );
    expect(created2.body.data).toMatchObject({ status: "scheduled" });
    expect(published.at(-1)).toBe("(schedule)");
  });

  it("publishes books and chapters; chapters cannot be scheduled", async () => {
    const bookId = await created("books", book());
    const chapter = await created("chapters", { bookId, slug: "one", title: "One" });
    const chapterOn = await api("POST", `/api/admin/chapters/${chapter}/publish`, {});
    expect(chapterOn.body.data.status).toBe("published");
    expect(published).toEqual([]); // the book is still a draft
    const bookOn = await api("POST", `/api/admin/books/${bookId}/publish`, {});
    expect(bookOn.body.data.status).toBe("published");
    expect(published).toEqual(["books.publish a-book"]);
    const scheduled = await api("POST", `/api/admin/chapters/${chapter}/publish`, {
      at: FUTURE(),
    });
    expect(scheduled.status).toBe(400);
    const off = await api("POST", `/api/admin/chapters/${chapter}/unpublish`);
    expect(off.body.data.status).toBe("draft");
    expect(published.at(-1)).toBe("chapters.unpublish a-book/one");
    const bookOff = await api("POST", `/api/admin/books/${bookId}/unpublish`);
    expect(bookOff.body.data.status).toBe("draft");
    expect(published.at(-1)).toBe("books.unpublish a-book");
  });
});
