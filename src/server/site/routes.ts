import { Hono } from "hono";
import { BUILD_STATUS_PATH, type BuildStatus } from "../../shared/build-status.ts";
import type { AppEnv } from "../http/context.ts";
import { ok } from "../http/envelope.ts";
import { requireAdmin } from "../http/middleware.ts";

const NOTHING_SET_UP: BuildStatus = { mode: "none", runs: [] };

/**
 * The live site's side of the back office, admin only. `GET /api/admin/site/build`: how far
 * the builds set off by content changes have got (takes no input), kept by the publisher of
 * wherever the API runs (publishers.ts, rebuild.ts).
 */
export const siteRoutes = new Hono<AppEnv>().get(BUILD_STATUS_PATH, requireAdmin, (c) =>
  ok(c, c.var.publisher.status?.() ?? NOTHING_SET_UP),
);
