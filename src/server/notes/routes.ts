import { Hono } from "hono";
import { createNoteSchema, listNotesQuerySchema, updateNoteSchema } from "../../shared/content.ts";
import { draftLinkRoute, itemRoutes } from "../content/item-routes.ts";
import { ctx } from "../content/route-parts.ts";
import type { AppEnv } from "../http/context.ts";
import { ok } from "../http/envelope.ts";
import { requireAdmin } from "../http/middleware.ts";
import { notes } from "./service.ts";

/** The notes' API, admin only: their counts, the item routes and a draft's secret link. */
export const noteRoutes = new Hono<AppEnv>()
  // Before `/:id`, which would refuse "counts" as an id.
  .get("/admin/notes/counts", requireAdmin, async (c) => ok(c, await notes.counts(ctx(c))))
  .route(
    "/",
    itemRoutes(
      "/admin/notes",
      { list: listNotesQuerySchema, create: createNoteSchema, update: updateNoteSchema },
      notes,
    ),
  )
  .route("/", draftLinkRoute("/admin/notes", "note"));
