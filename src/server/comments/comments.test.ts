import { eq } from "drizzle-orm";
import { expect, it } from "vitest";
import { auditLogs, comments, contentArticles, siteSettings, users } from "../db/schema.ts";
import { callJson, describeEachDb, lastMail, userWithSession } from "../test-support.ts";

// Readers' comments through the API, in-process, on each database engine. The items are the
// seed files under content/ (an article, a note, a book's chapter) and rows made here.

const ARTICLE = { kind: "article", item: "commit-messages" } as const;
const guest = { name: "Lin", email: "Lin@Example.com" };
const list = (app: Parameters<typeof callJson>[0], token?: string, where = ARTICLE) =>
  callJson(app, "GET", `/api/comments?kind=${where.kind}&item=${where.item}`, { token });

describeEachDb("comments", (ctx) => {
  it("a signed-in reader's comment shows at once, rendered and sanitised, to every reader", async () => {
    const { app, database } = ctx();
    const { token } = await userWithSession(database.db, { userName: "reader" });
    const body =
      "Thanks! *Very* clear. See [the log](https://example.com/log) <script>x()</script>";
    const posted = await callJson(app, "POST", "/api/comments", {
      token,
      body: { ...ARTICLE, body, lang: "en-US" },
    });
    expect(posted.status).toBe(200);
    expect(posted.body.data).toMatchObject({
      status: "approved",
      mine: true,
      author: { name: "reader", owner: false, gone: false },
    });
    const { html } = posted.body.data;
    expect(html).toContain("<em>Very</em>");
    expect(html).toContain('<a href="https://example.com/log" rel="nofollow ugc noopener">');
    expect(html).not.toContain("<script");

    const seen = await list(app);
    expect(seen.status).toBe(200);
    expect(seen.body.data).toHaveLength(1);
    expect(seen.body.data[0]).toMatchObject({ html, mine: false });
    const counts = await callJson(app, "GET", "/api/comments/counts");
    expect(counts.body.data).toEqual({ "article/commit-messages": 1 });
  });

  it("takes comments on notes and chapters, and refuses items that are not on the site", async () => {
    const { app, database } = ctx();
    // A guest from another address each time: three comments at once is the limit.
    let n = 0;
    const post = (where: { kind: string; item: string }) =>
      callJson(app, "POST", "/api/comments", {
        ip: `198.51.100.${++n}`,
        body: { ...where, ...guest, body: "Hello", lang: "zh-CN" },
      });
    expect((await post({ kind: "note", item: "2026-10-12-osmanthus" })).status).toBe(200);
    expect((await post({ kind: "chapter", item: "the-quiet-page/fonts" })).status).toBe(200);
    expect((await post({ kind: "article", item: "no-such-article" })).status).toBe(404);
    expect((await post({ kind: "chapter", item: "the-quiet-page/nothing" })).status).toBe(404);
    expect((await post({ kind: "chapter", item: "the-quiet-page" })).status).toBe(400);
    expect((await post({ kind: "article", item: "../etc/passwd" })).status).toBe(400);
    await database.db.insert(contentArticles).values({
      slug: "a-draft",
      lang: "en-US",
      title: "A draft",
      summary: "Not yet.",
      body: "Not yet.",
      category: "engineering",
      status: "draft",
    });
    expect((await post({ kind: "article", item: "a-draft" })).status).toBe(404);
  });

  it("holds a guest's first comment and one with many links; a known guest's shows at once", async () => {
    const { app, database } = ctx();
    const first = await callJson(app, "POST", "/api/comments", {
      body: { ...ARTICLE, ...guest, body: "First time here.", lang: "zh-CN" },
    });
    expect(first.status).toBe(200);
    expect(first.body.data.status).toBe("pending");
    // Waiting: nobody sees it, the email is never shown.
    expect((await list(app)).body.data).toEqual([]);
    expect(JSON.stringify(first.body.data)).not.toContain("xample.com");

    await database.db
      .update(comments)
      .set({ status: "approved" })
      .where(eq(comments.id, first.body.data.id));
    const again = await callJson(app, "POST", "/api/comments", {
      body: {
        ...ARTICLE,
        name: "Lin",
        email: "lin@example.com",
        body: "Back again.",
        lang: "zh-CN",
      },
    });
    expect(again.body.data.status).toBe("approved");

    const { token } = await userWithSession(database.db);
    const links = await callJson(app, "POST", "/api/comments", {
      token,
      body: {
        ...ARTICLE,
        body: "http://a.example http://b.example [c](https://c.example)",
        lang: "en-US",
      },
    });
    expect(links.body.data.status).toBe("pending");
    // The writer sees their own waiting comment; others do not.
    const mine = await list(app, token);
    expect(mine.body.data.map((c: { status: string }) => c.status)).toEqual([
      "approved",
      "approved",
      "pending",
    ]);
    expect((await list(app)).body.data).toHaveLength(2);
  });

  it("a guest must give a name and an email; a filled hidden field writes nothing", async () => {
    const { app, database } = ctx();
    const bare = await callJson(app, "POST", "/api/comments", {
      body: { ...ARTICLE, body: "Who am I?", lang: "en-US" },
    });
    expect(bare.status).toBe(400);
    expect(bare.body.error?.issues?.map((i: { field: string }) => i.field)).toEqual([
      "name",
      "email",
    ]);
    const bot = await callJson(app, "POST", "/api/comments", {
      body: { ...ARTICLE, ...guest, body: "Buy now", lang: "en-US", website: "https://spam" },
    });
    expect(bot.status).toBe(200);
    expect(bot.body.data.status).toBe("pending");
    expect(await database.db.select().from(comments)).toEqual([]);
  });

  it("replies join the first comment's thread and name whom they answer; the owner's are marked", async () => {
    const { app, database } = ctx();
    const reader = await userWithSession(database.db, { userName: "ana" });
    const owner = await userWithSession(database.db, { userName: "owner", role: "admin" });
    let n = 0;
    const post = (token: string, body: string, replyTo?: string) =>
      callJson(app, "POST", "/api/comments", {
        token,
        ip: `203.0.113.${++n}`,
        body: { ...ARTICLE, body, lang: "en-US", ...(replyTo ? { replyTo } : {}) },
      });
    const root = (await post(reader.token, "A question?")).body.data;
    const answer = (await post(owner.token, "An answer.", root.id)).body.data;
    expect(answer).toMatchObject({ threadId: root.id, replyTo: null, author: { owner: true } });
    const back = (await post(reader.token, "Thanks!", answer.id)).body.data;
    expect(back).toMatchObject({
      threadId: root.id,
      replyTo: { id: answer.id, name: "owner" },
    });
    const thread = (await list(app)).body.data;
    expect(thread.map((c: { id: string }) => c.id)).toEqual([root.id, answer.id, back.id]);
    expect(thread[2].replyTo).toEqual({ id: answer.id, name: "owner" });

    // A reply to a comment on another item, or to none, is refused.
    const other = await userWithSession(database.db);
    const note = await callJson(app, "POST", "/api/comments", {
      token: other.token,
      ip: "198.51.100.9",
      body: { kind: "note", item: "2026-10-12-osmanthus", body: "Elsewhere", lang: "en-US" },
    });
    expect((await post(other.token, "Across", note.body.data.id)).status).toBe(400);
    expect((await post(other.token, "Nowhere", crypto.randomUUID())).status).toBe(400);
  });

  it("a reader edits their own comment within 15 minutes and deletes it; nobody else can", async () => {
    const { app, database } = ctx();
    const ana = await userWithSession(database.db);
    const bo = await userWithSession(database.db);
    const written = await callJson(app, "POST", "/api/comments", {
      token: ana.token,
      body: { ...ARTICLE, body: "Frist!", lang: "en-US" },
    });
    const id = written.body.data.id;
    const edit = (token: string | undefined, body: string) =>
      callJson(app, "PUT", `/api/comments/${id}`, { token, body: { body } });
    expect((await edit(undefined, "x")).status).toBe(401);
    expect((await edit(bo.token, "Mine now")).status).toBe(404);
    const fixed = await edit(ana.token, "First!");
    expect(fixed.status).toBe(200);
    expect(fixed.body.data.html).toBe("<p>First!</p>");
    expect(fixed.body.data.editedAt).not.toBeNull();

    await database.db
      .update(comments)
      .set({ createdAt: new Date(Date.now() - 16 * 60_000) })
      .where(eq(comments.id, id));
    expect((await edit(ana.token, "Too late")).status).toBe(409);

    expect((await callJson(app, "DELETE", `/api/comments/${id}`, { token: bo.token })).status).toBe(
      404,
    );
    expect(
      (await callJson(app, "DELETE", `/api/comments/${id}`, { token: ana.token })).status,
    ).toBe(200);
    expect((await list(app)).body.data).toEqual([]);
    expect((await callJson(app, "GET", "/api/comments/counts")).body.data).toEqual({});
  });

  it("a deleted first comment keeps its thread; a deleted account's comments show a deleted reader", async () => {
    const { app, database } = ctx();
    const ana = await userWithSession(database.db, { userName: "ana" });
    const bo = await userWithSession(database.db, { userName: "bo" });
    const root = await callJson(app, "POST", "/api/comments", {
      token: ana.token,
      body: { ...ARTICLE, body: "Root", lang: "en-US" },
    });
    await callJson(app, "POST", "/api/comments", {
      token: bo.token,
      body: { ...ARTICLE, body: "Reply", lang: "en-US", replyTo: root.body.data.id },
    });
    await callJson(app, "DELETE", `/api/comments/${root.body.data.id}`, { token: ana.token });
    await database.db.delete(users).where(eq(users.id, bo.user.id));
    const thread = (await list(app)).body.data;
    expect(thread).toHaveLength(2);
    expect(thread[0]).toMatchObject({ status: "deleted", html: "", author: { name: "" } });
    expect(thread[1]).toMatchObject({ html: "<p>Reply</p>", author: { name: "", gone: true } });
  });

  it("refuses a flood from one address, from one /64, and from one account, with Retry-After", async () => {
    const { app, database } = ctx();
    const { token } = await userWithSession(database.db);
    const post = (ip: string, withToken?: string) =>
      callJson(app, "POST", "/api/comments", {
        ip,
        ...(withToken ? { token: withToken } : {}),
        body: { ...ARTICLE, ...guest, body: "Again", lang: "en-US" },
      });
    const answers = await Promise.all(
      ["2001:db8:1:2::1", "2001:db8:1:2::2", "2001:db8:1:2::3", "2001:db8:1:2::4"].map((ip) =>
        post(ip),
      ),
    );
    expect(answers.map((a) => a.status).sort()).toEqual([200, 200, 200, 429]);
    const refused = answers.find((a) => a.status === 429);
    expect(refused?.body.error?.retryAfterSeconds).toBeGreaterThan(0);

    const fromMany = [];
    for (let i = 1; i <= 4; i += 1) fromMany.push(await post(`198.51.100.${i}`, token));
    expect(fromMany.map((a) => a.status)).toEqual([200, 200, 200, 429]);
  });

  it("the owner lists comments by status, item and author, approves, marks spam and deletes", async () => {
    const { app, database } = ctx();
    const owner = await userWithSession(database.db, { role: "admin" });
    const reader = await userWithSession(database.db, { userName: "kai" });
    const held = await callJson(app, "POST", "/api/comments", {
      ip: "198.51.100.1",
      body: { ...ARTICLE, ...guest, body: "A guest's first word.", lang: "en-US" },
    });
    await callJson(app, "POST", "/api/comments", {
      token: reader.token,
      ip: "198.51.100.2",
      body: { kind: "note", item: "2026-10-12-osmanthus", body: "On a note.", lang: "zh-CN" },
    });
    const page = (query: string) =>
      callJson(app, "GET", `/api/admin/comments?${query}`, { token: owner.token });

    const pending = await page("status=pending");
    expect(pending.status).toBe(200);
    expect(pending.body.data).toMatchObject({ total: 1, page: 1 });
    expect(pending.body.data.items[0]).toMatchObject({
      id: held.body.data.id,
      kind: "article",
      item: "commit-messages",
      email: "lin@example.com",
      author: { name: "Lin" },
      status: "pending",
    });
    expect((await page("author=KAI")).body.data.total).toBe(1);
    expect((await page("author=lin%40example")).body.data.total).toBe(1);
    expect((await page("kind=note")).body.data.items[0].item).toBe("2026-10-12-osmanthus");
    expect((await page("item=commit")).body.data.total).toBe(1);
    expect((await page("")).body.data.total).toBe(2);

    const move = (status: string, token = owner.token) =>
      callJson(app, "PUT", `/api/admin/comments/${held.body.data.id}/status`, {
        token,
        body: { status },
      });
    expect((await move("approved", reader.token)).status).toBe(403);
    expect((await move("approved")).body.data.status).toBe("approved");
    expect((await list(app)).body.data).toHaveLength(1);
    expect((await move("spam")).body.data.status).toBe("spam");
    expect((await list(app)).body.data).toEqual([]);
    expect((await move("deleted")).body.data).toMatchObject({
      status: "deleted",
      html: "<p>A guest's first word.</p>",
    });
    expect((await move("sideways")).status).toBe(400);
    // Every move is in the audit log, under the owner's name.
    const logged = await database.db
      .select({ action: auditLogs.action, actor: auditLogs.actorId })
      .from(auditLogs)
      .where(eq(auditLogs.targetId, held.body.data.id));
    expect(logged).toHaveLength(3);
    expect(logged.every((row) => row.actor === owner.user.id)).toBe(true);
    const nowhere = await callJson(
      app,
      "PUT",
      `/api/admin/comments/${crypto.randomUUID()}/status`,
      { token: owner.token, body: { status: "approved" } },
    );
    expect(nowhere.status).toBe(404);
  });

  it("follows the settings: closed to all, closed to guests, and the blocklist to spam unseen", async () => {
    const { app, database } = ctx();
    const reader = await userWithSession(database.db);
    let n = 0;
    const post = (extra: Record<string, unknown>, token?: string) =>
      callJson(app, "POST", "/api/comments", {
        ip: `198.51.100.${++n}`,
        ...(token ? { token } : {}),
        body: { ...ARTICLE, body: "Hello there", lang: "en-US", ...extra },
      });
    const settings = (value: Record<string, unknown>) =>
      database.db
        .insert(siteSettings)
        .values({ id: "site", value })
        .onConflictDoUpdate({ target: siteSettings.id, set: { value } });

    await settings({ commentsOpen: false });
    const closed = await post({}, reader.token);
    expect(closed.status).toBe(403);
    expect(closed.body.error?.issues?.[0]?.key).toBe("comments.errors.closed");

    await settings({ guestComments: false });
    expect((await post(guest)).body.error?.issues?.[0]?.key).toBe("comments.errors.signIn");
    expect((await post({}, reader.token)).status).toBe(200);

    await settings({ commentBlocklist: "casino\n203.0.113.0/24" });
    const word = await post({ body: "Visit my Casino" }, reader.token);
    expect(word.body.data.status).toBe("pending");
    // Another reader: three comments at once is one account's limit.
    const other = await userWithSession(database.db);
    const fromRange = await callJson(app, "POST", "/api/comments", {
      ip: "203.0.113.50",
      token: other.token,
      body: { ...ARTICLE, body: "Innocent words", lang: "en-US" },
    });
    expect(fromRange.body.data.status).toBe("pending");
    const rows = await database.db.select({ status: comments.status }).from(comments);
    expect(rows.map((row) => row.status).sort()).toEqual(["approved", "spam", "spam"]);
  });

  it("mails each owner when a comment waits, and nobody when it shows at once", async () => {
    const { app, database } = ctx();
    const owner = await userWithSession(database.db, { role: "admin", email: "owner@example.com" });
    const reader = await userWithSession(database.db);
    await callJson(app, "POST", "/api/comments", {
      token: reader.token,
      body: { ...ARTICLE, body: "Shown at once.", lang: "en-US" },
    });
    expect(await lastMail(database.db, owner.user.email)).toBeNull();
    await callJson(app, "POST", "/api/comments", {
      ip: "198.51.100.3",
      body: { ...ARTICLE, ...guest, body: "Please approve me.", lang: "zh-CN" },
    });
    const mail = await lastMail(database.db, owner.user.email);
    expect(mail?.subject).toBe("A comment waits for you: article commit-messages");
    expect(mail?.body).toContain("Lin wrote under article commit-messages:");
    expect(mail?.body).toContain("Please approve me.");
    expect(mail?.body).toContain("/bms/comments");
  });
});
