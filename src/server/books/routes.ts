import { Hono } from "hono";
import {
  createBookSchema,
  createChapterSchema,
  listBooksQuerySchema,
  listChaptersQuerySchema,
  updateBookSchema,
  updateChapterSchema,
} from "../../shared/content.ts";
import { draftLinkRoute, itemRoutes } from "../content/item-routes.ts";
import type { AppEnv } from "../http/context.ts";
import { chapters } from "./chapters.ts";
import { books } from "./service.ts";

/** The books' and their chapters' API, admin only; a chapter's draft has a secret link. */
export const bookRoutes = new Hono<AppEnv>()
  .route(
    "/",
    itemRoutes(
      "/admin/books",
      { list: listBooksQuerySchema, create: createBookSchema, update: updateBookSchema },
      books,
    ),
  )
  .route(
    "/",
    itemRoutes(
      "/admin/chapters",
      { list: listChaptersQuerySchema, create: createChapterSchema, update: updateChapterSchema },
      chapters,
    ),
  )
  .route("/", draftLinkRoute("/admin/chapters", "chapter"));
