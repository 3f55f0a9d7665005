import { Hono } from "hono";
import { z } from "zod";
import { listMediaQuerySchema, MEDIA_LIMITS, updateMediaSchema } from "../../shared/kinds/media.ts";
import { largeBody } from "../http/body-limit.ts";
import type { AppEnv } from "../http/context.ts";
import { ok } from "../http/envelope.ts";
import { caller, requireAdmin } from "../http/middleware.ts";
import { formBody, idParamSchema, jsonBody, pathParams, queryParams } from "../http/validate.ts";
import {
  deleteMediaById,
  getMedia,
  listMediaPage,
  listMediaTags,
  updateMediaById,
  uploadMedia,
} from "./service.ts";
import { readVariant } from "./store.ts";

/** One image per request, as multipart form data in the field `file`: each has its progress. */
const uploadSchema = z.object({
  file: z.instanceof(File, { message: "Send the image as multipart form data, field file" }),
});

/** An upload's body: the image and the form data around it. */
export const MEDIA_UPLOAD_LIMIT_BYTES = MEDIA_LIMITS.bytes + 64 * 1024;

export const mediaRoutes = new Hono<AppEnv>()
  .post(
    "/admin/media",
    requireAdmin,
    largeBody(MEDIA_UPLOAD_LIMIT_BYTES),
    formBody(uploadSchema),
    async (c) =>
      ok(
        c,
        await uploadMedia(c.var.db, c.var.storage, caller(c).id, c.req.valid("form").file),
        "Uploaded",
      ),
  )
  .get("/admin/media", requireAdmin, queryParams(listMediaQuerySchema), async (c) =>
    ok(c, await listMediaPage(c.var.db, c.req.valid("query"))),
  )
  // Before `/admin/media/:id`, which would take "tags" for an id.
  .get("/admin/media/tags", requireAdmin, async (c) => ok(c, await listMediaTags(c.var.db)))
  .get("/admin/media/:id", requireAdmin, pathParams(idParamSchema), async (c) =>
    ok(c, await getMedia(c.var.db, c.req.valid("param").id)),
  )
  .put(
    "/admin/media/:id",
    requireAdmin,
    pathParams(idParamSchema),
    jsonBody(updateMediaSchema),
    async (c) =>
      ok(c, await updateMediaById(c.var.db, c.req.valid("param").id, c.req.valid("json")), "Saved"),
  )
  .delete("/admin/media/:id", requireAdmin, pathParams(idParamSchema), async (c) => {
    await deleteMediaById(c.var.db, c.var.storage, c.req.valid("param").id);
    return ok(c, null, "Deleted");
  })
  .get("/media/:name", async (c) => {
    const { bytes, type } = await readVariant(c.var.storage, c.req.param("name"));
    // Not an envelope: the image itself. A variant's name is never reused, so it never changes.
    // (Storage hands back bytes over a plain ArrayBuffer, which `c.body` is typed to want.)
    return c.body(bytes as Uint8Array<ArrayBuffer>, 200, {
      "content-type": type,
      "cache-control": "public, max-age=31536000, immutable",
    });
  });
