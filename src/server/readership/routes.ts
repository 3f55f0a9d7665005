import { Hono } from "hono";
import { BEACON_LIMITS, readershipQuerySchema } from "../../shared/readership.ts";
import { smallBody } from "../http/body-limit.ts";
import type { AppEnv } from "../http/context.ts";
import { ok } from "../http/envelope.ts";
import { requireAdmin } from "../http/middleware.ts";
import { BEACON_RATE, rateLimit } from "../http/rate-limit.ts";
import { queryParams } from "../http/validate.ts";
import { countBeacon, parseBeacon, readership } from "./service.ts";

/** Readership: each page's beacon (public) and the counts over a span (the overview's). */
export const readershipRoutes = new Hono<AppEnv>()
  // 204 and no body whether it counted or not: the page learns nothing and waits for nothing.
  .post("/beacon", smallBody(BEACON_LIMITS.bytes), rateLimit(BEACON_RATE), async (c) => {
    const beacon = parseBeacon(c.req.header("content-type"), await c.req.text());
    await countBeacon(c.var.db, beacon, {
      dnt: c.req.header("dnt"),
      gpc: c.req.header("sec-gpc"),
      userAgent: c.req.header("user-agent"),
      host: c.req.header("host") ?? new URL(c.req.url).host,
    });
    return c.body(null, 204);
  })
  .get("/admin/readership", requireAdmin, queryParams(readershipQuerySchema), async (c) =>
    ok(c, await readership(c.var.db, c.req.valid("query").days)),
  );
