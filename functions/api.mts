// The one Netlify Function: the API app from src/server, on PostgreSQL (Supabase) via DATABASE_URL.
import type { Config, Context } from "@netlify/functions";
import { openPostgres } from "../src/server/db/client.ts";
import { type App, createApp } from "../src/server/http/app.ts";

let app: App | undefined;

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
  app ??= createApp({ db: openPostgres(url, { max: 2 }).db });
  return app.fetch(request, { clientIp: context.ip });
};

export const config: Config = { path: "/api/*" };
