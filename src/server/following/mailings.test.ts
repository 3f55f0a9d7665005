import { eq, inArray, sql } from "drizzle-orm";
import { expect, it, vi } from "vitest";
import type { Db } from "../db/client.ts";
import {
  blogImportRows,
  blogImports,
  contentArticles,
  mailingDeliveries,
  mailings,
  outbox,
  siteSettings,
  subscribers,
} from "../db/schema.ts";
import { type Mailer, outboxMailer } from "../mail/mailer.ts";
import { call, describeEachDb } from "../test-support.ts";
import { claimDeliveries, queueMailings } from "./repository.ts";
import { sendArticleMails } from "./service.ts";

// The mail of each new article to the subscribers of its language: once, never for an old or
// imported article, and without losing or doubling a mail when a sender stops mid-way.

const HOUR = 3_600_000;
const NOW = new Date("2026-12-07T12:00:00Z");
const quiet = (db: Db) => outboxMailer(db, () => {});

let articles = 0;
async function article(db: Db, fields: Partial<typeof contentArticles.$inferInsert> = {}) {
  articles += 1;
  const [row] = await db
    .insert(contentArticles)
    .values({
      slug: `new-${articles}`,
      lang: "en-US",
      title: `New article ${articles}`,
      summary: "What it is about.",
      body: "The text.",
      category: "engineering",
      status: "published",
      publishedAt: new Date(NOW.getTime() - HOUR),
      ...fields,
    })
    .returning();
  if (!row) throw new Error("no article");
  return row;
}

async function follower(
  db: Db,
  email: string,
  fields: Partial<typeof subscribers.$inferInsert> = {},
) {
  await db.insert(subscribers).values({ email, langs: ["en-US"], locale: "en-US", ...fields });
}

const send = (db: Db, mailer: Mailer = quiet(db), now = NOW) =>
  sendArticleMails({ db, mailer, origin: "https://blog.example" }, { now: () => now });

const mailsTo = (db: Db, to: string) => db.select().from(outbox).where(eq(outbox.to, to));

