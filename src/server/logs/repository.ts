import { and, desc, eq, gte, ilike, inArray, lt, lte, or, type SQL, sql } from "drizzle-orm";
import type { PgColumn } from "drizzle-orm/pg-core";
import type { AuditLogFilter, RequestLogFilter, StatusClass } from "../../shared/logs.ts";
import type { Db } from "../db/client.ts";
import { escapeLike, search } from "../db/queries.ts";
import { auditLogs, requestLogs, requestLogTexts, users } from "../db/schema.ts";

// The log center's SQL: a filter made a WHERE, a page of entries newest first (with the name of
// the user each names), a count that stops at a cap, an entry, and the rows older than a time
// deleted a batch at a time.

export type RequestLogRow = typeof requestLogs.$inferSelect & { userName: string | null };
export type AuditLogRow = typeof auditLogs.$inferSelect & { currentName: string | null };

/** `value` as a literal prefix of a LIKE pattern. */
const prefix = (value: string) => `${escapeLike(value)}%`;

const STATUS_RANGES: Record<StatusClass, [number, number]> = {
  "2xx": [200, 300],
  "3xx": [300, 400],
  "4xx": [400, 500],
  "5xx": [500, 600],
};

/** Users whose name or email holds `words`: their ids, as a subquery. */
const usersNamed = (db: Db, words: string) =>
  db
    .select({ id: users.id })
    .from(users)
    .where(search(words, [users.userName, users.email]));

function timeRange(column: PgColumn, from?: string, to?: string): SQL[] {
  return [
    ...(from ? [gte(column, new Date(from))] : []),
    ...(to ? [lte(column, new Date(to))] : []),
  ];
}

/** How many users a request log's `user` filter names by their ids at most (see below). */
const NAMED_USERS_MAX = 500;

/**
 * The request log's entries of the users whose name or email holds `words`. Their ids are
 * looked up first and given as values, so PostgreSQL knows how many entries they have: a
 * seldom-seen user's few are read from request_logs_user_at_idx (as a subquery, they were looked
 * for by reading the whole log newest first, 0.3 s at a million entries), and words naming
 * nobody match nothing at once. Words naming very many users stay a subquery.
 */
async function ofUsersNamed(db: Db, words: string): Promise<SQL> {
  const named = await usersNamed(db, words).limit(NAMED_USERS_MAX + 1);
  if (named.length > NAMED_USERS_MAX) return inArray(requestLogs.userId, usersNamed(db, words));
  return inArray(
    requestLogs.userId,
    named.map((user) => user.id),
  );
}

/** How many texts a request log's word search names by their values at most (see below). */
export const NAMED_TEXTS_MAX = 10_000;

/** The request log's columns the word search looks in, by their name in request_log_texts. */
const SEARCHED = [
  ["path", requestLogs.path],
  ["ip", requestLogs.ip],
  ["user_agent", requestLogs.userAgent],
] as const;

/**
 * The request log's entries whose path, address or browser holds `words`, case aside. The texts
 * holding them are looked up first, in request_log_texts through its trigram index (every text
 * each of the three columns holds, db/schema.ts), and each column is then asked for its own as
 * values: PostgreSQL finds a word few entries hold by those values (the btree indexes on the
 * columns), knowing from that column's statistics how many there are (an address asked of the
 * paths looked common, and the log was read whole newest first), and words no text holds match
 * nothing at once. Words more than NAMED_TEXTS_MAX texts hold are held by as many entries at
 * least: those are looked for in the entries themselves, newest first, which meets them soon.
 * (As subqueries of the texts instead, a word of one letter held by half a million texts took
 * minutes: too many to hash, each entry compared with them in turn.)
 */
async function holdingWords(db: Db, words: string): Promise<SQL | undefined> {
  const found = await db
    .select({ field: requestLogTexts.field, text: requestLogTexts.text })
    .from(requestLogTexts)
    .where(search(words, [requestLogTexts.text]))
    .limit(NAMED_TEXTS_MAX + 1);
  if (found.length > NAMED_TEXTS_MAX) {
    return search(
      words,
      SEARCHED.map(([, column]) => column),
    );
  }
  const asked = SEARCHED.flatMap(([field, column]) => {
    const values = found.filter((row) => row.field === field).map((row) => row.text);
    return values.length > 0 ? [inArray(column, values)] : [];
  });
  return or(...asked) ?? sql`false`;
}

