import { eq } from "drizzle-orm";
import { expect, it } from "vitest";
import { FOLLOW_MAILS_A_DAY } from "../../shared/following.ts";
import { outbox, subscribers, subscriptionRequests } from "../db/schema.ts";
import { call, type createTestApp, describeEachDb, lastMail } from "../test-support.ts";
import { unsubscribeToken } from "./service.ts";

// Following by email through the API, as the follow page's plain form and the mails' links call
// it: double opt-in, the same answer for every address, and one-click unsubscribe.

type App = ReturnType<typeof createTestApp>;

let n = 0;
/** Posts the follow form from an address of its own (the limit is per address). */
function follow(app: App, fields: Record<string, string | string[]>, ip?: string) {
  const form = new URLSearchParams();
  for (const [name, value] of Object.entries(fields)) {
    for (const one of [value].flat()) form.append(name, one);
  }
  return app.request(
    "/api/follow",
    {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: form.toString(),
    },
    { clientIp: ip ?? `198.51.100.${(++n % 250) + 1}` },
  );
}

/** The path of the confirmation link in a mail's text. */
function confirmLink(mail: { body: string } | null): string {
  const url = /http:\/\/localhost(\/api\/follow\/confirm\?token=[\w-]{43})/.exec(mail?.body ?? "");
  if (!url?.[1]) throw new Error(`no confirmation link in ${mail?.body}`);
  return url[1];
}

const landing = (res: Response) => res.headers.get("location");

/** Calls the API from an address of its own: the links' limit is per address too. */
const open = (app: App, method: string, path: string, headers: Record<string, string> = {}) =>
  call(app, method, path, { headers, ip: `192.0.2.${(++n % 250) + 1}` });

