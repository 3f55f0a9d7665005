import { mkdir, readdir, rename, rm, stat, writeFile } from "node:fs/promises";
import { join } from "node:path";
import type { Db } from "../db/client.ts";
import type { Storage } from "../storage/storage.ts";
import { exportArchive } from "./export.ts";

// `npm start`'s daily backups: one archive a day (`backup-<YYYY-MM-DD>.tar.gz`, the UTC day)
// in `$DATA_DIR/backups`, the last BACKUP_KEEP kept (7 by default; 0 turns them off). A check
// runs at start-up and every hour: it does nothing when today's archive is there, and never
// runs twice at once. A `.partial` file that a server stopped mid-write left is deleted once the
// next archive is in place. The archives keep the password hashes, so a restore lets everyone
// log in as before: the folder is the server's own, as private as its database.

const NAME = /^backup-(\d{4}-\d{2}-\d{2})\.tar\.gz$/;
const HOUR = 60 * 60_000;

export const backupName = (day: Date) => `backup-${day.toISOString().slice(0, 10)}.tar.gz`;

/** BACKUP_KEEP as a count: 7 when unset, 0 (off) for 0; anything else that is no count is refused. */
export function backupKeep(env: NodeJS.ProcessEnv = process.env): number {
  const value = env.BACKUP_KEEP?.trim();
  if (!value) return 7;
  if (!/^\d{1,4}$/.test(value))
    throw new Error(`BACKUP_KEEP must be a whole number, not "${value}"`);
  return Number(value);
}

const PARTIAL = /^backup-\d{4}-\d{2}-\d{2}\.tar\.gz\.partial$/;

/**
 * Deletes what a backup cut short left (a server stopped while writing one: `<name>.partial`);
 * answers those deleted. Called once the day's archive is in place, when no write is under way.
 */
export async function removePartials(dir: string): Promise<string[]> {
  const names = (await readdir(dir).catch(() => [])).filter((name) => PARTIAL.test(name)).sort();
  for (const name of names) await rm(join(dir, name), { force: true });
  return names;
}

/** Deletes all but the newest `keep` backups in `dir` (other files are left alone); answers those deleted. */
export async function rotateBackups(dir: string, keep: number): Promise<string[]> {
  const names = (await readdir(dir).catch(() => [])).filter((name) => NAME.test(name)).sort();
  const old = names.slice(0, Math.max(0, names.length - keep));
  for (const name of old) await rm(join(dir, name), { force: true });
  return old;
}

export interface DailyBackups {
  /** Makes today's archive unless it is there (or one is being made); answers its name, or null. */
  runOnce(): Promise<string | null>;
  stop(): void;
}

export interface DailyBackupOptions {
  db: Db;
  storage: Storage;
  dir: string;
  keep: number;
  now?: () => Date;
  log?: (line: string) => void;
  /** How often to look (an hour). */
  everyMs?: number;
}

async function exists(path: string): Promise<boolean> {
  return stat(path).then(
    () => true,
    () => false,
  );
}

/** Starts the daily backups (nothing when `keep` is 0): a look now and every hour. */
export function dailyBackups(options: DailyBackupOptions): DailyBackups {
  const { db, storage, dir, keep } = options;
  const now = options.now ?? (() => new Date());
  const log = options.log ?? ((line: string) => console.log(line));
  let running: Promise<string | null> | null = null;

  async function backup(): Promise<string | null> {
    const day = now();
    const name = backupName(day);
    const path = join(dir, name);
    if (await exists(path)) return null;
    await mkdir(dir, { recursive: true });
    const started = performance.now();
    const archive = await exportArchive(db, storage, { withPasswordHashes: true, now: day });
    const partial = `${path}.partial`;
    await writeFile(partial, archive, { mode: 0o600 });
    await rename(partial, path);
    const removed = [...(await rotateBackups(dir, keep)), ...(await removePartials(dir))];
    log(
      `Backup written: ${name} (${Math.round(archive.byteLength / 1024)} KiB, ${Math.round(performance.now() - started)} ms)${removed.length ? `; removed ${removed.join(", ")}` : ""}`,
    );
    return name;
  }

  const runOnce = (): Promise<string | null> => {
    if (keep === 0) return Promise.resolve(null);
    if (running) return running.then(() => null);
    running = backup().finally(() => {
      running = null;
    });
    return running;
  };
  const look = () =>
    void runOnce().catch((error: unknown) => console.error("Backup failed:", error));
  let timer: ReturnType<typeof setInterval> | undefined;
  if (keep > 0) {
    look();
    timer = setInterval(look, options.everyMs ?? HOUR);
    timer.unref();
  }
  return {
    runOnce,
    /** No more backups; one under way finishes first (before the database closes). */
    stop: async () => {
      clearInterval(timer);
      await running?.catch(() => null);
    },
  };
}
