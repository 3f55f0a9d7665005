import { Hono } from "hono";
import { listFediverseFollowersQuerySchema } from "../../shared/following.ts";
import { largeBody } from "../http/body-limit.ts";
import type { AppEnv } from "../http/context.ts";
import { ok } from "../http/envelope.ts";
import { requireAdmin } from "../http/middleware.ts";
import { FEDIVERSE_INBOX_RATE, rateLimit } from "../http/rate-limit.ts";
import { queryParams } from "../http/validate.ts";
import { articleReactions, listFediverseFollowers } from "./admin.ts";
import type { BlogFederation } from "./federation.ts";
import { toPublicRequest } from "./paths.ts";

// The fediverse's door into the API: the public federation paths (/ap/…, WebFinger, NodeInfo)
// arrive under /api/federation (src/server/fediverse/paths.ts) and go to Fedify at their public
// path. An inbox is written to by other servers, unsigned in by nobody: it is rate-limited per
// address like every anonymous write, before Fedify reads a key or the database.

/** An activity with a long reply and its proofs fits; nothing larger is read. */
const inboxBody = largeBody(256 * 1024);

export function fediverseRoutes(blog: BlogFederation) {
  const handle = (request: Request, db: AppEnv["Variables"]["db"]) =>
    blog.federation.fetch(toPublicRequest(request), {
      contextData: { db },
      onNotFound: () => new Response("Not found", { status: 404 }),
      onNotAcceptable: () => new Response("Not acceptable", { status: 406 }),
    });
  return new Hono<AppEnv>()
    .post("/federation/ap/inbox", rateLimit(FEDIVERSE_INBOX_RATE), inboxBody, (c) =>
      handle(c.req.raw, c.var.db),
    )
    .post(
      "/federation/ap/actor/:identifier/inbox",
      rateLimit(FEDIVERSE_INBOX_RATE),
      inboxBody,
      (c) => handle(c.req.raw, c.var.db),
    )
    .get("/federation/*", (c) => handle(c.req.raw, c.var.db));
}

/** The owner's side: who follows (`/bms/followers`), and each article's likes and boosts. */
export const fediverseAdminRoutes = new Hono<AppEnv>()
  .get(
    "/admin/fediverse/followers",
    requireAdmin,
    queryParams(listFediverseFollowersQuerySchema),
    async (c) => ok(c, await listFediverseFollowers(c.var.db, c.req.valid("query"))),
  )
  .get("/admin/fediverse/reactions", requireAdmin, async (c) =>
    ok(c, await articleReactions(c.var.db)),
  );
