import { Hono } from "hono";
import {
  categorySlugParamSchema,
  createAlbumSchema,
  createCategorySchema,
  listAlbumsQuerySchema,
  listCategoriesQuerySchema,
  updateAlbumSchema,
  updateCategorySchema,
} from "../../shared/content.ts";
import { photoTagParamSchema, savePhotoTagSchema } from "../../shared/kinds/photo.ts";
import type { AppEnv } from "../http/context.ts";
import { ok } from "../http/envelope.ts";
import { requireAdmin } from "../http/middleware.ts";
import { jsonBody, pathParams, queryParams } from "../http/validate.ts";
import { ctx } from "./route-parts.ts";
import * as content from "./service.ts";

const { created, updated, deleted } = content.CONTENT_MESSAGES;
const slug = pathParams(categorySlugParamSchema);
const tagParam = pathParams(photoTagParamSchema);

/** What items are grouped by, admin only: categories, albums, the gallery's tag names. */
export const groupingRoutes = new Hono<AppEnv>()
  // --- Categories (the slug is the id)
  .get("/admin/categories", requireAdmin, queryParams(listCategoriesQuerySchema), async (c) =>
    ok(c, await content.listCategoryPage(ctx(c), c.req.valid("query"))),
  )
  .post("/admin/categories", requireAdmin, jsonBody(createCategorySchema), async (c) =>
    ok(c, await content.createCategory(ctx(c), c.req.valid("json")), created),
  )
  .put("/admin/categories/:slug", requireAdmin, slug, jsonBody(updateCategorySchema), async (c) =>
    ok(
      c,
      await content.updateCategory(ctx(c), c.req.valid("param").slug, c.req.valid("json")),
      updated,
    ),
  )
  .delete("/admin/categories/:slug", requireAdmin, slug, async (c) =>
    ok(c, await content.deleteCategory(ctx(c), c.req.valid("param").slug), deleted),
  )
  // --- Albums of the gallery (the slug is the id)
  .get("/admin/albums", requireAdmin, queryParams(listAlbumsQuerySchema), async (c) =>
    ok(c, await content.listAlbumPage(ctx(c), c.req.valid("query"))),
  )
  .post("/admin/albums", requireAdmin, jsonBody(createAlbumSchema), async (c) =>
    ok(c, await content.createAlbum(ctx(c), c.req.valid("json")), created),
  )
  .put("/admin/albums/:slug", requireAdmin, slug, jsonBody(updateAlbumSchema), async (c) =>
    ok(
      c,
      await content.updateAlbum(ctx(c), c.req.valid("param").slug, c.req.valid("json")),
      updated,
    ),
  )
  .delete("/admin/albums/:slug", requireAdmin, slug, async (c) =>
    ok(c, await content.deleteAlbum(ctx(c), c.req.valid("param").slug), deleted),
  )
  // --- Names of the gallery's tags, in each language (the tag as photos write it is the id)
  .get("/admin/photo-tags", requireAdmin, queryParams(listAlbumsQuerySchema), async (c) =>
    ok(c, await content.listPhotoTags(ctx(c), c.req.valid("query"))),
  )
  .put("/admin/photo-tags/:tag", requireAdmin, tagParam, jsonBody(savePhotoTagSchema), async (c) =>
    ok(
      c,
      await content.savePhotoTag(ctx(c), c.req.valid("param").tag, c.req.valid("json")),
      updated,
    ),
  )
  .delete("/admin/photo-tags/:tag", requireAdmin, tagParam, async (c) =>
    ok(c, await content.deletePhotoTag(ctx(c), c.req.valid("param").tag), deleted),
  );
