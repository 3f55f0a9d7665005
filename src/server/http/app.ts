import { Hono } from "hono";
import { HTTPException } from "hono/http-exception";
import { articleRoutes } from "../articles/routes.ts";
import { authRoutes } from "../auth/routes.ts";
import { backupRoutes } from "../backup/routes.ts";
import { bookRoutes } from "../books/routes.ts";
import { categoryRoutes } from "../categories/routes.ts";
import { chatOptions } from "../chat/options.ts";
import { type ChatOptions, chatRoutes } from "../chat/routes.ts";
import { aiSettingsRoutes } from "../chat/settings-routes.ts";
import { commentRoutes } from "../comments/routes.ts";
import { noPublisher, type Publisher } from "../content/publisher.ts";
import { contentRoutes } from "../content/routes.ts";
import type { Db } from "../db/client.ts";
import { type BlogFederation, createBlogFederation } from "../fediverse/federation.ts";
import { fediverseAdminRoutes, fediverseRoutes } from "../fediverse/routes.ts";
import { feedbackRoutes } from "../feedback/routes.ts";
import { followAdminRoutes, followRoutes } from "../following/routes.ts";
import { importRoutes } from "../import/routes.ts";
import { audit } from "../logs/audit.ts";
import { logRoutes } from "../logs/routes.ts";
import { type Mailer, mailerFromEnv } from "../mail/mailer.ts";
import { mediaRoutes } from "../media/routes.ts";
import { noteRoutes } from "../notes/routes.ts";
import { overviewRoutes } from "../overview/routes.ts";
import { photoRoutes } from "../photos/routes.ts";
import { readershipRoutes } from "../readership/routes.ts";
import { siteRoutes } from "../site/routes.ts";
import { siteConfigRoutes } from "../site-config/routes.ts";
import { settingsRoutes } from "../site-config/settings-routes.ts";
import { type Storage, storageFromEnv } from "../storage/storage.ts";
import { userRoutes } from "../users/routes.ts";
import { defaultBodyLimit } from "./body-limit.ts";
import type { AppEnv, Outbound } from "./context.ts";
import { errorResponse } from "./envelope.ts";
import { ApiError } from "./errors.ts";
import type { LogWriter } from "./log-writer.ts";
import { MemoryBuckets } from "./memory-buckets.ts";
import { type AfterAnswer, identify, provide, requestLog } from "./middleware.ts";
import { anonymousWrites, floodGuard } from "./rate-limit.ts";
import { securityHeaders } from "./security-headers.ts";

export interface AppOptions {
  db: Db;
  /** The blog as an ActivityPub actor (its queue started by the server); one of its own by default. */
  federation?: BlogFederation;
  /** Take the client address from X-Forwarded-For (only behind a proxy that sets it). */
  trustProxy?: boolean;
  /** The mail port; by default SMTP when SMTP_URL is set, else the outbox table of `db`. */
  mailer?: Mailer;
  /**
   * Requests made for the owner (link checks): public addresses only by default; `site` answers
   * a path on this site in process.
   */
  outbound?: Outbound;
  /** The in-memory rate buckets of anonymous writes (a test passes its own, to empty them). */
  buckets?: MemoryBuckets;
  /** The storage port; by default files under $DATA_DIR/uploads. */
  storage?: Storage;
  /** What a content change triggers (a rebuild); nothing by default. */
  publisher?: Publisher;
  /** How the request log is written: a row a request by default (`batchLogWriter` for a server that stays up). */
  logWriter?: LogWriter;
  /**
   * The AI chat's parts: by default the index of the build in `dist/` (where the Netlify
   * function has it too), the provider from the environment and /bms, the `openai` client.
   */
  chat?: Partial<ChatOptions>;
  /**
   * What the server seals the secrets the owner gives it with (the AI provider's key):
   * `APP_SECRET` by default; a server with a data folder has its own (`localAppSecret`).
   */
  appSecret?: string;
  /** Work left for after an answer (mail): not waited for by default; the tests wait. */
  afterAnswer?: AfterAnswer;
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
  const secret = options.appSecret || process.env.APP_SECRET || undefined;

  const buckets = options.buckets ?? new MemoryBuckets();
  app.use(securityHeaders);
  app.use(requestLog(options.db, options.trustProxy ?? false, options.logWriter));
  app.use(async (c, next) => {
    c.set("buckets", buckets);
    await next();
  });
  // A flood of anonymous writes is refused here, before any database work.
  const chat = chatOptions(options.chat, secret);
  app.use(floodGuard(anonymousWrites(chat.rates.address)));
  // Small bodies, unless the route declares a larger cap (`largeBody`, see body-limit.ts).
  app.use(defaultBodyLimit());
  app.use(identify);
  // Every write an admin makes that succeeds is kept in the audit log.
  app.use(audit);
  app.use(
    provide({
      mailer: options.mailer ?? mailerFromEnv(process.env, options.db),
      storage: options.storage ?? storageFromEnv(process.env),
      publisher: options.publisher ?? noPublisher,
      outbound: options.outbound ?? { policy: {} },
      afterAnswer: options.afterAnswer,
    }),
  );

  // Chained, so the app's type holds every route: the browser's typed client is derived from it.
  const routes = app
    .route("/", authRoutes)
    .route("/", userRoutes)
    .route("/", feedbackRoutes)
    .route("/", commentRoutes)
    .route("/", followRoutes)
    .route("/", followAdminRoutes)
    .route("/", fediverseAdminRoutes)
    .route("/", contentRoutes)
    .route("/", articleRoutes)
    .route("/", noteRoutes)
    .route("/", bookRoutes)
    .route("/", photoRoutes)
    .route("/", categoryRoutes)
    .route("/", siteConfigRoutes)
    .route("/", mediaRoutes)
    .route("/", siteRoutes)
    .route("/", logRoutes)
    .route("/", overviewRoutes)
    .route("/", readershipRoutes)
    .route("/", settingsRoutes)
    .route("/", chatRoutes(chat))
    .route("/", aiSettingsRoutes(secret))
    .route("/", backupRoutes)
    .route("/", importRoutes);

  // The fediverse's paths answer ActivityPub, not the API's envelope: outside the typed routes.
  app.route("/", fediverseRoutes(options.federation ?? createBlogFederation({ db: options.db })));

  app.notFound((c) =>
    errorResponse(c, new ApiError(404, "not_found", `No such API: ${c.req.method} ${c.req.path}`)),
  );
  app.onError((error, c) => {
    const apiError = toApiError(error);
    if (apiError.status >= 500) console.error(`${c.req.method} ${c.req.path} failed`, error);
    return errorResponse(c, apiError);
  });
  return routes;
}

/** The API's type, routes and all: what `src/shared/api-client.ts` derives its calls from. */
export type App = ReturnType<typeof createApp>;
