import { Hono } from "hono";
import type { z } from "zod";
import type { Page } from "../../shared/auth.ts";
import {
  contentIdParamSchema,
  createArticleSchema,
  createBookSchema,
  createChapterSchema,
  createNoteSchema,
  createPhotoSchema,
  type DraftKind,
  draftLinkSchema,
  draftPreviewQuerySchema,
  fileImageIdParamSchema,
  listArticlesQuerySchema,
  listBooksQuerySchema,
  listChaptersQuerySchema,
  listNotesQuerySchema,
  listPhotosQuerySchema,
  listRevisionsQuerySchema,
  type PublishInput,
  previewSchema,
  publishSchema,
  type RevisionListItem,
  type RevisionRecord,
  slugUseQuerySchema,
  updateArticleSchema,
  updateBookSchema,
  updateChapterSchema,
  updateNoteSchema,
  updatePhotoSchema,
} from "../../shared/content.ts";
import type { PageQuery } from "../db/queries.ts";
import type { AppEnv } from "../http/context.ts";
import { ok } from "../http/envelope.ts";
import { caller, requireAdmin } from "../http/middleware.ts";
import { ifMatch } from "../http/preconditions.ts";
import { jsonBody, pathParams, queryParams } from "../http/validate.ts";
import { fieldsToRestore } from "../revisions/service.ts";
import { groupingRoutes } from "./groupings-routes.ts";
import { contentBody, ctx, restoredMessage, revisionParam } from "./route-parts.ts";
import * as content from "./service.ts";

const { created, updated, deleted, unpublished } = content.CONTENT_MESSAGES;

/** The services of the kinds whose slugs are checked, by kind. */
const SLUG_SERVICES = {
  article: content.articles,
  note: content.notes,
  book: content.books,
  photo: content.photos,
} as const;

const id = pathParams(contentIdParamSchema);
const publishBody = jsonBody(publishSchema);
const draftLinkBody = jsonBody(draftLinkSchema);

/** What the routes of one kind of item call (content.articles, notes, books, chapters, photos). */
interface ItemService<Query, Input, Patch, List, Rec> {
  list(ctx: content.ContentContext, query: Query): Promise<List>;
  get(ctx: content.ContentContext, id: string): Promise<Rec>;
  create(ctx: content.ContentContext, input: Input, authorId: string): Promise<Rec>;
  update(ctx: content.ContentContext, id: string, input: Patch, expected?: string): Promise<Rec>;
  remove(ctx: content.ContentContext, id: string): Promise<{ id: string }>;
  publish(
    ctx: content.ContentContext,
    id: string,
    input: PublishInput,
  ): Promise<{ record: Rec; message: string }>;
  unpublish(ctx: content.ContentContext, id: string): Promise<Rec>;
  revisions(
    ctx: content.ContentContext,
    id: string,
    query: PageQuery,
  ): Promise<Page<RevisionListItem>>;
  revision(ctx: content.ContentContext, id: string, revisionId: string): Promise<RevisionRecord>;
}

/**
 * List, get, create, update, delete, publish and unpublish under `/admin/<kind>`. Hono cannot
 * work out a generic schema's validated type, so the handlers name it (`as z.output<…>`).
 */
function itemRoutes<
  Path extends string,
  Query extends z.ZodType,
  Input extends z.ZodType,
  Patch extends z.ZodType,
  List,
  Rec,
