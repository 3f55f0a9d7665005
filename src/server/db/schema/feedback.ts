import { index, jsonb, pgTable, text, uuid } from "drizzle-orm/pg-core";
import { userOrNull } from "./accounts.ts";
import { createdAt, serialId, uuidId, zoned } from "./columns.ts";

// Feedback sent from the site, its status changes and the replies mailed to its writers.

export const feedback = pgTable(
  "feedback",
  {
    id: uuidId(),
    feedbackType: text("feedback_type").notNull(),
    subject: text("subject").notNull(),
    description: text("description").notNull(),
    screenshots: jsonb("screenshots").$type<string[]>().notNull().default([]),
    contact: text("contact").notNull().default(""),
    environment: jsonb("environment")
      .$type<{ url: string; userAgent: string; viewport: string; timestamp: string }>()
      .notNull(),
    status: text("status").notNull().default("new"),
    userId: userOrNull("user_id"),
    receivedAt: zoned("received_at").notNull().defaultNow(),
    updatedAt: zoned("updated_at").notNull().defaultNow(),
  },
  (t) => [
    index("feedback_received_idx").on(t.receivedAt),
    index("feedback_status_idx").on(t.status),
  ],
).enableRLS();

/** Every change of a feedback record's status: from, to, who and when. */
export const feedbackStatusHistory = pgTable(
  "feedback_status_history",
  {
    id: serialId(),
    feedbackId: uuid("feedback_id")
      .notNull()
      .references(() => feedback.id, { onDelete: "cascade" }),
    fromStatus: text("from_status").notNull(),
    toStatus: text("to_status").notNull(),
    note: text("note").notNull().default(""),
    changedBy: userOrNull("changed_by"),
    changedAt: zoned("changed_at").notNull().defaultNow(),
  },
  (t) => [index("feedback_status_history_feedback_idx").on(t.feedbackId, t.changedAt)],
).enableRLS();

/**
 * What the owner wrote on a piece of feedback: a reply mailed to its writer (the language its
 * mail was framed in and the address it went to), or a note kept for the back office only.
 */
export const feedbackReplies = pgTable(
  "feedback_replies",
  {
    id: uuidId(),
    feedbackId: uuid("feedback_id")
      .notNull()
      .references(() => feedback.id, { onDelete: "cascade" }),
    kind: text("kind").$type<"reply" | "note">().notNull(),
    body: text("body").notNull(),
    locale: text("locale").$type<"zh-CN" | "en-US">(),
    sentTo: text("sent_to"),
    createdBy: userOrNull("created_by"),
    createdAt: createdAt(),
  },
  (t) => [index("feedback_replies_feedback_idx").on(t.feedbackId, t.createdAt)],
).enableRLS();
