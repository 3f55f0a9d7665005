import { expect, it } from "vitest";
import { call, describeEachDb, userWithPassword } from "../test-support.ts";
import { readArchive } from "./archive.ts";

// The back office's download: the admin's archive, dated, without password hashes. Who may
// call it is checked with every other route by the guard matrix (users.guards.test.ts).

describeEachDb("GET /api/admin/export", (ctx) => {
  it("answers the archive as a dated download, without password hashes", async () => {
    const { token } = await userWithPassword(ctx().database.db, { role: "admin" });
    await userWithPassword(ctx().database.db, { userName: "读者" });
    const res = await call(ctx().app, "GET", "/api/admin/export", { token });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("application/gzip");
    expect(res.headers.get("cache-control")).toBe("no-store");
    const day = new Date().toISOString().slice(0, 10);
    expect(res.headers.get("content-disposition")).toBe(
      `attachment; filename="blog-export-${day}.tar.gz"`,
    );
    const { manifest, files } = await readArchive(new Uint8Array(await res.arrayBuffer()));
    expect(manifest.withPasswordHashes).toBe(false);
    expect(manifest.counts.users).toBe(2);
    const users: { userName: string; passwordHash: string | null }[] = JSON.parse(
      new TextDecoder().decode(files.get("data/users.json")),
    );
    expect(users.map((u) => u.passwordHash)).toEqual([null, null]);
    expect(users.map((u) => u.userName)).toContain("读者");
  });

  it("refuses a reader", async () => {
    const { token } = await userWithPassword(ctx().database.db);
    const res = await call(ctx().app, "GET", "/api/admin/export", { token });
    expect(res.status).toBe(403);
  });
});
