import { type AnyPgColumn, boolean, index, pgTable, text, uuid } from "drizzle-orm/pg-core";
import type { CommentKind, CommentStatus } from "../../../shared/comment-rules.ts";
import type { ContentLang } from "../../../shared/content-rules.ts";
import { userOrNull } from "./accounts.ts";
import { createdAt, stamps, uuidId, zoned } from "./columns.ts";

// Readers' comments under articles, notes and chapters. An item is named by its kind and its
// path (`slug`, or `book/chapter`), so items written in files under content/ take comments too.

export const comments = pgTable(
  "comments",
  {
    id: uuidId(),
    kind: text("kind").$type<CommentKind>().notNull(),
    item: text("item").notNull(),
    /** The thread's first comment; null for a first comment. Threads are one level deep. */
    threadId: uuid("thread_id").references((): AnyPgColumn => comments.id, {
      onDelete: "cascade",
    }),
    /** The comment this one answers (quoted by its author's name), inside the same thread. */
    replyToId: uuid("reply_to_id").references((): AnyPgColumn => comments.id, {
      onDelete: "set null",
    }),
    /** A signed-in reader; null for a guest, or once the account is deleted. */
    userId: userOrNull("user_id"),
    /** A guest's name as shown, and email (never shown, for replies by mail). */
    guestName: text("guest_name"),
    guestEmail: text("guest_email"),
    /**
     * A reply from the fediverse: the author's profile page (shown as a link), and the id of
     * their post (one comment a post, however often it is delivered).
     */
    remoteUrl: text("remote_url"),
    remoteId: text("remote_id").unique(),
    /** Written by the site's owner (an admin): shown with an "author" mark. */
    byOwner: boolean("by_owner").notNull().default(false),
    /** The Markdown as written, and the HTML made of it and sanitised on the server. */
    body: text("body").notNull(),
    html: text("html").notNull(),
    lang: text("lang").$type<ContentLang>().notNull(),
    status: text("status").$type<CommentStatus>().notNull(),
    /** The writer's address, IPv6 by its /64, for the blocklist and moderation. */
    address: text("address"),
    editedAt: zoned("edited_at"),
    /** When the mail to the author of the comment this one answers went (at most once). */
    notifiedAt: zoned("notified_at"),
    ...stamps(),
  },
  (t) => [
    index("comments_item_idx").on(t.kind, t.item, t.createdAt),
    index("comments_status_idx").on(t.status, t.createdAt),
    index("comments_user_idx").on(t.userId),
    index("comments_guest_idx").on(t.guestEmail),
  ],
).enableRLS();

/**
 * The addresses reply mails go to. A row is made with the first reply mail to an address;
 * `stoppedAt` set: no more reply mails to it.
 */
export const commentMailAddresses = pgTable("comment_mail_addresses", {
  email: text("email").primaryKey(),
  stoppedAt: zoned("stopped_at"),
  ...stamps(),
}).enableRLS();

/**
 * The unsubscribe links of reply mails: one random token per mail, kept only as its SHA-256
 * hash, pointing at the address it stops.
 */
export const commentMailTokens = pgTable(
  "comment_mail_tokens",
  {
    tokenHash: text("token_hash").primaryKey(),
    email: text("email")
      .notNull()
      .references(() => commentMailAddresses.email, { onDelete: "cascade" }),
    createdAt: createdAt(),
  },
  (t) => [index("comment_mail_tokens_email_idx").on(t.email)],
).enableRLS();