describeEachDb("following by email", (ctx) => {
  it("keeps nobody before the link is followed, then one subscriber with their languages", async () => {
    const { app, database } = ctx();
    const res = await follow(app, {
      email: " Reader@Example.com ",
      langs: ["en-US", "zh-CN"],
      digest: "on",
      locale: "zh-CN",
    });
    expect(res.status).toBe(303);
    expect(landing(res)).toBe("/follow/#sent");
    expect(await database.db.select().from(subscribers)).toEqual([]);

    const mail = await lastMail(database.db, "reader@example.com");
    expect(mail?.subject).toContain("确认关注");
    expect(mail?.body).toContain("中文, 英文");
    expect(mail?.body).toContain("每周汇总一封");

    const confirmed = await open(app, "GET", confirmLink(mail));
    expect(landing(confirmed)).toBe("/follow/#confirmed");
    expect(confirmed.headers.get("cache-control")).toBe("no-store");
    const [row] = await database.db.select().from(subscribers);
    expect(row).toMatchObject({
      email: "reader@example.com",
      langs: ["zh-CN", "en-US"],
      locale: "zh-CN",
      digest: true,
    });
    // A link works once; no request of the address is left.
    expect(landing(await open(app, "GET", confirmLink(mail)))).toBe("/follow/#unknown");
    expect(await database.db.select().from(subscriptionRequests)).toEqual([]);
  });

  it("answers a known address as a new one, and a second confirmation changes the languages", async () => {
    const { app, database } = ctx();
    const ask = (langs: string) =>
      follow(app, { email: "kim@example.com", langs, locale: "en-US" });
    await ask("en-US");
    await open(app, "GET", confirmLink(await lastMail(database.db, "kim@example.com")));
    const again = await ask("zh-CN");
    expect(again.status).toBe(303);
    expect(landing(again)).toBe("/follow/#sent");
    const mail = await lastMail(database.db, "kim@example.com");
    expect(mail?.subject).toBe("Confirm that you follow Two Inks");
    expect(mail?.body).toContain("(Chinese; one mail an article)");
    await open(app, "GET", confirmLink(mail));
    const rows = await database.db.select().from(subscribers);
    expect(rows.map((r) => [r.email, r.langs])).toEqual([["kim@example.com", ["zh-CN"]]]);
  });

  it("mails one address at most three times a day, however many addresses ask", async () => {
    const { app, database } = ctx();
    for (let i = 0; i < FOLLOW_MAILS_A_DAY + 3; i++) {
      const res = await follow(app, {
        email: "victim@example.com",
        langs: "en-US",
        locale: "en-US",
      });
      expect(landing(res)).toBe("/follow/#sent");
    }
    const mails = await database.db
      .select()
      .from(outbox)
      .where(eq(outbox.to, "victim@example.com"));
    expect(mails).toHaveLength(FOLLOW_MAILS_A_DAY);
  });

  it("sends nothing for a filled honeypot or a bad form, and says which", async () => {
    const { app, database } = ctx();
    const bot = await follow(app, {
      email: "bot@example.com",
      langs: "en-US",
      locale: "en-US",
      website: "http://spam.example",
    });
    expect(landing(bot)).toBe("/follow/#sent");
    for (const fields of [
      { email: "not an address", langs: "en-US", locale: "en-US" },
      { email: "a@example.com", locale: "en-US" },
      { email: "a@example.com", langs: "fr-FR", locale: "en-US" },
      { email: "a@example.com", langs: "en-US", locale: "en-US", extra: "x" },
      { email: "<script>@example.com", langs: "en-US", locale: "en-US" },
    ]) {
      expect(landing(await follow(app, fields))).toBe("/follow/#invalid");
    }
    const json = await call(app, "POST", "/api/follow", { body: { email: "j@example.com" } });
    expect(landing(json)).toBe("/follow/#invalid");
    expect(await database.db.select().from(outbox)).toEqual([]);
  });

  it("refuses an expired link", async () => {
    const { app, database } = ctx();
    await follow(app, { email: "late@example.com", langs: "en-US", locale: "en-US" });
    const link = confirmLink(await lastMail(database.db, "late@example.com"));
    await database.db
      .update(subscriptionRequests)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(subscriptionRequests.email, "late@example.com"));
    expect(landing(await call(app, "GET", link))).toBe("/follow/#unknown");
    expect(await database.db.select().from(subscribers)).toEqual([]);
  });

  it("unsubscribes with one click (RFC 8058 POST) or the link, without signing in", async () => {
    const { app, database } = ctx();
    for (const email of ["one@example.com", "two@example.com"]) {
      await follow(app, { email, langs: "en-US", locale: "en-US" });
      await open(app, "GET", confirmLink(await lastMail(database.db, email)));
    }
    const [one, two] = await database.db.select().from(subscribers).orderBy(subscribers.email);
    if (!one || !two) throw new Error("both should follow");
    const oneClick = await open(
      app,
      "POST",
      `/api/follow/unsubscribe?token=${await unsubscribeToken(database.db, one.id)}`,
      { "content-type": "application/x-www-form-urlencoded" },
    );
    expect(oneClick.status).toBe(200);
    const link = await open(
      app,
      "GET",
      `/api/follow/unsubscribe?token=${await unsubscribeToken(database.db, two.id)}`,
    );
    expect(landing(link)).toBe("/follow/#stopped");
    expect(await database.db.select().from(subscribers)).toEqual([]);
    // A link of nobody's, or not of ours.
    expect(
      (await open(app, "POST", `/api/follow/unsubscribe?token=${"x".repeat(43)}`)).status,
    ).toBe(404);
    expect(
      landing(
        await call(app, "GET", `/api/follow/unsubscribe?token=${encodeURIComponent("<script>")}`),
      ),
    ).toBe("/follow/#unknown");
  });

  it("refuses a flood from one /64 before any mail, and lets another address through", async () => {
    const { app, database } = ctx();
    const answers = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        follow(
          app,
          { email: `f${i}@example.com`, langs: "en-US", locale: "en-US" },
          `2001:db8:1:2::${i + 1}`,
        ),
      ),
    );
    const refused = answers.filter((res) => res.status === 429).length;
    expect(refused).toBeGreaterThanOrEqual(5);
    expect((await database.db.select().from(outbox)).length).toBe(8 - refused);
    const other = await follow(
      app,
      { email: "g@example.com", langs: "en-US", locale: "en-US" },
      "2001:db8:9::1",
    );
    expect(other.status).toBe(303);
  });
});
