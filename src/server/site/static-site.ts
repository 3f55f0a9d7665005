// `npm start`'s web app: /api to the API app, every other path to the built site being served,
// with the headers that build's `_headers` file names (the same file Netlify applies).
import {
  copyFileSync,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  utimesSync,
} from "node:fs";
import type { IncomingMessage } from "node:http";
import { join } from "node:path";
import { serveStatic } from "@hono/node-server/serve-static";
import { type Context, Hono, type MiddlewareHandler } from "hono";
import { compress } from "hono/compress";
import { directiveSources, headersFileFor } from "../../lib/inline-hashes.ts";
import {
  parseRedirectsFile,
  REDIRECTS_FILE,
  type RedirectTable,
  redirectFor,
  redirectTable,
} from "../../lib/redirects-file.ts";
import {
  formatHeadersFile,
  HEADERS_FILE,
  type HeaderRule,
  headersForPath,
  IMMUTABLE_CACHE,
  IMMUTABLE_PATHS,
  type InlineHashes,
  parseHeadersFile,
} from "../../lib/security-headers.ts";
import { toApiRequest } from "../fediverse/paths.ts";
import type { SiteRoot } from "./rebuild.ts";

type SiteEnv = {
  Bindings: { incoming?: IncomingMessage };
  Variables: { site: ServedSite; cacheControl?: string };
};

/** One build as served: its folder, its header and redirect rules, its static file handler. */
export interface ServedSite {
  root: SiteRoot;
  rules: HeaderRule[];
  redirects: RedirectTable;
  serve: MiddlewareHandler<SiteEnv>;
}

/**
 * The header rules of a built site. A folder built before the build wrote `_headers` gets
 * them computed from its own HTML now (same result, paid once when it is served).
 */
export function headerRulesOf(
  dir: string,
  log: (line: string) => void = console.log,
): HeaderRule[] {
  const file = join(dir, HEADERS_FILE);
  if (existsSync(file)) return parseHeadersFile(readFileSync(file, "utf8"));
  log(`${HEADERS_FILE} missing in ${dir}: computed from its HTML`);
  return parseHeadersFile(headersFileFor(dir).text);
}

/**
 * Folders whose files never change: Astro fingerprints everything under _astro/, and the
 * build names the gallery's files and the Open Graph images by their bytes (`IMMUTABLE_PATHS`,
 * the same `_headers` names for Netlify).
 */
const IMMUTABLE_FOLDERS = ["/_astro/", ...IMMUTABLE_PATHS.map((path) => path.replace(/\*$/, ""))];

function staticFiles(root: string): MiddlewareHandler<SiteEnv> {
  return serveStatic<SiteEnv>({
    root,
    // The build wrote `.br` and `.gz` beside each text file (src/lib/precompress.ts): the one the
    // request accepts is served as it is, with its Content-Encoding and `Vary: Accept-Encoding`.
    precompressed: true,
    // Called once the response is made, so a header set here would be lost: the value is
    // kept for the middleware below to set.
    onFound: (_path, c) => {
      c.set(
        "cacheControl",
        IMMUTABLE_FOLDERS.some((folder) => c.req.path.startsWith(folder))
          ? IMMUTABLE_CACHE
          : "public, max-age=0, must-revalidate",
      );
    },
  });
}

/** The redirect rules of a built site (its `_redirects`, the latest of an overlay's); none without. */
function redirectRulesOf(dirs: string[]): RedirectTable {
  const file = dirs.map((dir) => join(dir, REDIRECTS_FILE)).find((path) => existsSync(path));
  return redirectTable(file ? parseRedirectsFile(readFileSync(file, "utf8")) : []);
}

export function servedSite(root: SiteRoot): ServedSite {
  const rules = headerRulesOf(root.dir);
  const base = staticFiles(root.dir);
  const overlay = root.overlay;
  if (!overlay) return { root, rules, redirects: redirectRulesOf([root.dir]), serve: base };
  const over = staticFiles(overlay.dir);
  const files = new Set(overlay.files);
  const redirects = redirectRulesOf(
    files.has(REDIRECTS_FILE) ? [overlay.dir, root.dir] : [root.dir],
  );
  const removed = new Set(overlay.removed);
  const notFoundPage = files.has("404.html")
    ? readFileSync(join(overlay.dir, "404.html"), "utf8")
    : root.notFoundPage;
  return {
    root: { ...root, notFoundPage },
    rules: withHashes(rules, overlay.hashes),
    redirects,
    serve: (c, next) => {
      const candidates = filesOfPath(c.req.path);
      if (candidates.some((file) => files.has(file))) return over(c, next);
      if (candidates.some((file) => removed.has(file))) return next();
      return base(c, next);
    },
  };
}

