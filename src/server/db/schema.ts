import { sql } from "drizzle-orm";
import {
  bigserial,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uuid,
} from "drizzle-orm/pg-core";

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
