import { eq } from "drizzle-orm";
import { expect, it } from "vitest";
import { hashToken } from "../auth/sessions.ts";
import { commentMailAddresses, commentMailTokens, outbox } from "../db/schema.ts";
import type { Mailer } from "../mail/mailer.ts";
import {
  call,
  callJson,
  createTestApp,
  describeEachDb,
  lastMail,
  userWithSession,
} from "../test-support.ts";

// The mail a commenter gets when someone answers them, and its one-click unsubscribe link.

const ARTICLE = { kind: "article", item: "commit-messages" } as const;

type App = Parameters<typeof callJson>[0];

/** Posts a comment from its own address (three at once is the limit per address). */
let n = 0;
const post = (app: App, token: string | undefined, body: Record<string, unknown>) =>
  callJson(app, "POST", "/api/comments", {
    token,
    ip: `203.0.113.${(++n % 250) + 1}`,
    body: { ...ARTICLE, lang: "en-US", ...body },
  });

/** The token of the unsubscribe link in a mail's List-Unsubscribe header. */
function tokenOf(mail: { headers: Record<string, string> | null } | null): string {
  const header = mail?.headers?.["List-Unsubscribe"] ?? "";
  const url = new URL(header.slice(1, -1));
  return url.searchParams.get("token") ?? "";
}

