import { bigserial, index, jsonb, pgTable, text, unique, uuid } from "drizzle-orm/pg-core";
import { createdAt, uuidId, zoned } from "./columns.ts";

// The blog as an ActivityPub actor (src/server/fediverse/): its keys, who follows it, and the
// two stores Fedify needs, a key-value store (caches, idempotency) and a message queue (the
// activities to deliver, retried with backoff), as tables so they live in the blog's database.

/** The actor's key pairs, made once: one row a kind (RSASSA-PKCS1-v1_5, Ed25519), as JWK. */
export const fediverseKeys = pgTable("fediverse_keys", {
  kind: text("kind").primaryKey(),
  privateKey: jsonb("private_key").$type<JsonWebKey>().notNull(),
  publicKey: jsonb("public_key").$type<JsonWebKey>().notNull(),
  createdAt: createdAt(),
}).enableRLS();

/** A fediverse account that follows the blog: where to deliver, and how to name it. */
export const fediverseFollowers = pgTable("fediverse_followers", {
  id: uuidId(),
  /** The actor's id (its URI): one row an actor. */
  actorUri: text("actor_uri").notNull().unique(),
  inboxUri: text("inbox_uri").notNull(),
  sharedInboxUri: text("shared_inbox_uri"),
  /** `@name@host`, as the follower's server names it. */
  handle: text("handle").notNull(),
  name: text("name").notNull().default(""),
  /** The profile page to link to. */
  url: text("url"),
  /** The id of the Follow activity, which the Accept names. */
  followId: text("follow_id"),
  createdAt: createdAt(),
}).enableRLS();

/** Fedify's key-value store: a key (its parts as JSON), a value, and when it stops being read. */
export const fediverseKv = pgTable(
  "fediverse_kv",
  {
    key: text("key").primaryKey(),
    value: jsonb("value").notNull(),
    expiresAt: zoned("expires_at"),
  },
  (t) => [index("fediverse_kv_expires_idx").on(t.expiresAt)],
).enableRLS();

/**
 * Fedify's message queue: a task (an activity to send, one received to handle) due at `run_at`.
 * A worker claims it (`claimed_at`) and deletes it once handled; a claim left longer than a few
 * minutes (the worker stopped) is taken again.
 */
export const fediverseQueue = pgTable(
  "fediverse_queue",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    message: jsonb("message").notNull(),
    runAt: zoned("run_at").notNull().defaultNow(),
    claimedAt: zoned("claimed_at"),
    createdAt: createdAt(),
  },
  (t) => [index("fediverse_queue_run_idx").on(t.runAt)],
).enableRLS();

export type FediverseFollower = typeof fediverseFollowers.$inferSelect;

/**
 * What the followers were sent of each article: its Create (once, ever: the row is made first),
 * the last change they saw (`synced_at`, the article's `updated_at` then), and its Delete.
 */
export const fediversePosts = pgTable("fediverse_posts", {
  /** The article. No foreign key: the record stays when the article goes, to send its Delete. */
  articleId: uuid("article_id").primaryKey(),
  slug: text("slug").notNull(),
  createdAt: createdAt(),
  syncedAt: zoned("synced_at").notNull(),
  deletedAt: zoned("deleted_at"),
}).enableRLS();

/**
 * A like or a boost (Like, Announce) of one of the blog's articles by a fediverse account: one
 * row an account, an article and a kind, removed by its Undo. The article by its id (a uuid, or
 * `file:article:<slug>` for a file's), with no foreign key: files have no row to name.
 */
export const fediverseReactions = pgTable(
  "fediverse_reactions",
  {
    id: uuidId(),
    kind: text("kind", { enum: ["like", "boost"] }).notNull(),
    articleId: text("article_id").notNull(),
    actorUri: text("actor_uri").notNull(),
    /** The Like or Announce activity's id, which its Undo names. */
    activityId: text("activity_id"),
    createdAt: createdAt(),
  },
  (t) => [unique("fediverse_reactions_once").on(t.articleId, t.actorUri, t.kind)],
).enableRLS();
