import { z } from "zod";
import "./zod-browser.ts";
import { CONTENT_LANGS, SLUG } from "./content-rules.ts";

// Readers' comments: what the API accepts and answers, shared by the server and the island.

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

const notAnItem = { message: "is not an item's path", path: ["item"] };

/** An item by its kind and path. */
export const commentItemSchema = z
  .strictObject({ kind: z.enum(COMMENT_KINDS), item: z.string().max(200) })
  .refine(isItemPath, notAnItem);

const body = z.string().trim().min(1, "is required").max(COMMENT_LIMITS.body);

/**
 * A new comment. A guest also gives a name and an email; `website` is a field people never see
 * (a honeypot): a form that fills it is a bot's.
 */
export const commentInputSchema = z
  .strictObject({
    kind: z.enum(COMMENT_KINDS),
    item: z.string().max(200),
    body,
    lang: z.enum(CONTENT_LANGS),
    replyTo: z.uuid().optional(),
    name: z.string().trim().min(1, "is required").max(COMMENT_LIMITS.name).optional(),
    email: z.email().max(COMMENT_LIMITS.email).optional(),
    website: z.string().max(500).optional(),
  })
  .refine(isItemPath, notAnItem);
export type CommentInput = z.output<typeof commentInputSchema>;

export const commentEditSchema = z.strictObject({ body });

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
  };
  /** Sanitised on the server; empty for a deleted comment kept for its replies. */
  html: string;
  lang: (typeof CONTENT_LANGS)[number];
  status: CommentStatus;
  createdAt: string;
  editedAt: string | null;
  /** Written by the caller: they may edit it (within the window) and delete it. */
  mine: boolean;
}

/** Approved comments of each item, by `kind/item`. */
export type CommentCounts = Record<string, number>;
