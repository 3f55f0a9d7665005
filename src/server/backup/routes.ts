import { Hono } from "hono";
import { z } from "zod";
import type { AppEnv } from "../http/context.ts";
import { ok } from "../http/envelope.ts";
import { ApiError } from "../http/errors.ts";
import { requireAdmin } from "../http/middleware.ts";
import { pathParams } from "../http/validate.ts";
import { exportArchive, exportFileName } from "./export.ts";

/**
 * The back office's export, in two steps, so an archive of any size reaches the owner on
 * Netlify too, where a function may answer at most about 6 MB:
 *
 * - `POST /api/admin/export` makes the archive of `npm run export` (never with password
 *   hashes), keeps it in storage as `export-latest.tar.gz` (the next export replaces it) and
 *   answers its name, its size and a link: Supabase Storage's signed URL, which downloads it
 *   straight from the bucket for 10 minutes; `null` on local disk.
 * - `GET /api/admin/export/:file` sends that stored archive under its dated name: the back
 *   office's download where there is no signed link (`npm start`, `npm run dev`).
 */
export const EXPORT_BLOB = "export-latest.tar.gz";
/** How long a signed download link opens the archive. */
export const EXPORT_LINK_SECONDS = 600;

const fileParam = z.object({ file: z.string().regex(/^blog-export-\d{4}-\d{2}-\d{2}\.tar\.gz$/) });

export const backupRoutes = new Hono<AppEnv>()
  .post("/admin/export", requireAdmin, async (c) => {
    const now = new Date();
    const archive = await exportArchive(c.var.db, c.var.storage, { now });
    await c.var.storage.put(EXPORT_BLOB, archive);
    const fileName = exportFileName(now);
    const url = await c.var.storage.downloadLink(EXPORT_BLOB, fileName, EXPORT_LINK_SECONDS);
    return ok(c, { fileName, bytes: archive.byteLength, url });
  })
  .get("/admin/export/:file", requireAdmin, pathParams(fileParam), async (c) => {
    const archive = await c.var.storage.get(EXPORT_BLOB);
    if (!archive) throw new ApiError(404, "not_found", "No export has been made yet");
    return c.body(new Uint8Array(archive), 200, {
      "content-type": "application/gzip",
      "content-disposition": `attachment; filename="${c.req.valid("param").file}"`,
      "content-length": String(archive.byteLength),
      "cache-control": "no-store",
    });
  });
