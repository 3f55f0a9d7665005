import { Hono } from "hono";
import {
  createArticleSchema,
  listArticlesQuerySchema,
  updateArticleSchema,
} from "../../shared/content.ts";
import { draftLinkRoute, itemRoutes } from "../content/item-routes.ts";
import { ctx } from "../content/route-parts.ts";
import type { AppEnv } from "../http/context.ts";
import { ok } from "../http/envelope.ts";
import { requireAdmin } from "../http/middleware.ts";
import { articles } from "./service.ts";

/** The articles' API, admin only: their counts, the item routes and a draft's secret link. */
export const articleRoutes = new Hono<AppEnv>()
  // Before `/:id`, which would refuse "counts" as an id.
  .get("/admin/articles/counts", requireAdmin, async (c) => ok(c, await articles.counts(ctx(c))))
  .route(
    "/",
    itemRoutes(
      "/admin/articles",
      { list: listArticlesQuerySchema, create: createArticleSchema, update: updateArticleSchema },
      articles,
    ),
  )
  .route("/", draftLinkRoute("/admin/articles", "article"));
