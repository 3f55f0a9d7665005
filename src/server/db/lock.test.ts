import { spawn } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, expect, it } from "vitest";
import { acquireLock, DatabaseInUseError } from "./lock.ts";

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), "blog-lock-"));
});
afterEach(() => {
  rmSync(dir, { recursive: true, force: true });
});

async function deadPid(): Promise<number> {
  const child = spawn(process.execPath, ["-e", ""]);
  await new Promise((resolve) => child.on("exit", resolve));
  return child.pid ?? 999_999;
}

it("writes the pid, and releases the lock on release", () => {
  const path = join(dir, "pglite.lock");
  const release = acquireLock(path);
  expect(readFileSync(path, "utf8").trim()).toBe(String(process.pid));
  release();
  expect(existsSync(path)).toBe(false);
});

it("refuses a lock held by another live process", () => {
  const path = join(dir, "pglite.lock");
  writeFileSync(path, `${process.ppid}\n`);
  expect(() => acquireLock(path)).toThrow(DatabaseInUseError);
  expect(() => acquireLock(path)).toThrow(/in use by another process/);
  expect(readFileSync(path, "utf8").trim()).toBe(String(process.ppid));
});

it("takes over the lock of a process that is gone", async () => {
  const path = join(dir, "pglite.lock");
  writeFileSync(path, `${await deadPid()}\n`);
  const release = acquireLock(path);
  expect(readFileSync(path, "utf8").trim()).toBe(String(process.pid));
  release();
});
