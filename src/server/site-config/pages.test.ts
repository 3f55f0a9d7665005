import { expect, it } from "vitest";
import { describeContentApi } from "../content/content.test-support.ts";

// The site's pages written both in files and in /bms (the about page): the file until a text is
// saved here, a save never made over another unseen, a history, and going back to the file.

describeContentApi("content API: pages", ({ api, published, reader }) => {
  const about = (lang: string) => `/api/admin/pages/about/${lang}`;
  const read = async () =>
    (await api("GET", "/api/admin/pages/about")).body.data as Array<{
      id: string;
      lang: string;
      body: string;
      rowId: string | null;
      source: string;
      file: string | null;
      updatedAt: string | null;
    }>;

  it("answers each language from its file until a text is saved, which replaces it", async () => {
    const [zh, en] = await read();
    expect(zh).toMatchObject({ id: "about.zh-CN", source: "file", file: null, body: "" });
    expect(en).toMatchObject({
      id: "about.en-US",
      source: "file",
      file: "content/about/en-US.mdx",
      body: "# About\n\nWritten in the file.\n",
      rowId: null,
      updatedAt: null,
    });

    const saved = await api("PUT", about("en-US"), { body: "# About\n\nSaved here." }, undefined, {
      "if-none-match": "*",
    });
    expect(saved.status).toBe(200);
    expect(saved.body.data).toMatchObject({ source: "database", body: "# About\n\nSaved here." });
    expect(published).toEqual(["pages.update about (en-US)"]);
    const [, after] = await read();
    expect(after).toMatchObject({ source: "database", file: "content/about/en-US.mdx" });
    expect(after?.rowId).toMatch(/^[0-9a-f-]{36}$/);
  });

  it("never saves over a text saved elsewhere, even when both are sent at once", async () => {
    // Two tabs opened the file: one save goes through, the other is told.
    const fromFile = await Promise.all(
      ["first", "second"].map((body) =>
        api("PUT", about("en-US"), { body }, undefined, { "if-none-match": "*" }),
      ),
    );
    expect(fromFile.map((r) => r.status).sort()).toEqual([200, 409]);
    const refused = fromFile.find((r) => r.status === 409);
    expect(refused?.body.error?.issues?.[0]).toMatchObject({ key: "bmsEditor.changedElsewhere" });

    // Two tabs opened the saved text: the same.
    const [, opened] = await read();
    const tag = { "if-match": `"${opened?.updatedAt}"` };
    const fromText = await Promise.all(
      ["third", "fourth"].map((body) => api("PUT", about("en-US"), { body }, undefined, tag)),
    );
    expect(fromText.map((r) => r.status).sort()).toEqual([200, 409]);
    const winner = fromText.find((r) => r.status === 200)?.body.data.body;
    expect((await read())[1]?.body).toBe(winner);
    // Saving over it on purpose (no condition) goes through.
    expect((await api("PUT", about("en-US"), { body: "forced" })).status).toBe(200);
    expect((await read())[1]?.body).toBe("forced");
    // A malformed condition is refused.
    const bad = await api("PUT", about("en-US"), { body: "x" }, undefined, {
      "if-none-match": '"abc"',
    });
    expect(bad.status).toBe(400);
  });

  it("keeps every save in the history and restores one as a new save", async () => {
    await api("PUT", about("zh-CN"), { body: "第一版。" });
    const second = await api("PUT", about("zh-CN"), { body: "第二版。" });
    const rowId = second.body.data.rowId as string;
    const history = await api("GET", `/api/admin/pages/${rowId}/revisions`);
    expect(history.status).toBe(200);
    expect(history.body.data.total).toBe(2);
    const oldest = history.body.data.items[1].id as string;
    const revision = await api("GET", `/api/admin/pages/${rowId}/revisions/${oldest}`);
    expect(revision.body.data.fields).toEqual({ body: "第一版。" });

    const stale = await api(
      "POST",
      `/api/admin/pages/${rowId}/revisions/${oldest}/restore`,
      undefined,
      undefined,
      { "if-match": '"2020-01-01T00:00:00.000Z"' },
    );
    expect(stale.status).toBe(409);
    const restored = await api(
      "POST",
      `/api/admin/pages/${rowId}/revisions/${oldest}/restore`,
      undefined,
      undefined,
      { "if-match": `"${second.body.data.updatedAt}"` },
    );
    expect(restored.status).toBe(200);
    expect(restored.body.data.body).toBe("第一版。");
    expect((await api("GET", `/api/admin/pages/${rowId}/revisions`)).body.data.total).toBe(3);
  });

  it("goes back to the file, forgetting the text and its history; not without a file", async () => {
    const saved = await api("PUT", about("en-US"), { body: "Saved here." });
    const rowId = saved.body.data.rowId as string;
    published.length = 0;
    const back = await api("DELETE", about("en-US"));
    expect(back.status).toBe(200);
    expect(back.body.data).toMatchObject({
      source: "file",
      body: "# About\n\nWritten in the file.\n",
    });
    expect(published).toEqual(["pages.reset about (en-US)"]);
    expect((await api("GET", `/api/admin/pages/${rowId}/revisions`)).status).toBe(404);
    // Saving over the text opened before is now a conflict, not a quiet re-creation.
    const late = await api("PUT", about("en-US"), { body: "late" }, undefined, {
      "if-match": `"${saved.body.data.updatedAt}"`,
    });
    expect(late.status).toBe(409);

    await api("PUT", about("zh-CN"), { body: "只在这里。" });
    const none = await api("DELETE", about("zh-CN"));
    expect(none.status).toBe(409);
    expect(none.body.error?.issues?.[0]).toMatchObject({ key: "bmsPages.noFile" });
    expect((await read())[0]?.body).toBe("只在这里。");
    expect((await api("DELETE", about("en-US"))).status).toBe(404);
  });

  it("checks who asks and what is sent", async () => {
    expect((await api("GET", "/api/admin/pages/about", undefined, null)).status).toBe(401);
    expect((await api("PUT", about("en-US"), { body: "x" }, reader())).status).toBe(403);
    expect((await api("DELETE", about("en-US"), undefined, reader())).status).toBe(403);
    expect((await api("GET", "/api/admin/pages/contact")).status).toBe(400);
    expect((await api("PUT", "/api/admin/pages/about/fr-FR", { body: "x" })).status).toBe(400);
    expect((await api("PUT", about("en-US"), { body: "   " })).status).toBe(400);
    expect((await api("PUT", about("en-US"), { body: "x", title: "no" })).status).toBe(400);
    expect((await api("PUT", about("en-US"), { body: "x".repeat(200_001) })).status).toBe(400);
    expect((await api("GET", "/api/admin/pages/not-a-uuid/revisions")).status).toBe(400);
    expect(published).toEqual([]);
  });
});
