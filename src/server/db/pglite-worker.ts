// The embedded database's own thread (src/server/db/pglite-thread.ts): PGlite opened here, every
// query run here, so its WebAssembly never holds the server's thread up. Messages in and out are
// the `Ask` and `Answer` types of pglite-protocol.ts.
import { parentPort, workerData } from "node:worker_threads";
import { PGlite, type Results, type Transaction, types } from "@electric-sql/pglite";
import { pgliteExtensions } from "./pglite-extensions.ts";
import type { Answer, Ask, SentError } from "./pglite-protocol.ts";

if (!parentPort) throw new Error("pglite-worker.ts runs as a worker thread");
const port = parentPort;
// Set by PgliteThread.open, the one place that starts this thread.
const { dir } = workerData as { dir: string };

/**
 * Dates, times and intervals as PostgreSQL writes them: drizzle maps them itself and asks every
 * query for them so (its own parsers, functions, cannot cross to this thread).
 */
const asWritten = (value: string) => value;
const PARSERS = Object.fromEntries(
  [
    types.TIMESTAMP,
    types.TIMESTAMPTZ,
    types.INTERVAL,
    types.DATE,
    1231,
    1115,
    1185,
    1187,
    1182,
  ].map((type) => [type, asWritten]),
);

/** What an error carries across: its message and own fields (a database error's `code`, say). */
function sendable(error: unknown): SentError {
  if (!(error instanceof Error)) return { message: String(error), fields: {} };
  const fields: Record<string, string | number | null> = {};
  for (const [key, value] of Object.entries(error)) {
    if (typeof value === "string" || typeof value === "number" || value === null) {
      fields[key] = value;
    }
  }
  return { message: error.message, fields };
}

const client = await PGlite.create(dir, { extensions: pgliteExtensions });

/** A transaction's queries, and how to end its PGlite callback. */
type Scope = { tx: Transaction; end: (commit: boolean) => void };
/**
 * The transactions open, by id: each one's scope and its callback's promise, settled once
 * PGlite has committed or rolled it back.
 */
const open = new Map<number, Scope & { done: Promise<void> }>();
let lastTransaction = 0;
/** How a transaction the caller rolls back ends its PGlite callback. */
const ROLLBACK = Symbol("rollback");

function answer(message: Answer) {
  port.postMessage(message);
}

async function run(ask: Ask): Promise<void> {
  switch (ask.op) {
    case "query": {
      const target = ask.tx === undefined ? client : open.get(ask.tx)?.tx;
      if (!target) throw new Error(`No open transaction ${ask.tx}`);
      const result: Results = await target.query(ask.sql, ask.params, {
        ...(ask.rowMode ? { rowMode: ask.rowMode } : {}),
        parsers: PARSERS,
      });
      const { rows, fields, affectedRows } = result;
      answer({
        id: ask.id,
        result: { rows, fields, ...(affectedRows === undefined ? {} : { affectedRows }) },
      });
      return;
    }
    case "begin": {
      const id = ++lastTransaction;
      let started: (scope: Scope) => void = () => {};
      const ready = new Promise<Scope>((resolve) => {
        started = resolve;
      });
      // PGlite runs nothing else while the callback runs: other queries wait for the end.
      const done = client
        .transaction(
          (tx) =>
            new Promise<void>((resolve, reject) => {
              started({ tx, end: (commit) => (commit ? resolve() : reject(ROLLBACK)) });
            }),
        )
        .then(
          () => {},
          (error: unknown) => {
            if (error !== ROLLBACK) throw error;
          },
        )
        .finally(() => open.delete(id));
      // A transaction PGlite could not begin fails here instead of leaving the caller waiting.
      const failedFirst = done.then(() => null);
      failedFirst.catch(() => {});
      const scope = await Promise.race([ready, failedFirst]);
      if (!scope) throw new Error("The transaction ended before it began");
      open.set(id, { ...scope, done });
      answer({ id: ask.id, tx: id });
      return;
    }
    case "end": {
      const transaction = open.get(ask.tx);
      if (!transaction) throw new Error(`No open transaction ${ask.tx}`);
      transaction.end(ask.commit);
      await transaction.done;
      answer({ id: ask.id });
      return;
    }
    case "close": {
      await client.close();
      answer({ id: ask.id });
      return;
    }
  }
}

port.on("message", (ask: Ask) => {
  run(ask).catch((error: unknown) => answer({ id: ask.id, error: sendable(error) }));
});
answer({ id: 0 });