>(
  path: Path,
  schemas: { list: Query; create: Input; update: Patch },
  service: ItemService<z.output<Query>, z.output<Input>, z.output<Patch>, List, Rec>,
) {
  return (
    new Hono<AppEnv>()
      .get(path, requireAdmin, queryParams(schemas.list), async (c) =>
        ok(c, await service.list(ctx(c), c.req.valid("query") as z.output<Query>)),
      )
      .get(`${path}/:id`, requireAdmin, id, async (c) =>
        ok(c, await service.get(ctx(c), c.req.valid("param").id)),
      )
      .post(path, requireAdmin, contentBody, jsonBody(schemas.create), async (c) =>
        ok(
          c,
          await service.create(ctx(c), c.req.valid("json") as z.output<Input>, caller(c).id),
          created,
        ),
      )
      .put(`${path}/:id`, requireAdmin, id, contentBody, jsonBody(schemas.update), async (c) =>
        ok(
          c,
          await service.update(
            ctx(c),
            c.req.valid("param").id,
            c.req.valid("json") as z.output<Patch>,
            ifMatch(c),
          ),
          updated,
        ),
      )
      .delete(`${path}/:id`, requireAdmin, id, async (c) =>
        ok(c, await service.remove(ctx(c), c.req.valid("param").id), deleted),
      )
      .post(`${path}/:id/publish`, requireAdmin, id, publishBody, async (c) => {
        const { record, message } = await service.publish(
          ctx(c),
          c.req.valid("param").id,
          c.req.valid("json"),
        );
        return ok(c, record, message);
      })
      .post(`${path}/:id/unpublish`, requireAdmin, id, async (c) =>
        ok(c, await service.unpublish(ctx(c), c.req.valid("param").id), unpublished),
      )
      // --- An item's history: its revisions, one of them, and putting one back
      .get(
        `${path}/:id/revisions`,
        requireAdmin,
        id,
        queryParams(listRevisionsQuerySchema),
        async (c) =>
          ok(c, await service.revisions(ctx(c), c.req.valid("param").id, c.req.valid("query"))),
      )
      .get(`${path}/:id/revisions/:revision`, requireAdmin, revisionParam, async (c) => {
        const { id: itemId, revision } = c.req.valid("param");
        return ok(c, await service.revision(ctx(c), itemId, revision));
      })
      .post(`${path}/:id/revisions/:revision/restore`, requireAdmin, revisionParam, async (c) => {
        const { id: itemId, revision } = c.req.valid("param");
        const kept = await service.revision(ctx(c), itemId, revision);
        // Saved again through the update's own rules: restoring is itself a revision.
        const patch = fieldsToRestore(schemas.update, kept.fields);
        const restored = await service.update(ctx(c), itemId, patch as z.output<Patch>, ifMatch(c));
        return ok(c, restored, restoredMessage);
      })
  );
}

/** `POST <path>/:id/preview-link`: a secret link to a draft of `kind` (1 to 720 hours). */
function draftLinkRoute<Path extends string>(path: Path, kind: DraftKind) {
  return new Hono<AppEnv>().post(
    `${path}/:id/preview-link`,
    requireAdmin,
    id,
    draftLinkBody,
    async (c) =>
      ok(
        c,
        await content.createDraftLink(
          ctx(c),
          kind,
          c.req.valid("param").id,
          c.req.valid("json").hours,
        ),
      ),
  );
}

/**
 * The back-office content API, admin only. Lists merge database rows with the files under
 * content/ (read-only, ids `file:<kind>:<slug>`); changes reach the live site through the
 * publisher. Routes parse and answer; the rules are in service.ts.
 */
export const contentRoutes = new Hono<AppEnv>()
  // Before each kind's `/:id`, which would refuse "counts" as an id.
  .get("/admin/articles/counts", requireAdmin, async (c) =>
    ok(c, await content.articles.counts(ctx(c))),
  )
  .get("/admin/notes/counts", requireAdmin, async (c) => ok(c, await content.notes.counts(ctx(c))))
  .get("/admin/photos/counts", requireAdmin, async (c) =>
    ok(c, await content.photos.counts(ctx(c))),
  )
  .route(
    "/",
    itemRoutes(
      "/admin/articles",
      { list: listArticlesQuerySchema, create: createArticleSchema, update: updateArticleSchema },
      content.articles,
    ),
  )
  .route(
    "/",
    itemRoutes(
      "/admin/notes",
      { list: listNotesQuerySchema, create: createNoteSchema, update: updateNoteSchema },
      content.notes,
    ),
  )
  .route(
    "/",
    itemRoutes(
      "/admin/books",
      { list: listBooksQuerySchema, create: createBookSchema, update: updateBookSchema },
      content.books,
    ),
  )
  .route(
    "/",
    itemRoutes(
      "/admin/chapters",
      { list: listChaptersQuerySchema, create: createChapterSchema, update: updateChapterSchema },
      content.chapters,
    ),
  )
  .route(
    "/",
    itemRoutes(
      "/admin/photos",
      { list: listPhotosQuerySchema, create: createPhotoSchema, update: updatePhotoSchema },
      content.photos,
    ),
  )
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
  .route("/", draftLinkRoute("/admin/articles", "article"))
  .route("/", draftLinkRoute("/admin/notes", "note"))
  .route("/", draftLinkRoute("/admin/chapters", "chapter"))
  .get("/draft-preview", queryParams(draftPreviewQuerySchema), async (c) => {
    // Anyone with the link reads it; nothing keeps or indexes a page not yet published.
    c.header("Cache-Control", "no-store");
    c.header("X-Robots-Tag", "noindex");
    return ok(c, await content.draftPage(ctx(c), c.req.valid("query").t));
  })
  // --- The picture of a photo or banner written in a file, as the site serves it
  .get("/admin/file-images/:id", requireAdmin, pathParams(fileImageIdParamSchema), async (c) =>
    ok(c, await content.fileThumbnail(ctx(c), c.req.valid("param").id)),
  )
  .route("/", groupingRoutes);