export async function requestLogWhere(db: Db, f: RequestLogFilter): Promise<SQL | undefined> {
  const range = f.status ? STATUS_RANGES[f.status] : null;
  return and(
    ...timeRange(requestLogs.at, f.from, f.to),
    ...(range ? [gte(requestLogs.status, range[0]), lt(requestLogs.status, range[1])] : []),
    ...(f.method ? [eq(requestLogs.method, f.method)] : []),
    ...(f.path ? [sql`${requestLogs.path} like ${prefix(f.path)}`] : []),
    ...(f.user ? [await ofUsersNamed(db, f.user)] : []),
    ...(f.q ? [await holdingWords(db, f.q)] : []),
  );
}

export function auditLogWhere(db: Db, f: AuditLogFilter): SQL | undefined {
  return and(
    ...timeRange(auditLogs.at, f.from, f.to),
    ...(f.action
      ? [
          or(
            eq(auditLogs.action, f.action),
            sql`${auditLogs.action} like ${prefix(`${f.action}.`)}`,
          ) ?? sql`true`,
        ]
      : []),
    ...(f.user
      ? [
          or(
            inArray(auditLogs.actorId, usersNamed(db, f.user)),
            ilike(auditLogs.actorName, `%${escapeLike(f.user)}%`),
          ) ?? sql`true`,
        ]
      : []),
    search(f.q, [auditLogs.path, auditLogs.targetLabel, auditLogs.targetId, auditLogs.action]) ??
      sql`true`,
  );
}

/** How many rows match, counted up to `cap + 1` (past the cap the exact number is not needed). */
async function countUpTo(
  db: Db,
  table: typeof requestLogs | typeof auditLogs,
  where: SQL | undefined,
  cap: number,
) {
  const limited = db
    .select({ one: sql`1` })
    .from(table)
    .where(where)
    .limit(cap + 1)
    .as("limited");
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(limited);
  return row?.n ?? 0;
}

export interface Paging {
  limit: number;
  offset: number;
}

export async function requestLogPage(db: Db, where: SQL | undefined, paging: Paging, cap: number) {
  const [rows, total] = await Promise.all([
    requestLogRows(db, where, paging),
    countUpTo(db, requestLogs, where, cap),
  ]);
  return { rows, total };
}

/** Entries newest first, each with its user's name (null when none or gone). */
export function requestLogRows(
  db: Db,
  where: SQL | undefined,
  { limit, offset }: Paging,
): Promise<RequestLogRow[]> {
  return db
    .select({ ...requestLogColumns, userName: users.userName })
    .from(requestLogs)
    .leftJoin(users, eq(users.id, requestLogs.userId))
    .where(where)
    .orderBy(desc(requestLogs.at), desc(requestLogs.id))
    .limit(limit)
    .offset(offset);
}

const requestLogColumns = {
  id: requestLogs.id,
  at: requestLogs.at,
  method: requestLogs.method,
  path: requestLogs.path,
  status: requestLogs.status,
  durationMs: requestLogs.durationMs,
  userId: requestLogs.userId,
  ip: requestLogs.ip,
  userAgent: requestLogs.userAgent,
};

export async function findRequestLog(db: Db, id: number): Promise<RequestLogRow | null> {
  const [row] = await requestLogRows(db, eq(requestLogs.id, id), { limit: 1, offset: 0 });
  return row ?? null;
}

export async function auditLogPage(db: Db, where: SQL | undefined, paging: Paging, cap: number) {
  const [rows, total] = await Promise.all([
    auditLogRows(db, where, paging),
    countUpTo(db, auditLogs, where, cap),
  ]);
  return { rows, total };
}

export function auditLogRows(
  db: Db,
  where: SQL | undefined,
  { limit, offset }: Paging,
): Promise<AuditLogRow[]> {
  return db
    .select({ ...auditLogColumns, currentName: users.userName })
    .from(auditLogs)
    .leftJoin(users, eq(users.id, auditLogs.actorId))
    .where(where)
    .orderBy(desc(auditLogs.at), desc(auditLogs.id))
    .limit(limit)
    .offset(offset);
}

