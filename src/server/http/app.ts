import { Hono } from "hono";
import { bodyLimit } from "hono/body-limit";
import { HTTPException } from "hono/http-exception";
import type { Db } from "../db/client.ts";
import { feedbackRoutes } from "../feedback/routes.ts";
import type { AppEnv } from "./context.ts";
import { errorResponse } from "./envelope.ts";
import { ApiError } from "./errors.ts";
import { identify, requestLog } from "./middleware.ts";

export const BODY_LIMIT_BYTES = 16 * 1024;

export interface AppOptions {
  db: Db;
  /** Take the client address from X-Forwarded-For (only behind a proxy that sets it). */
  trustProxy?: boolean;
}

function toApiError(error: unknown): ApiError {
  if (error instanceof ApiError) return error;
  if (error instanceof HTTPException) {
    // Hono raises these for malformed JSON and wrong content types.
    return new ApiError(
      error.status === 413 ? 413 : 400,
      "bad_request",
      error.message || "Bad request",
    );
  }
  return new ApiError(500, "internal", "Internal server error", { cause: error });
}

/** The whole API: one Web-standard app, served by Netlify, `astro dev` and `npm start` alike. */
export function createApp(options: AppOptions) {
  const app = new Hono<AppEnv>().basePath("/api");

  app.use(requestLog(options.db, options.trustProxy ?? false));
  app.use(
    bodyLimit({
      maxSize: BODY_LIMIT_BYTES,
      onError: () => {
        throw new ApiError(
          413,
          "payload_too_large",
          `Request body exceeds ${BODY_LIMIT_BYTES} bytes`,
        );
      },
    }),
  );
  app.use(identify);

  app.route("/", feedbackRoutes);

  app.notFound((c) =>
    errorResponse(c, new ApiError(404, "not_found", `No such API: ${c.req.method} ${c.req.path}`)),
  );
  app.onError((error, c) => {
    const apiError = toApiError(error);
    if (apiError.status >= 500) console.error(`${c.req.method} ${c.req.path} failed`, error);
    return errorResponse(c, apiError);
  });
  return app;
}

export type App = ReturnType<typeof createApp>;
