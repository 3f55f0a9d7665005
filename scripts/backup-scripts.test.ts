import { spawn } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, expect, it } from "vitest";
import { readArchive } from "../src/server/backup/archive.ts";
import { isClaimed } from "../src/server/db/meta.ts";
import { openPglite } from "../src/server/db/pglite.ts";
import { DEMO_SETTINGS_KEY } from "../src/server/site-config/demo.ts";
import { DEMO_SEED_KEY, seedDemoAdmin } from "../src/server/users/admin.ts";
import { findUserByEmail } from "../src/server/users/repository.ts";

// `npm run export` and `npm run import` on embedded databases (each in a data folder of its own,
// as `npm start` chooses it): an archive made, restored into a new folder, refused the second
// time, refused when damaged, and the restored site never given the demo admin.

const exporter = new URL("./export.ts", import.meta.url).pathname;
const importer = new URL("./import.ts", import.meta.url).pathname;
const dirs: string[] = [];
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

function tempDir(): string {
  const dir = mkdtempSync(join(tmpdir(), "blog-backup-cli-"));
  dirs.push(dir);
  return dir;
}

function run(script: string, args: string[], env: Record<string, string>) {
  const { DATABASE_URL: _d, DIRECT_DATABASE_URL: _dd, SUPABASE_URL: _s, ...base } = process.env;
  const child = spawn(process.execPath, [script, ...args], {
    env: { ...base, NODE_ENV: "production", ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let out = "";
  child.stdout.on("data", (chunk) => {
    out += chunk;
  });
  child.stderr.on("data", (chunk) => {
    out += chunk;
  });
  return new Promise<{ code: number | null; out: string }>((resolve) =>
    child.on("exit", (code) => resolve({ code, out })),
  );
}

it("exports a data folder's site and imports it into a new one, once, never seeding the demo", async () => {
  const source = tempDir();
  const database = await openPglite(source);
  await database.migrate();
  await seedDemoAdmin(database.db);
  await database.close();

  const archive = join(tempDir(), "site.tar.gz");
  const exported = await run(exporter, ["--out", archive, "--with-password-hashes"], {
    DATA_DIR: source,
  });
  expect(exported.out).toMatch(/^Exported to .*site\.tar\.gz \(\d+ KiB, .*with password hashes\)/m);
  expect(exported.code).toBe(0);
  const { manifest } = await readArchive(new Uint8Array(readFileSync(archive)));
  expect(manifest.withPasswordHashes).toBe(true);
  expect(manifest.counts.users).toBe(1);

  const target = tempDir();
  const imported = await run(importer, [archive], { DATA_DIR: target });
  expect(imported.out).toMatch(/^Imported .*: \d+ rows, 0 stored files/m);
  expect(imported.code).toBe(0);
  const again = await run(importer, [archive], { DATA_DIR: target });
  expect(again.code).toBe(1);
  expect(again.out).toMatch(/Import refused: The database is not empty \(1 in users/);

  const restored = await openPglite(target);
  try {
    expect((await findUserByEmail(restored.db, "admin@example.com"))?.passwordHash).toBeTruthy();
    expect(await isClaimed(restored.db, DEMO_SEED_KEY)).toBe(true);
    expect(await isClaimed(restored.db, DEMO_SETTINGS_KEY)).toBe(true);
  } finally {
    await restored.close();
  }
}, 120_000);

it("refuses a damaged archive and leaves the new data folder's database empty", async () => {
  const bad = join(tempDir(), "bad.tar.gz");
  writeFileSync(bad, "not an archive");
  const target = tempDir();
  const res = await run(importer, [bad], { DATA_DIR: target });
  expect(res.code).toBe(1);
  expect(res.out).toMatch(/Import refused: The archive is not a readable \.tar\.gz file/);
  expect(existsSync(join(target, "uploads"))).toBe(false);
  const none = await run(importer, [], { DATA_DIR: target });
  expect(none.code).toBe(1);
  expect(none.out).toMatch(/usage: npm run import -- <file\.tar\.gz>/);
}, 120_000);
