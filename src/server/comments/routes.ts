import { Hono } from "hono";
import {
  type CommentKind,
  commentEditSchema,
  commentInputSchema,
  commentItemSchema,
  commentStatusSchema,
  listCommentsQuerySchema,
} from "../../shared/comments.ts";
import { articles } from "../articles/service.ts";
import { chapters } from "../books/chapters.ts";
import { ctx } from "../content/route-parts.ts";
import type { ContentContext } from "../content/service.ts";
import type { AppEnv } from "../http/context.ts";
import { ok } from "../http/envelope.ts";
import { caller, requireAdmin, requireUser } from "../http/middleware.ts";
import {
  COMMENT_RATE,
  COMMENT_USER_RATE,
  rateLimit,
  rateLimitPerUser,
} from "../http/rate-limit.ts";
import { idParamSchema, jsonBody, pathParams, queryParams } from "../http/validate.ts";
import { notes } from "../notes/service.ts";
import {
  commentCounts,
  deleteOwnComment,
  editComment,
  listComments,
  moderate,
  moderationPage,
  writeComment,
} from "./service.ts";

/**
 * Whether the item a comment is for takes comments now: null when it is not on the site, else
 * its own switch. Each kind's service says.
 */
async function itemOpen(ctx: ContentContext, kind: CommentKind, item: string) {
  const [book = "", chapter = ""] = item.split("/");
  const found =
    kind === "article"
      ? await articles.shown(ctx, item)
      : kind === "note"
        ? await notes.shown(ctx, item)
        : await chapters.shown(ctx, book, chapter);
  return found ? found.comments : null;
}

/** Readers' comments: an item's thread, the counts, and a reader's own writes. */
export const commentRoutes = new Hono<AppEnv>()
  .get("/comments", queryParams(commentItemSchema), async (c) => {
    const { kind, item } = c.req.valid("query");
    // Each reader sees their own comments that wait: never kept by a shared cache.
    c.header("Cache-Control", "private, no-cache");
    return ok(c, await listComments(c.var.db, kind, item, c.var.user?.id ?? null));
  })
  .get("/comments/counts", async (c) => {
    c.header("Cache-Control", "public, max-age=60");
    return ok(c, await commentCounts(c.var.db));
  })
  .post(
    "/comments",
    rateLimit(COMMENT_RATE),
    rateLimitPerUser(COMMENT_USER_RATE),
    jsonBody(commentInputSchema),
    async (c) => {
      const user = c.var.user;
      const content = ctx(c);
      const written = await writeComment(
        {
          ...content,
          mailer: c.var.mailer,
          origin: new URL(c.req.url).origin,
          open: (kind, item) => itemOpen(content, kind, item),
        },
        c.req.valid("json"),
        user ? { id: user.id, role: user.role } : null,
        c.var.clientIp,
      );
      return ok(c, written, written.status === "pending" ? "Held for approval" : "Published");
    },
  )
  .put(
    "/comments/:id",
    requireUser,
    pathParams(idParamSchema),
    jsonBody(commentEditSchema),
    async (c) => {
      const user = caller(c);
      const { body } = c.req.valid("json");
      return ok(c, await editComment(c.var.db, c.req.valid("param").id, user, body), "Saved");
    },
  )
  .delete("/comments/:id", requireUser, pathParams(idParamSchema), async (c) => {
    await deleteOwnComment(c.var.db, c.req.valid("param").id, caller(c).id);
    return ok(c, null, "Deleted");
  })
  // --- The owner's moderation
  .get("/admin/comments", requireAdmin, queryParams(listCommentsQuerySchema), async (c) =>
    ok(c, await moderationPage(c.var.db, c.req.valid("query"))),
  )
  .put(
    "/admin/comments/:id/status",
    requireAdmin,
    pathParams(idParamSchema),
    jsonBody(commentStatusSchema),
    async (c) =>
      ok(
        c,
        await moderate(c.var.db, c.req.valid("param").id, c.req.valid("json").status),
        "Status changed",
      ),
  );
