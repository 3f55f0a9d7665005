import { eq } from "drizzle-orm";
import { expect, it } from "vitest";
import { outbox, siteSettings } from "../db/schema.ts";
import { outboxMailer } from "../mail/mailer.ts";
import { callJson, describeEachDb, userWithSession } from "../test-support.ts";
import { sendCommentDigest } from "./digest.ts";

// The owner's daily digest of comments that wait, instead of a mail for each.

const HOUR = 3_600_000;

describeEachDb("the owner's comment digest", (ctx) => {
  it("sends one mail a day naming what began waiting, and none for each comment", async () => {
    const { app, database } = ctx();
    const { db } = database;
    const owner = await userWithSession(db, { role: "admin", email: "owner@example.com" });
    const mailer = outboxMailer(db, () => {});
    const ownerMails = () =>
      db.select().from(outbox).where(eq(outbox.to, owner.user.email)).orderBy(outbox.id);
    const guestComment = (n: number) =>
      callJson(app, "POST", "/api/comments", {
        ip: `198.51.100.${n}`,
        body: {
          kind: "article",
          item: "commit-messages",
          name: `Guest ${n}`,
          email: `g${n}@example.com`,
          body: `Waiting\n  comment ${n}`,
          lang: "en-US",
        },
      });

    // A mail for each by default: no digest.
    expect(await sendCommentDigest(db, mailer, "https://blog.example")).toBe(0);
    const value = { commentMail: "daily" };
    await db.insert(siteSettings).values({ id: "site", value });
    await guestComment(1);
    await guestComment(2);
    expect(await ownerMails()).toEqual([]);

    const now = new Date();
    expect(await sendCommentDigest(db, mailer, "https://blog.example/", now)).toBe(2);
    const [digest] = await ownerMails();
    expect(digest?.subject).toBe("2 comments wait for you");
    expect(digest?.body).toContain("- Guest 1 under article commit-messages: Waiting comment 1");
    expect(digest?.body).toContain("- Guest 2 under article commit-messages: Waiting comment 2");
    expect(digest?.body).toContain("https://blog.example/bms/comments");

    // Within the day nothing more goes, whatever waits; a day later only what is new is named.
    await guestComment(3);
    const soon = new Date(now.getTime() + HOUR);
    expect(await sendCommentDigest(db, mailer, "https://blog.example", soon)).toBe(0);
    const later = new Date(now.getTime() + 25 * HOUR);
    expect(await sendCommentDigest(db, mailer, "https://blog.example", later)).toBe(1);
    const mails = await ownerMails();
    expect(mails.map((mail) => mail.subject)).toEqual([
      "2 comments wait for you",
      "A comment waits for you",
    ]);
    expect(mails[1]?.body).toContain("Guest 3");
    expect(mails[1]?.body).not.toContain("Guest 1");
  });
});
