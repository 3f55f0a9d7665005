import { Hono } from "hono";
import { contentFiles } from "../content/files.ts";
import type { AppEnv } from "../http/context.ts";
import { ok } from "../http/envelope.ts";
import { requireAdmin } from "../http/middleware.ts";
import { overview } from "./service.ts";

/** `GET /api/admin/overview`: the blog at a glance. */
export const overviewRoutes = new Hono<AppEnv>().get("/admin/overview", requireAdmin, async (c) =>
  ok(c, await overview({ db: c.var.db, publisher: c.var.publisher, files: contentFiles() })),
);
