import { Hono } from "hono";
import {
  categorySlugParamSchema,
  createAlbumSchema,
  createPhotoSchema,
  listAlbumsQuerySchema,
  listPhotosQuerySchema,
  updateAlbumSchema,
  updatePhotoSchema,
} from "../../shared/content.ts";
import { photoTagParamSchema, savePhotoTagSchema } from "../../shared/kinds/photo.ts";
import { itemRoutes } from "../content/item-routes.ts";
import { ctx } from "../content/route-parts.ts";
import { CONTENT_MESSAGES } from "../content/service.ts";
import type { AppEnv } from "../http/context.ts";
import { ok } from "../http/envelope.ts";
import { requireAdmin } from "../http/middleware.ts";
import { jsonBody, pathParams, queryParams } from "../http/validate.ts";
import { createAlbum, deleteAlbum, listAlbumPage, updateAlbum } from "./albums.ts";
import { photos } from "./service.ts";
import { deletePhotoTag, listPhotoTags, savePhotoTag } from "./tags.ts";

const { created, updated, deleted } = CONTENT_MESSAGES;
const slug = pathParams(categorySlugParamSchema);
const tagParam = pathParams(photoTagParamSchema);

/** The gallery's API, admin only: photos, their albums and the names of their tags. */
export const photoRoutes = new Hono<AppEnv>()
  // Before `/:id`, which would refuse "counts" as an id.
  .get("/admin/photos/counts", requireAdmin, async (c) => ok(c, await photos.counts(ctx(c))))
  .route(
    "/",
    itemRoutes(
      "/admin/photos",
      { list: listPhotosQuerySchema, create: createPhotoSchema, update: updatePhotoSchema },
      photos,
    ),
  )
  // --- Albums of the gallery (the slug is the id)
  .get("/admin/albums", requireAdmin, queryParams(listAlbumsQuerySchema), async (c) =>
    ok(c, await listAlbumPage(ctx(c), c.req.valid("query"))),
  )
  .post("/admin/albums", requireAdmin, jsonBody(createAlbumSchema), async (c) =>
    ok(c, await createAlbum(ctx(c), c.req.valid("json")), created),
  )
  .put("/admin/albums/:slug", requireAdmin, slug, jsonBody(updateAlbumSchema), async (c) =>
    ok(c, await updateAlbum(ctx(c), c.req.valid("param").slug, c.req.valid("json")), updated),
  )
  .delete("/admin/albums/:slug", requireAdmin, slug, async (c) =>
    ok(c, await deleteAlbum(ctx(c), c.req.valid("param").slug), deleted),
  )
  // --- Names of the gallery's tags, in each language (the tag as photos write it is the id)
  .get("/admin/photo-tags", requireAdmin, queryParams(listAlbumsQuerySchema), async (c) =>
    ok(c, await listPhotoTags(ctx(c), c.req.valid("query"))),
  )
  .put("/admin/photo-tags/:tag", requireAdmin, tagParam, jsonBody(savePhotoTagSchema), async (c) =>
    ok(c, await savePhotoTag(ctx(c), c.req.valid("param").tag, c.req.valid("json")), updated),
  )
  .delete("/admin/photo-tags/:tag", requireAdmin, tagParam, async (c) =>
    ok(c, await deletePhotoTag(ctx(c), c.req.valid("param").tag), deleted),
  );
