import { type Context, Hono } from "hono";
import {
  FOLLOW_PAGE,
  type FollowState,
  followRequestSchema,
  followTokenSchema,
  listMailingsQuerySchema,
  listSubscribersQuerySchema,
  subscribersFilterSchema,
} from "../../shared/following.ts";
import type { AppEnv } from "../http/context.ts";
import { csvResponse } from "../http/csv.ts";
import { ok } from "../http/envelope.ts";
import { ApiError } from "../http/errors.ts";
import { requireAdmin } from "../http/middleware.ts";
import { FOLLOW_LINK_RATE, FOLLOW_RATE, rateLimit } from "../http/rate-limit.ts";
import { idParamSchema, pathParams, queryParams } from "../http/validate.ts";
import {
  exportSubscribers,
  listMailings,
  listSubscribers,
  removeSubscriber,
  subscriberSummary,
} from "./admin.ts";
import { confirmFollowing, requestToFollow, stopFollowing } from "./service.ts";

// Following by email. The follow page's form is plain HTML, so each step answers with a
// redirect to that page, whose fragment says what happened (`#sent`, `#confirmed` …). A mail
// program's one-click unsubscribe (RFC 8058, a POST) gets the API's answer instead.

export const followRoutes = new Hono<AppEnv>()
  .post("/follow", rateLimit(FOLLOW_RATE), async (c) => {
    const form = await c.req.parseBody({ all: true }).catch(() => ({}));
    const parsed = followRequestSchema.safeParse(form);
    if (parsed.success) {
      await requestToFollow(
        {
          db: c.var.db,
          mailer: c.var.mailer,
          origin: new URL(c.req.url).origin,
          afterAnswer: c.var.afterAnswer,
        },
        parsed.data,
      );
    }
    return landOn(c, parsed.success ? "sent" : "invalid");
  })
  .get("/follow/confirm", rateLimit(FOLLOW_LINK_RATE), async (c) => {
    const parsed = followTokenSchema.safeParse(c.req.query());
    const confirmed = parsed.success && (await confirmFollowing(c.var.db, parsed.data.token));
    return landOn(c, confirmed ? "confirmed" : "unknown");
  })
  .get("/follow/unsubscribe", rateLimit(FOLLOW_LINK_RATE), async (c) => {
    const parsed = followTokenSchema.safeParse(c.req.query());
    const stopped = parsed.success && (await stopFollowing(c.var.db, parsed.data.token));
    return landOn(c, stopped ? "stopped" : "unknown");
  })
  .post(
    "/follow/unsubscribe",
    rateLimit(FOLLOW_LINK_RATE),
    queryParams(followTokenSchema),
    async (c) => {
      if (!(await stopFollowing(c.var.db, c.req.valid("query").token)))
        throw new ApiError(404, "not_found", "No such unsubscribe link");
      return ok(c, null, "Unsubscribed");
    },
  );

/** The follow page at the fragment that says what happened; never cached. */
function landOn(c: Context<AppEnv>, state: FollowState) {
  c.header("Cache-Control", "no-store");
  return c.redirect(`${FOLLOW_PAGE}#${state}`, 303);
}

/** The owner's side: counts and growth, the subscribers, the mailings (`/bms/followers`). */
export const followAdminRoutes = new Hono<AppEnv>()
  .get("/admin/subscribers/summary", requireAdmin, async (c) =>
    ok(c, await subscriberSummary(c.var.db)),
  )
  .get("/admin/subscribers", requireAdmin, queryParams(listSubscribersQuerySchema), async (c) =>
    ok(c, await listSubscribers(c.var.db, c.req.valid("query"))),
  )
  .get("/admin/subscribers/export", requireAdmin, queryParams(subscribersFilterSchema), async (c) =>
    csvResponse(c, "subscribers", exportSubscribers(c.var.db, c.req.valid("query"))),
  )
  .delete("/admin/subscribers/:id", requireAdmin, pathParams(idParamSchema), async (c) =>
    ok(c, await removeSubscriber(c.var.db, c.req.valid("param").id), "Subscriber removed"),
  )
  .get("/admin/mailings", requireAdmin, queryParams(listMailingsQuerySchema), async (c) =>
    ok(c, await listMailings(c.var.db, c.req.valid("query"))),
  );
