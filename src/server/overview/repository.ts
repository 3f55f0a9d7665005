import { count, desc, sql } from "drizzle-orm";
import type { Db } from "../db/client.ts";
import { contentChapters, feedback, users } from "../db/schema.ts";

// The overview's counts that no list of another domain answers: a few small aggregate queries.

export function chapterStatusCounts(db: Db) {
  return db
    .select({ status: contentChapters.status, n: count() })
    .from(contentChapters)
    .groupBy(contentChapters.status);
}

export async function userCounts(db: Db) {
  const [row] = await db
    .select({
      total: count(),
      admins: sql<number>`count(*) filter (where ${users.role} = 'admin')::int`,
      disabled: sql<number>`count(*) filter (where ${users.status} <> 'active')::int`,
    })
    .from(users);
  return { total: row?.total ?? 0, admins: row?.admins ?? 0, disabled: row?.disabled ?? 0 };
}

export function feedbackStatusCounts(db: Db) {
  return db.select({ status: feedback.status, n: count() }).from(feedback).groupBy(feedback.status);
}

/** The newest `limit` feedback, newest first. */
export function recentFeedback(db: Db, limit: number) {
  return db
    .select({
      id: feedback.id,
      subject: feedback.subject,
      type: feedback.feedbackType,
      status: feedback.status,
      receivedAt: feedback.receivedAt,
    })
    .from(feedback)
    .orderBy(desc(feedback.receivedAt))
    .limit(limit);
}
