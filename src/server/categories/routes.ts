import { Hono } from "hono";
import {
  categorySlugParamSchema,
  createCategorySchema,
  listCategoriesQuerySchema,
  updateCategorySchema,
} from "../../shared/content.ts";
import { ctx } from "../content/route-parts.ts";
import { CONTENT_MESSAGES } from "../content/service.ts";
import type { AppEnv } from "../http/context.ts";
import { ok } from "../http/envelope.ts";
import { requireAdmin } from "../http/middleware.ts";
import { jsonBody, pathParams, queryParams } from "../http/validate.ts";
import * as categories from "./service.ts";

const { created, updated, deleted } = CONTENT_MESSAGES;
const slug = pathParams(categorySlugParamSchema);

/** The articles' categories, admin only (the slug is the id). */
export const categoryRoutes = new Hono<AppEnv>()
  // --- Categories (the slug is the id)
  .get("/admin/categories", requireAdmin, queryParams(listCategoriesQuerySchema), async (c) =>
    ok(c, await categories.listCategoryPage(ctx(c), c.req.valid("query"))),
  )
  .post("/admin/categories", requireAdmin, jsonBody(createCategorySchema), async (c) =>
    ok(c, await categories.createCategory(ctx(c), c.req.valid("json")), created),
  )
  .put("/admin/categories/:slug", requireAdmin, slug, jsonBody(updateCategorySchema), async (c) =>
    ok(
      c,
      await categories.updateCategory(ctx(c), c.req.valid("param").slug, c.req.valid("json")),
      updated,
    ),
  )
  .delete("/admin/categories/:slug", requireAdmin, slug, async (c) =>
    ok(c, await categories.deleteCategory(ctx(c), c.req.valid("param").slug), deleted),
  );
