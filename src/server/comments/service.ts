import type { Page } from "../../shared/auth.ts";
import {
  COMMENT_KINDS,
  COMMENT_LIMITS,
  type CommentCounts,
  type CommentInput,
  type CommentKind,
  type CommentRecord,
  type CommentStatus,
  isEditable,
  type ListCommentsQuery,
  type ModeratedComment,
} from "../../shared/comments.ts";
import type { SiteSettings } from "../../shared/kinds/settings.ts";
import { sitePaths } from "../../shared/site-paths.ts";
import { hashToken, newToken } from "../auth/sessions.ts";
import { type ContentContext, invalid } from "../content/service/shared.ts";
import type { Db } from "../db/client.ts";
import { answerPage } from "../db/queries.ts";
import { addressKey } from "../http/address.ts";
import { ApiError } from "../http/errors.ts";
import type { Mailer } from "../mail/mailer.ts";
import { type ComposedMail, composeCommentMail } from "../mail/messages.ts";
import { currentSettings } from "../site-config/settings.ts";
import { isBlocked } from "./blocklist.ts";
import { renderComment } from "./render.ts";
import * as repo from "./repository.ts";

// Readers' comments: who may write where, what waits for the owner, and what a reader sees.

/** Who writes: a signed-in reader (the owner too), or a guest. */
export type Commenter = { id: string; role: string } | null;

/** Refused while the settings close it (403), `key` the reader's words for it. */
const closed = (message: string, key: string) =>
  new ApiError(403, "forbidden", message, { issues: [{ field: "(body)", message, key }] });

const noItem = () => new ApiError(404, "not_found", "No such item to comment on");
const noComment = () => new ApiError(404, "not_found", "No such comment");

/** Who wrote a comment, as shown: the account's name now, or the guest's. */
const authorNameOf = (row: repo.CommentWithAuthor) => row.authorName ?? row.guestName ?? "";

/** The comments' authors by comment id: whom each reply answers. */
const namesOf = (rows: readonly repo.CommentWithAuthor[]) =>
  new Map(rows.map((row) => [row.id, authorNameOf(row)]));

/** A comment as readers see it: its author's name now, the guest's email never. */
export function commentRecord(
  row: repo.CommentWithAuthor,
  viewerId: string | null,
  names: ReadonlyMap<string, string> = new Map(),
): CommentRecord {
  const gone = row.guestName === null && row.authorName === null;
  const deleted = row.status === "deleted";
  const replyName = row.replyToId ? names.get(row.replyToId) : undefined;
  const record = {
    id: row.id,
    threadId: row.threadId,
    replyTo: row.replyToId && replyName ? { id: row.replyToId, name: replyName } : null,
    author: {
      name: deleted ? "" : authorNameOf(row),
      avatar: deleted ? null : row.authorAvatar || null,
      owner: row.byOwner && !deleted,
      gone: gone && !deleted,
      ...(row.remoteUrl && !deleted ? { url: row.remoteUrl } : {}),
    },
    html: deleted ? "" : row.html,
    lang: row.lang,
    status: row.status,
    createdAt: row.createdAt.toISOString(),
    editedAt: row.editedAt?.toISOString() ?? null,
  };
  const mine = viewerId !== null && row.userId === viewerId && !deleted;
  return { ...record, mine, ...(mine ? { body: row.body } : {}) };
}

/** An item's comments as a reader sees them, oldest first. */
export async function listComments(
  db: Db,
  kind: CommentKind,
  item: string,
  viewerId: string | null,
): Promise<CommentRecord[]> {
  const rows = await repo.itemComments(db, kind, item, viewerId);
  const names = namesOf(rows);
  return rows.map((row) => commentRecord(row, viewerId, names));
}

/** The comment a reply answers: one on the same item a reader can see. */
async function answered(db: Db, input: CommentInput, writer: Commenter) {
  if (!input.replyTo) return null;
  const parent = await repo.findComment(db, input.replyTo);
  const visible =
    parent?.status === "approved" || (parent?.status === "pending" && parent.userId === writer?.id);
  if (!parent || !visible || parent.kind !== input.kind || parent.item !== input.item)
    throw invalid("replyTo", "is not a comment on this item");
  return parent;
}

/**
 * Writes a comment: at once for a signed-in reader, held for the owner when a guest writes for
 * the first time or anyone writes more than two links. A form that filled the hidden field
 * (a bot) gets the answer a held comment gets, and nothing is written.
 */
