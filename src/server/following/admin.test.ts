import { eq } from "drizzle-orm";
import { expect, it, vi } from "vitest";
import type { Db } from "../db/client.ts";
import {
  auditLogs,
  contentArticles,
  mailingDeliveries,
  mailings,
  subscribers,
} from "../db/schema.ts";
import { outboxMailer } from "../mail/mailer.ts";
import { call, callJson, describeEachDb, userWithSession } from "../test-support.ts";
import { subscriberSummary } from "./admin.ts";
import { sendArticleMails } from "./service.ts";

// The owner's side of following by email: counts and growth, the list, the CSV export, removing
// one subscriber, and each mailing's progress with its failures. Admins only.

const DAY = 86_400_000;
const NOW = new Date("2026-12-07T12:00:00Z");

async function follower(db: Db, email: string, fields: Partial<typeof subscribers.$inferInsert>) {
  const [row] = await db
    .insert(subscribers)
    .values({ email, langs: ["en-US"], locale: "en-US", ...fields })
    .returning();
  if (!row) throw new Error("no subscriber");
  return row;
}

describeEachDb("the owner's side of following by email", (ctx) => {
  it("counts each language, the digest and the growth a week", async () => {
    const db = ctx().database.db;
    const ago = (days: number) => new Date(NOW.getTime() - days * DAY);
    await follower(db, "a@example.com", { confirmedAt: ago(1) });
    await follower(db, "b@example.com", { langs: ["zh-CN", "en-US"], confirmedAt: ago(2) });
    await follower(db, "c@example.com", { langs: ["zh-CN"], digest: true, confirmedAt: ago(20) });
    await follower(db, "d@example.com", { confirmedAt: ago(200) });

    const summary = await subscriberSummary(db, NOW);
    expect(summary).toMatchObject({
      total: 4,
      langs: { "en-US": 3, "zh-CN": 2 },
      digest: 1,
      last30Days: 3,
    });
    // Twelve weeks, Mondays, oldest first; NOW is a Monday, so 1 and 2 days ago were last week.
    expect(summary.weeks).toHaveLength(12);
    expect(summary.weeks.at(-1)).toEqual({ start: "2026-12-07", n: 0 });
    expect(summary.weeks.at(-2)).toEqual({ start: "2026-11-30", n: 2 });
    expect(summary.weeks.at(-4)).toEqual({ start: "2026-11-16", n: 1 });
    expect(summary.weeks.reduce((sum, week) => sum + week.n, 0)).toBe(3);
  });

  it("lists, filters, exports and removes subscribers; only for admins", async () => {
    const { app, database } = ctx();
    const db = database.db;
    const owner = await userWithSession(db, { role: "admin" });
    const reader = await userWithSession(db);
    await follower(db, "ana@example.com", { confirmedAt: new Date(NOW.getTime() - DAY) });
    const bo = await follower(db, "=bo_x@example.com", { langs: ["zh-CN"], locale: "zh-CN" });
    await follower(db, "bo_y@example.com", { langs: ["zh-CN", "en-US"], digest: true });

    for (const token of [undefined, reader.token]) {
      expect((await call(app, "GET", "/api/admin/subscribers", { token })).status).toBe(
        token ? 403 : 401,
      );
      expect((await call(app, "GET", "/api/admin/subscribers/export", { token })).status).toBe(
        token ? 403 : 401,
      );
      const removal = await call(app, "DELETE", `/api/admin/subscribers/${bo.id}`, { token });
      expect(removal.status).toBe(token ? 403 : 401);
    }

    const page = await callJson(app, "GET", "/api/admin/subscribers?pageSize=2", {
      token: owner.token,
    });
    expect(page.body.data).toMatchObject({ total: 3, page: 1, pageSize: 2 });
    expect(page.body.data.items).toHaveLength(2);
    const zh = await callJson(app, "GET", "/api/admin/subscribers?lang=zh-CN&q=bo_", {
      token: owner.token,
    });
    expect(zh.body.data.items.map((s: { email: string }) => s.email).sort()).toEqual([
      "=bo_x@example.com",
      "bo_y@example.com",
    ]);
    // `_` matches itself, not any character; an unknown language is refused.
    const none = await callJson(app, "GET", "/api/admin/subscribers?q=o_x%25", {
      token: owner.token,
    });
    expect(none.body.data.total).toBe(0);
    const bad = await call(app, "GET", "/api/admin/subscribers?lang=fr", { token: owner.token });
    expect(bad.status).toBe(400);

    const csv = await call(app, "GET", "/api/admin/subscribers/export?lang=zh-CN", {
      token: owner.token,
    });
    expect(csv.headers.get("content-type")).toContain("text/csv");
    expect(csv.headers.get("content-disposition")).toMatch(/subscribers-\d{4}-\d{2}-\d{2}\.csv/);
    const lines = (await csv.text())
      .replace(/^\uFEFF/, "")
      .trim()
      .split("\r\n");
    expect(lines[0]).toBe('"email","languages","mail_language","digest","confirmed_at"');
    expect(lines).toHaveLength(3);
    // A formula-looking address stays text in a spreadsheet.
    expect(lines.some((line) => line.startsWith(`"'=bo_x@example.com","zh-CN","zh-CN","no"`))).toBe(
      true,
    );

    const removed = await callJson(app, "DELETE", `/api/admin/subscribers/${bo.id}`, {
      token: owner.token,
    });
    expect(removed.body.data).toEqual({ id: bo.id, email: "=bo_x@example.com" });
    expect(await db.select().from(subscribers).where(eq(subscribers.id, bo.id))).toEqual([]);
    const again = await call(app, "DELETE", `/api/admin/subscribers/${bo.id}`, {
      token: owner.token,
    });
    expect(again.status).toBe(404);
    const [entry] = await db.select().from(auditLogs).where(eq(auditLogs.targetId, bo.id));
    expect(entry?.targetLabel).toBe("=bo_x@example.com");
  });

  it("shows each mailing's progress and its failures", async () => {
    const { app, database } = ctx();
    const db = database.db;
    const owner = await userWithSession(db, { role: "admin" });
    await follower(db, "fine@example.com", {});
    await follower(db, "bounce@example.com", {});
    const [article] = await db
      .insert(contentArticles)
      .values({
        slug: "mailed",
        lang: "en-US",
        title: "Mailed",
        summary: "Sum.",
        body: "Text.",
        category: "engineering",
        status: "published",
        publishedAt: new Date(NOW.getTime() - 3_600_000),
      })
      .returning();
    vi.spyOn(console, "error").mockImplementation(() => {});
    const real = outboxMailer(db, () => {});
    const mailer = {
      ...real,
      sendWithin: async (...args: Parameters<NonNullable<typeof real.sendWithin>>) => {
        if (args[1].to === "bounce@example.com") throw new Error("550 no such mailbox");
        await real.sendWithin?.(...args);
      },
    };
    await sendArticleMails({ db, mailer, origin: "https://blog.example" }, { now: () => NOW });

    const first = await callJson(app, "GET", "/api/admin/mailings", { token: owner.token });
    expect(first.body.data.total).toBe(1);
    expect(first.body.data.items[0]).toMatchObject({
      article: { title: "Mailed", slug: "mailed" },
      lang: "en-US",
      finishedAt: null,
      deliveries: { pending: 1, sending: 0, sent: 1, failed: 0 },
      failures: [],
    });

    // Given up after its tries: the mailing is finished, and the failure says why.
    await db
      .update(mailingDeliveries)
      .set({ attempts: 5, status: "failed", lastError: "Error: 550 no such mailbox" })
      .where(eq(mailingDeliveries.status, "pending"));
    await sendArticleMails({ db, mailer, origin: "https://blog.example" }, { now: () => NOW });
    const done = await callJson(app, "GET", "/api/admin/mailings", { token: owner.token });
    expect(done.body.data.items[0]).toMatchObject({
      deliveries: { pending: 0, sending: 0, sent: 1, failed: 1 },
      failures: [{ email: "bounce@example.com", attempts: 5, error: "Error: 550 no such mailbox" }],
    });
    expect(done.body.data.items[0].finishedAt).not.toBeNull();

    // The article deleted: the mailing stays, without it.
    await db.delete(contentArticles).where(eq(contentArticles.id, article?.id ?? ""));
    const gone = await callJson(app, "GET", "/api/admin/mailings", { token: owner.token });
    expect(gone.body.data.items[0].article).toBeNull();

    // A digest names its week, and no article or language.
    await db
      .insert(mailings)
      .values({ digestWeek: "2026-11-30", createdAt: new Date(NOW.getTime() + 3_600_000) });
    const both = await callJson(app, "GET", "/api/admin/mailings", { token: owner.token });
    expect(both.body.data.items[0]).toMatchObject({
      article: null,
      digestWeek: "2026-11-30",
      lang: null,
      deliveries: { pending: 0, sending: 0, sent: 0, failed: 0 },
    });
  });
});
