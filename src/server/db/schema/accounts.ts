import { boolean, index, integer, pgTable, primaryKey, text, uuid } from "drizzle-orm/pg-core";
import { createdAt, serialId, stamps, uuidId, zoned } from "./columns.ts";

// Accounts: users, their sessions and the secrets and limits of signing in.

/** A user the row keeps the id of after the user is gone (as null). */
export const userOrNull = (name: string) =>
  uuid(name).references(() => users.id, { onDelete: "set null" });

/**
 * A short-lived secret given to a user (a session, a password reset): only its hash is kept,
 * and it goes with its user.
 */
export const userToken = () => ({
  // SHA-256 of the token, hex; the token itself is never stored.
  tokenHash: text("token_hash").primaryKey(),
  userId: uuid("user_id")
    .notNull()
    .references(() => users.id, { onDelete: "cascade" }),
  createdAt: createdAt(),
  expiresAt: zoned("expires_at").notNull(),
});

export const users = pgTable(
  "users",
  {
    id: uuidId(),
    email: text("email").notNull().unique(),
    userName: text("user_name").notNull(),
    passwordHash: text("password_hash"),
    role: text("role").notNull().default("user"),
    status: text("status").notNull().default("active"),
    avatar: text("avatar").notNull().default(""),
    sex: text("sex").notNull().default("secret"),
    birthday: text("birthday"),
    description: text("description").notNull().default(""),
    ...stamps(),
  },
  (t) => [index("users_role_idx").on(t.role)],
).enableRLS();

export const sessions = pgTable(
  "sessions",
  {
    ...userToken(),
    revokedAt: zoned("revoked_at"),
    /** Where it was opened: the browser and the address (shown with its last part masked). */
    userAgent: text("user_agent"),
    ip: text("ip"),
  },
  (t) => [index("sessions_user_idx").on(t.userId)],
).enableRLS();

/** Server-wide secrets and key material, shared by every instance (the RSA-OAEP pair for passwords). */
export const serverKeys = pgTable("server_keys", {
  name: text("name").primaryKey(),
  /** SubjectPublicKeyInfo, DER, base64. */
  publicKey: text("public_key").notNull(),
  /** PKCS #8, DER, base64. Never leaves the server. */
  privateKey: text("private_key").notNull(),
  createdAt: createdAt(),
}).enableRLS();

/** Email verification codes: only a hash of the 6 digits is kept. */
export const emailCodes = pgTable(
  "email_codes",
  {
    id: uuidId(),
    email: text("email").notNull(),
    /** 'register' or 'reset'. */
    purpose: text("purpose").notNull(),
    codeHash: text("code_hash").notNull(),
    createdAt: createdAt(),
    expiresAt: zoned("expires_at").notNull(),
    attempts: integer("attempts").notNull().default(0),
    consumedAt: zoned("consumed_at"),
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
    id: serialId(),
    email: text("email").notNull(),
    purpose: text("purpose").notNull(),
    ip: text("ip"),
    mailed: boolean("mailed").notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index("email_requests_email_idx").on(t.email, t.createdAt),
    index("email_requests_ip_idx").on(t.ip, t.createdAt),
    index("email_requests_created_idx").on(t.createdAt),
  ],
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
    lastFailureAt: zoned("last_failure_at").notNull(),
    lockedUntil: zoned("locked_until"),
  },
  (t) => [index("login_throttle_last_failure_idx").on(t.lastFailureAt)],
).enableRLS();

/**
 * Where each account has signed in before: a hash of the browser's login id (a random id it keeps)
 * or of the client address (IPv6 by /64). A known browser or address is not held by the
 * account-wide login lock, so strangers failing at an account cannot lock its owner out.
 */
export const knownLogins = pgTable(
  "known_logins",
  {
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    keyHash: text("key_hash").notNull(),
    lastSuccessAt: zoned("last_success_at").notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.keyHash] }),
    index("known_logins_last_success_idx").on(t.lastSuccessAt),
  ],
).enableRLS();

/** Short-lived permission to set a new password, earned with a reset code; stored hashed. */
export const passwordResetTokens = pgTable(
  "password_reset_tokens",
  { ...userToken(), consumedAt: zoned("consumed_at") },
  (t) => [index("password_reset_tokens_user_idx").on(t.userId)],
).enableRLS();