describeEachDb("comment reply mails", (ctx) => {
  it("mails whom a reply answers, in their language, with RFC 8058 headers; not oneself", async () => {
    const { app, database } = ctx();
    const ana = await userWithSession(database.db, { userName: "ana", email: "ana@example.com" });
    const owner = await userWithSession(database.db, { userName: "owner", role: "admin" });
    const root = (await post(app, ana.token, { body: "一个问题？", lang: "zh-CN" })).body.data;
    // Answering oneself sends nothing.
    await post(app, ana.token, { body: "补充一句。", replyTo: root.id, lang: "zh-CN" });
    expect(await lastMail(database.db, "ana@example.com")).toBeNull();

    const answer = (await post(app, owner.token, { body: "An *answer*.", replyTo: root.id })).body
      .data;
    const mail = await lastMail(database.db, "ana@example.com");
    expect(mail?.subject).toBe("owner 回复了你的评论");
    expect(mail?.body).toContain("An *answer*.");
    expect(mail?.body).toContain(`/articles/commit-messages/#comment-${answer.id}`);
    expect(mail?.headers?.["List-Unsubscribe-Post"]).toBe("List-Unsubscribe=One-Click");
    const link = `/api/comments/unsubscribe?token=${tokenOf(mail)}`;
    expect(mail?.headers?.["List-Unsubscribe"]).toBe(`<http://localhost${link}>`);
    expect(mail?.body).toContain(`http://localhost${link}`);

    // A reply to the owner's answer mails the owner, not the thread's first writer.
    const before = await database.db.select().from(outbox);
    await post(app, ana.token, { body: "Thanks!", replyTo: answer.id });
    const after = await database.db.select().from(outbox);
    expect(after.length - before.length).toBe(1);
    expect((await lastMail(database.db, owner.user.email))?.subject).toBe(
      "ana answered your comment",
    );
  });

  it("answers before the mail goes: a slow mail server keeps nobody waiting", async () => {
    const { database } = ctx();
    // The mail server takes the mail, then holds it until the test opens the gate.
    let open = () => {};
    const gate = new Promise<void>((resolve) => {
      open = resolve;
    });
    let taken = () => {};
    const inSend = new Promise<void>((resolve) => {
      taken = resolve;
    });
    const sent: string[] = [];
    const slow: Mailer = {
      kind: "smtp",
      send: async (message) => {
        taken();
        await gate;
        sent.push(message.to);
      },
    };
    const pending: Promise<void>[] = [];
    const app = createTestApp(database.db, undefined, undefined, {
      mailer: slow,
      afterAnswer: async (work) => {
        pending.push(work);
      },
    });
    await userWithSession(database.db, { role: "admin", email: "owner@example.com" });
    const posted = await post(app, undefined, { name: "Lin", email: "l@example.com", body: "Hi" });
    expect(posted.body.data.status).toBe("pending");
    expect(pending).toHaveLength(1);
    await inSend;
    expect(sent).toEqual([]);
    open();
    await Promise.all(pending);
    expect(sent).toEqual(["owner@example.com"]);
  });

  it("a held reply mails once it is approved, and once only, however often it is approved", async () => {
    const { app, database } = ctx();
    const ana = await userWithSession(database.db, { email: "ana@example.com" });
    const owner = await userWithSession(database.db, { role: "admin" });
    const root = (await post(app, ana.token, { body: "Hello" })).body.data;
    const guest = { name: "Lin", email: "lin@example.com" };
    const reply = (await post(app, undefined, { ...guest, body: "Hi Ana", replyTo: root.id })).body
      .data;
    expect(reply.status).toBe("pending");
    expect(await lastMail(database.db, "ana@example.com")).toBeNull();

    const move = (status: string) =>
      callJson(app, "PUT", `/api/admin/comments/${reply.id}/status`, {
        token: owner.token,
        body: { status },
      });
    const moves = await Promise.all([move("approved"), move("approved"), move("approved")]);
    expect(moves.map((m) => m.status)).toEqual([200, 200, 200]);
    await move("pending");
    await move("approved");
    const mails = await database.db.select().from(outbox).where(eq(outbox.to, "ana@example.com"));
    expect(mails).toHaveLength(1);
    expect(mails[0]?.subject).toBe("Lin answered your comment");
  });

  it("no mail about a reply to a comment that no longer shows, nor to a held guest", async () => {
    const { app, database } = ctx();
    const owner = await userWithSession(database.db, { role: "admin" });
    const guest = { name: "Lin", email: "lin@example.com" };
    // The guest's first comment waits; the owner may answer it before approving.
    const first = (await post(app, undefined, { ...guest, body: "First" })).body.data;
    await post(app, owner.token, { body: "Welcome", replyTo: first.id });
    expect(await lastMail(database.db, "lin@example.com")).toBeNull();
  });

  it("one click stops the mails: the mail program's POST and the reader's GET", async () => {
    const { app, database } = ctx();
    const ana = await userWithSession(database.db, { email: "ana@example.com" });
    const owner = await userWithSession(database.db, { role: "admin" });
    const root = (await post(app, ana.token, { body: "Hello" })).body.data;
    await post(app, owner.token, { body: "One", replyTo: root.id });
    const token = tokenOf(await lastMail(database.db, "ana@example.com"));
    // Each mail has its own link; an earlier mail's link still works.
    await post(app, owner.token, { body: "One more", replyTo: root.id });
    expect(tokenOf(await lastMail(database.db, "ana@example.com"))).not.toBe(token);

    const oneClick = await call(app, "POST", `/api/comments/unsubscribe?token=${token}`, {
      headers: { "content-type": "application/x-www-form-urlencoded" },
    });
    expect(oneClick.status).toBe(200);
    const [address] = await database.db.select().from(commentMailAddresses);
    expect(address?.stoppedAt).toBeInstanceOf(Date);
    await post(app, owner.token, { body: "Two", replyTo: root.id });
    const mails = await database.db.select().from(outbox).where(eq(outbox.to, "ana@example.com"));
    expect(mails.map((mail) => mail.body.includes("One"))).toEqual([true, true]);

    // The link's token is kept only as its hash.
    const kept = await database.db.select().from(commentMailTokens);
    expect(kept).toHaveLength(2);
    expect(kept.map((row) => row.tokenHash)).toContain(hashToken(token));
    expect(JSON.stringify(kept)).not.toContain(token);

    // The reader's click lands on the site's page; a second click changes nothing.
    const click = await call(app, "GET", `/api/comments/unsubscribe?token=${token}`);
    expect(click.status).toBe(303);
    expect(click.headers.get("location")).toBe("/comment-mail/#stopped");
    const [again] = await database.db.select().from(commentMailAddresses);
    expect(again?.stoppedAt).toEqual(address?.stoppedAt);
  });

  it("a link that is not ours lands on its own words; a flood of clicks is refused", async () => {
    const { app } = ctx();
    const unknown = "A".repeat(43);
    for (const query of [`token=${unknown}`, "token=short", "", "token=<script>"]) {
      const click = await call(app, "GET", `/api/comments/unsubscribe?${query}`, {
        ip: "198.51.100.20",
      });
      expect(click.headers.get("location"), query).toBe("/comment-mail/#unknown");
    }
    const post = (query: string) =>
      call(app, "POST", `/api/comments/unsubscribe?${query}`, { ip: "198.51.100.21" });
    expect((await post(`token=${unknown}`)).status).toBe(404);
    expect((await post("token=short")).status).toBe(400);
    // Five at once from one address, then 429 with Retry-After.
    const clicks = await Promise.all(
      Array.from({ length: 12 }, () =>
        call(app, "GET", `/api/comments/unsubscribe?token=${unknown}`, {
          ip: "2001:db8:1:2::7",
        }),
      ),
    );
    const statuses = clicks.map((click) => click.status);
    expect(statuses.filter((status) => status === 303)).toHaveLength(5);
    expect(statuses.filter((status) => status === 429)).toHaveLength(7);
    expect(clicks.find((click) => click.status === 429)?.headers.get("retry-after")).toMatch(
      /^\d+$/,
    );
  });
});
