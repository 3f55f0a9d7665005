import { mkdtempSync, readdirSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, expect, it } from "vitest";
import { openPglite } from "./pglite.ts";

const root = mkdtempSync(join(tmpdir(), "blog-private-"));
afterAll(() => rmSync(root, { recursive: true, force: true }));

/** Paths under `dir` (itself included) that a group or other user may read, write or enter. */
function shared(dir: string): string[] {
  const paths = [
    dir,
    ...readdirSync(dir, { recursive: true, withFileTypes: true }).map((entry) =>
      join(entry.parentPath, entry.name),
    ),
  ];
  return paths.filter((path) => (statSync(path).mode & 0o077) !== 0);
}

it("keeps the embedded database's folder and files private to the server's user", async () => {
  const dataDir = join(root, "data");
  const database = await openPglite(dataDir);
  try {
    await database.migrate();
    expect(shared(dataDir)).toEqual([]);
    expect(statSync(dataDir).mode & 0o777).toBe(0o700);
  } finally {
    await database.close();
  }
  // Whatever the database wrote while open is private once it closes.
  expect(shared(dataDir)).toEqual([]);
}, 60_000);
