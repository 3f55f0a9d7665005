import { index, integer, jsonb, pgTable, primaryKey, text, uuid } from "drizzle-orm/pg-core";
import { userOrNull } from "./accounts.ts";
import { serialId, zoned } from "./columns.ts";

// The request and audit logs, page views, and the rate limits' buckets.

export const requestLogs = pgTable(
  "request_logs",
  {
    id: serialId(),
    at: zoned("at").notNull().defaultNow(),
    method: text("method").notNull(),
    path: text("path").notNull(),
    status: integer("status").notNull(),
    durationMs: integer("duration_ms").notNull(),
    userId: uuid("user_id"),
    ip: text("ip"),
    userAgent: text("user_agent"),
  },
  (t) => [
    index("request_logs_at_idx").on(t.at),
    index("request_logs_status_at_idx").on(t.status, t.at),
    index("request_logs_user_at_idx").on(t.userId, t.at),
    // The path filter is a prefix (LIKE 'prefix%'), which a btree serves in any collation only
    // with the pattern operators: a seldom-used path is then found without reading the whole log.
    // That index finds a path by its value too; these find the entries of an address or a
    // browser (the word search, below, names them).
    index("request_logs_path_idx").on(t.path.op("text_pattern_ops")),
    index("request_logs_ip_idx").on(t.ip),
    index("request_logs_user_agent_idx").on(t.userAgent),
  ],
).enableRLS();

/**
 * Every text the request log's path, address and browser columns hold, once a column, with the
 * latest time (`at`) of an entry holding it: kept by a trigger on request_logs' inserts (the
 * migration 20261128090817_request_log_texts). Words (`q`) are looked for here, through a
 * trigram index (pg_trgm, created by the migrations; PGlite is given it in db/client.ts), and the
 * entries then found by their texts' values. The trigram index used to be on the log itself,
 * three of them: drawing the trigrams of every entry's browser, address and path was most of an
 * insert's cost, and on PostgreSQL it held a busy server to 0.43 of a bare one (issue 20); a
 * text is drawn once now, the first time it is seen. A text is dropped with the last entry
 * holding it (logs/repository.ts `pruneLogs`).
 */
export const requestLogTexts = pgTable(
  "request_log_texts",
  {
    /** The column holding it: the search then asks that column only, whose statistics fit. */
    field: text("field", { enum: ["path", "ip", "user_agent"] }).notNull(),
    text: text("text").notNull(),
    lastAt: zoned("last_at").notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.field, t.text] }),
    index("request_log_texts_trgm_idx").using("gin", t.text.op("gin_trgm_ops")),
    index("request_log_texts_last_at_idx").on(t.lastAt),
  ],
).enableRLS();

/**
 * Readership without cookies: views counted per day, page, referring host (empty for none),
 * interface language and device class; nothing else about the visitor is kept.
 */
export const pageViews = pgTable(
  "page_views",
  {
    day: text("day").notNull(),
    path: text("path").notNull(),
    referrer: text("referrer").notNull().default(""),
    locale: text("locale").notNull(),
    device: text("device").notNull(),
    views: integer("views").notNull().default(0),
  },
  // The key leads with the day: a span's rows are read from it.
  (t) => [primaryKey({ columns: [t.day, t.path, t.referrer, t.locale, t.device] })],
).enableRLS();

/**
 * What an admin did through the API: each write they made that succeeded, who (their id,
 * and their name then), what (`action`: the resource and the verb), on which item, the item
 * before (as the previous entry on it left it; null when none is recorded) and after (the
 * answer), what was asked (the body, secrets left out), and from where.
 */
export const auditLogs = pgTable(
  "audit_logs",
  {
    id: serialId(),
    at: zoned("at").notNull().defaultNow(),
    actorId: userOrNull("actor_id"),
    actorName: text("actor_name").notNull().default(""),
    action: text("action").notNull(),
    method: text("method").notNull(),
    path: text("path").notNull(),
    targetId: text("target_id"),
    targetLabel: text("target_label").notNull().default(""),
    before: jsonb("before"),
    after: jsonb("after"),
    request: jsonb("request"),
    ip: text("ip"),
    userAgent: text("user_agent"),
  },
  (t) => [
    index("audit_logs_at_idx").on(t.at),
    index("audit_logs_target_idx").on(t.targetId, t.at),
    index("audit_logs_action_at_idx").on(t.action, t.at),
  ],
).enableRLS();

/**
 * Request-rate limits for anonymous writes (feedback, registration, code checks), one row per
 * key such as `feedback:<address>`: the generic cell rate algorithm keeps one time per key, the
 * theoretical arrival time of the next request, moved forward by one interval per accepted one.
 */
export const rateLimits = pgTable(
  "rate_limits",
  {
    key: text("key").primaryKey(),
    tat: zoned("tat").notNull(),
  },
  (t) => [index("rate_limits_tat_idx").on(t.tat)],
).enableRLS();