/** The files a request path may name, as a static handler looks for them. */
function filesOfPath(path: string): string[] {
  let name: string;
  try {
    name = decodeURIComponent(path).replace(/^\/+/, "");
  } catch {
    return [];
  }
  if (name === "" || name.endsWith("/")) return [`${name}index.html`];
  return [name, `${name}/index.html`, `${name}.html`];
}

/**
 * Header rules that also allow an overlay's inline hashes: the same rules when the build's
 * already do, else the build's `_headers` made again with both builds' hashes.
 */
function withHashes(rules: HeaderRule[], extra: InlineHashes): HeaderRule[] {
  const csp = headersForPath(rules, "/")["Content-Security-Policy"] ?? "";
  const hashed = (directive: string) =>
    directiveSources(csp, directive).filter((source) => source.startsWith("'sha"));
  const scripts = new Set(hashed("script-src"));
  const styles = new Set(hashed("style-src"));
  const missing =
    extra.scripts.some((hash) => !scripts.has(hash)) ||
    extra.styles.some((hash) => !styles.has(hash));
  if (!missing) return rules;
  return parseHeadersFile(
    formatHeadersFile({
      scripts: [...new Set([...scripts, ...extra.scripts])].sort(),
      styles: [...new Set([...styles, ...extra.styles])].sort(),
    }),
  );
}

/** Where Astro writes the hashed chunks, styles and images of a build. */
const ASSETS = "_astro";

/**
 * A build's hashed assets, kept after a swap for `graceMs`. A page opened before a publish loads
 * its islands' chunks on first use, by the names its own build gave them; the next build names
 * them afresh and the folder they were in is removed two builds later. So at each swap the old
 * build's files under `/_astro/` that the new build lacks are copied to `dir` (hashed names never
 * collide), each dated by its swap, and served from there while the current build lacks them, until
 * the grace period after that swap ends. A page left open longer reloads itself once
 * (src/lib/stale-chunk-reload.ts).
 */
export interface AssetGrace {
  /** The build in `oldDir` gives way to the one in `newDir`: keep what the new one lacks. */
  retire(oldDir: string, newDir: string): void;
  /** Answers `/_astro/<name>` with a kept file still in its grace period; else `next()`. */
  serve: MiddlewareHandler<SiteEnv>;
}

export function assetGrace(options: {
  dir: string;
  graceMs: number;
  now?: () => number;
  log?: (line: string) => void;
}): AssetGrace {
  const now = options.now ?? Date.now;
  const kept = join(options.dir, ASSETS);
  mkdirSync(kept, { recursive: true });
  /** Each kept file's name and when its build gave way. */
  const retired = new Map<string, number>();
  for (const name of readdirSync(kept)) retired.set(name, statSync(join(kept, name)).mtimeMs);
  const files = staticFiles(options.dir);
  const prune = () => {
    for (const [name, at] of retired) {
      if (now() - at < options.graceMs) continue;
      rmSync(join(kept, name), { force: true });
      retired.delete(name);
    }
  };
  prune();
  return {
    retire(oldDir, newDir) {
      const from = join(oldDir, ASSETS);
      if (!existsSync(from)) return;
      const next = new Set(
        existsSync(join(newDir, ASSETS)) ? readdirSync(join(newDir, ASSETS)) : [],
      );
      const at = now();
      let copied = 0;
      for (const entry of readdirSync(from, { withFileTypes: true })) {
        // A name kept from an earlier swap keeps its date: its grace began then.
        if (!entry.isFile() || next.has(entry.name) || retired.has(entry.name)) continue;
        copyFileSync(join(from, entry.name), join(kept, entry.name));
        utimesSync(join(kept, entry.name), at / 1000, at / 1000);
        retired.set(entry.name, at);
        copied += 1;
      }
      prune();
      if (copied > 0)
        options.log?.(`${copied} files of the previous build kept under /${ASSETS}/ for a while`);
    },
    serve: (c, next) => {
      const name = c.req.path.slice(`/${ASSETS}/`.length);
      const at = retired.get(name);
      if (at === undefined || now() - at >= options.graceMs) return next();
      return files(c, next);
    },
  };
}