export async function writeComment(
  ctx: ContentContext &
    MailContext & {
      /** Null when the item is not on the site, else whether it takes comments (its switch). */
      open: (kind: CommentKind, item: string) => Promise<boolean | null>;
    },
  input: CommentInput,
  writer: Commenter,
  clientIp: string | null,
): Promise<CommentRecord> {
  if (!writer && (!input.name || !input.email)) {
    const missing = [input.name ? null : "name", input.email ? null : "email"];
    throw new ApiError(400, "validation", "A guest gives a name and an email", {
      issues: missing.flatMap((field) => (field ? [{ field, message: "is required" }] : [])),
    });
  }
  const settings = await currentSettings(ctx.db);
  if (!settings.commentsOpen) throw closed("Comments are closed", "comments.errors.closed");
  if (!writer && !settings.guestComments)
    throw closed("Sign in to comment", "comments.errors.signIn");
  const { html, links } = renderComment(input.body);
  const now = new Date();
  if (input.website) {
    return {
      id: crypto.randomUUID(),
      threadId: null,
      replyTo: null,
      author: { name: input.name ?? "", avatar: null, owner: false, gone: false },
      html,
      lang: input.lang,
      status: "pending",
      createdAt: now.toISOString(),
      editedAt: null,
      mine: false,
    };
  }
  const open = await ctx.open(input.kind, input.item);
  if (open === null) throw noItem();
  if (!open) throw closed("Comments are closed here", "comments.errors.closed");
  const parent = await answered(ctx.db, input, writer);
  const owner = writer?.role === "admin";
  const email = writer ? null : (input.email?.toLowerCase() ?? null);
  const texts = [input.body, input.name ?? "", input.email ?? ""];
  const blocked = !owner && isBlocked(settings.commentBlocklist, texts, clientIp);
  const held =
    !owner &&
    (links > COMMENT_LIMITS.links || (email !== null && !(await repo.guestKnown(ctx.db, email))));
  const row = await repo.insertComment(ctx.db, {
    kind: input.kind,
    item: input.item,
    threadId: parent ? (parent.threadId ?? parent.id) : null,
    replyToId: parent?.threadId ? parent.id : null,
    userId: writer?.id ?? null,
    guestName: writer ? null : (input.name ?? null),
    guestEmail: email,
    byOwner: owner,
    body: input.body,
    html,
    lang: input.lang,
    status: blocked ? "spam" : held ? "pending" : "approved",
    address: addressKey(clientIp),
  });
  const written = await repo.findComment(ctx.db, row.id);
  if (!written) throw noComment();
  // Mail goes after the answer: a slow mail server never keeps the reader waiting.
  const { status } = written;
  await ctx.afterAnswer(
    (async () => {
      if (status === "pending" && settings.commentMail === "each")
        await tellOwners(ctx, written, settings);
      if (status === "approved") await mailReply(ctx, written, settings);
    })().catch((error: unknown) => console.error("comments: mail failed:", error)),
  );
  // A blocked comment's writer is told what a held one's is told: nothing to learn from.
  if (blocked) written.status = "pending";
  return commentRecord(written, writer?.id ?? null, namesOf(parent ? [parent] : []));
}

/**
 * Mails each owner that a comment waits, in the site's first-visit language, with a link to the
 * comments screen. A mail that fails is logged: the comment is written all the same.
 */
async function tellOwners(
  ctx: { db: Db; mailer: Mailer; origin: string },
  row: repo.CommentWithAuthor,
  settings: Pick<SiteSettings, "defaultLocale" | "title">,
) {
  const locale = settings.defaultLocale;
  const mail = composeCommentMail("commentWaiting", locale, {
    item: `${row.kind} ${row.item}`,
    author: authorNameOf(row),
    text: row.body,
    link: `${ctx.origin}/bms/comments`,
    site: settings.title[locale],
  });
  await mailOwners(ctx.db, ctx.mailer, mail);
}

/** Sends `mail` to each owner (the active admins); a mail that fails is logged, not thrown. */
export async function mailOwners(db: Db, mailer: Mailer, mail: ComposedMail): Promise<void> {
  for (const to of await repo.ownerAddresses(db)) {
    await mailer.send({ to, ...mail }).catch((error: unknown) => {
      console.error(`comments: the mail to ${to} failed:`, error);
    });
  }
}

/** What sends a mail with links to the site: the mail port and the site's address. */
export interface MailContext {
  db: Db;
  mailer: Mailer;
  origin: string;
  /** Runs the mail after the answer (src/server/http/middleware.ts's `AfterAnswer`). */
  afterAnswer: (work: Promise<void>) => Promise<void>;
}

/**
 * Mails the author of the comment a reply answers, once it shows: in the language they wrote
 * in, with the reply's text, a link to it, and a one-click unsubscribe link (RFC 8058 headers
 * too). No mail to whom answers themself, to an address that stopped them, or about a comment
 * that no longer shows. A mail that fails is logged: the reply stays written.
 */
