import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, expect, it } from "vitest";
import { describeEachDatabase } from "../../../tests/support/test-db.ts";
import { localStorage } from "../storage/storage.ts";
import { readArchive } from "./archive.ts";
import { backupKeep, backupName, dailyBackups, removePartials, rotateBackups } from "./daily.ts";

const folders: string[] = [];
function folder(): string {
  const dir = mkdtempSync(join(tmpdir(), "blog-backups-"));
  folders.push(dir);
  return dir;
}
afterEach(() => {
  for (const dir of folders.splice(0)) rmSync(dir, { recursive: true, force: true });
});

it("keeps the newest backups and leaves other files alone", async () => {
  const dir = folder();
  const days = ["2026-11-01", "2026-11-03", "2026-11-02", "2026-10-30", "2026-11-04"];
  for (const day of days) writeFileSync(join(dir, `backup-${day}.tar.gz`), day);
  writeFileSync(join(dir, "notes.txt"), "mine");
  writeFileSync(join(dir, "backup-2026-11-05.tar.gz.partial"), "half");
  expect(await rotateBackups(dir, 3)).toEqual([
    "backup-2026-10-30.tar.gz",
    "backup-2026-11-01.tar.gz",
  ]);
  expect(readdirSync(dir).sort()).toEqual([
    "backup-2026-11-02.tar.gz",
    "backup-2026-11-03.tar.gz",
    "backup-2026-11-04.tar.gz",
    "backup-2026-11-05.tar.gz.partial",
    "notes.txt",
  ]);
  expect(await rotateBackups(dir, 3)).toEqual([]);
  expect(await rotateBackups(join(dir, "none"), 3)).toEqual([]);
});

it("deletes what a backup cut short left, and nothing else", async () => {
  const dir = folder();
  writeFileSync(join(dir, "backup-2026-11-05.tar.gz.partial"), "half");
  writeFileSync(join(dir, "backup-2026-11-04.tar.gz"), "whole");
  writeFileSync(join(dir, "notes.partial"), "mine");
  expect(await removePartials(dir)).toEqual(["backup-2026-11-05.tar.gz.partial"]);
  expect(readdirSync(dir).sort()).toEqual(["backup-2026-11-04.tar.gz", "notes.partial"]);
  expect(await removePartials(join(dir, "none"))).toEqual([]);
});

it("reads BACKUP_KEEP: 7 by default, 0 for off, and refuses what is no count", () => {
  expect(backupKeep({})).toBe(7);
  expect(backupKeep({ BACKUP_KEEP: "" })).toBe(7);
  expect(backupKeep({ BACKUP_KEEP: "0" })).toBe(0);
  expect(backupKeep({ BACKUP_KEEP: "30" })).toBe(30);
  expect(() => backupKeep({ BACKUP_KEEP: "-1" })).toThrow(/whole number/);
  expect(() => backupKeep({ BACKUP_KEEP: "seven" })).toThrow(/whole number/);
});

describeEachDatabase("daily backups", (database) => {
  it("writes one archive a day, never two at once, and keeps the last N", async () => {
    const dir = folder();
    let day = new Date("2026-11-01T23:00:00Z");
    const lines: string[] = [];
    const backups = dailyBackups({
      db: database().db,
      storage: localStorage(folder()),
      dir,
      keep: 2,
      now: () => day,
      log: (line) => lines.push(line),
      everyMs: 3_600_000,
    });
    // What a server stopped in the middle of a backup the day before left.
    writeFileSync(join(dir, "backup-2026-10-31.tar.gz.partial"), "half");
    try {
      // The look at start-up and two more at once: one archive.
      const [a, b] = await Promise.all([backups.runOnce(), backups.runOnce()]);
      expect([a, b].filter(Boolean).length).toBeLessThanOrEqual(1);
      expect(readdirSync(dir)).toEqual(["backup-2026-11-01.tar.gz"]);
      expect(await backups.runOnce()).toBeNull();
      for (const next of ["2026-11-02T01:00:00Z", "2026-11-03T01:00:00Z"]) {
        day = new Date(next);
        expect(await backups.runOnce()).toBe(backupName(day));
      }
      expect(readdirSync(dir).sort()).toEqual([
        "backup-2026-11-02.tar.gz",
        "backup-2026-11-03.tar.gz",
      ]);
      expect(lines.at(-1)).toMatch(
        /^Backup written: backup-2026-11-03\.tar\.gz .*removed backup-2026-11-01\.tar\.gz$/,
      );
      const { manifest } = await readArchive(readFileSync(join(dir, "backup-2026-11-03.tar.gz")));
      expect(manifest.withPasswordHashes).toBe(true);
    } finally {
      backups.stop();
    }
  });

  it("does nothing when BACKUP_KEEP is 0", async () => {
    const dir = folder();
    const backups = dailyBackups({
      db: database().db,
      storage: localStorage(folder()),
      dir,
      keep: 0,
    });
    expect(await backups.runOnce()).toBeNull();
    expect(readdirSync(dir)).toEqual([]);
    backups.stop();
  });
});
