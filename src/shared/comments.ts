import { z } from "zod";
import "./zod-browser.ts";
import { optionalQuery, pageFields } from "./auth.ts";
import { COMMENT_KINDS, COMMENT_LIMITS, COMMENT_STATUSES, isItemPath } from "./comment-rules.ts";
import { CONTENT_LANGS } from "./content-rules.ts";

// Readers' comments: what the API accepts (its zod schemas; the rules are in comment-rules.ts).

export * from "./comment-rules.ts";

const notAnItem = { message: "is not an item's path", path: ["item"] };

/** An item by its kind and path. */
export const commentItemSchema = z
  .strictObject({ kind: z.enum(COMMENT_KINDS), item: z.string().max(200) })
  .refine(isItemPath, notAnItem);

/** `GET /comments/page`: an item's comments as a page, for readers without JavaScript. */
export const commentPageQuerySchema = z
  .strictObject({
    kind: z.enum(COMMENT_KINDS),
    item: z.string().max(200),
    lang: z.enum(CONTENT_LANGS).optional(),
  })
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

/** `GET /admin/comments`: the owner's list, by status, kind, item and author (name or email). */
export const listCommentsQuerySchema = z.object({
  ...pageFields,
  status: optionalQuery(z.enum(COMMENT_STATUSES)),
  kind: optionalQuery(z.enum(COMMENT_KINDS)),
  item: optionalQuery(z.string().trim().max(200)),
  author: optionalQuery(z.string().trim().max(254)),
});
export type ListCommentsQuery = z.output<typeof listCommentsQuerySchema>;

/** `PUT /admin/comments/:id/status`: approve, hold, mark as spam or delete. */
/** The token of a reply mail's unsubscribe link (32 random bytes, base64url). */
export const commentMailTokenSchema = z.strictObject({
  token: z.string().regex(/^[\w-]{43}$/, "is not a link of ours"),
});

export const commentStatusSchema = z.strictObject({ status: z.enum(COMMENT_STATUSES) });
