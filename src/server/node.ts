// `npm start`: the built site in dist/ and the API in one Node process (self-hosting).

import { existsSync } from "node:fs";
import { join, resolve } from "node:path";
import { serve } from "@hono/node-server";
import { backupKeep, dailyBackups } from "./backup/daily.ts";
import { builtSiteChatIndex } from "./chat/index-source.ts";
import { commentDigestTimer, sendCommentDigest } from "./comments/digest.ts";
import type { Publisher } from "./content/publisher.ts";
import type { Db } from "./db/client.ts";
import { sendArticleActivities } from "./fediverse/posts.ts";
import { sendArticleMails } from "./following/service.ts";
import { pruneTimer } from "./logs/service.ts";
import { mailerFromEnv } from "./mail/mailer.ts";
import { periodic } from "./periodic.ts";
import { configFromEnv, explainStartError, HTTP_SERVER_OPTIONS, startApi } from "./runtime.ts";
import { allOf, hookPublisher } from "./site/publishers.ts";
import { initialSiteDir, rebuilder, type SiteRoot, siteRootAt } from "./site/rebuild.ts";
import { type GoLiveTimer, goLiveTimer, withGoLiveTimer } from "./site/schedule.ts";
import { takeSnapshot, writeSnapshotFile } from "./site/snapshot.ts";
import { snapshotPath } from "./site/source.ts";
import { assetGrace, createSiteApp, type ServedSite, servedSite } from "./site/static-site.ts";
import { storageFromEnv } from "./storage/storage.ts";

// Files this server writes (uploads, backups, its secret) are for its own user only.
process.umask(0o077);

const DIST = process.env.DIST_DIR || "dist";
const port = Number(process.env.PORT || 4321);
const hostname = process.env.HOST || "0.0.0.0";

if (!existsSync(join(DIST, "index.html"))) {
  console.error(`No built site in ${DIST}/: run \`npm run build\` first.`);
  process.exit(1);
}

const config = configFromEnv();
let keepBackups = 0;
try {
  keepBackups = backupKeep();
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
}

/**
 * The build being served with its static handler and header rules (its `_headers` file),
 * replaced in one assignment by a rebuild.
 */
let current: ServedSite | undefined;
/**
 * The hashed assets of the builds served before, kept for pages opened before a swap (their
 * islands load chunks by the old names on first use); later than this, such a page reloads.
 */
const grace = assetGrace({
  dir: join(config.dataDir, "site", "previous-assets"),
  graceMs: 60 * 60_000,
});
const serveRoot = (root: SiteRoot) => {
  if (current) grace.retire(current.root.dir, root.dir);
  current = servedSite(root);
};
serveRoot(siteRootAt(resolve(initialSiteDir(DIST, config.dataDir))));
/** The build being served (set above, before any request). */
const served = (): ServedSite => {
  if (!current) throw new Error("No build is being served");
  return current;
};
let timer: GoLiveTimer | undefined;
let rebuild: ReturnType<typeof rebuilder> | undefined;
/** Sends the mails of new articles now (set once the database is open, below). */
let mailNewArticles = () => {};
let federateArticles = () => {};

/**
 * What a content change sets off here: a background rebuild swapped in when complete (unless
 * SITE_REBUILD=0), the build hook when BUILD_HOOK_URL is set, and, for the embedded database,
 * a fresh content snapshot so that `npm run build` can read it while this server holds the
 * database. A timer does the same when a scheduled item's time comes.
 */
async function sitePublisher(db: Db): Promise<Publisher> {
  const parts: Publisher[] = [];
  if (!config.databaseUrl) {
    const keep = async () =>
      writeSnapshotFile(snapshotPath(config.dataDir), await takeSnapshot(db));
    await keep();
    parts.push({
      contentChanged: () => void keep().catch((e: unknown) => console.error("Snapshot failed:", e)),
    });
  }
  if (process.env.SITE_REBUILD !== "0") {
    rebuild = rebuilder({ db, dataDir: config.dataDir, swap: serveRoot });
    parts.push(rebuild);
  }
  if (process.env.BUILD_HOOK_URL) parts.push(hookPublisher({ url: process.env.BUILD_HOOK_URL }));
  // An article just live is mailed to its followers at once, not at the next minute's look.
  parts.push({ contentChanged: () => mailNewArticles() });
  // And sent to its fediverse followers (queued: the publish does not wait for their servers).
  parts.push({ contentChanged: () => federateArticles() });
  const publisher = allOf(...parts);
  timer = goLiveTimer(db, publisher);
  await timer.recheck();
  return withGoLiveTimer(publisher, timer);
}

