import { Hono } from "hono";
import { bodyLimit } from "hono/body-limit";
import { HTTPException } from "hono/http-exception";
import { authRoutes } from "../auth/routes.ts";
import { noPublisher, type Publisher } from "../content/publisher.ts";
import { contentRoutes } from "../content/routes.ts";
import type { Db } from "../db/client.ts";
import { feedbackRoutes } from "../feedback/routes.ts";
import { type Mailer, mailerFromEnv } from "../mail/mailer.ts";
import { type Storage, storageFromEnv } from "../storage/storage.ts";
import { AVATAR_MAX_BYTES } from "../users/avatar.ts";
import { userRoutes } from "../users/routes.ts";
import type { AppEnv } from "./context.ts";
import { errorResponse } from "./envelope.ts";
import { ApiError } from "./errors.ts";
import { identify, provide, requestLog } from "./middleware.ts";
import { securityHeaders } from "./security-headers.ts";

export const BODY_LIMIT_BYTES = 16 * 1024;
/** The one larger body: a picture of at most 2 MB in multipart form data. */
export const UPLOAD_PATH = "/api/uploadAvatar";
export const UPLOAD_LIMIT_BYTES = AVATAR_MAX_BYTES + 64 * 1024;
/** Content written in the back office: a Markdown body of up to 200 000 characters. */
export const CONTENT_PATHS = /^\/api\/admin\/(?:articles|notes|chapters|books)(?:\/|$)/;
/** A body of the longest allowed Markdown (200 000 characters, 3 bytes each in UTF-8 for Chinese) plus its fields. */
export const CONTENT_LIMIT_BYTES = 640 * 1024;

function limitBody(maxSize: number) {
  return bodyLimit({
    maxSize,
    onError: () => {
      throw new ApiError(413, "payload_too_large", `Request body exceeds ${maxSize} bytes`);
    },
  });
}

export interface AppOptions {
  db: Db;
  /** Take the client address from X-Forwarded-For (only behind a proxy that sets it). */
  trustProxy?: boolean;
  /** The mail port; by default SMTP when SMTP_URL is set, else the outbox table of `db`. */
  mailer?: Mailer;
  /** The storage port; by default files under $DATA_DIR/uploads. */
  storage?: Storage;
  /** What a content change triggers (a rebuild); nothing by default. */
  publisher?: Publisher;
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

  app.use(securityHeaders);
  app.use(requestLog(options.db, options.trustProxy ?? false));
  const small = limitBody(BODY_LIMIT_BYTES);
  const upload = limitBody(UPLOAD_LIMIT_BYTES);
  const content = limitBody(CONTENT_LIMIT_BYTES);
  app.use((c, next) =>
    c.req.path === UPLOAD_PATH
      ? upload(c, next)
      : CONTENT_PATHS.test(c.req.path)
        ? content(c, next)
        : small(c, next),
  );
  app.use(identify);
  app.use(
    provide({
      mailer: options.mailer ?? mailerFromEnv(process.env, options.db),
      storage: options.storage ?? storageFromEnv(process.env),
      publisher: options.publisher ?? noPublisher,
    }),
  );

  app.route("/", authRoutes);
  app.route("/", userRoutes);
  app.route("/", feedbackRoutes);
  app.route("/", contentRoutes);

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
