import { readFileSync } from "node:fs";
import { expect, it } from "vitest";
import type { App } from "../http/app.ts";
import { callJson, userWithSession } from "../test-support.ts";
import { describeAsAdmin } from "../users/users.test-support.ts";

// The back office's import in-process, on PGlite and PostgreSQL: a dry run, the import, the
// list, the removal, and every refusal.

const WXR = readFileSync("tests/fixtures/import/wordpress-importer/small-export.xml");

function upload(
  app: App,
  path: string,
  token: string | undefined,
  bytes: Uint8Array,
  name: string,
  fields: Record<string, string> = {},
) {
  const form = new FormData();
  form.append("file", new File([new Uint8Array(bytes)], name));
  for (const [key, value] of Object.entries(fields)) form.append(key, value);
  return app.request(
    path,
    { method: "POST", body: form, headers: token ? { authorization: `Bearer ${token}` } : {} },
    { clientIp: "203.0.113.7" },
  );
}

describeAsAdmin("the blog import API", (ctx) => {
  it("reports, imports, lists and removes an export, the audit log keeping the writes", async () => {
    const { app, admin } = ctx();
    const preview = await upload(app, "/api/admin/imports/preview", admin.token, WXR, "wp.xml");
    expect(preview.status).toBe(200);
    const dry = (await preview.json()).data;
    expect(dry).toMatchObject({ dryRun: true, importId: null });
    expect(dry.written.articles).toBeGreaterThan(0);

    const imported = await upload(app, "/api/admin/imports", admin.token, WXR, "wp.xml");
    expect(imported.status).toBe(200);
    const outcome = (await imported.json()).data;
    expect(outcome.written).toEqual(dry.written);

    const list = await callJson(app, "GET", "/api/admin/imports", { token: admin.token });
    expect(list.body.data).toEqual([
      expect.objectContaining({ id: outcome.importId, tool: "wordpress", source: "wp.xml" }),
    ]);
    const again = await upload(app, "/api/admin/imports", admin.token, WXR, "wp.xml");
    expect((await again.json()).data).toMatchObject({
      importId: null,
      already: dry.report.counts.articles + dry.report.counts.pages,
    });

    const removed = await callJson(app, "DELETE", `/api/admin/imports/${outcome.importId}`, {
      token: admin.token,
    });
    expect(removed.status).toBe(200);
    expect(removed.body.data.articles).toBe(outcome.written.articles + outcome.written.pages);
    const gone = await callJson(app, "DELETE", `/api/admin/imports/${outcome.importId}`, {
      token: admin.token,
    });
    expect(gone.status).toBe(404);

    // The dry run changes nothing and is not kept; the refused removal neither.
    const audit = await callJson(app, "GET", "/api/admin/audit?action=imports", {
      token: admin.token,
    });
    expect(audit.body.data.items.map((row: { action: string }) => row.action)).toEqual([
      "imports.delete",
      "imports.create",
      "imports.create",
    ]);
  });

  it("answers how far an import has got to the admin who started it, and no one else", async () => {
    const { app, admin, database } = ctx();
    const id = crypto.randomUUID();
    const path = `/api/admin/imports/progress/${id}`;
    expect((await callJson(app, "GET", path, { token: admin.token })).status).toBe(404);
    const imported = await upload(app, "/api/admin/imports", admin.token, WXR, "wp.xml", {
      progress: id,
    });
    const outcome = (await imported.json()).data;
    const rows = outcome.written.articles + outcome.written.pages;
    const done = await callJson(app, "GET", path, { token: admin.token });
    expect(done.status).toBe(200);
    expect(done.body.data).toMatchObject({ stage: "done" });
    expect(done.body.data.total).toBeGreaterThan(rows);
    // Another admin, a reader, no session, no id: nothing to read.
    const other = await userWithSession(database.db, { role: "admin" });
    expect((await callJson(app, "GET", path, { token: other.token })).status).toBe(404);
    const reader = await userWithSession(database.db);
    expect((await callJson(app, "GET", path, { token: reader.token })).status).toBe(403);
    expect((await callJson(app, "GET", path)).status).toBe(401);
    const bad = "/api/admin/imports/progress/not-an-id";
    expect((await callJson(app, "GET", bad, { token: admin.token })).status).toBe(400);
    const refused = await upload(app, "/api/admin/imports", admin.token, WXR, "wp.xml", {
      progress: "not-an-id",
    });
    expect(refused.status).toBe(400);
  });

  it("refuses what is no blog export, in words of the interface, writing nothing", async () => {
    const { app, admin } = ctx();
    const cases: Array<[string, Uint8Array, string]> = [
      ["notes.txt", new TextEncoder().encode("hello"), "bmsImport.problems.type"],
      ["empty.xml", new Uint8Array(), "bmsImport.problems.empty"],
      [
        "page.xml",
        new TextEncoder().encode("<html><body>hi</body></html>"),
        "bmsImport.problems.notABlog",
      ],
      ["blog.zip", new TextEncoder().encode("not a zip"), "bmsImport.problems.notABlog"],
    ];
    for (const [name, bytes, key] of cases) {
      const res = await upload(app, "/api/admin/imports", admin.token, bytes, name);
      const body = await res.json();
      expect([name, res.status, body.error?.issues?.[0]?.key]).toEqual([name, 400, key]);
    }
    const list = await callJson(app, "GET", "/api/admin/imports", { token: admin.token });
    expect(list.body.data).toEqual([]);
  });

  it("is the owner's alone", async () => {
    const { app, database } = ctx();
    const reader = await userWithSession(database.db, { role: "user" });
    for (const path of ["/api/admin/imports/preview", "/api/admin/imports"]) {
      expect((await upload(app, path, undefined, WXR, "wp.xml")).status).toBe(401);
      expect((await upload(app, path, reader.token, WXR, "wp.xml")).status).toBe(403);
    }
    expect((await callJson(app, "GET", "/api/admin/imports", { token: reader.token })).status).toBe(
      403,
    );
  });
});
