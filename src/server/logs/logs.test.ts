import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { maskIp, requestLogQuerySchema } from "../../shared/logs.ts";
import { auditLogs, requestLogs } from "../db/schema.ts";
import { csvField } from "../http/csv.ts";
import { call, callJson, describeEachDb, userWithSession } from "../test-support.ts";
import { actionOf, labelOf, withoutSecrets } from "./audit.ts";
import { exportRequestLogs, listRequestLogs, pruneOldLogs, retentionDays } from "./service.ts";

// The log center: every request in the request log, every admin write in the audit log (with
// the item before and after), filters that refuse what they do not know, pages that count up to
// a cap, CSV exports, and entries pruned past their retention.

describe("what the log shows of an address", () => {
  it("masks the last part", () => {
    expect(maskIp("203.0.113.7")).toBe("203.0.113.*");
    expect(maskIp("::ffff:198.51.100.23")).toBe("198.51.100.*");
    expect(maskIp("2001:db8:85a3::8a2e:370:7334")).toBe("2001:db8:85a3:*");
    expect(maskIp("::1")).toBe("::*");
    expect(maskIp("2001:db8::1")).toBe("2001:db8:*");
    expect(maskIp(null)).toBeNull();
    expect(maskIp("unknown")).toBe("*");
  });
});

describe("an audit entry's words", () => {
  const id = "0b5f3c3e-4a8e-4d6e-9a53-6f1c0d2b7a12";
  it("names the action <kind>.<verb> from the route matched, and the item from its parameter", () => {
    const cases: Array<[string, string, string, string, string | null]> = [
      ["PUT", "/api/admin/articles/:id", `/api/admin/articles/${id}`, "articles.update", id],
      [
        "POST",
        "/api/admin/articles/:id/publish",
        `/api/admin/articles/${id}/publish`,
        "articles.publish",
        id,
      ],
      [
        "POST",
        "/api/admin/articles/:id/revisions/:revision/restore",
        `/api/admin/articles/${id}/revisions/7/restore`,
        "articles.restore",
        id,
      ],
      ["POST", "/api/admin/nav/links", "/api/admin/nav/links", "nav.links.create", null],
      [
        "PUT",
        "/api/admin/nav/groups/:id/links/order",
        `/api/admin/nav/groups/${id}/links/order`,
        "nav.links.order",
        id,
      ],
      ["PUT", "/api/admin/banners/order", "/api/admin/banners/order", "banners.order", null],
      // A slug is the item, never a word of the action: one action for every category.
      [
        "PUT",
        "/api/admin/categories/:slug",
        "/api/admin/categories/owner-cat",
        "categories.update",
        "owner-cat",
      ],
      ["POST", "/api/createUser", "/api/createUser", "users.create", null],
      ["POST", "/api/deleteUsers", "/api/deleteUsers", "users.delete", null],
      ["PUT", "/api/updateUsers/:id", `/api/updateUsers/${id}`, "users.update", id],
      ["PUT", "/api/feedback/:id/status", `/api/feedback/${id}/status`, "feedback.status", id],
      ["DELETE", "/api/feedback/:id", `/api/feedback/${id}`, "feedback.delete", id],
      [
        "DELETE",
        "/api/admin/nav/links/:id",
        "/api/admin/nav/links/file:nav:a--b",
        "nav.links.delete",
        "file:nav:a--b",
      ],
      ["PUT", "/api/admin/settings", "/api/admin/settings", "settings.update", null],
      ["POST", "/api/admin/export", "/api/admin/export", "export.create", null],
    ];
    for (const [method, route, path, action, targetId] of cases) {
      expect(actionOf(method, route, path), path).toEqual({ action, targetId });
    }
  });

  it("keeps no secret and names an item by its title or name", () => {
    expect(
      withoutSecrets({ email: "a@b.c", password: "x", nested: { newPassword: "y", token: "z" } }),
    ).toEqual({
      email: "a@b.c",
      password: "(hidden)",
      nested: { newPassword: "(hidden)", token: "(hidden)" },
    });
    expect(labelOf({ title: { "zh-CN": "标题", "en-US": "Title" } })).toBe("Title");
    expect(labelOf({ name: "Tools", slug: "tools" })).toBe("Tools");
    expect(labelOf(null)).toBe("");
  });

  it("writes a CSV field a spreadsheet will not run", () => {
    expect(csvField('say "hi"')).toBe('"say ""hi"""');
    expect(csvField("=HYPERLINK(1)")).toBe(`"'=HYPERLINK(1)"`);
    expect(csvField(null)).toBe("");
    expect(csvField(404)).toBe('"404"');
  });

  it("keeps 90 days unless told otherwise, within reason", () => {
    expect(retentionDays({})).toBe(90);
    expect(retentionDays({ LOG_RETENTION_DAYS: "30" })).toBe(30);
    expect(retentionDays({ LOG_RETENTION_DAYS: "0" })).toBe(90);
    expect(retentionDays({ LOG_RETENTION_DAYS: "lots" })).toBe(90);
  });
});

