import { asc, getTableColumns, is, sql } from "drizzle-orm";
import { getTableConfig, PgTable, type PgTable as Table } from "drizzle-orm/pg-core";
import type { Db } from "../db/client.ts";
import * as schema from "../db/schema.ts";

// What an export holds of the database: the tables of what the owner owns, each row as it is,
// in an order an import can insert them in (a table after those its foreign keys name).
//
// Left out on purpose, because they are the server's own or short-lived, and a restored server
// makes them again: sessions, password reset tokens, email codes and requests, the outbox,
// login throttles, rate limits, the request log and its texts (a week's traffic, pruned
// anyway), secret draft links (their tokens were handed out; a restore should not revive them),
// requests to follow not yet confirmed (their links live 48 hours), the server's key pair (each
// server has its own; passwords are sent encrypted to it), and the fediverse's caches and queue.

/** The owned tables, in insertion order (each after the tables its foreign keys name). */
export const OWNED_TABLES = [
  schema.users,
  schema.appMeta,
  schema.contentCategories,
  schema.contentAlbums,
  schema.photoTagNames,
  schema.media,
  schema.contentArticles,
  schema.contentNotes,
  schema.contentBooks,
  schema.contentChapters,
  schema.contentPhotos,
  schema.contentBanners,
  schema.navGroups,
  schema.navLinks,
  schema.sitePages,
  schema.siteSettings,
  schema.aiSettings,
  schema.contentRevisions,
  schema.feedback,
  schema.feedbackStatusHistory,
  schema.feedbackReplies,
  schema.comments,
  schema.commentMailAddresses,
  schema.commentMailTokens,
  schema.subscribers,
  schema.subscriberTokens,
  schema.mailings,
  schema.mailingDeliveries,
  // The fediverse actor's keys travel with it: its followers' servers know its public key.
  schema.fediverseKeys,
  schema.fediverseFollowers,
  // What followers were sent: a restore sends no article twice.
  schema.fediversePosts,
  // Each article's likes and boosts.
  schema.fediverseReactions,
  schema.auditLogs,
  schema.pageViews,
  schema.blogImports,
  schema.blogImportRows,
  schema.redirects,
] as const;

/** The tables an export leaves out (see above); with OWNED_TABLES, every table of the schema. */
export const LEFT_OUT_TABLES = [
  schema.sessions,
  schema.passwordResetTokens,
  schema.emailCodes,
  schema.emailRequests,
  schema.outbox,
  schema.loginThrottle,
  schema.knownLogins,
  schema.rateLimits,
  schema.requestLogs,
  schema.requestLogTexts,
  schema.draftLinks,
  schema.subscriptionRequests,
  schema.serverKeys,
  // The fediverse's caches and its queue of deliveries: a restored server starts them afresh.
  schema.fediverseKv,
  schema.fediverseQueue,
] as const;

export type OwnedTable = (typeof OWNED_TABLES)[number];

/** Every table of the schema. */
export const ALL_TABLES: Table[] = Object.values(schema).filter((value) => is(value, PgTable));

export const tableName = (table: Table) => getTableConfig(table).name;

/** A row as the archive keeps it: JSON, its times as ISO strings, keyed by field name. */
export type ArchivedRow = Record<string, unknown>;

/** The fields of a table whose values are times (kept as ISO strings, read back as dates). */
function timeFields(table: Table): Set<string> {
  return new Set(
    Object.entries(getTableColumns(table)).flatMap(([field, column]) =>
      column.dataType === "date" ? [field] : [],
    ),
  );
}

/** The fields a table's rows are sorted by: its primary key's (so an export is deterministic). */
function keyColumns(table: Table) {
  const config = getTableConfig(table);
  const single = config.columns.filter((column) => column.primary);
  return single.length > 0 ? single : (config.primaryKeys[0]?.columns ?? config.columns);
}

/** Every row of a table, sorted by its key, as JSON. */
export async function readRows(db: Db, table: Table): Promise<ArchivedRow[]> {
  const times = timeFields(table);
  const rows: Record<string, unknown>[] = await db
    .select()
    .from(table)
    .orderBy(...keyColumns(table).map((column) => asc(column)));
  return rows.map((row) => {
    const out: ArchivedRow = {};
    for (const [field, value] of Object.entries(row)) {
      out[field] = times.has(field) && value instanceof Date ? value.toISOString() : value;
    }
    return out;
  });
}

/** Rows read back from the archive: times as dates again. */
export function revive(table: Table, rows: ArchivedRow[]): Record<string, unknown>[] {
  const times = timeFields(table);
  return rows.map((row) => {
    const out: Record<string, unknown> = {};
    for (const [field, value] of Object.entries(row)) {
      out[field] = times.has(field) && typeof value === "string" ? new Date(value) : value;
    }
    return out;
  });
}

/**
 * After rows are inserted with their own ids, each serial column's sequence is moved past the
 * largest id, so the next row the server adds does not collide with a restored one.
 */
export function sequenceResets(table: Table) {
  const config = getTableConfig(table);
  return config.columns
    .filter((column) => column.columnType === "PgBigSerial53" || column.columnType === "PgSerial")
    .map((column) =>
      sql.raw(
        `select setval(pg_get_serial_sequence('"${config.name}"', '${column.name}'), coalesce(max("${column.name}"), 1), max("${column.name}") is not null) from "${config.name}"`,
      ),
    );
}

/** The rows the owned tables hold, by table, those with any. */
export async function ownedRowCounts(db: Db): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  for (const table of OWNED_TABLES) {
    const count = await db.$count(table);
    if (count > 0) counts[tableName(table)] = count;
  }
  return counts;
}

/** Rows per INSERT: well under PostgreSQL's 65535 parameters for the widest table. */
const CHUNK = 200;

/** Inserts `values` into `table` in chunks, then moves its sequences past them. */
export async function insertRows(
  db: Db,
  table: Table,
  values: Record<string, unknown>[],
): Promise<void> {
  for (let i = 0; i < values.length; i += CHUNK) {
    // Rows of this table, their fields named as its columns (checked by the database).
    await db.insert(table).values(values.slice(i, i + CHUNK));
  }
  for (const reset of sequenceResets(table)) await db.execute(reset);
}
