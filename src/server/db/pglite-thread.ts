import { Worker } from "node:worker_threads";
import type { RowMode } from "@electric-sql/pglite";
import type { Answer, Ask, SentError, ThreadResults } from "./pglite-protocol.ts";

// The embedded database on a thread of its own. PGlite is PostgreSQL compiled to WebAssembly
// and runs every query on the thread that opened it; opened on the server's, a busy server's
// request-log inserts took half its CPU (`npm run bench:api-pair`), and a long query (an export,
// a search of the whole log) held every page and answer up. Here PGlite lives in a worker
// (pglite-worker.ts) and this side hands it what drizzle asks of a PGlite client: queries,
// transactions with their queries, and closing.

/** The queries of one transaction, as drizzle runs them (its savepoints included). */
export interface ThreadTransaction {
  query(sql: string, params?: unknown[], options?: { rowMode?: RowMode }): Promise<ThreadResults>;
}

function received(error: SentError): Error {
  return Object.assign(new Error(error.message), error.fields);
}

export class PgliteThread {
  readonly #worker: Worker;
  readonly #waiting = new Map<
    number,
    { resolve: (a: Answer) => void; reject: (e: Error) => void }
  >();
  #next = 1;
  #gone: Error | null = null;

  private constructor(worker: Worker) {
    this.#worker = worker;
  }

  /** Opens the database in `dir` on a new thread; rejects if PGlite cannot open it. */
  static open(dir: string): Promise<PgliteThread> {
    const worker = new Worker(new URL("./pglite-worker.ts", import.meta.url), {
      workerData: { dir },
    });
    const thread = new PgliteThread(worker);
    return new Promise((resolve, reject) => {
      const failed = (error: Error) => {
        thread.#end(error);
        reject(error);
      };
      worker.once("error", failed);
      worker.once("exit", (code) =>
        thread.#end(new Error(`The database thread stopped (${code})`)),
      );
      thread.#waiting.set(0, {
        resolve: () => {
          worker.off("error", failed);
          worker.on("error", (error) => thread.#end(error));
          resolve(thread);
        },
        reject,
      });
      worker.on("message", (answer: Answer) => thread.#answered(answer));
    });
  }

  #answered(answer: Answer) {
    const waiting = this.#waiting.get(answer.id);
    if (!waiting) return;
    this.#waiting.delete(answer.id);
    if (answer.error) waiting.reject(received(answer.error));
    else waiting.resolve(answer);
  }

  /** Every question still waiting fails with `error`, and so does every later one. */
  #end(error: Error) {
    this.#gone ??= error;
    for (const waiting of this.#waiting.values()) waiting.reject(error);
    this.#waiting.clear();
  }

  #ask(ask: DistributiveOmit<Ask, "id">): Promise<Answer> {
    if (this.#gone) return Promise.reject(this.#gone);
    const id = this.#next++;
    return new Promise((resolve, reject) => {
      this.#waiting.set(id, { resolve, reject });
      this.#worker.postMessage({ ...ask, id });
    });
  }

  async #query(
    sql: string,
    params: unknown[] | undefined,
    rowMode: RowMode | undefined,
    tx?: number,
  ): Promise<ThreadResults> {
    const answer = await this.#ask({
      op: "query",
      sql,
      params,
      rowMode,
      ...(tx === undefined ? {} : { tx }),
    });
    if (!answer.result) throw new Error("The database thread answered a query without rows");
    return answer.result;
  }

  /** One statement with its parameters (drizzle's parsers are the thread's own: dates as text). */
  query(sql: string, params?: unknown[], options?: { rowMode?: RowMode }): Promise<ThreadResults> {
    return this.#query(sql, params, options?.rowMode);
  }

  /** Committed when `fn` resolves, rolled back when it throws; nothing else runs meanwhile. */
  async transaction<T>(fn: (tx: ThreadTransaction) => Promise<T>): Promise<T> {
    const { tx } = await this.#ask({ op: "begin" });
    if (tx === undefined) throw new Error("The database thread opened no transaction");
    let result: T;
    try {
      result = await fn({
        query: (sql, params, options) => this.#query(sql, params, options?.rowMode, tx),
      });
    } catch (error) {
      await this.#ask({ op: "end", tx, commit: false }).catch(() => {});
      throw error;
    }
    await this.#ask({ op: "end", tx, commit: true });
    return result;
  }

  /** Closes the database and stops its thread. */
  async close(): Promise<void> {
    if (!this.#gone) await this.#ask({ op: "close" });
    this.#end(new Error("The database is closed"));
    await this.#worker.terminate();
  }
}

/** Omit over each member of a union, keeping it a union. */
type DistributiveOmit<T, K extends PropertyKey> = T extends unknown ? Omit<T, K> : never;
