import { sql } from "drizzle-orm";
import {
  type AnyPgColumn,
  bigserial,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import type { ChapterStatus, ContentLang, ContentStatus } from "../../shared/content-rules.ts";

// Every table enables row-level security with no policy: the API's own connection
// (the table owner) is the only door; Supabase's anon and authenticated roles see nothing.

export const users = pgTable(
  "users",
  {
    id: uuid("id").primaryKey().default(sql`gen_random_uuid()`),
    email: text("email").notNull().unique(),
    userName: text("user_name").notNull(),
    passwordHash: text("password_hash"),
    role: text("role").notNull().default("user"),
    status: text("status").notNull().default("active"),
    avatar: text("avatar").notNull().default(""),
    sex: text("sex").notNull().default("secret"),
    birthday: text("birthday"),
    description: text("description").notNull().default(""),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("users_role_idx").on(t.role)],
).enableRLS();

export const sessions = pgTable(
  "sessions",
  {
    // SHA-256 of the bearer token, hex; the token itself is never stored.
    tokenHash: text("token_hash").primaryKey(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    revokedAt: timestamp("revoked_at", { withTimezone: true }),
  },
  (t) => [index("sessions_user_idx").on(t.userId)],
).enableRLS();

export const feedback = pgTable(
  "feedback",
  {
    id: uuid("id").primaryKey().default(sql`gen_random_uuid()`),
    feedbackType: text("feedback_type").notNull(),
    subject: text("subject").notNull(),
    description: text("description").notNull(),
    screenshots: jsonb("screenshots").$type<string[]>().notNull().default([]),
    contact: text("contact").notNull().default(""),
    environment: jsonb("environment")
      .$type<{ url: string; userAgent: string; viewport: string; timestamp: string }>()
      .notNull(),
    status: text("status").notNull().default("new"),
    userId: uuid("user_id").references(() => users.id, { onDelete: "set null" }),
    receivedAt: timestamp("received_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("feedback_received_idx").on(t.receivedAt),
    index("feedback_status_idx").on(t.status),
  ],
).enableRLS();

export const requestLogs = pgTable(
  "request_logs",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    at: timestamp("at", { withTimezone: true }).notNull().defaultNow(),
    method: text("method").notNull(),
    path: text("path").notNull(),
    status: integer("status").notNull(),
    durationMs: integer("duration_ms").notNull(),
    userId: uuid("user_id"),
    ip: text("ip"),
  },
  (t) => [index("request_logs_at_idx").on(t.at)],
).enableRLS();

/** Server-wide secrets and key material, shared by every instance (the RSA-OAEP pair for passwords). */
export const serverKeys = pgTable("server_keys", {
  name: text("name").primaryKey(),
  /** SubjectPublicKeyInfo, DER, base64. */
  publicKey: text("public_key").notNull(),
  /** PKCS #8, DER, base64. Never leaves the server. */
  privateKey: text("private_key").notNull(),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
}).enableRLS();

/** One-time facts about this database, such as "the demo admin was seeded". */
export const appMeta = pgTable("app_meta", {
  key: text("key").primaryKey(),
  value: text("value").notNull().default(""),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
}).enableRLS();

/** Email verification codes: only a hash of the 6 digits is kept. */
export const emailCodes = pgTable(
  "email_codes",
  {
    id: uuid("id").primaryKey().default(sql`gen_random_uuid()`),
    email: text("email").notNull(),
    /** 'register' or 'reset'. */
    purpose: text("purpose").notNull(),
    codeHash: text("code_hash").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    attempts: integer("attempts").notNull().default(0),
    consumedAt: timestamp("consumed_at", { withTimezone: true }),
  },
  (t) => [
    index("email_codes_lookup_idx").on(t.email, t.purpose, t.createdAt),
    index("email_codes_expires_idx").on(t.expiresAt),
  ],
).enableRLS();

/**
 * Every code request, whether or not a mail went out (unknown addresses get the same
 * answer): the resend delay and the hourly cap per address are counted here.
 */
export const emailRequests = pgTable(
  "email_requests",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    email: text("email").notNull(),
    purpose: text("purpose").notNull(),
    ip: text("ip"),
    mailed: boolean("mailed").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("email_requests_email_idx").on(t.email, t.createdAt),
    index("email_requests_ip_idx").on(t.ip, t.createdAt),
    index("email_requests_created_idx").on(t.createdAt),
  ],
).enableRLS();

/** Mails of the embedded default (no SMTP_URL): what would have been sent. */
export const outbox = pgTable(
  "outbox",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    to: text("to").notNull(),
    subject: text("subject").notNull(),
    body: text("body").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("outbox_to_idx").on(t.to, t.createdAt)],
).enableRLS();

/**
 * Failed-login counters with their lock, one row per key: `ip:<address>`,
 * `acct-ip:<email>|<address>` and `acct:<email>` (the global ceiling of an account).
 */
export const loginThrottle = pgTable(
  "login_throttle",
  {
    key: text("key").primaryKey(),
    failures: integer("failures").notNull().default(0),
    lastFailureAt: timestamp("last_failure_at", { withTimezone: true }).notNull(),
    lockedUntil: timestamp("locked_until", { withTimezone: true }),
  },
  (t) => [index("login_throttle_last_failure_idx").on(t.lastFailureAt)],
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
    tat: timestamp("tat", { withTimezone: true }).notNull(),
  },
  (t) => [index("rate_limits_tat_idx").on(t.tat)],
).enableRLS();

