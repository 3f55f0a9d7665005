import { expect, it } from "vitest";
import { article, book, describeContentApi, note, UUID } from "../content/content.test-support.ts";
import { insertRevision, listRevisions, REVISIONS_KEPT } from "./repository.ts";

// Every save keeps a revision (who, when, the fields as saved); one can be read and restored,
// which is itself a revision; an item's revisions go with it.

describeContentApi("content API: revisions", ({ api, created, db }) => {
  it("keeps a run of autosaves as one revision, and every save the owner makes", async () => {
    const id = await created("articles", article({ slug: "typed-on", title: "Start" }));
    const auto = { "x-autosave": "1" };
    await api("PUT", `/api/admin/articles/${id}`, { body: "a" }, undefined, auto);
    await api("PUT", `/api/admin/articles/${id}`, { body: "ab" }, undefined, auto);
    await api("PUT", `/api/admin/articles/${id}`, { body: "abc" }, undefined, auto);
    const titles = async () =>
      (await api("GET", `/api/admin/articles/${id}/revisions`)).body.data.items.map(
        (r: { length: number; autosaved: boolean }) => `${r.length}${r.autosaved ? "a" : ""}`,
      );
    // The create, then the three autosaves as one (the latest text).
    expect(await titles()).toEqual(["3a", String(article().body.length)]);
    await api("PUT", `/api/admin/articles/${id}`, { body: "abcd" });
    await api("PUT", `/api/admin/articles/${id}`, { body: "abcde" }, undefined, auto);
    expect((await titles()).slice(0, 3)).toEqual(["5a", "4", "3a"]);
  });

  it("keeps each save, newest first, and restores one as a new save", async () => {
    const id = await created("articles", article({ slug: "with-history", title: "First" }));
    await api("PUT", `/api/admin/articles/${id}`, { title: "Second", body: "Two" });
    await api("PUT", `/api/admin/articles/${id}`, { title: "Third", body: "Three" });
    const list = await api("GET", `/api/admin/articles/${id}/revisions`);
    expect(list.status).toBe(200);
    const items = list.body.data.items as Array<{
      id: string;
      title: string;
      savedBy: { name: string } | null;
      length: number;
    }>;
    expect(list.body.data.total).toBe(3);
    expect(items.map((r) => r.title)).toEqual(["Third", "Second", "First"]);
    expect(items[0]?.savedBy?.name).toBeTruthy();
    expect(items[0]?.length).toBe(5);

    const oldest = items[2]?.id ?? "";
    const one = await api("GET", `/api/admin/articles/${id}/revisions/${oldest}`);
    expect(one.body.data.fields).toMatchObject({ title: "First", slug: "with-history" });
    expect(one.body.data.fields).not.toHaveProperty("id");
    expect(one.body.data.fields).not.toHaveProperty("status");

    // Restoring honours If-Match like any save, and is itself a revision.
    const stale = await api(
      "POST",
      `/api/admin/articles/${id}/revisions/${oldest}/restore`,
      undefined,
      undefined,
      { "if-match": '"2020-01-01T00:00:00.000Z"' },
    );
    expect(stale.status).toBe(409);
    const restored = await api("POST", `/api/admin/articles/${id}/revisions/${oldest}/restore`);
    expect(restored.status).toBe(200);
    expect(restored.body).toMatchObject({ message: "Restored", data: { title: "First" } });
    const after = await api("GET", `/api/admin/articles/${id}/revisions`);
    expect(after.body.data.items.map((r: { title: string }) => r.title)).toEqual([
      "First",
      "Third",
      "Second",
      "First",
    ]);

    // Another item's revision, or none, is not found; the item's revisions go with it.
    const other = await created("articles", article({ slug: "other-one" }));
    expect((await api("GET", `/api/admin/articles/${other}/revisions/${oldest}`)).status).toBe(404);
    expect((await api("GET", `/api/admin/articles/${id}/revisions/${UUID}`)).status).toBe(404);
    await api("DELETE", `/api/admin/articles/${id}`);
    const [left] = await listRevisions(db(), "article", id, { page: 1, pageSize: 10 }).then((p) => [
      p.total,
    ]);
    expect(left).toBe(0);
  });

  it("keeps revisions of notes, books and chapters too", async () => {
    const noteId = await created("notes", note({ slug: "noted" }));
    await api("PUT", `/api/admin/notes/${noteId}`, { body: "改过的笔记。" });
    const notes = await api("GET", `/api/admin/notes/${noteId}/revisions`);
    expect(notes.body.data.total).toBe(2);

    const bookId = await created("books", book({ slug: "kept-book" }));
    const chapter = await api("POST", "/api/admin/chapters", {
      bookId,
      slug: "one",
      title: "One",
      body: "First text.",
    });
    const chapterId = chapter.body.data.id as string;
    await api("PUT", `/api/admin/chapters/${chapterId}`, { body: "Second text." });
    const chapters = await api("GET", `/api/admin/chapters/${chapterId}/revisions`);
    expect(chapters.body.data.items).toHaveLength(2);
    const first = chapters.body.data.items[1].id;
    const back = await api("POST", `/api/admin/chapters/${chapterId}/revisions/${first}/restore`);
    expect(back.status).toBe(200);
    expect(back.body.data.body).toBe("First text.");
  });

  it(`keeps the newest ${REVISIONS_KEPT} of an item, even when saved at once`, async () => {
    const itemId = "00000000-0000-4000-8000-00000000abcd";
    const saves = Array.from({ length: REVISIONS_KEPT + 5 }, (_, i) => i);
    for (const i of saves.slice(0, REVISIONS_KEPT)) {
      await insertRevision(db(), { kind: "note", itemId, fields: { n: i }, savedBy: null });
    }
    await Promise.all(
      saves
        .slice(REVISIONS_KEPT)
        .map((i) =>
          insertRevision(db(), { kind: "note", itemId, fields: { n: i }, savedBy: null }),
        ),
    );
    const page = await listRevisions(db(), "note", itemId, { page: 1, pageSize: 200 });
    expect(page.total).toBe(REVISIONS_KEPT);
  });
});
