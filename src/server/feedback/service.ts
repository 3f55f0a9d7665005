import {
  canChangeFeedbackStatus,
  type FeedbackRecord,
  type FeedbackReplyRecord,
  type FeedbackStatus,
  type FeedbackStatusChange,
  type Page,
} from "../../shared/auth.ts";
import { replyAddress, writerLocale } from "../../shared/feedback-rules.ts";
import type { Db } from "../db/client.ts";
import { answerPage, type PageQuery } from "../db/queries.ts";
import { ApiError } from "../http/errors.ts";
import type { Mailer } from "../mail/mailer.ts";
import { composeFeedbackReply } from "../mail/messages.ts";
import { siteNameIn } from "../site-config/settings.ts";
import {
  deleteFeedback,
  type FeedbackRow,
  feedbackExists,
  findFeedback,
  findFeedbackForUpdate,
  findReply,
  insertFeedback,
  insertReply,
  insertStatusChange,
  listFeedback,
  listReplies,
  listStatusChanges,
  type ReplyRow,
  setFeedbackStatus,
} from "./repository.ts";

/** Stores a visitor's feedback; `userId` is the signed-in sender, if any. */
export async function receiveFeedback(
  db: Db,
  input: Parameters<typeof insertFeedback>[1],
  userId: string | null,
): Promise<{ id: string; status: string; receivedAt: string }> {
  const row = await insertFeedback(db, input, userId);
  return { id: row.id, status: row.status, receivedAt: row.receivedAt.toISOString() };
}

function noSuchFeedback(): ApiError {
  return new ApiError(404, "not_found", "No such feedback");
}

export function toFeedbackRecord(row: FeedbackRow): FeedbackRecord {
  return {
    id: row.id,
    feedbackType: row.feedbackType,
    subject: row.subject,
    description: row.description,
    screenshots: row.screenshots,
    contact: row.contact,
    environment: row.environment,
    status: row.status as FeedbackStatus,
    userId: row.userId,
    receivedAt: row.receivedAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

export async function listFeedbackPage(
  db: Db,
  query: PageQuery & { type?: string | undefined; status?: string | undefined },
): Promise<Page<FeedbackRecord>> {
  return answerPage(query, await listFeedback(db, query), toFeedbackRecord);
}

/**
 * Moves a record to `status` if the transition is allowed (409 otherwise) and records the
 * change with who made it and when, in one transaction.
 */
export async function changeFeedbackStatus(
  db: Db,
  actorId: string,
  id: string,
  input: { status: FeedbackStatus; note: string },
): Promise<FeedbackRecord> {
  const now = new Date();
  return db.transaction(async (tx) => {
    const current = await findFeedbackForUpdate(tx, id);
    if (!current) throw noSuchFeedback();
    if (!canChangeFeedbackStatus(current.status, input.status)) {
      throw new ApiError(
        409,
        "conflict",
        `Cannot change the status from ${current.status} to ${input.status}`,
      );
    }
    const updated = await setFeedbackStatus(tx, id, input.status, now);
    if (!updated) throw noSuchFeedback();
    await insertStatusChange(tx, {
      feedbackId: id,
      fromStatus: current.status,
      toStatus: input.status,
      note: input.note,
      changedBy: actorId,
      changedAt: now,
    });
    return toFeedbackRecord(updated);
  });
}

export async function statusHistory(db: Db, id: string): Promise<FeedbackStatusChange[]> {
  if (!(await feedbackExists(db, id))) throw noSuchFeedback();
  const rows = await listStatusChanges(db, id);
  return rows.map((row) => ({
    from: row.fromStatus as FeedbackStatus,
    to: row.toStatus as FeedbackStatus,
    note: row.note,
    changedBy: row.changedById ? { id: row.changedById, userName: row.changedByName ?? "" } : null,
    changedAt: row.changedAt.toISOString(),
  }));
}

function toReplyRecord({ authorId, authorName, createdAt, ...row }: ReplyRow) {
  return {
    ...row,
    author: authorId ? { id: authorId, userName: authorName ?? "" } : null,
    createdAt: createdAt.toISOString(),
  } satisfies FeedbackReplyRecord;
}

/** The replies and notes written on a record, oldest first. */
export async function feedbackReplies(db: Db, id: string): Promise<FeedbackReplyRecord[]> {
  if (!(await feedbackExists(db, id))) throw noSuchFeedback();
  return (await listReplies(db, id)).map(toReplyRecord);
}

/**
 * Writes on a record: a note is kept for the back office; a reply is mailed to the writer's
 * address (its contact, when that is an email), framed in `locale` (else the language they wrote
 * in), and kept once the mail port took it, so a reply kept was sent.
 */
export async function answerFeedback(
  ctx: { db: Db; mailer: Mailer },
  actorId: string,
  id: string,
  input: { kind: "reply" | "note"; body: string; locale?: "zh-CN" | "en-US" | undefined },
): Promise<FeedbackReplyRecord & { subject: string }> {
  const record = await findFeedback(ctx.db, id);
  if (!record) throw noSuchFeedback();
  let sent: { locale: "zh-CN" | "en-US"; sentTo: string } | null = null;
  if (input.kind === "reply") {
    const to = replyAddress(record.contact);
    if (!to) {
      throw new ApiError(409, "conflict", "This feedback left no email address to reply to", {
        issues: [
          { field: "kind", message: "no email address", key: "feedbackCenter.problems.noEmail" },
        ],
      });
    }
    const locale = input.locale ?? writerLocale(record);
    const site = await siteNameIn(ctx.db, locale);
    await ctx.mailer.send({
      to,
      ...composeFeedbackReply(locale, record.subject, input.body, site),
    });
    sent = { locale, sentTo: to };
  }
  const row = await insertReply(ctx.db, {
    feedbackId: id,
    kind: input.kind,
    body: input.body,
    locale: sent?.locale ?? null,
    sentTo: sent?.sentTo ?? null,
    createdBy: actorId,
  });
  const written = await findReply(ctx.db, row.id);
  if (!written) throw new Error("a reply just kept was not found");
  // The subject it answers names it (in the audit log too).
  return { ...toReplyRecord(written), subject: record.subject };
}

/** Deletes a record with its history, replies and notes. */
export async function removeFeedback(db: Db, id: string): Promise<{ id: string }> {
  const gone = await deleteFeedback(db, id);
  if (!gone) throw noSuchFeedback();
  return gone;
}
