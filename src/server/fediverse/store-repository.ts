import type {
  KvKey,
  KvStore,
  KvStoreListEntry,
  KvStoreSetOptions,
  MessageQueue,
  MessageQueueEnqueueOptions,
  MessageQueueListenOptions,
} from "@fedify/fedify";
import { and, asc, eq, gt, isNull, like, lt, lte, or, sql } from "drizzle-orm";
import type { Db } from "../db/client.ts";
import { escapeLike } from "../db/queries.ts";
import { fediverseKv, fediverseQueue } from "../db/schema.ts";

// Fedify's two stores as tables of the blog's database, so they work the same on PGlite, on
// PostgreSQL and through a pooler that cannot LISTEN: the key-value store (caches of remote
// documents and keys, idempotency) and the message queue (activities to deliver and received
// ones to handle), polled, with claims that a stopped worker leaves to be taken again.

const encode = (key: KvKey) => JSON.stringify(key);

const millisOf = (duration: { total(unit: "millisecond"): number }) =>
  duration.total("millisecond");

export class DbKvStore implements KvStore {
  private readonly db: Db;

  constructor(db: Db) {
    this.db = db;
  }

  async get<T = unknown>(key: KvKey): Promise<T | undefined> {
    const [row] = await this.db
      .select({ value: fediverseKv.value })
      .from(fediverseKv)
      .where(and(eq(fediverseKv.key, encode(key)), live()));
    // A value is what `set` stored under this key for this caller: Fedify reads back its own.
    return row ? (row.value as T) : undefined;
  }

  async set(key: KvKey, value: unknown, options?: KvStoreSetOptions): Promise<void> {
    const expiresAt = options?.ttl ? new Date(Date.now() + millisOf(options.ttl)) : null;
    await this.db
      .insert(fediverseKv)
      .values({ key: encode(key), value, expiresAt })
      .onConflictDoUpdate({ target: fediverseKv.key, set: { value, expiresAt } });
  }

  async delete(key: KvKey): Promise<void> {
    await this.db.delete(fediverseKv).where(eq(fediverseKv.key, encode(key)));
  }

  async *list(prefix?: KvKey): AsyncIterable<KvStoreListEntry> {
    const open = prefix ? `${encode(prefix).slice(0, -1)},` : "[";
    const rows = await this.db
      .select()
      .from(fediverseKv)
      .where(
        and(
          live(),
          prefix
            ? or(eq(fediverseKv.key, encode(prefix)), like(fediverseKv.key, `${escapeLike(open)}%`))
            : undefined,
        ),
      )
      .orderBy(asc(fediverseKv.key));
    for (const row of rows) {
      const key: unknown = JSON.parse(row.key);
      if (Array.isArray(key) && key.length > 0 && key.every((part) => typeof part === "string")) {
        // Checked just above: a non-empty array of strings, as `set` wrote it.
        yield { key: key as unknown as KvKey, value: row.value };
      }
    }
  }
}

const live = () => or(isNull(fediverseKv.expiresAt), gt(fediverseKv.expiresAt, new Date()));

/** Drops expired entries (run with the other periodic clean-ups). */
export async function pruneKv(db: Db, now = new Date()): Promise<void> {
  await db.delete(fediverseKv).where(lte(fediverseKv.expiresAt, now));
}

/** How long a claimed task may run before another worker takes it again. */
const CLAIM_MS = 5 * 60_000;
/** How often an idle worker looks for due tasks (a task enqueued here wakes it at once). */
const POLL_MS = 2_000;
/** A task whose handler threw is tried again this much later. */
const RETRY_MS = 60_000;

export class DbMessageQueue implements MessageQueue {
  readonly nativeRetrial = false;
  readonly #wake = new EventTarget();
  private readonly db: Db;

  constructor(db: Db) {
    this.db = db;
  }

  async enqueue(message: unknown, options?: MessageQueueEnqueueOptions): Promise<void> {
    await this.enqueueMany([message], options);
  }

  async enqueueMany(
    messages: readonly unknown[],
    options?: MessageQueueEnqueueOptions,
  ): Promise<void> {
    if (messages.length === 0) return;
    const runAt = new Date(Date.now() + (options?.delay ? millisOf(options.delay) : 0));
    await this.db.insert(fediverseQueue).values(messages.map((message) => ({ message, runAt })));
    this.#wake.dispatchEvent(new Event("task"));
  }

  /** Claims the next due task (none another worker holds), or null. */
  async #claim(): Promise<{ id: number; message: unknown } | null> {
    const now = new Date();
    const q = fediverseQueue;
    const next = this.db
      .select({ id: q.id })
      .from(q)
      .where(
        and(
          lte(q.runAt, now),
          or(isNull(q.claimedAt), lt(q.claimedAt, new Date(now.getTime() - CLAIM_MS))),
        ),
      )
      .orderBy(asc(q.runAt), asc(q.id))
      .limit(1)
      .for("update", { skipLocked: true });
    const [row] = await this.db
      .update(q)
      .set({ claimedAt: now })
      .where(sql`${q.id} = (${next})`)
      .returning({ id: q.id, message: q.message });
    return row ?? null;
  }

  /** Runs one claimed task: gone once handled; tried again later if its handler threw. */
  async #run(task: { id: number; message: unknown }, handler: (message: unknown) => unknown) {
    try {
      await handler(task.message);
      await this.db.delete(fediverseQueue).where(eq(fediverseQueue.id, task.id));
    } catch (error) {
      console.error("fediverse: a queued task failed; it runs again in a minute:", error);
      await this.db
        .update(fediverseQueue)
        .set({ claimedAt: null, runAt: new Date(Date.now() + RETRY_MS) })
        .where(eq(fediverseQueue.id, task.id));
    }
  }

  async listen(
    handler: (message: unknown) => Promise<void> | void,
    options?: MessageQueueListenOptions,
  ): Promise<void> {
    const signal = options?.signal;
    while (!signal?.aborted) {
      const task = await this.#claim().catch((error: unknown) => {
        console.error("fediverse: the queue could not be read:", error);
        return null;
      });
      if (task) {
        await this.#run(task, handler);
        continue;
      }
      await new Promise<void>((done) => {
        const finish = () => {
          clearTimeout(timer);
          this.#wake.removeEventListener("task", finish);
          signal?.removeEventListener("abort", finish);
          done();
        };
        const timer = setTimeout(finish, POLL_MS);
        this.#wake.addEventListener("task", finish);
        signal?.addEventListener("abort", finish);
      });
    }
  }

  /**
   * Runs the due tasks one after another until none is left or `stopAfterMs` has passed (a
   * short-lived function's run); answers how many ran.
   */
  async drain(handler: (message: unknown) => Promise<void>, stopAfterMs: number): Promise<number> {
    const started = Date.now();
    let ran = 0;
    while (Date.now() - started < stopAfterMs) {
      const task = await this.#claim();
      if (!task) break;
      await this.#run(task, handler);
      ran += 1;
    }
    return ran;
  }
}
