import { eq, lt, sql } from "drizzle-orm";
import type { Db } from "../db/client.ts";
import { rateLimits, requestLogs } from "../db/schema.ts";

// The SQL of the HTTP layer: the rate limits' buckets and the request log's rows
// (src/server/logs reads them).

// --- Rate limits ----------------------------------------------------------------------------

/**
 * Moves the bucket `key`'s theoretical arrival time one interval on, when it lies at most
 * `allowAheadMs` ahead of `now` (a new bucket starts at now + one interval); whether it moved.
 */
export async function advanceTat(
  db: Db,
  key: string,
  { now, intervalMs, allowAheadMs }: { now: Date; intervalMs: number; allowAheadMs: number },
): Promise<boolean> {
  const at = sql`${now.toISOString()}::timestamptz`;
  const interval = sql`${`${intervalMs} milliseconds`}::interval`;
  const ahead = sql`greatest(${rateLimits.tat}, ${at})`;
  const taken = await db
    .insert(rateLimits)
    .values({ key, tat: new Date(now.getTime() + intervalMs) })
    .onConflictDoUpdate({
      target: rateLimits.key,
      set: { tat: sql`${ahead} + ${interval}` },
      setWhere: sql`${ahead} <= ${at} + ${`${allowAheadMs} milliseconds`}::interval`,
    })
    .returning({ tat: rateLimits.tat });
  return taken.length > 0;
}

/** The bucket `key`'s theoretical arrival time, or undefined when it has none. */
export async function readTat(db: Db, key: string): Promise<Date | undefined> {
  const [row] = await db
    .select({ tat: rateLimits.tat })
    .from(rateLimits)
    .where(eq(rateLimits.key, key));
  return row?.tat;
}

/** Deletes buckets that are full again (their TAT has passed). */
export async function purgeRateLimits(db: Db, now = new Date()): Promise<void> {
  await db.delete(rateLimits).where(lt(rateLimits.tat, now));
}

// --- Request log ----------------------------------------------------------------------------

export type RequestLogRow = typeof requestLogs.$inferInsert;

export async function insertLogRow(db: Db, row: RequestLogRow): Promise<void> {
  await db.insert(requestLogs).values(row);
}

const column = (c: { name: string }) => sql.identifier(c.name);

/**
 * `rows` in one statement with one parameter, a JSON array the database unpacks
 * (json_to_recordset): the statement is the same for any number of rows. Drizzle's
 * `insert().values(rows)` wrote 7 parameters a row, and building and binding them was 8 % of a
 * busy server's CPU on `GET /api/encryption-key` (its query builder, `is`, more than the insert).
 */
export async function insertLogRows(db: Db, rows: readonly RequestLogRow[]): Promise<void> {
  const t = requestLogs;
  const json = JSON.stringify(
    rows.map((r) => ({
      m: r.method,
      p: r.path,
      s: r.status,
      d: r.durationMs,
      u: r.userId ?? null,
      i: r.ip ?? null,
      a: r.userAgent ?? null,
    })),
  );
  await db.execute(
    sql`insert into ${t} (${column(t.method)}, ${column(t.path)}, ${column(t.status)}, ${column(t.durationMs)}, ${column(t.userId)}, ${column(t.ip)}, ${column(t.userAgent)}) select m, p, s, d, u, i, a from json_to_recordset(${json}::json) as r(m text, p text, s integer, d integer, u uuid, i text, a text)`,
  );
}
