import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { rowsOf } from "../../../tests/support/test-db.ts";
import type { Database } from "./database.ts";
import { fromPglite, openPglite, pgliteExtensions } from "./pglite.ts";
import { PgliteThread } from "./pglite-thread.ts";
import { requestLogs } from "./schema.ts";

// The embedded database on its own thread (pglite-thread.ts) answers drizzle as PGlite on the
// caller's thread does: the same rows, errors with their codes, transactions that commit, roll
// back and nest, and nothing run inside a transaction's span but its own queries.

const folder = mkdtempSync(join(tmpdir(), "blog-pglite-thread-"));
let threaded: Database;
let local: Database;

beforeAll(async () => {
  threaded = await openPglite(folder);
  await threaded.migrate();
  local = fromPglite(await PGlite.create({ extensions: pgliteExtensions }));
  await local.migrate();
}, 120_000);

afterAll(async () => {
  await threaded?.close();
  await local?.close();
  rmSync(folder, { recursive: true, force: true });
});

describe("the database on its own thread", () => {
  it("reads back what it was given as PGlite on this thread does: dates, JSON, numbers", async () => {
    const row = {
      method: "GET",
      path: "/api/x",
      status: 204,
      durationMs: 3,
      userId: null,
      ip: "127.0.0.1",
      userAgent: "Thread/1.0",
      at: new Date("2026-11-28T06:00:00.123Z"),
    };
    const read = async (database: Database) => {
      await database.db.insert(requestLogs).values(row);
      const [back] = await database.db
        .select({
          at: requestLogs.at,
          status: requestLogs.status,
          userAgent: requestLogs.userAgent,
        })
        .from(requestLogs)
        .where(eq(requestLogs.path, "/api/x"));
      const raw = await database.db.execute(
        sql`select ${JSON.stringify({ a: [1, "二"] })}::json as j, 2::int8 as n, now() - now() as gap`,
      );
      return { back, raw: rowsOf(raw) };
    };
    const there = await read(threaded);
    expect(there).toEqual(await read(local));
    expect(there.back?.at).toEqual(row.at);
    expect(there.raw).toMatchObject([{ j: { a: [1, "二"] } }]);
  });

  it("fails as PGlite does, with the database's error code", async () => {
    const twice = async (database: Database) => {
      await database.db.execute(sql`create temporary table once (k text primary key)`);
      await database.db.execute(sql`insert into once values ('a')`);
      return database.db.execute(sql`insert into once values ('a')`).catch((e: unknown) => e);
    };
    const error = await twice(threaded);
    expect(error).toBeInstanceOf(Error);
    const codes = (e: unknown): unknown[] => {
      const found: unknown[] = [];
      for (let at: unknown = e; at; at = (at as { cause?: unknown }).cause) {
        found.push((at as { code?: unknown }).code);
      }
      return found;
    };
    expect(codes(error)).toContain("23505");
    expect(codes(await twice(local))).toContain("23505");
  });

  it("commits a transaction, rolls one back when it throws, and rolls a savepoint back alone", async () => {
    const db = threaded.db;
    await db.execute(sql`create table thread_kept (k text primary key)`);
    await db.transaction(async (tx) => {
      await tx.execute(sql`insert into thread_kept values ('kept')`);
      await tx
        .transaction(async (inner) => {
          await inner.execute(sql`insert into thread_kept values ('inner')`);
          throw new Error("undo the savepoint");
        })
        .catch(() => {});
    });
    await expect(
      db.transaction(async (tx) => {
        await tx.execute(sql`insert into thread_kept values ('undone')`);
        throw new Error("undo all");
      }),
    ).rejects.toThrow("undo all");
    const kept = await db.execute(sql`select k from thread_kept order by k`);
    expect(rowsOf(kept)).toEqual([{ k: "kept" }]);
  });

  it("runs a query from outside a transaction only once the transaction has ended", async () => {
    const db = threaded.db;
    await db.execute(sql`create table thread_wait (k text primary key)`);
    const order: string[] = [];
    let inside: () => void = () => {};
    const opened = new Promise<void>((resolve) => {
      inside = resolve;
    });
    const transaction = db.transaction(async (tx) => {
      await tx.execute(sql`insert into thread_wait values ('w')`);
      inside();
      await new Promise((resolve) => setTimeout(resolve, 100));
      order.push("transaction");
    });
    await opened;
    const outside = db.execute(sql`select k from thread_wait`).then((result) => {
      order.push("outside");
      return rowsOf(result);
    });
    await transaction;
    expect(await outside).toEqual([{ k: "w" }]);
    expect(order).toEqual(["transaction", "outside"]);
  });

  it("answers many queries at once, each with its own rows", async () => {
    const answers = await Promise.all(
      Array.from({ length: 50 }, (_, i) => threaded.db.execute(sql`select ${i}::int as i`)),
    );
    expect(answers.map((a) => rowsOf(a)[0]?.i)).toEqual(Array.from({ length: 50 }, (_, i) => i));
  });

  it("keeps the caller's thread free while a long query runs, where PGlite on it stops it", async () => {
    const long = sql`select count(*) from generate_series(1, 3000000)`;
    /** How often a 5 ms timer ran on the caller's thread while `query` ran, and its time. */
    const ticksDuring = async (query: () => Promise<unknown>) => {
      let ticks = 0;
      const timer = setInterval(() => {
        ticks++;
      }, 5);
      const started = performance.now();
      await query();
      const took = performance.now() - started;
      const during = ticks;
      clearInterval(timer);
      return { ticks: during, took };
    };
    const here = await ticksDuring(() => local.db.execute(long));
    const there = await ticksDuring(() => threaded.db.execute(long));
    // On this thread the loop waits for the whole query; on its own thread it runs on.
    expect(here.took).toBeGreaterThan(100);
    expect(here.ticks).toBeLessThanOrEqual(1);
    expect(there.took).toBeGreaterThan(100);
    expect(there.ticks).toBeGreaterThan(10);
  });

  it("refuses queries once closed, and says why when the folder cannot be opened", async () => {
    const other = mkdtempSync(join(tmpdir(), "blog-pglite-thread-closed-"));
    try {
      const thread = await PgliteThread.open(join(other, "db"));
      await thread.close();
      await expect(thread.query("select 1")).rejects.toThrow("The database is closed");
    } finally {
      rmSync(other, { recursive: true, force: true });
    }
  });
});
