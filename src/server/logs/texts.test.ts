import { asc, eq, sql } from "drizzle-orm";
import { expect, it } from "vitest";
import { describeEachDatabase, rowsOf } from "../../../tests/support/test-db.ts";
import { requestLogQuerySchema } from "../../shared/logs.ts";
import { search } from "../db/queries.ts";
import { requestLogs, requestLogTexts } from "../db/schema.ts";
import { insertLogRows, type RequestLogRow } from "../http/repository.ts";
import { NAMED_TEXTS_MAX } from "./repository.ts";
import { listRequestLogs, pruneOldLogs, pruneTimer } from "./service.ts";

// The request log's texts (db/schema.ts requestLogTexts): every path, address and browser the log
// holds, kept by a trigger on its inserts, looked in by the word search and pruned with the last
// entry holding them.

const entry = (over: Partial<RequestLogRow> = {}): RequestLogRow => ({
  method: "GET",
  path: "/api/x",
  status: 200,
  durationMs: 1,
  ...over,
});

const HOUR = 3_600_000;

describeEachDatabase("the request log's texts", (database) => {
  const texts = async () =>
    database()
      .db.select()
      .from(requestLogTexts)
      .orderBy(asc(requestLogTexts.field), asc(requestLogTexts.text))
      .then((rows) =>
        rows.map((row) => ({ name: `${row.field} ${row.text}`, lastAt: row.lastAt.getTime() })),
      );

  /** The entries' ids the word search finds, and those a plain ILIKE over every entry finds. */
  const searched = async (q: string) => {
    const db = database().db;
    const page = await listRequestLogs(db, requestLogQuerySchema.parse({ q, pageSize: 100 }));
    // The search as it was, every entry read (db/queries.ts `search`: ILIKE, `%` and `_` literal).
    const plain = (
      await db
        .select({ id: requestLogs.id })
        .from(requestLogs)
        .where(search(q, [requestLogs.path, requestLogs.ip, requestLogs.userAgent]))
        .orderBy(asc(requestLogs.id))
    ).map((row) => row.id);
    return { found: page.items.map((item) => item.id).sort((a, b) => a - b), plain };
  };

  it("keeps each path, address and browser once, with its newest entry's time, whichever way rows get in", async () => {
    const db = database().db;
    const at = new Date(Date.UTC(2026, 10, 1, 12));
    await insertLogRows(db, [
      entry({ path: "/api/a", ip: "203.0.113.7", userAgent: "Agent/1" }),
      entry({ path: "/api/a", ip: "203.0.113.8", userAgent: "Agent/1" }),
    ]);
    // A row given its own time, as a test or a bench writes it; the same text twice in it.
    await db.insert(requestLogs).values(entry({ at, path: "/api/b", ip: "/api/b" }));
    const kept = await texts();
    expect(kept.map((row) => row.name)).toEqual([
      "ip /api/b",
      "ip 203.0.113.7",
      "ip 203.0.113.8",
      "path /api/a",
      "path /api/b",
      "user_agent Agent/1",
    ]);
    const lastAt = async () => (await texts()).find((row) => row.name === "path /api/b")?.lastAt;
    expect(await lastAt()).toBe(at.getTime());

    // A later entry moves a text's time on only when it is over an hour later.
    await db
      .insert(requestLogs)
      .values(entry({ at: new Date(at.getTime() + HOUR / 2), path: "/api/b" }));
    expect(await lastAt()).toBe(at.getTime());
    const later = at.getTime() + 2 * HOUR;
    await db.insert(requestLogs).values(entry({ at: new Date(later), path: "/api/b" }));
    expect(await lastAt()).toBe(later);
  });

  it("keeps a new text once when many inserts bring it at the same time", async () => {
    const db = database().db;
    await Promise.all(
      Array.from({ length: 20 }, (_, n) =>
        n % 2
          ? db.insert(requestLogs).values(entry({ path: "/api/same", userAgent: "Same/1" }))
          : insertLogRows(db, [entry({ path: "/api/same", userAgent: "Same/1" })]),
      ),
    );
    expect((await texts()).map((row) => row.name)).toEqual(["path /api/same", "user_agent Same/1"]);
    const [count] = rowsOf(await db.execute(sql`select count(*)::int as n from request_logs`));
    expect(count?.n).toBe(20);
  });

  it("finds by words what a plain search of every entry finds, in each column, case aside", async () => {
    const db = database().db;
    await insertLogRows(db, [
      entry({
        path: "/api/articles/Quiet-Page",
        ip: "198.51.100.4",
        userAgent: "Mozilla/5.0 Firefox/131",
      }),
      entry({ path: "/api/articles/other", ip: "198.51.100.5", userAgent: "curl/8.5" }),
      entry({ path: "/api/100%_done", ip: null, userAgent: null }),
      entry({ path: "/api/1000-done", ip: "2001:db8::1", userAgent: "Mozilla/5.0 Chrome/131" }),
      // An address in a path: found there too, each column asked for its own texts.
      entry({ path: "/api/ban/198.51.100.4", ip: "192.0.2.9" }),
    ]);
    for (const q of [
      "quiet-page",
      "FIREFOX",
      "198.51.100",
      "mozilla",
      "100%_",
      "db8::",
      "a",
      "nothing-holds-this",
    ]) {
      const { found, plain } = await searched(q);
      expect(found, q).toEqual(plain);
    }
    expect((await searched("quiet")).found).toHaveLength(1);
    expect((await searched("198.51.100.4")).found).toHaveLength(2);
    expect((await searched("mozilla")).found).toHaveLength(2);
    // "%" and "_" are themselves: "100%_" is not "1000-".
    expect((await searched("100%_")).found).toHaveLength(1);
    expect((await searched("nothing-holds-this")).found).toEqual([]);
  });

  it("finds by words held by more texts than it names by value", async () => {
    const db = database().db;
    await insertLogRows(
      db,
      Array.from({ length: NAMED_TEXTS_MAX + 20 }, (_, n) => entry({ path: `/api/many/${n}` })),
    );
    await insertLogRows(db, [entry({ path: "/api/few", userAgent: "Many-Browser" })]);
    const { found, plain } = await searched("many");
    expect(plain).toHaveLength(NAMED_TEXTS_MAX + 21);
    // The page holds 100; the total counts them all.
    expect(found).toEqual(plain.slice(-100));
    // Counted past the usual cap (10 000) here, to count them all.
    const page = await listRequestLogs(db, requestLogQuerySchema.parse({ q: "many" }), 20_000);
    expect(page).toMatchObject({ total: NAMED_TEXTS_MAX + 21, capped: false });
  });

  it("prunes the texts no entry left holds, and keeps those a younger entry holds", async () => {
    const db = database().db;
    const old = new Date(Date.now() - 100 * 86_400_000);
    await db
      .insert(requestLogs)
      .values([
        entry({ at: old, path: "/api/gone", ip: "192.0.2.1", userAgent: "Shared/1" }),
        entry({ at: old, path: "/api/kept" }),
      ]);
    await insertLogRows(db, [entry({ path: "/api/kept", userAgent: "Shared/1" })]);
    // The old address as a young entry's path: that column's text stays.
    await insertLogRows(db, [entry({ path: "192.0.2.1" })]);
    const gone = await pruneOldLogs(db);
    expect(gone).toEqual({ requests: 2, audit: 0, texts: 2 });
    expect((await texts()).map((row) => row.name)).toEqual([
      "path /api/kept",
      "path 192.0.2.1",
      "user_agent Shared/1",
    ]);
    expect((await searched("gone")).found).toEqual([]);
    expect((await searched("shared")).found).toHaveLength(1);
    expect((await searched("192.0.2.1")).found).toHaveLength(1);
    const [row] = await db
      .select()
      .from(requestLogTexts)
      .where(eq(requestLogTexts.text, "/api/kept"));
    expect(row?.lastAt.getTime()).toBeGreaterThan(old.getTime());
  });

  it("has the texts' statistics gathered when the server prunes, as PGlite has no autovacuum", async () => {
    const db = database().db;
    // Seven texts: the paths of seven entries.
    await insertLogRows(
      db,
      Array.from({ length: 7 }, (_, n) => entry({ path: `/api/counted/${n}` })),
    );
    const tuples = async () =>
      Number(
        rowsOf(
          await db.execute(
            sql`select reltuples from pg_class where relname = 'request_log_texts' and relkind = 'r'`,
          ),
        )[0]?.reltuples,
      );
    // Never analyzed yet (-1, PostgreSQL 14 and later). PostgreSQL's autovacuum may have been
    // at it already; PGlite has none.
    if (database().kind === "pglite") expect(await tuples()).toBe(-1);
    const timer = pruneTimer(db);
    try {
      await expect.poll(tuples, { timeout: 10_000 }).toBe(7);
    } finally {
      timer.stop();
    }
  });
});
