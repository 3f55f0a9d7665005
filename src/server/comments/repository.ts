import {
  and,
  asc,
  count,
  desc,
  eq,
  getTableColumns,
  gt,
  inArray,
  isNull,
  like,
  ne,
  or,
  sql,
} from "drizzle-orm";
import type { CommentKind, CommentStatus, ListCommentsQuery } from "../../shared/comments.ts";
import type { Db } from "../db/client.ts";
import { type RowPage, search } from "../db/queries.ts";
import { commentMailAddresses, commentMailTokens, comments, users } from "../db/schema.ts";

// The SQL of comments: an item's thread, one comment, writes, and the counts per item.

export type CommentRow = typeof comments.$inferSelect;
export type NewComment = typeof comments.$inferInsert;

/** A comment with what its author's account shows now (null: a guest, or an account gone). */
export type CommentWithAuthor = CommentRow & {
  authorName: string | null;
  authorAvatar: string | null;
};

/** Comments with their author's name and avatar now. */
const withAuthor = (db: Db) =>
  db
    .select({
      ...getTableColumns(comments),
      authorName: users.userName,
      authorAvatar: users.avatar,
    })
    .from(comments)
    .leftJoin(users, eq(users.id, comments.userId));

/**
 * An item's comments a reader may see: the approved ones, the caller's own that wait, and the
 * deleted ones others answered (shown as deleted, for their thread's sake). Oldest first.
 */
export async function itemComments(
  db: Db,
  kind: CommentKind,
  item: string,
  viewerId: string | null,
): Promise<CommentWithAuthor[]> {
  const answered = sql`exists (select 1 from ${comments} r where r.thread_id = ${comments.id} and r.status = 'approved')`;
  return withAuthor(db)
    .where(
      and(
        eq(comments.kind, kind),
        eq(comments.item, item),
        or(
          eq(comments.status, "approved"),
          viewerId ? and(eq(comments.status, "pending"), eq(comments.userId, viewerId)) : undefined,
          and(eq(comments.status, "deleted"), answered),
        ),
      ),
    )
    .orderBy(asc(comments.createdAt), asc(comments.id));
}

export async function findComment(db: Db, id: string): Promise<CommentWithAuthor | null> {
  const [row] = await withAuthor(db).where(eq(comments.id, id));
  return row ?? null;
}

export async function insertComment(db: Db, values: NewComment): Promise<CommentRow> {
  const [row] = await db.insert(comments).values(values).returning();
  if (!row) throw new Error("The comment was not written");
  return row;
}

/** Changes a comment's text, if it is still `userId`'s and not deleted. */
/** A comment from the fediverse, once per post (`remote_id`): whether it was new. */
export async function insertRemoteComment(db: Db, values: NewComment): Promise<boolean> {
  const rows = await db
    .insert(comments)
    .values(values)
    .onConflictDoNothing({ target: comments.remoteId })
    .returning({ id: comments.id });
  return rows.length > 0;
}

export async function updateComment(
  db: Db,
  id: string,
  userId: string,
  patch: Pick<CommentRow, "body" | "html" | "status">,
): Promise<CommentRow | null> {
  const now = new Date();
  const [row] = await db
    .update(comments)
    .set({ ...patch, editedAt: now, updatedAt: now })
    .where(and(eq(comments.id, id), eq(comments.userId, userId), ne(comments.status, "deleted")))
    .returning();
  return row ?? null;
}

export async function setStatus(
  db: Db,
  id: string,
  status: CommentStatus,
): Promise<CommentRow | null> {
  const [row] = await db
    .update(comments)
    .set({ status, updatedAt: new Date() })
    .where(eq(comments.id, id))
    .returning();
  return row ?? null;
}

/** Whether a guest writing from `email` has had a comment approved before. */
export async function guestKnown(db: Db, email: string): Promise<boolean> {
  const [row] = await db
    .select({ n: count() })
    .from(comments)
    .where(and(eq(comments.guestEmail, email), eq(comments.status, "approved")));
  return (row?.n ?? 0) > 0;
}

/** Approved comments per item of `kinds`, as `kind/item`. */
export async function approvedCounts(db: Db, kinds: readonly CommentKind[]) {
  return db
    .select({ kind: comments.kind, item: comments.item, n: count() })
    .from(comments)
    .where(and(eq(comments.status, "approved"), inArray(comments.kind, [...kinds])))
    .groupBy(comments.kind, comments.item);
}

/** The owner's list: newest first, by status, kind, item and author (name or email). */
export async function ownerPage(
  db: Db,
  query: ListCommentsQuery,
): Promise<RowPage<CommentWithAuthor>> {
  const where = and(
    query.status ? eq(comments.status, query.status) : undefined,
    query.kind ? eq(comments.kind, query.kind) : undefined,
    search(query.item, [comments.item]),
    search(query.author, [comments.guestName, comments.guestEmail, users.userName, users.email]),
  );
  const [totalRow] = await db
    .select({ total: count() })
    .from(comments)
    .leftJoin(users, eq(users.id, comments.userId))
    .where(where);
  const rows = await withAuthor(db)
    .where(where)
    .orderBy(desc(comments.createdAt), desc(comments.id))
    .limit(query.pageSize)
    .offset((query.page - 1) * query.pageSize);
  return { rows, total: totalRow?.total ?? 0 };
}

