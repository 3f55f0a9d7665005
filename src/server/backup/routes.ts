import { Hono } from "hono";
import type { AppEnv } from "../http/context.ts";
import { requireAdmin } from "../http/middleware.ts";
import { exportArchive, exportFileName } from "./export.ts";

/**
 * `GET /api/admin/export`: the archive of `npm run export` as a download (admins only), never
 * with password hashes. Made whole before it is sent (a blog's writing and images: megabytes).
 */
export const backupRoutes = new Hono<AppEnv>().get("/admin/export", requireAdmin, async (c) => {
  const now = new Date();
  const archive = await exportArchive(c.var.db, c.var.storage, { now });
  return c.body(new Uint8Array(archive), 200, {
    "content-type": "application/gzip",
    "content-disposition": `attachment; filename="${exportFileName(now)}"`,
    "content-length": String(archive.byteLength),
    "cache-control": "no-store",
  });
});
