import { type Context, Hono } from "hono";
import {
  categorySlugParamSchema,
  contentIdParamSchema,
  createArticleSchema,
  createBookSchema,
  createCategorySchema,
  createChapterSchema,
  createNoteSchema,
  listArticlesQuerySchema,
  listBooksQuerySchema,
  listCategoriesQuerySchema,
  listChaptersQuerySchema,
  listNotesQuerySchema,
  publishSchema,
  updateArticleSchema,
  updateBookSchema,
  updateCategorySchema,
  updateChapterSchema,
  updateNoteSchema,
} from "../../shared/content.ts";
import type { AppEnv } from "../http/context.ts";
import { ok } from "../http/envelope.ts";
import { caller, requireAdmin } from "../http/middleware.ts";
import { jsonBody, pathParams, queryParams } from "../http/validate.ts";
import { contentFiles } from "./files.ts";
import * as content from "./service.ts";

const { created, updated, deleted, unpublished } = content.CONTENT_MESSAGES;

/** The request's context: its database, its publisher, and the files under content/ read once. */
function ctx(c: Context<AppEnv>): content.ContentContext {
  return { db: c.var.db, publisher: c.var.publisher, files: contentFiles() };
}

const id = pathParams(contentIdParamSchema);
const publishBody = jsonBody(publishSchema);

/**
 * The back-office content API, admin only. Lists merge database rows with the files under
 * content/ (read-only, ids `file:<kind>:<slug>`); changes reach the live site through the
 * publisher. Routes parse and answer; the rules are in service.ts.
 */