export interface SiteAppOptions {
  /** Answers /api and everything under it. */
  api: (request: Request, clientIp: string | undefined) => Response | Promise<Response>;
  /** The build being served now (a background rebuild swaps it). */
  site: () => ServedSite;
  /** The assets of the builds served before, for pages opened before a swap. */
  grace?: AssetGrace;
}

/**
 * Revalidation: a file not changed since the copy the browser holds (`If-Modified-Since` against
 * its `Last-Modified`) answers 304 without a body, its headers kept (pages are served with
 * `max-age=0, must-revalidate`, so a browser asks each time it shows one again).
 */
const notModified: MiddlewareHandler<SiteEnv> = async (c, next) => {
  await next();
  const since = Date.parse(c.req.header("If-Modified-Since") ?? "");
  const modified = Date.parse(c.res.headers.get("Last-Modified") ?? "");
  const read = c.req.method === "GET" || c.req.method === "HEAD";
  if (!read || c.res.status !== 200 || Number.isNaN(since) || Number.isNaN(modified)) return;
  if (modified > since) return;
  // The file's stream is not read: close it.
  await c.res.body?.cancel();
  // Hono keeps the old response's headers on the new one: the body's own are taken off after.
  c.res = new Response(null, { status: 304 });
  c.res.headers.delete("Content-Length");
  c.res.headers.delete("Content-Encoding");
};

export function createSiteApp(options: SiteAppOptions) {
  const app = new Hono<SiteEnv>();
  // c.env is undefined when a test calls app.request() without one.
  const api = (c: Context<SiteEnv>) =>
    options.api(c.req.raw, c.env?.incoming?.socket.remoteAddress);
  // The API sets its own headers (src/server/http/security-headers.ts).
  app.all("/api/*", api);
  app.all("/api", api);
  // The blog's ActivityPub actor and its discovery: answered by the API (src/server/fediverse).
  const federation = (c: Context<SiteEnv>) =>
    options.api(toApiRequest(c.req.raw), c.env?.incoming?.socket.remoteAddress);
  app.all("/ap/*", federation);
  app.get("/.well-known/webfinger", federation);
  app.get("/.well-known/nodeinfo", federation);
  app.use(async (c, next) => {
    // One build answers the whole request, headers included, even if a swap happens meanwhile.
    const site = options.site();
    c.set("site", site);
    await next();
    for (const [name, value] of Object.entries(headersForPath(site.rules, c.req.path))) {
      c.res.headers.set(name, value);
    }
    const cacheControl = c.get("cacheControl");
    if (cacheControl) c.res.headers.set("Cache-Control", cacheControl);
  });
  app.use(notModified);
  // Only what the build did not compress (the not-found page, a build made before precompression).
  app.use(compress());
  // An old address of an imported item (the build's `_redirects`), as Netlify answers it: a
  // forced rule before the files, the others where no file answers.
  const redirect = (c: Context<SiteEnv>, forced: boolean) => {
    if (c.var.site.redirects.size === 0) return null;
    const url = new URL(c.req.url);
    const rule = redirectFor(c.var.site.redirects, url.pathname, url.searchParams);
    // The query goes on to the new address, as Netlify passes it (its rule's own included).
    return rule && rule.force === forced ? c.redirect(`${rule.to}${url.search}`, 301) : null;
  };
  app.use(async (c, next) => redirect(c, true) ?? next());
  // Netlify never serves `_headers` or `_redirects`; neither does this.
  const hidden = new Set([`/${HEADERS_FILE}`, `/${REDIRECTS_FILE}`]);
  app.use((c, next) => (hidden.has(c.req.path) ? next() : c.var.site.serve(c, next)));
  const grace = options.grace;
  if (grace) app.use(`/${ASSETS}/*`, (c, next) => grace.serve(c, next));
  app.notFound((c) => redirect(c, false) ?? c.html(c.var.site.root.notFoundPage, 404));
  return app;
}
