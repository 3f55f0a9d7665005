import { Hono } from "hono";
import { largeBody } from "../http/body-limit.ts";
import type { AppEnv } from "../http/context.ts";
import { FEDIVERSE_INBOX_RATE, rateLimit } from "../http/rate-limit.ts";
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
