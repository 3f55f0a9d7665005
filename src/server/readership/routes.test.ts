import { expect, it } from "vitest";
import { pageViews } from "../db/schema.ts";
import { callJson, describeEachDb, userWithSession } from "../test-support.ts";
import { shiftDay, spanOf } from "./service.ts";

// Readership through the app: a beacon counted (or not) as one view, the answers it gets, and
// the overview's counts over a span.

const FIREFOX = "Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0";
const view = { p: "/articles/hello", r: "", l: "en-US", w: 1280 };

describeEachDb("POST /api/beacon", (ctx) => {
  /** A beacon as `navigator.sendBeacon` sends it: a string, so text/plain. */
  const beacon = (
    body: unknown,
    headers: Record<string, string> = {},
    ip = "203.0.113.7",
  ): Promise<Response> =>
    Promise.resolve(
      ctx().app.request(
        "/api/beacon",
        {
          method: "POST",
          headers: {
            "content-type": "text/plain;charset=UTF-8",
            "user-agent": FIREFOX,
            host: "blog.example",
            ...headers,
          },
          body: typeof body === "string" ? body : JSON.stringify(body),
        },
        { clientIp: ip },
      ),
    );
  const rows = () => ctx().database.db.select().from(pageViews);

  it("counts a view today (in the blog's zone) and answers 204 with no body", async () => {
    const res = await beacon(view);
    expect(res.status).toBe(204);
    expect(await res.text()).toBe("");
    expect(await rows()).toEqual([
      {
        day: spanOf(1).to,
        path: "/articles/hello",
        referrer: "",
        locale: "en-US",
        device: "desktop",
        views: 1,
      },
    ]);
    expect((await beacon(view)).status).toBe(204);
    expect((await rows())[0]?.views).toBe(2);
  });

  it("takes application/json too, and keeps the path without query, fragment or end slash", async () => {
    const res = await beacon(
      { p: "/about/?utm_source=x#team", l: "zh-CN", w: 390 },
      { "content-type": "application/json" },
    );
    expect(res.status).toBe(204);
    expect(await rows()).toEqual([
      expect.objectContaining({ path: "/about", locale: "zh-CN", device: "phone", views: 1 }),
    ]);
  });

  it("keeps only the host of an external http(s) referrer", async () => {
    for (const r of [
      "https://www.google.com/search?q=two+inks",
      "https://www.google.com/",
      "http://news.ycombinator.com/item?id=1",
      "https://blog.example/articles/other", // this site
      "http://blog.example:8080/", // this site, another port
      "android-app://com.google.android.gm/",
      "not a url",
      "",
    ]) {
      expect((await beacon({ ...view, r })).status, r).toBe(204);
    }
    const counted = Object.fromEntries((await rows()).map((row) => [row.referrer, row.views]));
    expect(counted).toEqual({ "www.google.com": 2, "news.ycombinator.com": 1, "": 5 });
  });

  it("counts nothing, and still answers 204, for Do Not Track, Global Privacy Control and bots", async () => {
    for (const headers of [
      { dnt: "1" },
      { "sec-gpc": "1" },
      { "user-agent": "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)" },
      { "user-agent": "Mozilla/5.0 (X11; Linux x86_64) HeadlessChrome/120.0.0.0 Safari/537.36" },
      { "user-agent": "curl/8.5.0" },
      { "user-agent": "" },
    ]) {
      expect((await beacon(view, headers)).status, JSON.stringify(headers)).toBe(204);
    }
    expect(await rows()).toEqual([]);
    // DNT: 0 is no objection.
    expect((await beacon(view, { dnt: "0" })).status).toBe(204);
    expect(await rows()).toHaveLength(1);
  });

  it("counts nothing under /bms, /api or /draft-preview", async () => {
    for (const p of ["/bms", "/bms/overview", "/api/beacon", "/draft-preview", "/draft-preview/"]) {
      expect((await beacon({ ...view, p })).status, p).toBe(204);
    }
    expect(await rows()).toEqual([]);
    expect((await beacon({ ...view, p: "/bmsx" })).status).toBe(204);
    expect(await rows()).toHaveLength(1);
  });

  it("refuses a bad body with 400 (413 past 1 KB) and counts nothing", async () => {
    const refused: Array<[string, unknown, Record<string, string>, number]> = [
      ["not JSON", "p=/articles/hello", {}, 400],
      ["a JSON array", "[]", {}, 400],
      ["2 KB", { ...view, r: `https://e.x/${"a".repeat(2000)}` }, {}, 413],
      ["another host's path", { ...view, p: "//evil.example/x" }, {}, 400],
      ["a script", { ...view, p: "javascript:alert(1)" }, {}, 400],
      ["an unknown key", { ...view, u: "someone" }, {}, 400],
      ["an unknown language", { ...view, l: "fr-FR" }, {}, 400],
      ["a width that is not a number", { ...view, w: "wide" }, {}, 400],
      ["a form", "p=/", { "content-type": "application/x-www-form-urlencoded" }, 400],
    ];
    for (const [what, body, headers, status] of refused) {
      const res = await beacon(body, headers);
      expect(res.status, what).toBe(status);
      expect(await res.json(), what).toMatchObject({
        code: status,
        error: { kind: expect.stringMatching(/^(bad_request|validation|payload_too_large)$/) },
      });
    }
    expect(await rows()).toEqual([]);
  });

  it("limits each address: 429 with Retry-After past the burst, others unaffected", async () => {
    for (let i = 0; i < 20; i += 1) expect((await beacon(view)).status).toBe(204);
    const res = await beacon(view);
    expect(res.status).toBe(429);
    expect(Number(res.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(await res.json()).toMatchObject({
      code: 429,
      error: { kind: "too_many_requests", retryAfterSeconds: expect.any(Number) },
    });
    expect((await beacon(view, {}, "203.0.113.8")).status).toBe(204);
    expect((await rows())[0]?.views).toBe(21);
  });

  it("loses no view of 50 sent at once", async () => {
    const answers = await Promise.all(
      Array.from({ length: 50 }, (_, i) => beacon(view, {}, `198.51.100.${i + 1}`)),
    );
    expect(answers.map((res) => res.status)).toEqual(Array(50).fill(204));
    expect(await rows()).toEqual([expect.objectContaining({ views: 50 })]);
  });
});

describeEachDb("GET /api/admin/readership", (ctx) => {
  const today = spanOf(1).to;
  const dayBefore = (n: number) => shiftDay(today, -n);
  const seed = (rows: Array<Partial<typeof pageViews.$inferInsert> & { views: number }>) =>
    ctx()
      .database.db.insert(pageViews)
      .values(
        rows.map((row) => ({
          day: today,
          path: "/",
          referrer: "",
          locale: "zh-CN",
          device: "desktop",
          ...row,
        })),
      );
  const admin = async () => (await userWithSession(ctx().database.db, { role: "admin" })).token;
  const get = (query: string, token?: string) =>
    callJson(ctx().app, "GET", `/api/admin/readership${query}`, token ? { token } : {});

  it("answers every day of the span oldest first, zeros filled, with the totals and top lists", async () => {
    await seed([
      { path: "/", views: 5 },
      { path: "/about", referrer: "www.google.com", locale: "en-US", device: "phone", views: 3 },
      { day: dayBefore(2), path: "/about", referrer: "github.com", device: "tablet", views: 4 },
      { day: dayBefore(6), path: "/articles/a", referrer: "www.google.com", views: 1 },
      // Outside the last 7 days: in the 30 only.
      { day: dayBefore(7), path: "/articles/old", views: 100 },
      // Tomorrow is in no span.
      { day: shiftDay(today, 1), path: "/future", views: 1000 },
    ]);
    const token = await admin();
    const { status, body } = await get("?days=7", token);
    expect(status).toBe(200);
    const data = body.data;
    expect(data.days).toBe(7);
    expect(data.perDay).toEqual([
      { day: dayBefore(6), views: 1 },
      { day: dayBefore(5), views: 0 },
      { day: dayBefore(4), views: 0 },
      { day: dayBefore(3), views: 0 },
      { day: dayBefore(2), views: 4 },
      { day: dayBefore(1), views: 0 },
      { day: today, views: 8 },
    ]);
    expect(data.total).toBe(13);
    expect(data.pages).toEqual([
      { key: "/about", views: 7 },
      { key: "/", views: 5 },
      { key: "/articles/a", views: 1 },
    ]);
    expect(data.referrers).toEqual([
      { key: "github.com", views: 4 },
      { key: "www.google.com", views: 4 },
    ]);
    expect(data.locales).toEqual([
      { key: "zh-CN", views: 10 },
      { key: "en-US", views: 3 },
    ]);
    expect(data.devices).toEqual([
      { key: "desktop", views: 6 },
      { key: "tablet", views: 4 },
      { key: "phone", views: 3 },
    ]);

    const month = (await get("?days=30", token)).body.data;
    expect(month.perDay).toHaveLength(30);
    expect(month.perDay[0].day).toBe(dayBefore(29));
    expect(month.perDay.at(-1).day).toBe(today);
    expect(month.total).toBe(113);
    expect(month.pages[0]).toEqual({ key: "/articles/old", views: 100 });
  });

  it("names ten pages and ten referrers at most; 30 days by default; nothing yet is zeros", async () => {
    const token = await admin();
    const empty = (await get("", token)).body.data;
    expect(empty).toMatchObject({ days: 30, total: 0, pages: [], referrers: [] });
    expect(empty.perDay).toHaveLength(30);
    expect(empty.perDay.every((d: { views: number }) => d.views === 0)).toBe(true);
    expect(empty.devices).toEqual([
      { key: "phone", views: 0 },
      { key: "tablet", views: 0 },
      { key: "desktop", views: 0 },
    ]);

    await seed(
      Array.from({ length: 12 }, (_, i) => ({
        path: `/p${String(i).padStart(2, "0")}`,
        referrer: `r${String(i).padStart(2, "0")}.example`,
        views: i + 1,
      })),
    );
    const data = (await get("?days=90", token)).body.data;
    expect(data.perDay).toHaveLength(90);
    expect(data.pages).toHaveLength(10);
    expect(data.pages[0]).toEqual({ key: "/p11", views: 12 });
    expect(data.pages.at(-1)).toEqual({ key: "/p02", views: 3 });
    expect(data.referrers).toHaveLength(10);
    expect(data.referrers[0]).toEqual({ key: "r11.example", views: 12 });
  });

  it("refuses other spans and unknown parameters, readers and anonymous callers", async () => {
    const token = await admin();
    for (const query of ["?days=14", "?days=7&days=30", "?days=abc", "?days=7&path=/"]) {
      const { status, body } = await get(query, token);
      expect(status, query).toBe(400);
      expect(body.error?.kind, query).toBe("validation");
    }
    const reader = (await userWithSession(ctx().database.db)).token;
    expect((await get("?days=7", reader)).status).toBe(403);
    expect((await get("?days=7")).status).toBe(401);
  });
});
