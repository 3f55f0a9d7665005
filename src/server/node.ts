// `npm start`: the built site in dist/ and the API in one Node process (self-hosting).
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { serve } from "@hono/node-server";
import { serveStatic } from "@hono/node-server/serve-static";
import { Hono } from "hono";
import { compress } from "hono/compress";
import { secureHeaders } from "hono/secure-headers";
import { configFromEnv, explainStartError, startApi } from "./runtime.ts";

const DIST = process.env.DIST_DIR || "dist";
const port = Number(process.env.PORT || 4321);
const hostname = process.env.HOST || "0.0.0.0";

if (!existsSync(join(DIST, "index.html"))) {
  console.error(`No built site in ${DIST}/: run \`npm run build\` first.`);
  process.exit(1);
}

const config = configFromEnv();
let started: Awaited<ReturnType<typeof startApi>>;
try {
  started = await startApi(config);
} catch (error) {
  console.error(explainStartError(error, config));
  process.exit(1);
}
const { app: api, database } = started;

const notFoundPage = existsSync(join(DIST, "404.html"))
  ? readFileSync(join(DIST, "404.html"), "utf8")
  : "<!doctype html><title>Not found</title><h1>Not found</h1>";

const site = new Hono<{ Bindings: { incoming: import("node:http").IncomingMessage } }>();
site.use(secureHeaders({ crossOriginEmbedderPolicy: false }));
site.all("/api/*", (c) => api.fetch(c.req.raw, { clientIp: c.env.incoming.socket.remoteAddress }));
site.all("/api", (c) => api.fetch(c.req.raw, { clientIp: c.env.incoming.socket.remoteAddress }));
site.use(compress());
site.use(
  "*",
  serveStatic({
    root: DIST,
    onFound: (path, c) => {
      // Astro fingerprints everything under _astro/, so those files never change.
      c.header(
        "Cache-Control",
        path.includes("/_astro/")
          ? "public, max-age=31536000, immutable"
          : "public, max-age=0, must-revalidate",
      );
    },
  }),
);
site.notFound((c) => c.html(notFoundPage, 404));

const server = serve({ fetch: site.fetch, port, hostname }, (info) => {
  console.log(`Blog and API on http://localhost:${info.port} (${database.kind} database)`);
});

let stopping = false;
async function stop(signal: string) {
  if (stopping) return;
  stopping = true;
  console.log(`${signal}: closing`);
  server.close();
  await database.close();
  process.exit(0);
}
process.on("SIGINT", () => void stop("SIGINT"));
process.on("SIGTERM", () => void stop("SIGTERM"));
