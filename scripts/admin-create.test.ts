import { spawn } from "node:child_process";
import { existsSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, expect, it } from "vitest";
import { findUserByEmail } from "../src/server/users/repository.ts";
import { createTestDatabase } from "../tests/support/test-db.ts";

const script = new URL("./admin-create.ts", import.meta.url).pathname;
const dirs: string[] = [];
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

function tempDir(): string {
  const dir = mkdtempSync(join(tmpdir(), "blog-admin-"));
  dirs.push(dir);
  return dir;
}

function run(args: string[], env: Record<string, string>, input = "") {
  const { DATABASE_URL: _ignored, DIRECT_DATABASE_URL: _direct, ...base } = process.env;
  const child = spawn(process.execPath, [script, ...args], {
    env: { ...base, ...env },
    stdio: ["pipe", "pipe", "pipe"],
  });
  let out = "";
  child.stdout.on("data", (chunk) => {
    out += chunk;
  });
  child.stderr.on("data", (chunk) => {
    out += chunk;
  });
  child.stdin.end(input);
  return new Promise<{ code: number | null; out: string }>((resolve) =>
    child.on("exit", (code) => resolve({ code, out })),
  );
}

it("says the embedded database is in use and exits 1 without touching it", async () => {
  const dataDir = tempDir();
  writeFileSync(join(dataDir, "pglite.lock"), `${process.pid}\n`);
  const res = await run(["--email", "boss@example.com", "--password", "Boss-pass1!"], {
    DATA_DIR: dataDir,
  });
  expect(res.code).toBe(1);
  expect(res.out).toMatch(/in use by another process/);
  expect(res.out).toMatch(/Stop the server first/);
  expect(readdirSync(dataDir)).toEqual(["pglite.lock"]);
});

it("rejects a bad email or a weak password before opening anything", async () => {
  const dataDir = tempDir();
  const weak = await run(["--email", "boss@example.com", "--password", "weak"], {
    DATA_DIR: dataDir,
  });
  expect(weak.code).toBe(1);
  expect(weak.out).toMatch(/6-16 characters/);
  const bad = await run(["--email", "nope"], { DATA_DIR: dataDir });
  expect(bad.code).toBe(1);
  expect(existsSync(join(dataDir, "pglite"))).toBe(false);
});

it("creates an admin in the embedded database, asking for what is missing", async () => {
  const dataDir = tempDir();
  const created = await run([], { DATA_DIR: dataDir }, "Boss@Example.com\nBoss-pass1!\n");
  expect(created.out).toMatch(/Created the admin boss@example\.com/);
  expect(created.code).toBe(0);
  const promoted = await run(["--email", "admin@example.com"], { DATA_DIR: dataDir });
  // The demo admin seeded on first start is an admin already.
  expect(promoted.out).toMatch(/admin@example\.com is already an admin/);
  expect(promoted.code).toBe(0);
  expect(existsSync(join(dataDir, "pglite.lock"))).toBe(false);
}, 60_000);

it.runIf(process.env.TEST_DATABASE_URL)(
  "promotes an existing user on PostgreSQL (DATABASE_URL), without a demo admin",
  async () => {
    const database = await createTestDatabase("postgres");
    try {
      await database.db.insert((await import("../src/server/db/schema.ts")).users).values({
        email: "reader@example.com",
        userName: "reader",
      });
      const res = await run(["--email", "reader@example.com"], {
        DATABASE_URL: database.url ?? "",
        // Through the pooled test run: migrations over the direct connection, as on Supabase.
        DIRECT_DATABASE_URL: database.directUrl ?? "",
      });
      expect(res.out).toMatch(/Promoted reader@example\.com to admin in PostgreSQL/);
      expect(res.code).toBe(0);
      expect((await findUserByEmail(database.db, "reader@example.com"))?.role).toBe("admin");
      expect(await findUserByEmail(database.db, "admin@example.com")).toBeNull();
    } finally {
      await database.close();
    }
  },
  60_000,
);