describeEachDb("the mail of a new article", (ctx) => {
  it("goes once to each subscriber of its language, in theirs, with one-click unsubscribe", async () => {
    const { app, database } = ctx();
    const db = database.db;
    await follower(db, "en@example.com");
    await follower(db, "zh@example.com", { langs: ["zh-CN"], locale: "zh-CN" });
    await follower(db, "both@example.com", { langs: ["zh-CN", "en-US"], locale: "zh-CN" });
    await follower(db, "weekly@example.com", { digest: true });
    const { slug, title } = await article(db);

    expect(await send(db)).toEqual({ mailings: 1, sent: 2, failed: 0 });
    expect(await mailsTo(db, "zh@example.com")).toEqual([]);
    expect(await mailsTo(db, "weekly@example.com")).toEqual([]);
    const [en] = await mailsTo(db, "en@example.com");
    expect(en?.subject).toBe(title);
    expect(en?.body).toContain(`https://blog.example/articles/${slug}/`);
    const [both] = await mailsTo(db, "both@example.com");
    expect(both?.body).toContain("如不想再收到");
    expect(both?.headers?.["List-Unsubscribe-Post"]).toBe("List-Unsubscribe=One-Click");

    // Never twice, however often the sender runs; and the link unsubscribes with one click.
    expect(await send(db)).toEqual({ mailings: 0, sent: 0, failed: 0 });
    const link = new URL((en?.headers?.["List-Unsubscribe"] ?? "").slice(1, -1));
    const res = await call(app, "POST", link.pathname + link.search, { ip: "192.0.2.9" });
    expect(res.status).toBe(200);
    expect(
      await db.select().from(subscribers).where(eq(subscribers.email, "en@example.com")),
    ).toEqual([]);
    const [mailing] = await db.select().from(mailings);
    expect(mailing?.finishedAt).not.toBeNull();
  });

  it("is not sent for drafts, scheduled articles still to come, old articles or imports", async () => {
    const { database } = ctx();
    const db = database.db;
    await follower(db, "reader@example.com");
    await article(db, { status: "draft", publishedAt: null });
    const later = await article(db, {
      status: "scheduled",
      publishedAt: new Date(NOW.getTime() + HOUR),
    });
    await article(db, { publishedAt: new Date(NOW.getTime() - 72 * HOUR) });
    const imported = await article(db);
    const [run] = await db
      .insert(blogImports)
      .values({ tool: "wordpress", source: "x.xml", counts: {} })
      .returning();
    if (!run) throw new Error("no import");
    await db
      .insert(blogImportRows)
      .values({ kind: "article", sourceKey: "1", importId: run.id, rowKey: imported.id });
    expect(await send(db)).toEqual({ mailings: 0, sent: 0, failed: 0 });

    // The scheduled one, once its time has come.
    expect(await send(db, quiet(db), new Date(NOW.getTime() + 2 * HOUR))).toMatchObject({
      sent: 1,
    });
    const [mail] = await mailsTo(db, "reader@example.com");
    expect(mail?.subject).toBe(later.title);
  });

  it("sends 500 mails exactly once though one sender dies and the mail server goes down", async () => {
    const { database } = ctx();
    const db = database.db;
    await db.execute(sql`
      insert into subscribers (email, langs, locale)
      select 'r' || n || '@example.com', array['en-US'], 'en-US' from generate_series(1, 500) n`);
    await article(db);
    await queueMailings(db, NOW, 48 * HOUR);
    // A sender claims 50 deliveries and is killed before it sends any.
    expect(await claimDeliveries(db, 50, NOW, 10 * 60_000)).toHaveLength(50);
    // Another sends 230 mails, then the mail server stops taking them.
    const errors = vi.spyOn(console, "error").mockImplementation(() => {});
    let written = 0;
    const real = quiet(db);
    const failing: Mailer = {
      kind: "outbox",
      send: real.send,
      async sendWithin(tx, message) {
        if (written === 230) throw new Error("421 try again later");
        written += 1;
        await real.sendWithin?.(tx, message);
      },
    };
    expect(await send(db, failing)).toEqual({ mailings: 0, sent: 230, failed: 220 });
    errors.mockRestore();
    expect((await db.select().from(outbox)).length).toBe(230);
    // Eleven minutes on, a sender takes over what the dead one held and retries the failures.
    const later = new Date(NOW.getTime() + 11 * 60_000);
    expect(await send(db, quiet(db), later)).toEqual({ mailings: 0, sent: 270, failed: 0 });
    const mails = await db.select({ to: outbox.to }).from(outbox);
    expect(mails.length).toBe(500);
    expect(new Set(mails.map((m) => m.to)).size).toBe(500);
    const open = await db
      .select()
      .from(mailingDeliveries)
      .where(inArray(mailingDeliveries.status, ["pending", "sending"]));
    expect(open).toEqual([]);
  });

  it("gives a failing address five tries, then gives up on it alone", async () => {
    const { database } = ctx();
    const db = database.db;
    await follower(db, "good@example.com");
    await follower(db, "bad@example.com");
    await article(db);
    const real = quiet(db);
    const picky: Mailer = {
      kind: "smtp",
      async send(message) {
        if (message.to === "bad@example.com") throw new Error("550 no such mailbox");
        await real.send(message);
      },
    };
    const errors = vi.spyOn(console, "error").mockImplementation(() => {});
    let at = NOW.getTime();
    for (let i = 0; i < 6; i++) {
      await send(db, picky, new Date(at));
      at += 11 * 60_000;
    }
    errors.mockRestore();
    const rows = await db.select().from(mailingDeliveries).orderBy(mailingDeliveries.attempts);
    expect(rows.map((r) => [r.status, r.attempts])).toEqual([
      ["sent", 1],
      ["failed", 5],
    ]);
    expect(rows[1]?.lastError).toContain("550");
    expect((await mailsTo(db, "good@example.com")).length).toBe(1);
  });

  it("carries the whole text where the settings say", async () => {
    const db = ctx().database.db;
    await follower(db, "full@example.com");
    const value = { followMailFullText: true };
    await db.insert(siteSettings).values({ id: "site", value });
    await article(db, { body: "The **whole** text, every word of it." });
    await send(db);
    const [mail] = await mailsTo(db, "full@example.com");
    expect(mail?.body).toContain("The **whole** text, every word of it.");
    expect(mail?.body).not.toContain("What it is about.");
  });

  it("mails a weekly digest of last week's articles in each reader's languages, once", async () => {
    const db = ctx().database.db;
    const day = (n: number) => new Date(Date.parse("2026-11-30T09:00:00Z") + n * 24 * HOUR);
    await follower(db, "each@example.com");
    await follower(db, "week-en@example.com", { digest: true });
    await follower(db, "week-zh@example.com", { digest: true, langs: ["zh-CN"], locale: "zh-CN" });
    await follower(db, "week-fr@example.com", { digest: true, langs: ["en-US"], locale: "en-US" });
    const tuesday = await article(db, { title: "Tuesday's", publishedAt: day(1) });
    const saturday = await article(db, { title: "Saturday's", publishedAt: day(5) });
    const chinese = await article(db, { title: "周四的", lang: "zh-CN", publishedAt: day(3) });
    await article(db, { title: "A draft", status: "draft", publishedAt: day(2) });
    const thisWeek = await article(db, { title: "This week's" });

    // Monday noon: this week's article to the reader of each; last week's digest to the others.
    expect(await send(db)).toEqual({ mailings: 2, sent: 4, failed: 0 });
    expect((await mailsTo(db, "each@example.com")).map((m) => m.subject)).toEqual([thisWeek.title]);
    const [en] = await mailsTo(db, "week-en@example.com");
    expect(en?.subject).toBe("Two Inks: the week of November 30, 2026");
    expect(en?.body).toContain(
      `${tuesday.title}\nWhat it is about.\nhttps://blog.example/articles/${tuesday.slug}/`,
    );
    expect(en?.body.indexOf(tuesday.title)).toBeLessThan(en?.body.indexOf(saturday.title) ?? 0);
    expect(en?.body).not.toContain(chinese.title);
    expect(en?.body).not.toContain("A draft");
    expect(en?.body).not.toContain(thisWeek.title);
    expect(en?.headers?.["List-Unsubscribe-Post"]).toBe("List-Unsubscribe=One-Click");
    const [zh] = await mailsTo(db, "week-zh@example.com");
    expect(zh?.subject).toBe("双墨：2026年11月30日这一周");
    expect(zh?.body).toContain(chinese.title);
    expect(zh?.body).not.toContain(tuesday.title);

    // Never twice; and not made days late (a server down from Monday to Thursday skips it).
    expect(await send(db, quiet(db), new Date(NOW.getTime() + HOUR))).toMatchObject({
      mailings: 0,
      sent: 0,
    });
    await db.delete(mailings).where(eq(mailings.digestWeek, "2026-11-30"));
    expect(await send(db, quiet(db), day(10))).toMatchObject({ mailings: 0, sent: 0 });
  });
});
