import { closeSync, openSync, readFileSync, rmSync, writeSync } from "node:fs";

/**
 * PGlite has no lock of its own: two processes can open one folder and damage it. The
 * embedded database is therefore guarded by a lock file holding the owner's pid, created
 * atomically; a lock whose process is gone (a crash) is taken over.
 */
export class DatabaseInUseError extends Error {
  readonly pid: number;
  constructor(path: string, pid: number) {
    super(
      `The embedded database is in use by another process (pid ${pid}; lock file ${path}). ` +
        "Stop the server first, or set DATABASE_URL. If no such process runs, delete the lock file.",
    );
    this.name = "DatabaseInUseError";
    this.pid = pid;
  }
}

function isAlive(pid: number): boolean {
  if (!Number.isInteger(pid) || pid <= 0) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

function readPid(path: string): number {
  try {
    return Number.parseInt(readFileSync(path, "utf8").trim(), 10);
  } catch {
    return Number.NaN;
  }
}

/** Takes the lock at `path` for this process; returns its release. Throws DatabaseInUseError. */
export function acquireLock(path: string): () => void {
  for (let attempt = 0; attempt < 3; attempt += 1) {
    try {
      const fd = openSync(path, "wx", 0o600);
      try {
        writeSync(fd, `${process.pid}\n`);
      } finally {
        closeSync(fd);
      }
      const release = () => {
        process.off("exit", release);
        if (readPid(path) === process.pid) rmSync(path, { force: true });
      };
      process.on("exit", release);
      return release;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
      const pid = readPid(path);
      // Our own pid in the file is a leftover (pid 1 in a restarted container, say).
      if (pid !== process.pid && isAlive(pid)) throw new DatabaseInUseError(path, pid);
      rmSync(path, { force: true });
    }
  }
  throw new Error(`could not take the lock ${path}`);
}
