import type { Context } from "hono";
import { revisionParamSchema } from "../../shared/content.ts";
import { largeBody } from "../http/body-limit.ts";
import type { AppEnv } from "../http/context.ts";
import { pathParams } from "../http/validate.ts";
import { contentFiles } from "./files.ts";
import type { ContentContext } from "./service.ts";

// What the content API's routers share (the aggregates' routes, item-routes.ts, site-config).

/** The request's context: its database, its publisher, and the files under content/ read once. */
export function ctx(c: Context<AppEnv>): ContentContext {
  return {
    db: c.var.db,
    publisher: c.var.publisher,
    files: contentFiles(),
    actor: c.var.user?.id ?? null,
    autosave: c.req.header("x-autosave") === "1",
  };
}

/** A body of the longest allowed Markdown (200 000 characters, 3 bytes each in UTF-8 for Chinese) plus its fields. */
export const CONTENT_LIMIT_BYTES = 640 * 1024;
/** What a create or an update of written content may send. */
export const contentBody = largeBody(CONTENT_LIMIT_BYTES);

export const revisionParam = pathParams(revisionParamSchema);
export const restoredMessage = "Restored";