const auditLogColumns = {
  id: auditLogs.id,
  at: auditLogs.at,
  actorId: auditLogs.actorId,
  actorName: auditLogs.actorName,
  action: auditLogs.action,
  method: auditLogs.method,
  path: auditLogs.path,
  targetId: auditLogs.targetId,
  targetLabel: auditLogs.targetLabel,
  before: auditLogs.before,
  after: auditLogs.after,
  request: auditLogs.request,
  ip: auditLogs.ip,
  userAgent: auditLogs.userAgent,
};

export async function findAuditLog(db: Db, id: number): Promise<AuditLogRow | null> {
  const [row] = await auditLogRows(db, eq(auditLogs.id, id), { limit: 1, offset: 0 });
  return row ?? null;
}

/** The actions the audit log holds, for its filter. */
export async function auditActions(db: Db): Promise<string[]> {
  const rows = await db
    .selectDistinct({ action: auditLogs.action })
    .from(auditLogs)
    .orderBy(auditLogs.action)
    .limit(500);
  return rows.map((row) => row.action);
}

export type NewAuditLog = typeof auditLogs.$inferInsert;

/** What the last entry on an item left it as: the next entry's "before". */
export async function lastStateOf(db: Db, targetId: string): Promise<unknown> {
  const [row] = await db
    .select({ after: auditLogs.after })
    .from(auditLogs)
    .where(eq(auditLogs.targetId, targetId))
    .orderBy(desc(auditLogs.at), desc(auditLogs.id))
    .limit(1);
  return row?.after ?? null;
}

export async function insertAuditLog(db: Db, entry: NewAuditLog): Promise<void> {
  await db.insert(auditLogs).values(entry);
}

/**
 * How far a request log text's `last_at` may lag behind its newest entry's time: the trigger that
 * keeps the texts (migration 20261128090817_request_log_texts) moves it on only when an hour or
 * more later, so a busy log does not rewrite the texts it keeps seeing.
 */
const TEXT_LAST_AT_SLACK_MS = 3_600_000;

/**
 * Deletes the entries of both logs older than `before`, `batch` rows a statement, so a large
 * prune never holds a long lock, then the request log's texts no entry left holds (each text's
 * `last_at` is at most an hour behind its newest entry's time, so a text last seen over an hour
 * before `before` is held by none); how many went from each.
 */
export async function pruneLogs(
  db: Db,
  before: Date,
  batch = 10_000,
): Promise<{ requests: number; audit: number; texts: number }> {
  const gone = { requests: 0, audit: 0, texts: 0 };
  for (const [key, table] of [
    ["requests", requestLogs],
    ["audit", auditLogs],
  ] as const) {
    for (;;) {
      const old = db.select({ id: table.id }).from(table).where(lt(table.at, before)).limit(batch);
      const deleted = await db
        .delete(table)
        .where(inArray(table.id, old))
        .returning({ id: table.id });
      gone[key] += deleted.length;
      if (deleted.length < batch) break;
    }
  }
  const textsBefore = new Date(before.getTime() - TEXT_LAST_AT_SLACK_MS);
  const t = requestLogTexts;
  for (;;) {
    const unheld = db
      .select({ field: t.field, text: t.text })
      .from(t)
      .where(lt(t.lastAt, textsBefore))
      .limit(batch);
    // A text is its column's and its own: the same text another column holds may be younger.
    // The time is asked again of the row deleted, which a write meanwhile may have moved on.
    const deleted = await db
      .delete(t)
      .where(and(sql`(${t.field}, ${t.text}) in ${unheld}`, lt(t.lastAt, textsBefore)))
      .returning({ text: t.text });
    gone.texts += deleted.length;
    if (deleted.length < batch) break;
  }
  return gone;
}

/**
 * Fresh statistics of the request log's texts, for the word search's first step (holdingWords):
 * under its LIMIT PostgreSQL reads the texts in turn where it takes a word for common, and
 * without statistics it takes every word for common (a browser's name held by one text of a
 * million: 0.25 s, against 2 ms through the trigram index). PostgreSQL's autovacuum gathers them
 * by itself; PGlite has none (service.ts pruneTimer calls this). Samples at most 30 000 rows.
 */
export async function analyzeRequestLogTexts(db: Db): Promise<void> {
  await db.execute(sql`analyze ${requestLogTexts}`);
}
