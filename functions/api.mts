// The one Netlify Function: the API app from src/server, on PostgreSQL (Supabase) via DATABASE_URL.
import type { Config, Context } from "@netlify/functions";
import { openPostgres } from "../src/server/db/client.ts";
import { isFederationPath, toApiRequest } from "../src/server/fediverse/paths.ts";
import { type App, createApp } from "../src/server/http/app.ts";
import { hookPublisher, logOnlyPublisher } from "../src/server/site/publishers.ts";

let app: App | undefined;
// A content change calls the build hook (BUILD_HOOK_URL) right after the response; the
// function stays alive until that call is done (context.waitUntil).
const hook = process.env.BUILD_HOOK_URL
  ? hookPublisher({ url: process.env.BUILD_HOOK_URL, delayMs: 0 })
  : undefined;

function notConfigured(): Response {
  console.error("DATABASE_URL is not set for the api function");
  return Response.json(
    { code: 503, message: "Service not configured", data: null },
    { status: 503 },
  );
}

export default async (request: Request, context: Context): Promise<Response> => {
  const url = process.env.DATABASE_URL;
  if (!url) return notConfigured();
  // One small pool per function instance; migrations run by `npm run db:migrate`, never here.
  app ??= createApp({
    db: openPostgres(url, { max: 2 }).db,
    publisher: hook ?? logOnlyPublisher(),
  });
  // Mail a request leaves for after its answer is kept alive by waitUntil too.
  const later = { waitUntil: (work: Promise<unknown>) => context.waitUntil(work) };
  // The fediverse's public paths (/ap/…, WebFinger, NodeInfo) are the API's under /api/federation.
  const asked = isFederationPath(new URL(request.url).pathname) ? toApiRequest(request) : request;
  const response = await app.fetch(
    asked,
    { clientIp: context.ip },
    { ...later, passThroughOnException: () => {}, props: {} },
  );
  if (hook) context.waitUntil(hook.idle());
  return response;
};

export const config: Config = {
  path: ["/api/*", "/ap/*", "/.well-known/webfinger", "/.well-known/nodeinfo"],
};
