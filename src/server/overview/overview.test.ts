import { expect, it } from "vitest";
import { article, describeContentApi, FUTURE, note } from "../content/content.test-support.ts";
import { postJson } from "../test-support.ts";

// The overview: counts by status with the files of the content folder, the queues, the newest
// feedback and admin actions, for an admin only.

describeContentApi("the overview", ({ api, created, app, reader }) => {
  it("counts files and rows by status, lists drafts and the queue, the newest feedback and actions", async () => {
    const draft = await created("articles", article({ slug: "a-draft", title: "A draft" }));
    const soon = await created(
      "notes",
      note({ slug: "soon", body: "Soon.", status: "scheduled", publishedAt: FUTURE() }),
    );
    const sent = await postJson(app(), "/api/createFeedback", {
      feedbackType: "bug",
      subject: "It broke",
      description: "Something broke on the page.",
      screenshots: [],
      contact: "",
      environment: {
        url: "http://localhost:4321/",
        userAgent: "Mozilla/5.0 (X11; Linux x86_64)",
        viewport: "1280×720",
        timestamp: "2026-11-22T08:00:00.000Z",
      },
    });
    expect(sent.status).toBe(200);

    const res = await api("GET", "/api/admin/overview");
    expect(res.status).toBe(200);
    const data = res.body.data;
    // The content folder has two file articles (one published, one with no status: published)
    // and the database one draft.
    expect(data.content.articles).toEqual({ draft: 1, published: 2, scheduled: 0 });
    expect(data.content.notes.scheduled).toBe(1);
    expect(data.content.chapters.published + data.content.chapters.draft).toBeGreaterThan(0);
    expect(data.users).toMatchObject({ admins: 1 });
    expect(data.users.total).toBeGreaterThanOrEqual(2);
    expect(data.feedback).toEqual({ new: 1 });
    expect(data.subscribers).toEqual({
      total: 0,
      langs: { "en-US": 0, "zh-CN": 0 },
      last30Days: 0,
    });
    expect(data.fediverseFollowers).toBe(0);
    expect(data.drafts).toEqual(
      expect.arrayContaining([
        { kind: "article", id: draft, title: "A draft", at: expect.any(String) },
      ]),
    );
    expect(data.scheduled).toEqual([
      { kind: "note", id: soon, title: expect.stringContaining("Soon"), at: expect.any(String) },
    ]);
    expect(data.recentFeedback).toEqual([
      expect.objectContaining({ subject: "It broke", type: "bug", status: "new" }),
    ]);
    expect(data.recentActions.map((a: { action: string }) => a.action)).toEqual([
      "notes.create",
      "articles.create",
    ]);

    expect((await api("GET", "/api/admin/overview", undefined, reader())).status).toBe(403);
    expect((await api("GET", "/api/admin/overview", undefined, null)).status).toBe(401);
  });
});
