import { asc, count } from "drizzle-orm";
import { expect, it } from "vitest";
import { requestLogs } from "../db/schema.ts";
import { describeEachDb } from "../test-support.ts";
import { batchLogWriter, directLogWriter } from "./log-writer.ts";
import { insertLogRows, type RequestLogRow } from "./repository.ts";

// The request log's writers: one insert a row, or rows in batches that are at most a short
// interval late, never more than a batch in one insert, all written by a graceful close.

const row = (n: number): RequestLogRow => ({
  method: "GET",
  path: `/api/x/${n}`,
  status: 200,
  durationMs: n,
});

describeEachDb("the request log's writers", (ctx) => {
  const rows = async () => {
    const [result] = await ctx().database.db.select({ n: count() }).from(requestLogs);
    return result?.n ?? 0;
  };

  it("writes each row at once, or in batches at most an interval late", async () => {
    const db = ctx().database.db;
    await directLogWriter(db).write(row(0));
    expect(await rows()).toBe(1);

    const batch = batchLogWriter(db, { intervalMs: 50, maxRows: 100 });
    for (let n = 1; n <= 10; n++) batch.write(row(n));
    // Nothing yet: the batch waits for its interval…
    expect(await rows()).toBe(1);
    // …and is written within it (polled: the machine may be busy).
    await expect.poll(rows, { timeout: 5000 }).toBe(11);

    // 250 rows at once: two full batches written without waiting, the rest on close.
    for (let n = 0; n < 250; n++) batch.write(row(n));
    await batch.close();
    expect(await rows()).toBe(261);
    await batch.close();
    expect(await rows()).toBe(261);
  });

  it("writes a batch's rows as they were given, any text and none alike", async () => {
    const db = ctx().database.db;
    const given: RequestLogRow[] = [
      {
        method: "POST",
        path: "/api/x/\u00e9\u4e2d\u6587 'quoted' \"double\" \\ back",
        status: 201,
        durationMs: 12,
        userId: "0b8f6a3e-2c4d-4e5f-8a9b-0c1d2e3f4a5b",
        ip: "2001:db8::1",
        userAgent: "Mozilla/5.0 (X11; Linux) \ud83d\ude00 \ufffd\n\ttab",
      },
      {
        method: "GET",
        path: "/api/y",
        status: 404,
        durationMs: 0,
        userId: null,
        ip: null,
        userAgent: null,
      },
    ];
    await insertLogRows(db, given);
    await insertLogRows(db, []);
    const stored = await db.select().from(requestLogs).orderBy(asc(requestLogs.id));
    // Every column given, as given; the database adds the id and the time.
    expect(stored.map(({ id: _id, at: _at, ...row }) => row)).toEqual(given);
  });

  it("says a failed batch and goes on", async () => {
    const db = ctx().database.db;
    const batch = batchLogWriter(db, { intervalMs: 10_000, maxRows: 1000 });
    const errors: unknown[] = [];
    const original = console.error;
    console.error = (...args: unknown[]) => errors.push(args[0]);
    try {
      // A status PostgreSQL cannot take as an integer spoils the whole batch, not the server.
      batch.write({ ...row(1), status: Number.NaN });
      await batch.close();
      batch.write(row(2));
      await batch.close();
    } finally {
      console.error = original;
    }
    expect(errors).toEqual([expect.stringContaining("could not be written")]);
    expect(await rows()).toBe(1);
  });
});