describeEachDb("the log center", (ctx) => {
  let admin = "";
  let reader = "";
  let adminId = "";
  const folder = mkdtempSync(join(tmpdir(), "blog-logs-"));
  beforeAll(() => {
    vi.stubEnv("CONTENT_DIR", folder);
  });
  // Each test starts on an emptied database: its accounts are made again.
  beforeEach(async () => {
    const made = await userWithSession(ctx().database.db, { role: "admin", userName: "Owner" });
    admin = made.token;
    adminId = made.user.id;
    reader = (await userWithSession(ctx().database.db, { userName: "Reader" })).token;
  });
  afterAll(() => {
    vi.unstubAllEnvs();
    rmSync(folder, { recursive: true, force: true });
  });
  const api = (method: string, path: string, body?: unknown, token: string | null = admin) =>
    callJson(ctx().app, method, path, {
      ...(body === undefined ? {} : { body }),
      ...(token ? { token } : {}),
      headers: { "user-agent": "LogTest/1.0 (test)" },
      ip: "198.51.100.23",
    });

  it("logs each request with its browser and masked address, filtered and paged", async () => {
    await api("GET", "/api/admin/nav", undefined, reader);
    await api("GET", "/api/nothing-here", undefined, null);
    const list = await api("GET", "/api/admin/logs?pageSize=5");
    expect(list.status).toBe(200);
    expect(list.body.data).toMatchObject({ page: 1, pageSize: 5, capped: false });
    const [newest] = list.body.data.items;
    expect(newest).toMatchObject({
      method: "GET",
      path: "/api/nothing-here",
      status: 404,
      user: null,
      ip: "198.51.100.*",
      userAgent: "LogTest/1.0 (test)",
    });
    const forbidden = await api("GET", "/api/admin/logs?status=4xx&user=reader");
    expect(forbidden.body.data.items).toEqual([
      expect.objectContaining({
        path: "/api/admin/nav",
        status: 403,
        user: expect.objectContaining({ name: "Reader" }),
      }),
    ]);
    const byPath = await api("GET", "/api/admin/logs?path=%2Fapi%2Fnothing&method=GET");
    expect(byPath.body.data.items.map((i: { path: string }) => i.path)).toEqual([
      "/api/nothing-here",
    ]);
    const words = await api("GET", "/api/admin/logs?q=logtest&status=2xx");
    expect(words.body.data.items.length).toBeGreaterThan(0);
    const one = await api("GET", `/api/admin/logs/${newest.id}`);
    expect(one.body.data).toEqual(newest);
    expect((await api("GET", "/api/admin/logs/999999999")).status).toBe(404);
  });

  it("refuses unknown filters and absurd ranges, and everyone but an admin", async () => {
    for (const query of [
      "colour=red",
      "status=6xx",
      "method=BREW",
      "from=yesterday",
      "from=1970-01-01T00:00:00Z",
      "from=2026-02-01T00:00:00Z&to=2026-01-01T00:00:00Z",
      `to=${new Date(Date.now() + 7 * 86_400_000).toISOString()}`,
      "pageSize=1000",
      `q=${"x".repeat(201)}`,
    ]) {
      const res = await api("GET", `/api/admin/logs?${query}`);
      expect(res.status, query).toBe(400);
    }
    expect((await api("GET", "/api/admin/audit?action=DROP TABLE")).status).toBe(400);
    for (const path of [
      "/api/admin/logs",
      "/api/admin/audit",
      "/api/admin/logs/export",
      "/api/admin/audit/1",
    ]) {
      expect((await api("GET", path, undefined, reader)).status, path).toBe(403);
      expect((await api("GET", path, undefined, null)).status, path).toBe(401);
    }
  });

  it("keeps each admin write with who, what, the item before and after, and from where", async () => {
    const made = await api("POST", "/api/admin/nav/groups", {
      name: { "zh-CN": "工具", "en-US": "Tools" },
    });
    const group = made.body.data.id;
    await api("PUT", `/api/admin/nav/groups/${group}`, {
      name: { "zh-CN": "工具箱", "en-US": "Toolbox" },
    });
    await api("DELETE", `/api/admin/nav/groups/${group}`);
    // Refused writes and readers' writes are not admin actions.
    await api("PUT", `/api/admin/nav/groups/${group}`, { name: { "zh-CN": "x", "en-US": "x" } });
    await api("POST", "/api/admin/nav/groups", { name: { "zh-CN": "x", "en-US": "x" } }, reader);

    const list = await api("GET", "/api/admin/audit?action=nav.groups");
    expect(list.body.data.items.map((i: { action: string }) => i.action)).toEqual([
      "nav.groups.delete",
      "nav.groups.update",
      "nav.groups.create",
    ]);
    const [deleted, updated, created] = list.body.data.items;
    expect(created).toMatchObject({
      actor: { id: adminId, name: "Owner" },
      method: "POST",
      targetId: group,
      targetLabel: "Tools",
      ip: "198.51.100.*",
      userAgent: "LogTest/1.0 (test)",
    });
    const update = await api("GET", `/api/admin/audit/${updated.id}`);
    expect(update.body.data).toMatchObject({
      targetLabel: "Toolbox",
      before: { name: { "en-US": "Tools" } },
      after: { name: { "en-US": "Toolbox" } },
      request: { name: { "en-US": "Toolbox" } },
    });
    const gone = await api("GET", `/api/admin/audit/${deleted.id}`);
    expect(gone.body.data).toMatchObject({ before: { name: { "en-US": "Toolbox" } }, after: null });

    expect((await api("GET", "/api/admin/audit?action=nav&user=owner")).body.data.total).toBe(3);
    expect((await api("GET", "/api/admin/audit?q=toolbox")).body.data.total).toBe(2);
    expect((await api("GET", "/api/admin/audit/actions")).body.data).toEqual(
      expect.arrayContaining(["nav.groups.create", "nav.groups.delete", "nav.groups.update"]),
    );
  });

  it("hides a password sent to an admin route", async () => {
    // An admin's password change of another account carries it encrypted: still never kept.
    await api("POST", "/api/admin/nav/groups", {
      name: { "zh-CN": "甲", "en-US": "A" },
    });
    const rows = await ctx().database.db.select().from(auditLogs);
    expect(JSON.stringify(rows)).not.toMatch(/Secret-123/);
  });

  it("exports the current filter as CSV, refuses one too large, and counts past the cap as more", async () => {
    const db = ctx().database.db;
    const at = new Date(Date.now() - 60_000);
    await db.insert(requestLogs).values(
      Array.from({ length: 30 }, (_, n) => ({
        at,
        method: "GET",
        path: n === 0 ? "/api/=cmd" : `/api/x/${n}`,
        status: 200,
        durationMs: n,
        ip: "203.0.113.9",
        userAgent: 'Quote "Agent"',
      })),
    );
    const res = await call(ctx().app, "GET", "/api/admin/logs/export?path=%2Fapi%2F", {
      token: admin,
    });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(res.headers.get("content-disposition")).toMatch(
      /^attachment; filename="requests-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    const bytes = new Uint8Array(await res.arrayBuffer());
    // A byte-order mark first, so a spreadsheet reads the Chinese right.
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = new TextDecoder().decode(bytes);
    const lines = text.trim().split("\r\n");
    expect(lines[0]).toBe(
      '"time","method","path","status","duration_ms","user","address","user_agent"',
    );
    // The header and the 30 entries under /api/ (the export's own request is logged after it).
    expect(lines.length).toBeGreaterThanOrEqual(31);
    expect(text).toContain('"/api/=cmd"');
    expect(text).toContain('"203.0.113.*","Quote ""Agent"""');
    expect(text).not.toContain("203.0.113.9");

    const audit = await call(ctx().app, "GET", "/api/admin/audit/export?action=nav", {
      token: admin,
    });
    expect(audit.status).toBe(200);
    expect((await audit.text()).split("\r\n")[0]).toContain('"action"');
    expect((await api("GET", "/api/admin/logs/export?page=2")).status).toBe(400);

    // Past the count's cap a page says "more than"; past the export's limit the export is
    // refused, naming the way out (caps lowered here: the real ones are 10 000 and 100 000).
    const query = requestLogQuerySchema.parse({ path: "/api/x/" });
    expect(await listRequestLogs(db, query, 20)).toMatchObject({ total: 20, capped: true });
    expect(await listRequestLogs(db, query, 100)).toMatchObject({ total: 29, capped: false });
    await expect(exportRequestLogs(db, query, 20)).rejects.toMatchObject({
      status: 400,
      message: expect.stringContaining("narrow it"),
    });
  });

  it("prunes entries past their retention, in batches, and nothing younger", async () => {
    const db = ctx().database.db;
    const old = new Date(Date.now() - 100 * 86_400_000);
    await db.insert(requestLogs).values(
      Array.from({ length: 25 }, () => ({
        at: old,
        method: "GET",
        path: "/old",
        status: 200,
        durationMs: 1,
      })),
    );
    await db.insert(auditLogs).values({ at: old, action: "x.update", method: "PUT", path: "/old" });
    const before = (await api("GET", "/api/admin/logs?path=%2Fold")).body.data.total;
    expect(before).toBe(25);
    const gone = await pruneOldLogs(db);
    // The entries' one text, "/old", went with them.
    expect(gone).toEqual({ requests: 25, audit: 1, texts: 1 });
    expect((await api("GET", "/api/admin/logs?path=%2Fold")).body.data.total).toBe(0);
    expect((await api("GET", "/api/admin/logs")).body.data.total).toBeGreaterThan(0);
    expect(await pruneOldLogs(db)).toEqual({ requests: 0, audit: 0, texts: 0 });
  });
});
