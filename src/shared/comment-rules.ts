import { checkEmail } from "./auth-rules.ts";
import { type CONTENT_LANGS, SLUG } from "./content-rules.ts";

// Readers' comments: their kinds, states and limits, and what a reader sees of one. No zod: the
// comments island checks its form with these rules (`checkComment`), the API with comments.ts.

/** The items that take comments. */
export const COMMENT_KINDS = ["article", "note", "chapter"] as const;
export type CommentKind = (typeof COMMENT_KINDS)[number];

/**
 * A comment's state. `pending` waits for the owner (a guest's first comment, one with many
 * links); `spam` and `deleted` are never shown.
 */
export const COMMENT_STATUSES = ["pending", "approved", "spam", "deleted"] as const;
export type CommentStatus = (typeof COMMENT_STATUSES)[number];

export const COMMENT_LIMITS = {
  body: 4000,
  name: 40,
  email: 254,
  /** More links than this and a comment waits for approval. */
  links: 2,
  /** How long after writing it its author may edit a comment. */
  editMinutes: 15,
} as const;

/** Whether `item` names an item of `kind`: its slug, or `book/chapter` for a chapter. */
export function isItemPath({ kind, item }: { kind: CommentKind; item: string }): boolean {
  const parts = item.split("/");
  return parts.length === (kind === "chapter" ? 2 : 1) && parts.every((p) => SLUG.test(p));
}

/** Whether a comment written at `createdAt` (ISO time) may still be edited by its author. */
export const isEditable = (createdAt: string, now = Date.now()) =>
  now - Date.parse(createdAt) <= COMMENT_LIMITS.editMinutes * 60_000;

/** The message key of a comment form's problem, per field; none when the field is fine. */
export function checkComment(fields: {
  body: string;
  guest: boolean;
  name: string;
  email: string;
}) {
  const body = fields.body.trim();
  return {
    body: !body
      ? "comments.errors.body"
      : body.length > COMMENT_LIMITS.body
        ? "comments.errors.tooLong"
        : null,
    name: fields.guest && !fields.name.trim() ? "comments.errors.name" : null,
    email: fields.guest && checkEmail(fields.email) !== null ? "comments.errors.email" : null,
  } as const;
}

/** A comment as a reader sees it. */
export interface CommentRecord {
  id: string;
  /** The thread's first comment; null for a first comment. */
  threadId: string | null;
  /** Whom it answers, by name, when that is not the thread's first comment. */
  replyTo: { id: string; name: string } | null;
  author: {
    name: string;
    avatar: string | null;
    /** The site's owner. */
    owner: boolean;
    /** A reader whose account is gone ("deleted reader"). */
    gone: boolean;
    /** A fediverse author's profile page (their reply came from Mastodon or the like). */
    url?: string | undefined;
  };
  /** Sanitised on the server; empty for a deleted comment kept for its replies. */
  html: string;
  lang: (typeof CONTENT_LANGS)[number];
  status: CommentStatus;
  createdAt: string;
  editedAt: string | null;
  /** Written by the caller: they may edit it (within the window) and delete it. */
  mine: boolean;
  /** The Markdown as written: only for the caller's own comments, to edit. */
  body?: string | undefined;
}

/** Approved comments of each item, by `kind/item`. */
export type CommentCounts = Record<string, number>;

/** A comment as the owner sees it in /bms: with its item, its status and the guest's email. */
export interface ModeratedComment extends CommentRecord {
  kind: CommentKind;
  item: string;
  /** A guest's email (never shown to readers). */
  email: string | null;
}

/** The site's page a reply mail's unsubscribe link lands on (`#stopped` or `#unknown`). */
export const COMMENT_MAIL_PAGE = "/comment-mail/";

/** How the owner hears of comments that wait: a mail for each, or a digest once a day. */
export const COMMENT_MAIL_MODES = ["each", "daily"] as const;
export type CommentMailMode = (typeof COMMENT_MAIL_MODES)[number];
