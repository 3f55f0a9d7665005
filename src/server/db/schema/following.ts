import { sql } from "drizzle-orm";
import {
  boolean,
  check,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  uuid,
} from "drizzle-orm/pg-core";
import type { ContentLang } from "../../../shared/content-rules.ts";
import type { DeliveryStatus } from "../../../shared/following.ts";
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

/**
 * One mailing a published article, ever (`article_id` is unique): made when the article goes
 * live, with a delivery for each subscriber of its language who takes a mail an article. Or one
 * a week's digest (`digest_week` is unique, the Monday it began): a delivery for each subscriber
 * of the digest who follows a language of that week's articles.
 */
export const mailings = pgTable(
  "mailings",
  {
    id: uuidId(),
    /** The article mailed. No foreign key: the record stays when the article goes. */
    articleId: uuid("article_id").unique(),
    /** A digest's week: the Monday (UTC) it began. */
    digestWeek: date("digest_week", { mode: "string" }).unique(),
    /** The article's language; null for a digest (each mail holds its reader's languages). */
    lang: text("lang").$type<ContentLang>(),
    createdAt: createdAt(),
    /** When its last delivery was sent or given up. */
    finishedAt: zoned("finished_at"),
  },
  (t) => [
    check(
      "mailings_article_or_digest",
      sql`(${t.articleId} is null) <> (${t.digestWeek} is null) and (${t.articleId} is null) = (${t.lang} is null)`,
    ),
  ],
).enableRLS();

/** One mail of a mailing to one subscriber; gone with the subscriber (no mail after leaving). */
export const mailingDeliveries = pgTable(
  "mailing_deliveries",
  {
    mailingId: uuid("mailing_id")
      .notNull()
      .references(() => mailings.id, { onDelete: "cascade" }),
    subscriberId: uuid("subscriber_id")
      .notNull()
      .references(() => subscribers.id, { onDelete: "cascade" }),
    /** pending → sending (claimed by a sender) → sent, or failed after `MAX_ATTEMPTS`. */
    status: text("status").$type<DeliveryStatus>().notNull().default("pending"),
    attempts: integer("attempts").notNull().default(0),
    lastError: text("last_error"),
    claimedAt: zoned("claimed_at"),
    sentAt: zoned("sent_at"),
  },
  (t) => [
    primaryKey({ columns: [t.mailingId, t.subscriberId] }),
    index("mailing_deliveries_status_idx").on(t.status, t.claimedAt),
  ],
).enableRLS();
