import { boolean, index, pgTable, text, uuid } from "drizzle-orm/pg-core";
import type { ContentLang } from "../../../shared/content-rules.ts";
import { createdAt, stamps, uuidId, zoned } from "./columns.ts";

// Readers who follow the blog by email. Nobody is a subscriber before confirming: a request
// waits in `subscription_requests` (its token kept only as a SHA-256 hash) until the link in
// its mail is followed, then becomes a row of `subscribers`.

/** A request to subscribe, waiting for its confirmation link to be followed (48 hours). */
export const subscriptionRequests = pgTable(
  "subscription_requests",
  {
    tokenHash: text("token_hash").primaryKey(),
    email: text("email").notNull(),
    /** The languages whose articles to mail. */
    langs: text("langs").array().$type<ContentLang[]>().notNull(),
    /** The language of the mails themselves: the page's when the request was made. */
    locale: text("locale").$type<ContentLang>().notNull(),
    /** A weekly digest instead of a mail an article. */
    digest: boolean("digest").notNull().default(false),
    createdAt: createdAt(),
    expiresAt: zoned("expires_at").notNull(),
  },
  (t) => [index("subscription_requests_email_idx").on(t.email, t.createdAt)],
).enableRLS();

/** A confirmed subscriber: one row an address. */
export const subscribers = pgTable("subscribers", {
  id: uuidId(),
  email: text("email").notNull().unique(),
  langs: text("langs").array().$type<ContentLang[]>().notNull(),
  locale: text("locale").$type<ContentLang>().notNull(),
  digest: boolean("digest").notNull().default(false),
  confirmedAt: zoned("confirmed_at").notNull().defaultNow(),
  ...stamps(),
}).enableRLS();

/**
 * The unsubscribe links of the mails a subscriber gets: one random token a mail, kept only as
 * its SHA-256 hash, pointing at the subscriber it removes.
 */
export const subscriberTokens = pgTable(
  "subscriber_tokens",
  {
    tokenHash: text("token_hash").primaryKey(),
    subscriberId: uuid("subscriber_id")
      .notNull()
      .references(() => subscribers.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
  },
  (t) => [index("subscriber_tokens_subscriber_idx").on(t.subscriberId)],
).enableRLS();
