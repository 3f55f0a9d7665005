import type { Db } from "../db/client.ts";
import { insertLogRow, insertLogRows, type RequestLogRow } from "./repository.ts";

/**
 * How the request log's rows reach the database. Written one by one (the default: every row is
 * there when its answer leaves, as the tests, the dev server and a Netlify function, which may be
 * frozen between requests, need), or in batches (`npm start`): rows wait at most `intervalMs` or
 * until `maxRows` are waiting, then go in one insert, so a busy server does one write for many
 * requests instead of one each. A crash loses at most the rows of the last `intervalMs` (and
 * never more than `maxRows`): 100 ms and 100 rows, small because an insert holds the database's
 * other queries up while it runs (PGlite runs one at a time on its thread, db/pglite-thread.ts;
 * at 1000 rows, when PGlite was still on the server's thread, p99 reached 25 ms); a graceful
 * stop writes them first (`close`).
 */

export interface LogWriter {
  write(row: RequestLogRow): void | Promise<void>;
  /** Writes what waits (a batch writer); at once for the other. */
  close(): Promise<void>;
}

/** Every row in its own insert, awaited. A failed write is said, never thrown. */
export function directLogWriter(db: Db): LogWriter {
  return {
    async write(row) {
      try {
        await insertLogRow(db, row);
      } catch (error) {
        // A lost log line must not turn a good answer into an error.
        console.error("request log write failed", error);
      }
    },
    close: async () => {},
  };
}

export const LOG_BATCH = { intervalMs: 100, maxRows: 100 } as const;

/** Rows in batches: at most `intervalMs` late, at most `maxRows` in one insert. */
export function batchLogWriter(
  db: Db,
  { intervalMs, maxRows }: { intervalMs: number; maxRows: number } = LOG_BATCH,
): LogWriter {
  let waiting: RequestLogRow[] = [];
  let timer: ReturnType<typeof setTimeout> | null = null;
  let writing: Promise<void> = Promise.resolve();

  function flush(): Promise<void> {
    if (timer) clearTimeout(timer);
    timer = null;
    if (waiting.length === 0) return writing;
    const rows = waiting;
    waiting = [];
    // One insert at a time, in order: a slow write never has two more racing it.
    writing = writing.then(async () => {
      try {
        await insertLogRows(db, rows);
      } catch (error) {
        console.error(`request log: ${rows.length} rows could not be written`, error);
      }
    });
    return writing;
  }

  return {
    write(row) {
      waiting.push(row);
      if (waiting.length >= maxRows) void flush();
      else if (!timer) {
        timer = setTimeout(() => void flush(), intervalMs);
        // The timer never keeps a stopping process alive: `close` writes what waits.
        timer.unref?.();
      }
    },
    close: flush,
  };
}