/** How many comments of each status. */
export function statusCounts(db: Db) {
  return db.select({ status: comments.status, n: count() }).from(comments).groupBy(comments.status);
}

/** The addresses of the site's owners: its active admins. */
export async function ownerAddresses(db: Db): Promise<string[]> {
  const rows = await db
    .select({ email: users.email })
    .from(users)
    .where(and(eq(users.role, "admin"), eq(users.status, "active")));
  return rows.map((row) => row.email);
}

/**
 * Where the mail about a reply to comment `id` goes: its author's address now (an active
 * account's, or the guest's), the language it was written in, and whether it still shows.
 */
export async function replyMailTarget(db: Db, id: string) {
  const [row] = await db
    .select({
      email: sql<string | null>`coalesce(${users.email}, ${comments.guestEmail})`,
      userId: comments.userId,
      lang: comments.lang,
      status: comments.status,
      accountActive: sql<boolean>`${users.id} is null or ${users.status} = 'active'`,
    })
    .from(comments)
    .leftJoin(users, eq(users.id, comments.userId))
    .where(eq(comments.id, id));
  return row ?? null;
}

/**
 * Marks an approved reply as mailed about, once: true for the one caller that marked it (two
 * approvals at once send one mail).
 */
export async function claimReplyMail(db: Db, id: string): Promise<boolean> {
  const rows = await db
    .update(comments)
    .set({ notifiedAt: new Date() })
    .where(and(eq(comments.id, id), eq(comments.status, "approved"), isNull(comments.notifiedAt)))
    .returning({ id: comments.id });
  return rows.length > 0;
}

/**
 * Keeps `email` as an address reply mails go to, with the hash of one more unsubscribe token:
 * true when the address stopped them (then no token is kept).
 */
export async function mailAddress(db: Db, email: string, tokenHash: string): Promise<boolean> {
  await db.insert(commentMailAddresses).values({ email }).onConflictDoNothing();
  const [row] = await db
    .select({ stoppedAt: commentMailAddresses.stoppedAt })
    .from(commentMailAddresses)
    .where(eq(commentMailAddresses.email, email));
  if (!row) throw new Error("The mail address was not kept");
  if (row.stoppedAt !== null) return true;
  await db.insert(commentMailTokens).values({ tokenHash, email });
  return false;
}

/** Stops reply mails to the address of the token hashed `tokenHash`: false when none has it. */
export async function stopReplyMail(db: Db, tokenHash: string): Promise<boolean> {
  const rows = await db
    .update(commentMailAddresses)
    .set({
      stoppedAt: sql`coalesce(${commentMailAddresses.stoppedAt}, now())`,
      updatedAt: new Date(),
    })
    .where(
      inArray(
        commentMailAddresses.email,
        db
          .select({ email: commentMailTokens.email })
          .from(commentMailTokens)
          .where(eq(commentMailTokens.tokenHash, tokenHash)),
      ),
    )
    .returning({ email: commentMailAddresses.email });
  return rows.length > 0;
}

/** Comments that began waiting after `since`, oldest first (the first `limit`), and how many. */
export async function waitingSince(
  db: Db,
  since: Date,
  limit: number,
): Promise<{ rows: CommentWithAuthor[]; total: number }> {
  const where = and(eq(comments.status, "pending"), gt(comments.createdAt, since));
  const [totalRow] = await db.select({ total: count() }).from(comments).where(where);
  const rows = await withAuthor(db)
    .where(where)
    .orderBy(asc(comments.createdAt), asc(comments.id))
    .limit(limit);
  return { rows, total: totalRow?.total ?? 0 };
}

/** An item's comments, every status: gone with the item. */
export async function deleteItemComments(db: Db, kind: CommentKind, item: string): Promise<void> {
  await db.delete(comments).where(and(eq(comments.kind, kind), eq(comments.item, item)));
}

/** An item's comments follow it to its new path. */
export async function moveItemComments(
  db: Db,
  kind: CommentKind,
  from: string,
  to: string,
): Promise<void> {
  await db
    .update(comments)
    .set({ item: to })
    .where(and(eq(comments.kind, kind), eq(comments.item, from)));
}

/** The comments of every chapter of a book (`book/…`): gone with it, or to its new slug. */
export async function bookChapterComments(db: Db, book: string, to: string | null): Promise<void> {
  const ofBook = and(eq(comments.kind, "chapter"), like(comments.item, `${book}/%`));
  if (to === null) await db.delete(comments).where(ofBook);
  else
    await db
      .update(comments)
      .set({ item: sql`${to} || substr(${comments.item}, ${book.length + 1})` })
      .where(ofBook);
}
