import { Hono } from "hono";
import {
  COMMENT_MAIL_PAGE,
  type CommentKind,
  commentEditSchema,
  commentInputSchema,
  commentItemSchema,
  commentMailTokenSchema,
  commentPageQuerySchema,
  commentStatusSchema,
  listCommentsQuerySchema,
} from "../../shared/comments.ts";
import { sitePaths } from "../../shared/site-paths.ts";
import { articles } from "../articles/service.ts";
import { chapters } from "../books/chapters.ts";
import { ctx } from "../content/route-parts.ts";
import type { ContentContext } from "../content/service.ts";
import type { AppEnv } from "../http/context.ts";
import { ok } from "../http/envelope.ts";
import { ApiError } from "../http/errors.ts";
import { caller, requireAdmin, requireUser } from "../http/middleware.ts";
import {
  COMMENT_MAIL_RATE,
  COMMENT_RATE,
  COMMENT_USER_RATE,
  rateLimit,
  rateLimitPerUser,
} from "../http/rate-limit.ts";
import { idParamSchema, jsonBody, pathParams, queryParams } from "../http/validate.ts";
import { notes } from "../notes/service.ts";
import { currentSettings } from "../site-config/settings.ts";
import { renderCommentsPage } from "./page.ts";
import {
  commentCounts,
  deleteOwnComment,
  editComment,
  listComments,
  moderate,
  moderationPage,
  stopReplyMails,
  writeComment,
} from "./service.ts";

/**
 * The item a comment is for, if it is on the site: whether it takes comments now (its own
 * switch) and its title (a note's path: notes have none). Each kind's service says.
 */
async function itemOnSite(ctx: ContentContext, kind: CommentKind, item: string) {
  const [book = "", chapter = ""] = item.split("/");
  if (kind === "note") {
    const note = await notes.shown(ctx, item);
    return note ? { open: note.comments, title: item } : null;
  }
  const found =
    kind === "article" ? await articles.shown(ctx, item) : await chapters.shown(ctx, book, chapter);
  return found ? { open: found.comments, title: found.title } : null;
}

/** Readers' comments: an item's thread, the counts, and a reader's own writes. */
export const commentRoutes = new Hono<AppEnv>()
  .get("/comments", queryParams(commentItemSchema), async (c) => {
    const { kind, item } = c.req.valid("query");
    // Each reader sees their own comments that wait: never kept by a shared cache.
    c.header("Cache-Control", "private, no-cache");
    return ok(c, await listComments(c.var.db, kind, item, c.var.user?.id ?? null));
  })
  // For readers without JavaScript: the same comments as a page, the same for everyone.
  .get("/comments/page", queryParams(commentPageQuerySchema), async (c) => {
    const { kind, item, lang } = c.req.valid("query");
    const locale = lang ?? (await currentSettings(c.var.db)).defaultLocale;
    const found = await itemOnSite(ctx(c), kind, item);
    const html = renderCommentsPage({
      locale,
      title: found?.title ?? item,
      href: found ? sitePaths[kind](item) : "/",
      comments: found ? await listComments(c.var.db, kind, item, null) : null,
    });
    c.header("Cache-Control", "public, max-age=60");
    return c.html(html, found ? 200 : 404);
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
          afterAnswer: c.var.afterAnswer,
          open: async (kind, item) => (await itemOnSite(content, kind, item))?.open ?? null,
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
  // --- The link in a reply mail. A reader's click (GET) stops the mails and lands on the site's
  // page that says so (`#stopped`, or `#unknown` for a link that is not ours); a mail program's
  // one-click POST (RFC 8058, `List-Unsubscribe=One-Click`) gets the API's answer.
  .get("/comments/unsubscribe", rateLimit(COMMENT_MAIL_RATE), async (c) => {
    const parsed = commentMailTokenSchema.safeParse(c.req.query());
    const stopped = parsed.success && (await stopReplyMails(c.var.db, parsed.data.token));
    c.header("Cache-Control", "no-store");
    return c.redirect(`${COMMENT_MAIL_PAGE}#${stopped ? "stopped" : "unknown"}`, 303);
  })
  .post(
    "/comments/unsubscribe",
    rateLimit(COMMENT_MAIL_RATE),
    queryParams(commentMailTokenSchema),
    async (c) => {
      if (!(await stopReplyMails(c.var.db, c.req.valid("query").token)))
        throw new ApiError(404, "not_found", "No such unsubscribe link");
      return ok(c, null, "Unsubscribed");
    },
  )
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
        await moderate(
          {
            db: c.var.db,
            mailer: c.var.mailer,
            origin: new URL(c.req.url).origin,
            afterAnswer: c.var.afterAnswer,
          },
          c.req.valid("param").id,
          c.req.valid("json").status,
        ),
        "Status changed",
      ),
  );
