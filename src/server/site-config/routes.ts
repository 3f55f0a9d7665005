import { Hono } from "hono";
import {
  bannerIdParamSchema,
  checkNavLinksSchema,
  createBannerSchema,
  createNavGroupSchema,
  createNavLinkSchema,
  listRevisionsQuerySchema,
  navIdParamSchema,
  orderBannersSchema,
  orderNavSchema,
  pageParamSchema,
  pageRowParamSchema,
  pageSlugParamSchema,
  savePageSchema,
  updateBannerSchema,
  updateNavGroupSchema,
  updateNavLinkSchema,
} from "../../shared/content.ts";
import { contentBody, ctx, restoredMessage, revisionParam } from "../content/route-parts.ts";
import { CONTENT_MESSAGES } from "../content/service.ts";
import type { AppEnv } from "../http/context.ts";
import { ok } from "../http/envelope.ts";
import { requireAdmin } from "../http/middleware.ts";
import { saveExpectation } from "../http/preconditions.ts";
import { jsonBody, pathParams, queryParams } from "../http/validate.ts";
import * as content from "./service.ts";

const { created, updated, deleted } = CONTENT_MESSAGES;
const bannerId = pathParams(bannerIdParamSchema);
const navId = pathParams(navIdParamSchema);

/**
 * The site's own parts, admin only: the about page (written here as well as in files), the
 * home page's banners and the navigation page's groups and links.
 */
export const siteConfigRoutes = new Hono<AppEnv>()
  // --- The site's pages written here as well as in files (the about page), by language
  .get("/admin/pages/:slug", requireAdmin, pathParams(pageSlugParamSchema), async (c) =>
    ok(c, await content.getPages(ctx(c), c.req.valid("param").slug)),
  )
  .put(
    "/admin/pages/:slug/:lang",
    requireAdmin,
    pathParams(pageParamSchema),
    contentBody,
    jsonBody(savePageSchema),
    async (c) => {
      const { slug, lang } = c.req.valid("param");
      const saved = await content.savePage(
        ctx(c),
        slug,
        lang,
        c.req.valid("json"),
        saveExpectation(c),
      );
      return ok(c, saved, updated);
    },
  )
  .delete("/admin/pages/:slug/:lang", requireAdmin, pathParams(pageParamSchema), async (c) => {
    const { slug, lang } = c.req.valid("param");
    return ok(c, await content.revertPage(ctx(c), slug, lang), deleted);
  })
  .get(
    "/admin/pages/:id/revisions",
    requireAdmin,
    pathParams(pageRowParamSchema),
    queryParams(listRevisionsQuerySchema),
    async (c) =>
      ok(c, await content.pageRevisions(ctx(c), c.req.valid("param").id, c.req.valid("query"))),
  )
  .get("/admin/pages/:id/revisions/:revision", requireAdmin, revisionParam, async (c) => {
    const { id: rowId, revision } = c.req.valid("param");
    return ok(c, await content.pageRevision(ctx(c), rowId, revision));
  })
  .post("/admin/pages/:id/revisions/:revision/restore", requireAdmin, revisionParam, async (c) => {
    const { id: rowId, revision } = c.req.valid("param");
    return ok(
      c,
      await content.restorePage(ctx(c), rowId, revision, saveExpectation(c)),
      restoredMessage,
    );
  })
  // --- Banners of the home page (content/banners.json's first, then the database's in order)
  .get("/admin/banners", requireAdmin, async (c) => ok(c, await content.listBanners(ctx(c))))
  .post("/admin/banners", requireAdmin, jsonBody(createBannerSchema), async (c) =>
    ok(c, await content.createBanner(ctx(c), c.req.valid("json")), created),
  )
  .put("/admin/banners/order", requireAdmin, jsonBody(orderBannersSchema), async (c) =>
    ok(c, await content.orderBanners(ctx(c), c.req.valid("json")), updated),
  )
  .put("/admin/banners/:id", requireAdmin, bannerId, jsonBody(updateBannerSchema), async (c) =>
    ok(
      c,
      await content.updateBanner(ctx(c), c.req.valid("param").id, c.req.valid("json")),
      updated,
    ),
  )
  .delete("/admin/banners/:id", requireAdmin, bannerId, async (c) =>
    ok(c, await content.deleteBanner(ctx(c), c.req.valid("param").id), deleted),
  )
  // --- The site navigation (content/site-nav.json's groups first, then the database's)
  .get("/admin/nav", requireAdmin, async (c) => ok(c, await content.listNav(ctx(c))))
  .post("/admin/nav/groups", requireAdmin, jsonBody(createNavGroupSchema), async (c) =>
    ok(c, await content.createNavGroup(ctx(c), c.req.valid("json")), created),
  )
  .put("/admin/nav/groups/order", requireAdmin, jsonBody(orderNavSchema), async (c) =>
    ok(c, await content.orderNavGroups(ctx(c), c.req.valid("json")), updated),
  )
  .put("/admin/nav/groups/:id", requireAdmin, navId, jsonBody(updateNavGroupSchema), async (c) =>
    ok(
      c,
      await content.updateNavGroup(ctx(c), c.req.valid("param").id, c.req.valid("json")),
      updated,
    ),
  )
  .delete("/admin/nav/groups/:id", requireAdmin, navId, async (c) =>
    ok(c, await content.deleteNavGroup(ctx(c), c.req.valid("param").id), deleted),
  )
  .put(
    "/admin/nav/groups/:id/links/order",
    requireAdmin,
    navId,
    jsonBody(orderNavSchema),
    async (c) =>
      ok(
        c,
        await content.orderNavLinks(ctx(c), c.req.valid("param").id, c.req.valid("json")),
        updated,
      ),
  )
  .post("/admin/nav/links", requireAdmin, jsonBody(createNavLinkSchema), async (c) =>
    ok(c, await content.createNavLink(ctx(c), c.req.valid("json")), created),
  )
  .put("/admin/nav/links/:id", requireAdmin, navId, jsonBody(updateNavLinkSchema), async (c) =>
    ok(
      c,
      await content.updateNavLink(ctx(c), c.req.valid("param").id, c.req.valid("json")),
      updated,
    ),
  )
  .delete("/admin/nav/links/:id", requireAdmin, navId, async (c) =>
    ok(c, await content.deleteNavLink(ctx(c), c.req.valid("param").id), deleted),
  )
  .post("/admin/nav/check", requireAdmin, jsonBody(checkNavLinksSchema), async (c) =>
    ok(
      c,
      await content.checkNavLinks(ctx(c), c.req.valid("json").ids, {
        origin: new URL(c.req.url).origin,
        ...c.var.outbound,
      }),
    ),
  );