async function mailReply(
  ctx: MailContext,
  reply: repo.CommentWithAuthor,
  settings: Pick<SiteSettings, "title">,
) {
  const answeredId = reply.replyToId ?? reply.threadId;
  if (!answeredId || reply.status !== "approved") return;
  const target = await repo.replyMailTarget(ctx.db, answeredId);
  if (!target?.email || target.status !== "approved" || !target.accountActive) return;
  const own =
    (reply.userId !== null && reply.userId === target.userId) ||
    (await repo.replyMailTarget(ctx.db, reply.id))?.email === target.email;
  if (own || !(await repo.claimReplyMail(ctx.db, reply.id))) return;
  const token = newToken();
  if (await repo.mailAddress(ctx.db, target.email, hashToken(token))) return;
  const unsubscribe = `${ctx.origin}/api/comments/unsubscribe?token=${token}`;
  const mail = composeCommentMail("commentReply", target.lang, {
    author: authorNameOf(reply),
    text: reply.body,
    link: `${ctx.origin}${sitePaths[reply.kind](reply.item)}#comment-${reply.id}`,
    unsubscribe,
    site: settings.title[target.lang],
  });
  const headers = {
    "List-Unsubscribe": `<${unsubscribe}>`,
    "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
  };
  await ctx.mailer.send({ to: target.email, ...mail, headers }).catch((error: unknown) => {
    console.error(`comments: the reply mail to ${target.email} failed:`, error);
  });
}

/** Stops reply mails to the address a link's token was made for: false for an unknown token. */
export function stopReplyMails(db: Db, token: string): Promise<boolean> {
  return repo.stopReplyMail(db, hashToken(token));
}

/** Changes the text of the caller's own comment, within the edit window. */
export async function editComment(
  db: Db,
  id: string,
  writer: { id: string; role: string },
  body: string,
): Promise<CommentRecord> {
  const current = await repo.findComment(db, id);
  if (!current || current.status === "deleted" || current.userId !== writer.id) throw noComment();
  if (!isEditable(current.createdAt.toISOString()))
    throw new ApiError(
      409,
      "conflict",
      `A comment can be edited for ${COMMENT_LIMITS.editMinutes} minutes after it is written`,
    );
  const { html, links } = renderComment(body);
  const owner = writer.role === "admin";
  const status =
    current.status === "approved" && !owner && links > COMMENT_LIMITS.links
      ? "pending"
      : current.status;
  const row = await repo.updateComment(db, id, writer.id, { body, html, status });
  if (!row) throw noComment();
  const written = await repo.findComment(db, id);
  if (!written) throw noComment();
  return commentRecord(written, writer.id);
}

/** Deletes the caller's own comment: its replies stay, under a deleted first comment. */
export async function deleteOwnComment(db: Db, id: string, writerId: string): Promise<void> {
  const current = await repo.findComment(db, id);
  if (!current || current.status === "deleted" || current.userId !== writerId) throw noComment();
  await repo.setStatus(db, id, "deleted");
}

/** Approved comments per item, as `kind/item`: the counts cards and titles show. */
export async function commentCounts(db: Db): Promise<CommentCounts> {
  const rows = await repo.approvedCounts(db, COMMENT_KINDS);
  return Object.fromEntries(rows.map((row) => [`${row.kind}/${row.item}`, row.n]));
}

/** A comment as the owner sees it: its item, and a guest's email. */
function moderated(
  row: repo.CommentWithAuthor,
  names: ReadonlyMap<string, string>,
): ModeratedComment {
  const record = commentRecord(row, null, names);
  return {
    ...record,
    // The owner sees a deleted comment's words too: deleting is a status here.
    html: row.html,
    author: { ...record.author, name: authorNameOf(row) },
    kind: row.kind,
    item: row.item,
    email: row.guestEmail,
  };
}

/** The owner's list of comments, newest first. */
export async function moderationPage(
  db: Db,
  query: ListCommentsQuery,
): Promise<Page<ModeratedComment>> {
  const page = await repo.ownerPage(db, query);
  const names = namesOf(page.rows);
  return answerPage(query, page, (row) => moderated(row, names));
}

/**
 * Approves, holds, marks as spam or deletes a comment (the owner's call). A reply approved now
 * is mailed about as one approved when written.
 */
export async function moderate(
  ctx: MailContext,
  id: string,
  status: CommentStatus,
): Promise<ModeratedComment> {
  if (!(await repo.setStatus(ctx.db, id, status))) throw noComment();
  const row = await repo.findComment(ctx.db, id);
  if (!row) throw noComment();
  if (row.status === "approved")
    await ctx.afterAnswer(
      (async () => mailReply(ctx, row, await currentSettings(ctx.db)))().catch((error: unknown) =>
        console.error("comments: mail failed:", error),
      ),
    );
  return moderated(row, new Map());
}

/** How many comments of each status (the overview's card). */
export async function commentStatusCounts(db: Db): Promise<Record<string, number>> {
  const rows = await repo.statusCounts(db);
  return Object.fromEntries(rows.map((row) => [row.status, row.n]));
}

/**
 * What becomes of an item's comments when it changes path or goes: they follow a new slug, and
 * are deleted with the item (a thread about a page that no longer exists has nowhere to show,
 * and a new item under the old slug must not inherit it). `to` null: the item is deleted.
 */
export async function itemCommentsMoved(
  db: Db,
  kind: CommentKind | "book",
  from: string,
  to: string | null,
): Promise<void> {
  if (from === to) return;
  if (kind === "book") return repo.bookChapterComments(db, from, to);
  if (to === null) return repo.deleteItemComments(db, kind, from);
  return repo.moveItemComments(db, kind, from, to);
}
