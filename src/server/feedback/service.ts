import {
  canChangeFeedbackStatus,
  type FeedbackRecord,
  type FeedbackStatus,
  type FeedbackStatusChange,
  type Page,
} from "../../shared/auth.ts";
import type { Db } from "../db/client.ts";
import { answerPage, type PageQuery } from "../db/queries.ts";
import { ApiError } from "../http/errors.ts";
import {
  type FeedbackRow,
  feedbackExists,
  findFeedbackForUpdate,
  insertStatusChange,
  listFeedback,
  listStatusChanges,
  setFeedbackStatus,
} from "./repository.ts";

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
