import { chmodSync, mkdirSync, readdirSync } from "node:fs";
import { join } from "node:path";

/**
 * The data folder holds the database, uploads, backups and the app's secret: only the server's
 * user may read it. Folders are made 0700 and every file in them made 0600, whatever the process's
 * umask: PGlite's file system sets 0666 on the files it makes (968 of 1,181 in a new database).
 */
export function privateFolder(dir: string): void {
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  privatise(dir);
}

/** Takes group and other access off `dir` and everything in it (no link is followed). */
export function privatise(dir: string): void {
  chmodSync(dir, 0o700);
  for (const entry of readdirSync(dir, { withFileTypes: true, recursive: true })) {
    if (entry.isSymbolicLink()) continue;
    const path = join(entry.parentPath, entry.name);
    if (entry.isDirectory()) chmodSync(path, 0o700);
    else if (entry.isFile()) chmodSync(path, 0o600);
  }
}