/** Short-lived permission to set a new password, earned with a reset code; stored hashed. */
export const passwordResetTokens = pgTable(
  "password_reset_tokens",
  {
    tokenHash: text("token_hash").primaryKey(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    consumedAt: timestamp("consumed_at", { withTimezone: true }),
  },
  (t) => [index("password_reset_tokens_user_idx").on(t.userId)],
).enableRLS();

/** Every change of a feedback record's status: from, to, who and when. */
export const feedbackStatusHistory = pgTable(
  "feedback_status_history",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    feedbackId: uuid("feedback_id")
      .notNull()
      .references(() => feedback.id, { onDelete: "cascade" }),
    fromStatus: text("from_status").notNull(),
    toStatus: text("to_status").notNull(),
    note: text("note").notNull().default(""),
    changedBy: uuid("changed_by").references(() => users.id, { onDelete: "set null" }),
    changedAt: timestamp("changed_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("feedback_status_history_feedback_idx").on(t.feedbackId, t.changedAt)],
).enableRLS();

// Content written in /bms. It joins the files under content/ in the same Astro collections
// (src/lib/database-loader.ts); a slug used by a file and a row fails the build. Bodies are
// Markdown, rendered by the site's pipeline at build time and then sanitised. Each column has
// the name of its kind's field (src/shared/kinds/<kind>.ts), whose zod schema checks every value
// written, which is what the `$type`s of `lang` and `status` say.

export const contentCategories = pgTable("content_categories", {
  slug: text("slug").primaryKey(),
  nameZh: text("name_zh").notNull(),
  nameEn: text("name_en").notNull(),
  order: integer("order").notNull().default(0),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
}).enableRLS();

export const contentArticles = pgTable(
  "content_articles",
  {
    id: uuid("id").primaryKey().default(sql`gen_random_uuid()`),
    slug: text("slug").notNull().unique(),
    lang: text("lang").$type<ContentLang>().notNull(),
    /** Articles that translate each other share a key. */
    translationKey: text("translation_key"),
    title: text("title").notNull(),
    /** Shown under the title; empty for none. */
    subtitle: text("subtitle").notNull().default(""),
    summary: text("summary").notNull(),
    body: text("body").notNull().default(""),
    /** An image URL (uploaded or external), or empty. */
    cover: text("cover").notNull().default(""),
    coverAlt: text("cover_alt").notNull().default(""),
    /** A category slug, from content/categories.json or content_categories. */
    category: text("category").notNull(),
    tags: jsonb("tags").$type<string[]>().notNull().default([]),
    /** draft, published or scheduled (published at `published_at`, a future time). */
    status: text("status").$type<ContentStatus>().notNull().default("draft"),
    publishedAt: timestamp("published_at", { withTimezone: true }),
    pinned: boolean("pinned").notNull().default(false),
    authorId: uuid("author_id").references(() => users.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("content_articles_status_idx").on(t.status, t.publishedAt),
    index("content_articles_updated_idx").on(t.updatedAt),
  ],
).enableRLS();

export const contentNotes = pgTable(
  "content_notes",
  {
    id: uuid("id").primaryKey().default(sql`gen_random_uuid()`),
    slug: text("slug").notNull().unique(),
    lang: text("lang").$type<ContentLang>().notNull(),
    body: text("body").notNull(),
    images: jsonb("images").$type<{ src: string; alt: string }[]>().notNull().default([]),
    tags: jsonb("tags").$type<string[]>().notNull().default([]),
    status: text("status").$type<ContentStatus>().notNull().default("draft"),
    publishedAt: timestamp("published_at", { withTimezone: true }),
    authorId: uuid("author_id").references(() => users.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("content_notes_status_idx").on(t.status, t.publishedAt),
    index("content_notes_updated_idx").on(t.updatedAt),
  ],
).enableRLS();

export const contentBooks = pgTable(
  "content_books",
  {
    id: uuid("id").primaryKey().default(sql`gen_random_uuid()`),
    slug: text("slug").notNull().unique(),
    lang: text("lang").$type<ContentLang>().notNull(),
    translationKey: text("translation_key"),
    title: text("title").notNull(),
    description: text("description").notNull(),
    cover: text("cover").notNull().default(""),
    order: integer("order").notNull().default(0),
    status: text("status").$type<ContentStatus>().notNull().default("draft"),
    publishedAt: timestamp("published_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("content_books_updated_idx").on(t.updatedAt)],
).enableRLS();

/** Chapters of a database book; a second-level chapter names its parent chapter. */
export const contentChapters = pgTable(
  "content_chapters",
  {
    id: uuid("id").primaryKey().default(sql`gen_random_uuid()`),
    bookId: uuid("book_id")
      .notNull()
      .references(() => contentBooks.id, { onDelete: "cascade" }),
    slug: text("slug").notNull(),
    // Deleting a parent is refused while it has children (service rule); the FK backs it,
    // checked at the end of each statement, so one DELETE may remove a whole book's chapters.
    parentId: uuid("parent_id").references((): AnyPgColumn => contentChapters.id, {
      onDelete: "no action",
    }),
    order: integer("order").notNull().default(0),
    title: text("title").notNull(),
    body: text("body").notNull().default(""),
    status: text("status").$type<ChapterStatus>().notNull().default("draft"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("content_chapters_book_slug_idx").on(t.bookId, t.slug),
    index("content_chapters_parent_idx").on(t.parentId),
  ],
).enableRLS();
