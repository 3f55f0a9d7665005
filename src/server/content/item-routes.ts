import { Hono } from "hono";
import type { z } from "zod";
import type { Page } from "../../shared/auth.ts";
import {
  contentIdParamSchema,
  type DraftKind,
  draftLinkSchema,
  listRevisionsQuerySchema,
  type PublishInput,
  publishSchema,
  type RevisionListItem,
  type RevisionRecord,
} from "../../shared/content.ts";
import type { PageQuery } from "../db/queries.ts";
import type { AppEnv } from "../http/context.ts";
import { ok } from "../http/envelope.ts";
import { caller, requireAdmin } from "../http/middleware.ts";
import { ifMatch } from "../http/preconditions.ts";
import { jsonBody, pathParams, queryParams } from "../http/validate.ts";
import { fieldsToRestore } from "../revisions/service.ts";
import { contentBody, ctx, restoredMessage, revisionParam } from "./route-parts.ts";
import { CONTENT_MESSAGES, type ContentContext, createDraftLink } from "./service.ts";

// The routes every item aggregate (articles, notes, books, chapters, photos) mounts: its list,
// one item, its writes, its history, and a secret link to a draft.

const { created, updated, deleted, unpublished } = CONTENT_MESSAGES;
const id = pathParams(contentIdParamSchema);
const publishBody = jsonBody(publishSchema);
const draftLinkBody = jsonBody(draftLinkSchema);

/** What the routes of one kind of item call (content.articles, notes, books, chapters, photos). */
export interface ItemService<Query, Input, Patch, List, Rec> {
  list(ctx: ContentContext, query: Query): Promise<List>;
  get(ctx: ContentContext, id: string): Promise<Rec>;
  create(ctx: ContentContext, input: Input, authorId: string): Promise<Rec>;
  update(ctx: ContentContext, id: string, input: Patch, expected?: string): Promise<Rec>;
  remove(ctx: ContentContext, id: string): Promise<{ id: string }>;
  publish(
    ctx: ContentContext,
    id: string,
    input: PublishInput,
  ): Promise<{ record: Rec; message: string }>;
  unpublish(ctx: ContentContext, id: string): Promise<Rec>;
  revisions(ctx: ContentContext, id: string, query: PageQuery): Promise<Page<RevisionListItem>>;
  revision(ctx: ContentContext, id: string, revisionId: string): Promise<RevisionRecord>;
}

/**
 * List, get, create, update, delete, publish and unpublish under `/admin/<kind>`. Hono cannot
 * work out a generic schema's validated type, so the handlers name it (`as z.output<…>`).
 */
export function itemRoutes<
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
export function draftLinkRoute<Path extends string>(path: Path, kind: DraftKind) {
  return new Hono<AppEnv>().post(
    `${path}/:id/preview-link`,
    requireAdmin,
    id,
    draftLinkBody,
    async (c) =>
      ok(
        c,
        await createDraftLink(ctx(c), kind, c.req.valid("param").id, c.req.valid("json").hours),
      ),
  );
}
