import { Hono } from "hono";
import {
  draftPreviewQuerySchema,
  fileImageIdParamSchema,
  previewSchema,
  slugUseQuerySchema,
} from "../../shared/content.ts";
import { articles } from "../articles/service.ts";
import { books } from "../books/service.ts";
import type { AppEnv } from "../http/context.ts";
import { ok } from "../http/envelope.ts";
import { requireAdmin } from "../http/middleware.ts";
import { jsonBody, pathParams, queryParams } from "../http/validate.ts";
import { notes } from "../notes/service.ts";
import { photos } from "../photos/service.ts";
import { contentBody, ctx } from "./route-parts.ts";
import * as content from "./service.ts";

/** The services of the kinds whose slugs are checked, by kind. */
const SLUG_SERVICES = { article: articles, note: notes, book: books, photo: photos } as const;

/**
 * What the content aggregates share, admin only but the draft page: whether a slug is free,
 * the editors' preview, a draft's page by its secret link, and the pictures of files. Each
 * aggregate (articles/, notes/, books/, photos/, categories/) has its own routes.
 */
export const contentRoutes = new Hono<AppEnv>()
  // --- Whether a slug is free (the editors check it as the owner types)
  .get("/admin/slug-use", requireAdmin, queryParams(slugUseQuerySchema), async (c) => {
    const { kind, slug, except } = c.req.valid("query");
    return ok(c, await SLUG_SERVICES[kind].slugUse(ctx(c), slug, except));
  })
  // --- A Markdown text rendered as the site renders it (the editors' preview)
  .post("/admin/preview", requireAdmin, contentBody, jsonBody(previewSchema), async (c) =>
    ok(c, await content.previewMarkdown(c.req.valid("json").body)),
  )
  // --- A draft's page through a secret link that ends (the page: /draft-preview/?t=…)
  .get("/draft-preview", queryParams(draftPreviewQuerySchema), async (c) => {
    // Anyone with the link reads it; nothing keeps or indexes a page not yet published.
    c.header("Cache-Control", "no-store");
    c.header("X-Robots-Tag", "noindex");
    return ok(c, await content.draftPage(ctx(c), c.req.valid("query").t));
  })
  // --- The picture of a photo or banner written in a file, as the site serves it
  .get("/admin/file-images/:id", requireAdmin, pathParams(fileImageIdParamSchema), async (c) =>
    ok(c, await content.fileThumbnail(ctx(c), c.req.valid("param").id)),
  );