export const contentRoutes = new Hono<AppEnv>()
  // --- Articles
  .get("/admin/articles", requireAdmin, queryParams(listArticlesQuerySchema), async (c) =>
    ok(c, await content.listArticlePage(ctx(c), c.req.valid("query"))),
  )
  .get("/admin/articles/:id", requireAdmin, id, async (c) =>
    ok(c, await content.getArticle(ctx(c), c.req.valid("param").id)),
  )
  .post("/admin/articles", requireAdmin, jsonBody(createArticleSchema), async (c) =>
    ok(c, await content.createArticle(ctx(c), caller(c).id, c.req.valid("json")), created),
  )
  .put("/admin/articles/:id", requireAdmin, id, jsonBody(updateArticleSchema), async (c) =>
    ok(
      c,
      await content.updateArticle(ctx(c), c.req.valid("param").id, c.req.valid("json")),
      updated,
    ),
  )
  .delete("/admin/articles/:id", requireAdmin, id, async (c) =>
    ok(c, await content.deleteArticle(ctx(c), c.req.valid("param").id), deleted),
  )
  .post("/admin/articles/:id/publish", requireAdmin, id, publishBody, async (c) => {
    const { record, message } = await content.publishArticle(
      ctx(c),
      c.req.valid("param").id,
      c.req.valid("json"),
    );
    return ok(c, record, message);
  })
  .post("/admin/articles/:id/unpublish", requireAdmin, id, async (c) =>
    ok(c, await content.unpublishArticle(ctx(c), c.req.valid("param").id), unpublished),
  )
  // --- Notes
  .get("/admin/notes", requireAdmin, queryParams(listNotesQuerySchema), async (c) =>
    ok(c, await content.listNotePage(ctx(c), c.req.valid("query"))),
  )
  .get("/admin/notes/:id", requireAdmin, id, async (c) =>
    ok(c, await content.getNote(ctx(c), c.req.valid("param").id)),
  )
  .post("/admin/notes", requireAdmin, jsonBody(createNoteSchema), async (c) =>
    ok(c, await content.createNote(ctx(c), caller(c).id, c.req.valid("json")), created),
  )
  .put("/admin/notes/:id", requireAdmin, id, jsonBody(updateNoteSchema), async (c) =>
    ok(c, await content.updateNote(ctx(c), c.req.valid("param").id, c.req.valid("json")), updated),
  )
  .delete("/admin/notes/:id", requireAdmin, id, async (c) =>
    ok(c, await content.deleteNote(ctx(c), c.req.valid("param").id), deleted),
  )
  .post("/admin/notes/:id/publish", requireAdmin, id, publishBody, async (c) => {
    const { record, message } = await content.publishNote(
      ctx(c),
      c.req.valid("param").id,
      c.req.valid("json"),
    );
    return ok(c, record, message);
  })
  .post("/admin/notes/:id/unpublish", requireAdmin, id, async (c) =>
    ok(c, await content.unpublishNote(ctx(c), c.req.valid("param").id), unpublished),
  )
  // --- Books
  .get("/admin/books", requireAdmin, queryParams(listBooksQuerySchema), async (c) =>
    ok(c, await content.listBookPage(ctx(c), c.req.valid("query"))),
  )
  .get("/admin/books/:id", requireAdmin, id, async (c) =>
    ok(c, await content.getBook(ctx(c), c.req.valid("param").id)),
  )
  .post("/admin/books", requireAdmin, jsonBody(createBookSchema), async (c) =>
    ok(c, await content.createBook(ctx(c), c.req.valid("json")), created),
  )
  .put("/admin/books/:id", requireAdmin, id, jsonBody(updateBookSchema), async (c) =>
    ok(c, await content.updateBook(ctx(c), c.req.valid("param").id, c.req.valid("json")), updated),
  )
  .delete("/admin/books/:id", requireAdmin, id, async (c) =>
    ok(c, await content.deleteBook(ctx(c), c.req.valid("param").id), deleted),
  )
  .post("/admin/books/:id/publish", requireAdmin, id, publishBody, async (c) => {
    const { record, message } = await content.publishBook(
      ctx(c),
      c.req.valid("param").id,
      c.req.valid("json"),
    );
    return ok(c, record, message);
  })
  .post("/admin/books/:id/unpublish", requireAdmin, id, async (c) =>
    ok(c, await content.unpublishBook(ctx(c), c.req.valid("param").id), unpublished),
  )
  // --- Chapters
  .get("/admin/chapters", requireAdmin, queryParams(listChaptersQuerySchema), async (c) =>
    ok(c, await content.listChapterPage(ctx(c), c.req.valid("query"))),
  )
  .get("/admin/chapters/:id", requireAdmin, id, async (c) =>
    ok(c, await content.getChapter(ctx(c), c.req.valid("param").id)),
  )
  .post("/admin/chapters", requireAdmin, jsonBody(createChapterSchema), async (c) =>
    ok(c, await content.createChapter(ctx(c), c.req.valid("json")), created),
  )
  .put("/admin/chapters/:id", requireAdmin, id, jsonBody(updateChapterSchema), async (c) =>
    ok(
      c,
      await content.updateChapter(ctx(c), c.req.valid("param").id, c.req.valid("json")),
      updated,
    ),
  )
  .delete("/admin/chapters/:id", requireAdmin, id, async (c) =>
    ok(c, await content.deleteChapter(ctx(c), c.req.valid("param").id), deleted),
  )
  .post("/admin/chapters/:id/publish", requireAdmin, id, publishBody, async (c) => {
    const { record, message } = await content.publishChapter(
      ctx(c),
      c.req.valid("param").id,
      c.req.valid("json"),
    );
    return ok(c, record, message);
  })
  .post("/admin/chapters/:id/unpublish", requireAdmin, id, async (c) =>
    ok(c, await content.unpublishChapter(ctx(c), c.req.valid("param").id), unpublished),
  )
  // --- Categories (the slug is the id)
  .get("/admin/categories", requireAdmin, queryParams(listCategoriesQuerySchema), async (c) =>
    ok(c, await content.listCategoryPage(ctx(c), c.req.valid("query"))),
  )
  .post("/admin/categories", requireAdmin, jsonBody(createCategorySchema), async (c) =>
    ok(c, await content.createCategory(ctx(c), c.req.valid("json")), created),
  )
  .put(
    "/admin/categories/:slug",
    requireAdmin,
    pathParams(categorySlugParamSchema),
    jsonBody(updateCategorySchema),
    async (c) =>
      ok(
        c,
        await content.updateCategory(ctx(c), c.req.valid("param").slug, c.req.valid("json")),
        updated,
      ),
  )
  .delete("/admin/categories/:slug", requireAdmin, pathParams(categorySlugParamSchema), async (c) =>
    ok(c, await content.deleteCategory(ctx(c), c.req.valid("param").slug), deleted),
  );
