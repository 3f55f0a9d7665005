import { and, asc, desc, eq } from "drizzle-orm";
import type { FeedbackInput } from "../../shared/feedback.ts";
import type { Db } from "../db/client.ts";
import { firstRow, type PageQuery, pageOfRows, type RowPage } from "../db/queries.ts";
import { feedback, feedbackReplies, feedbackStatusHistory, users } from "../db/schema.ts";

/** Stores a submission with status `new` and the server's own receive time. */
export async function insertFeedback(
  db: Db,
  input: FeedbackInput,
  userId: string | null,
): Promise<{ id: string; status: string; receivedAt: Date }> {
  const [row] = await db
    .insert(feedback)
    .values({ ...input, userId, status: "new" })
    .returning({ id: feedback.id, status: feedback.status, receivedAt: feedback.receivedAt });
  if (!row) throw new Error("insert returned no row");
  return row;
}

export type FeedbackRow = typeof feedback.$inferSelect;

/** A page of feedback, newest first, optionally of one type and one status. */
export function listFeedback(
  db: Db,
  query: PageQuery & { type?: string | undefined; status?: string | undefined },
): Promise<RowPage<FeedbackRow>> {
  const where = and(
    query.type ? eq(feedback.feedbackType, query.type) : undefined,
    query.status ? eq(feedback.status, query.status) : undefined,
  );
  return pageOfRows(db, feedback, where, [desc(feedback.receivedAt), desc(feedback.id)], query);
}

/** One feedback record, locked for update (inside a transaction). */
export function findFeedbackForUpdate(db: Db, id: string): Promise<FeedbackRow | null> {
  return firstRow(db.select().from(feedback).where(eq(feedback.id, id)).limit(1).for("update"));
}

export function setFeedbackStatus(
  db: Db,
  id: string,
  status: string,
  now: Date,
): Promise<FeedbackRow | null> {
  return firstRow(
    db.update(feedback).set({ status, updatedAt: now }).where(eq(feedback.id, id)).returning(),
  );
}

export async function insertStatusChange(
  db: Db,
  values: {
    feedbackId: string;
    fromStatus: string;
    toStatus: string;
    note: string;
    changedBy: string | null;
    changedAt: Date;
  },
): Promise<void> {
  await db.insert(feedbackStatusHistory).values(values);
}

/** The status changes of one record, oldest first, with the name of who made each. */
export async function listStatusChanges(db: Db, feedbackId: string) {
  return db
    .select({
      fromStatus: feedbackStatusHistory.fromStatus,
      toStatus: feedbackStatusHistory.toStatus,
      note: feedbackStatusHistory.note,
      changedById: feedbackStatusHistory.changedBy,
      changedByName: users.userName,
      changedAt: feedbackStatusHistory.changedAt,
    })
    .from(feedbackStatusHistory)
    .leftJoin(users, eq(users.id, feedbackStatusHistory.changedBy))
    .where(eq(feedbackStatusHistory.feedbackId, feedbackId))
    .orderBy(asc(feedbackStatusHistory.changedAt), asc(feedbackStatusHistory.id));
}

export async function feedbackExists(db: Db, id: string): Promise<boolean> {
  const [row] = await db.select({ id: feedback.id }).from(feedback).where(eq(feedback.id, id));
  return Boolean(row);
}

export function findFeedback(db: Db, id: string): Promise<FeedbackRow | null> {
  return firstRow(db.select().from(feedback).where(eq(feedback.id, id)));
}

/** Deletes a record; its status history and replies go with it (foreign keys). */
export function deleteFeedback(db: Db, id: string): Promise<{ id: string } | null> {
  return firstRow(db.delete(feedback).where(eq(feedback.id, id)).returning({ id: feedback.id }));
}

export async function insertReply(db: Db, values: typeof feedbackReplies.$inferInsert) {
  const [row] = await db.insert(feedbackReplies).values(values).returning();
  if (!row) throw new Error("insert returned no row");
  return row;
}

/** Replies and notes with the name of who wrote each (filtered by the caller). */
function replyRows(db: Db) {
  return db
    .select({
      id: feedbackReplies.id,
      kind: feedbackReplies.kind,
      body: feedbackReplies.body,
      locale: feedbackReplies.locale,
      sentTo: feedbackReplies.sentTo,
      authorId: feedbackReplies.createdBy,
      authorName: users.userName,
      createdAt: feedbackReplies.createdAt,
    })
    .from(feedbackReplies)
    .leftJoin(users, eq(users.id, feedbackReplies.createdBy));
}

export type ReplyRow = Awaited<ReturnType<typeof replyRows>>[number];

/** The replies and notes of one record, oldest first. */
export const listReplies = (db: Db, feedbackId: string): Promise<ReplyRow[]> =>
  replyRows(db)
    .where(eq(feedbackReplies.feedbackId, feedbackId))
    .orderBy(asc(feedbackReplies.createdAt), asc(feedbackReplies.id));

/** One reply or note, as listed. */
export const findReply = (db: Db, id: string): Promise<ReplyRow | null> =>
  firstRow(replyRows(db).where(eq(feedbackReplies.id, id)));
