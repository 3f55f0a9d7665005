import { Hono } from "hono";
import {
  IMPORT_LIMITS,
  type ImportFile,
  type ImportProgress,
  importFileSchema,
} from "../../shared/import-rules.ts";
import { ctx } from "../content/route-parts.ts";
import { largeBody } from "../http/body-limit.ts";
import type { AppEnv } from "../http/context.ts";
import { ok } from "../http/envelope.ts";
import { ApiError } from "../http/errors.ts";
import { requireAdmin } from "../http/middleware.ts";
import { formBody, idParamSchema, pathParams } from "../http/validate.ts";
import { SourceRefused } from "./items.ts";
import { progressOf, setProgress } from "./progress.ts";
import { fileSource, zipSource } from "./source.ts";
import { type ImportOutcome, importBlog, listBlogImports, removeBlogImport } from "./writer.ts";

/**
 * Imports from another blog in the back office (the same code as `npm run import:blog`):
 *
 * - `POST /api/admin/imports/preview` reads an uploaded export (a WordPress .xml, a Ghost
 *   .json, or a .zip of a Markdown blog) and answers what importing it would bring; nothing is
 *   written (and, like the editor's preview, it is not in the audit log).
 * - `POST /api/admin/imports` imports it: the report of what was written, and the import's id.
 * - `GET /api/admin/imports/progress/:id` answers how far the import the page named `id` has
 *   got (on this instance: 404 elsewhere or once forgotten).
 * - `GET /api/admin/imports` lists the imports made; `DELETE /api/admin/imports/:id` removes
 *   one with everything it made.
 */

/** What the form around the file may add. */
const UPLOAD_LIMIT = IMPORT_LIMITS.bytes + 64 * 1024;

function refused(message: string, key: string): ApiError {
  return new ApiError(400, "validation", message, { issues: [{ field: "file", message, key }] });
}

async function run(
  c: Parameters<typeof ctx>[0],
  { file, fetchImages, progress }: ImportFile,
  dryRun: boolean,
): Promise<ImportOutcome> {
  const actor = c.var.user?.id ?? "";
  const onProgress = progress
    ? (step: ImportProgress) => setProgress(actor, progress, step)
    : undefined;
  onProgress?.({ stage: "items", done: 0, total: 0 });
  const name = file.name.split(/[/\\]/).at(-1) || "upload";
  const bytes = new Uint8Array(await file.arrayBuffer());
  let source: Awaited<ReturnType<typeof zipSource>>;
  try {
    source = name.toLowerCase().endsWith(".zip")
      ? await zipSource(bytes, name)
      : { ...(await fileSource(new TextDecoder().decode(bytes), name)), close: async () => {} };
  } catch (error) {
    if (error instanceof SourceRefused) throw refused(error.message, "bmsImport.problems.notABlog");
    throw error;
  }
  try {
    const content = ctx(c);
    return await importBlog(
      {
        ...content,
        storage: c.var.storage,
        actor: content.actor ?? null,
        outbound: c.var.outbound.policy,
      },
      source,
      { dryRun, fetchImages, onProgress },
    );
  } finally {
    await source.close();
  }
}

export const importRoutes = new Hono<AppEnv>()
  .get("/admin/imports", requireAdmin, async (c) =>
    ok(
      c,
      (await listBlogImports(c.var.db)).map((row) => ({
        id: row.id,
        tool: row.tool,
        source: row.source,
        counts: row.counts,
        createdAt: row.createdAt.toISOString(),
      })),
    ),
  )
  .post(
    "/admin/imports/preview",
    requireAdmin,
    largeBody(UPLOAD_LIMIT),
    formBody(importFileSchema),
    async (c) => ok(c, await run(c, c.req.valid("form"), true)),
  )
  .post(
    "/admin/imports",
    requireAdmin,
    largeBody(UPLOAD_LIMIT),
    formBody(importFileSchema),
    async (c) => ok(c, await run(c, c.req.valid("form"), false), "Imported"),
  )
  .get("/admin/imports/progress/:id", requireAdmin, pathParams(idParamSchema), async (c) => {
    const progress = progressOf(c.var.user?.id ?? "", c.req.valid("param").id);
    if (!progress) throw new ApiError(404, "not_found", "No import of that id runs here");
    return ok(c, progress);
  })
  .delete("/admin/imports/:id", requireAdmin, pathParams(idParamSchema), async (c) => {
    const content = ctx(c);
    const removed = await removeBlogImport(
      {
        db: content.db,
        storage: c.var.storage,
        publisher: content.publisher,
        files: content.files,
      },
      c.req.valid("param").id,
    );
    if (!removed) throw new ApiError(404, "not_found", "No such import");
    return ok(
      c,
      {
        id: c.req.valid("param").id,
        articles: removed.articles.length,
        categories: removed.categories.length,
        images: removed.media.length,
      },
      "Removed",
    );
  });