let started: Awaited<ReturnType<typeof startApi>>;
try {
  started = await startApi(config, {
    publisher: sitePublisher,
    // The chat answers from the build being served: a rebuild swaps its index with the pages.
    chat: { index: builtSiteChatIndex(() => served().root.dir) },
    // "Check links" asks this process for the site's own pages (no request leaves it).
    outbound: { policy: {}, site: async (request) => site.fetch(request) },
  });
} catch (error) {
  console.error(explainStartError(error, config));
  process.exit(1);
}
const { app: api, database, logWriter, federation } = started;
const pruning = pruneTimer(database.db);
// The owner's daily digest of comments that wait, when the settings ask for one.
const siteOrigin = process.env.SITE_URL || `http://localhost:${port}`;
const digests = commentDigestTimer(() =>
  sendCommentDigest(database.db, mailerFromEnv(process.env, database.db), siteOrigin),
);
// The mail of each new article to the readers who follow its language: at each content change
// and every minute (a mail that failed, a sender that stopped).
const articleMails = periodic("The mail of new articles", 60_000, () =>
  sendArticleMails({
    db: database.db,
    mailer: mailerFromEnv(process.env, database.db),
    origin: siteOrigin,
  }),
);
mailNewArticles = articleMails.runNow;
// Articles gone live, changed or gone, to the fediverse's followers: at each content change and
// every minute (a scheduled article that fell due).
const articleActivities = periodic("The fediverse's articles", 60_000, () =>
  sendArticleActivities(federation, { db: database.db }, siteOrigin),
);
federateArticles = articleActivities.runNow;
// One archive of everything a day in $DATA_DIR/backups, the last BACKUP_KEEP (7) kept.
const backups = dailyBackups({
  db: database.db,
  storage: storageFromEnv(process.env),
  dir: join(config.dataDir, "backups"),
  keep: keepBackups,
});

// Static files, the 404 page and their headers (the served build's `_headers`), and /api.
const site = createSiteApp({
  api: (request, clientIp) => api.fetch(request, { clientIp }),
  site: served,
  grace,
});

// serve() puts Hono's lighter Request and Response in place of the platform's, and Shiki's
// WebAssembly is read through the global Response (a stream, which Hono's cannot read) when its
// module first loads: loaded here first, the back office's preview highlights code with it.
await import("shiki/wasm");

const server = serve(
  { fetch: site.fetch, port, hostname, serverOptions: HTTP_SERVER_OPTIONS },
  (info) => console.log(`Blog and API on ${listeningOn(info)} (${database.kind} database)`),
);
// A port in use (or not ours to take) is said in one line, and the database closed cleanly.
server.on("error", (error: NodeJS.ErrnoException) => {
  const where = `${hostname}:${port}`;
  console.error(
    error.code === "EADDRINUSE"
      ? `Port ${port} is already in use on ${hostname}: stop what uses it, or set PORT to another.`
      : error.code === "EACCES"
        ? `Not allowed to listen on ${where}: choose a PORT above 1023, or run with the right to.`
        : `Could not listen on ${where}: ${error.message}`,
  );
  void stop("listen", 1);
});

/** The address to open: the one listened on, or localhost when that is every address. */
function listeningOn(info: { address: string; port: number }): string {
  const everywhere = info.address === "0.0.0.0" || info.address === "::";
  if (everywhere) return `http://localhost:${info.port} (every address, HOST=${info.address})`;
  const host = info.address.includes(":") ? `[${info.address}]` : info.address;
  return `http://${host}:${info.port}`;
}

let stopping = false;
async function stop(signal: string, code = 0) {
  if (stopping) return;
  stopping = true;
  if (code === 0) console.log(`${signal}: closing`);
  server.close();
  timer?.stop();
  await pruning.stop();
  await digests.stop();
  await articleMails.stop();
  await articleActivities.stop();
  await backups.stop();
  rebuild?.close();
  // The request log's last rows, before the database closes.
  await logWriter.close();
  await database.close();
  process.exit(code);
}
process.on("SIGINT", () => void stop("SIGINT"));
process.on("SIGTERM", () => void stop("SIGTERM"));
