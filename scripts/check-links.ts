// The links of the built site: every address a page names (href, src, srcset, poster, action,
// an SVG's href, an Open Graph image, …) that points into the site must name a file of the build
// that both hosts serve, and every #fragment an element of the page it points to. Addresses under
// /api are the API's, answered by the server rather than by a file: they are matched against the
// API's own route table. Links elsewhere are counted and never fetched (no network in CI).
// Prints each broken link with its page, and the counts; exits 1 on any broken link.
// Usage: node scripts/check-links.ts [built site folder, default $DIST_DIR or dist]
import { readdirSync, readFileSync } from "node:fs";
import { resolve, sep } from "node:path";
import { fileURLToPath } from "node:url";
import type { Element, Root, RootContent } from "hast";
import { fromHtml } from "hast-util-from-html";
import { parseRedirectsFile, REDIRECTS_FILE } from "../src/lib/redirects-file.ts";
import { API_FEDERATION_PREFIX } from "../src/server/fediverse/paths.ts";
import type { RouteEntry } from "../src/server/http/routes-list.ts";

/** One address named by a page. */
export interface Reference {
  /** The element and attribute it was found in (`img srcset`). */
  where: string;
  url: string;
  /** How it is asked for: POST for a form's action with method="post", else GET. */
  method?: "POST";
}

/**
 * Paths that no file answers, on both hosts: Netlify sends /api/* to the API function
 * (functions/api.mts) and `npm start` sends /api and /api/* to the same app
 * (src/server/site/static-site.ts); both send the fediverse's /ap/* to it under
 * /api/federation. Every other path is a file of the build or the not-found page. `toApi` is
 * the path the API's route table knows it by.
 */
export const DYNAMIC_PREFIXES = [
  {
    prefix: "/api",
    reason: "the API (a Netlify Function; the same app under npm start)",
    toApi: (pathname: string) => pathname,
  },
  {
    prefix: "/ap",
    reason: "the blog's ActivityPub actor (the API, under /api/federation)",
    toApi: (pathname: string) => `${API_FEDERATION_PREFIX}${pathname}`,
  },
] as const;

/** The dynamic area a path belongs to, if any (`/api`, `/api/…`, `/api?…`; not `/apis`). */
export function dynamicArea(pathname: string): (typeof DYNAMIC_PREFIXES)[number] | undefined {
  return DYNAMIC_PREFIXES.find(
    ({ prefix }) => pathname === prefix || pathname.startsWith(`${prefix}/`),
  );
}

/**
 * Whether a GET of a path reaches one of the API's routes, by the route table as registered
 * (`/api/photos/:id`, `/api/x/*`). Only GET (and ALL) routes count: a page's link is a GET.
 */
export function apiRouteMatcher(
  routes: readonly RouteEntry[],
): (pathname: string, method?: "GET" | "POST") => boolean {
  const patterns = routes
    .filter((route) => ["GET", "POST", "ALL"].includes(route.method))
    .map((route) => {
      const parts = route.path.split("/").map((part) => {
        if (part === "*") return ".*";
        const param = /^:[A-Za-z0-9_]+(?:\{(.+)\})?(\?)?$/.exec(part);
        if (param) return `(?:${param[1] ?? "[^/]+"})${param[2] ? "?" : ""}`;
        return part.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
      });
      return { method: route.method, pattern: new RegExp(`^${parts.join("/")}/?$`) };
    });
  return (pathname, method = "GET") =>
    patterns.some(
      (route) =>
        (route.method === method || route.method === "ALL") && route.pattern.test(pathname),
    );
}

/** The API's route table, from an app built without a database (no request is made to it). */
export async function loadApiRoutes(): Promise<RouteEntry[]> {
  const { createApp } = await import("../src/server/http/app.ts");
  const { listRoutes } = await import("../src/server/http/routes-list.ts");
  type Options = Parameters<typeof createApp>[0];
  // Empty stand-ins, never called: building the app only registers its routes
  // (src/server/users/users.guards.test.ts reads the table the same way).
  const db = {} as Options["db"];
  const mailer = {} as NonNullable<Options["mailer"]>;
  const storage = {} as NonNullable<Options["storage"]>;
  return listRoutes(createApp({ db, mailer, storage }));
}

/**
 * The URLs of a `srcset` (or `imagesrcset`), by the HTML standard's parsing: each candidate is a
 * URL (which may hold commas) followed by descriptors up to the next comma outside parentheses.
 */
export function parseSrcset(value: string): string[] {
  const urls: string[] = [];
  const space = /[\t\n\f\r ]/;
  let i = 0;
  while (i < value.length) {
    while (i < value.length && (space.test(value[i] ?? "") || value[i] === ",")) i++;
    if (i >= value.length) break;
    let end = i;
    while (end < value.length && !space.test(value[end] ?? "")) end++;
    let url = value.slice(i, end);
    i = end;
    if (url.endsWith(",")) {
      // A URL ending in commas has no descriptors: the commas end the candidate.
      url = url.replace(/,+$/, "");
    } else {
      // Descriptors run to the next comma that is not inside parentheses.
      let depth = 0;
      while (i < value.length) {
        const c = value[i];
        if (c === "(") depth++;
        else if (c === ")") depth = Math.max(0, depth - 1);
        else if (c === "," && depth === 0) break;
        i++;
      }
      i++;
    }
    if (url) urls.push(url);
  }
  return urls;
}

/** Properties (hast's names) holding one address, per element; `*` for any element. */
const URL_PROPERTIES: Record<string, readonly string[]> = {
  a: ["href"],
  area: ["href"],
  link: ["href"],
  img: ["src"],
  source: ["src"],
  script: ["src"],
  iframe: ["src"],
  embed: ["src"],
  track: ["src"],
  audio: ["src"],
  video: ["src", "poster"],
  object: ["data"],
  form: ["action"],
  input: ["src", "formAction"],
  button: ["formAction"],
  use: ["href", "xLinkHref"],
  image: ["href", "xLinkHref"],
  feImage: ["href", "xLinkHref"],
};
/** Properties holding a srcset. */
const SRCSET_PROPERTIES: Record<string, readonly string[]> = {
  img: ["srcSet"],
  source: ["srcSet"],
  link: ["imageSrcSet"],
};
/** `<meta property|name>` whose content is an address (Open Graph, Twitter cards). */
const URL_METAS = new Set([
  "og:url",
  "og:image",
  "og:image:url",
  "og:image:secure_url",
  "og:audio",
  "og:video",
  "twitter:image",
]);
/** `<link rel>` naming an origin to warm up, not a resource. */
const ORIGIN_RELS = new Set(["preconnect", "dns-prefetch"]);

const attributeName = (property: string) =>
  property === "xLinkHref" ? "xlink:href" : property.toLowerCase();

type Parent = Root | Element;

function walk(node: Parent, visit: (element: Element) => void): void {
  const children: readonly RootContent[] = node.children;
  for (const child of children) {
    if (child.type !== "element") continue;
    visit(child);
    walk(child, visit);
    // A <template>'s content is kept apart from its children.
    if (child.content) walk(child.content, visit);
  }
}

const stringOf = (value: unknown): string | undefined =>
  typeof value === "string" ? value : undefined;
const listOf = (value: unknown): string[] =>
  Array.isArray(value) ? value.map(String) : typeof value === "string" ? value.split(/\s+/) : [];

/** Everything a parsed page points at, in document order, and the ids its fragments can name. */
export function scanPage(tree: Root): { references: Reference[]; ids: Set<string>; base?: string } {
  const references: Reference[] = [];
  const ids = new Set<string>();
  let base: string | undefined;
  walk(tree, (element) => {
    const { tagName, properties } = element;
    const id = stringOf(properties.id);
    if (id) ids.add(id);
    // An <a name> is a fragment's target too (the HTML standard's "indicated part").
    const name = tagName === "a" ? stringOf(properties.name) : undefined;
    if (name) ids.add(name);
    if (tagName === "base" && base === undefined) base = stringOf(properties.href);
    if (tagName === "link" && listOf(properties.rel).some((rel) => ORIGIN_RELS.has(rel))) return;
    for (const property of URL_PROPERTIES[tagName] ?? []) {
      const url = stringOf(properties[property]);
      if (url === undefined) continue;
      const where = `${tagName} ${attributeName(property)}`;
      const posted = tagName === "form" && stringOf(properties.method)?.toLowerCase() === "post";
      references.push(posted ? { where, url, method: "POST" } : { where, url });
    }
    for (const property of SRCSET_PROPERTIES[tagName] ?? []) {
      const value = stringOf(properties[property]);
      if (value === undefined) continue;
      for (const url of parseSrcset(value)) {
        references.push({ where: `${tagName} ${attributeName(property)}`, url });
      }
    }
    if (tagName === "meta") {
      const key = stringOf(properties.property) ?? stringOf(properties.name);
      const content = stringOf(properties.content);
      if (key && content !== undefined && URL_METAS.has(key)) {
        references.push({ where: `meta ${key}`, url: content });
      }
    }
  });
  return base === undefined ? { references, ids } : { references, ids, base };
}

/**
 * Whether a fragment names a place in a document with these ids, as the HTML standard finds the
 * indicated part: the empty fragment and `top` are the top of the page; otherwise an id (or
 * <a name>) equal to the fragment as written, or percent-decoded. A text directive (`:~:`) is
 * for the browser alone and not checked.
 */
export function fragmentFound(fragment: string, ids: ReadonlySet<string>): boolean {
  if (fragment === "" || fragment.startsWith(":~:")) return true;
  if (ids.has(fragment)) return true;
  let decoded: string;
  try {
    decoded = decodeURIComponent(fragment);
  } catch {
    return false;
  }
  return ids.has(decoded) || decoded.toLowerCase() === "top";
}

/** The URL path a built file is served at (`articles/x/index.html` → `/articles/x/`). */
export function servedPath(file: string): string {
  const path = `/${file.split(sep).join("/")}`;
  return path.endsWith("/index.html") ? path.slice(0, -"index.html".length) : path;
}

/**
 * The built file a URL path is answered with by both hosts, or null: the file itself, or a
 * folder's index.html (`/x/`, and `/x`, which `npm start` answers with it and Netlify redirects
 * to `/x/`). `/x` for `x.html` is left out: Netlify answers it, `npm start` does not. Neither
 * host serves `_headers`.
 */
export function servedFile(pathname: string, files: ReadonlySet<string>): string | null {
  let path: string;
  try {
    path = decodeURIComponent(pathname).replace(/^\/+/, "");
  } catch {
    return null;
  }
  if (path.split("/").some((part) => part === ".." || part === ".")) return null;
  if (path === "_headers") return null;
  if (path === "" || path.endsWith("/"))
    return files.has(`${path}index.html`) ? `${path}index.html` : null;
  if (files.has(path)) return path;
  return files.has(`${path}/index.html`) ? `${path}/index.html` : null;
}

export type Verdict =
  | { kind: "ok"; fragmentChecked: boolean }
  | { kind: "external" }
  | { kind: "other-scheme" }
  | { kind: "dynamic" }
  | { kind: "broken"; reason: string };

export interface Site {
  /** The site's origin: absolute links to it are internal (canonical, Open Graph). */
  origin: string;
  /** Every file of the build, relative, with `/` separators. */
  files: ReadonlySet<string>;
  /** The ids of a built file (HTML or SVG), for its fragments; undefined for other files. */
  idsOf: (file: string) => ReadonlySet<string> | undefined;
  /** Whether the API answers a GET (or the method given) of this path. */
  apiAnswers: (pathname: string, method?: "GET" | "POST") => boolean;
}

/** What one address on a page (served at `pageUrl`) comes to. */
export function judge(
  raw: string,
  pageUrl: URL,
  site: Site,
  method: "GET" | "POST" = "GET",
): Verdict {
  let url: URL;
  try {
    url = new URL(raw, pageUrl);
  } catch {
    return { kind: "broken", reason: "not a URL" };
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") return { kind: "other-scheme" };
  if (url.origin !== site.origin) return { kind: "external" };
  const area = dynamicArea(url.pathname);
  if (area) {
    return site.apiAnswers(area.toApi(url.pathname), method)
      ? { kind: "dynamic" }
      : { kind: "broken", reason: `no API route answers a ${method} of it` };
  }
  const file = servedFile(url.pathname, site.files);
  if (file === null) return { kind: "broken", reason: "no such file in the build" };
  const ids = url.hash ? site.idsOf(file) : undefined;
  if (!ids) return { kind: "ok", fragmentChecked: false };
  const fragment = url.hash.slice(1);
  if (!fragmentFound(fragment, ids)) {
    return { kind: "broken", reason: `no element with id "${decodeSafely(fragment)}" there` };
  }
  return { kind: "ok", fragmentChecked: true };
}

function decodeSafely(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

export interface LinkReport {
  pages: number;
  /** Internal addresses checked (each occurrence), and how many distinct ones. */
  checked: number;
  distinct: number;
  /** Of those, the ones whose #fragment was found on the page they point to. */
  fragments: number;
  external: number;
  otherSchemes: number;
  dynamic: number;
  /** Old addresses in `_redirects`, each checked to lead to a file of the build. */
  redirects: number;
  broken: Array<{ page: string; where: string; url: string; reason: string; times: number }>;
}

/** Checks every page of a built site. */
export async function checkSite(
  dir: string,
  origin: string,
  loadRoutes: () => Promise<RouteEntry[]> = loadApiRoutes,
): Promise<LinkReport> {
  const files = new Set(
    readdirSync(dir, { recursive: true, encoding: "utf8" })
      .map((name) => name.split(sep).join("/"))
      .filter((name) => !name.endsWith(".br") && !name.endsWith(".gz")),
  );
  const pages = [...files].filter((name) => name.endsWith(".html")).sort();
  const scanned = new Map<string, ReturnType<typeof scanPage>>();
  const scan = (file: string) => {
    let result = scanned.get(file);
    if (!result) {
      const text = readFileSync(resolve(dir, file), "utf8");
      const tree = file.endsWith(".svg") ? fromHtml(text, { fragment: true }) : fromHtml(text);
      result = scanPage(tree);
      scanned.set(file, result);
    }
    return result;
  };
  for (const page of pages) scan(page);

  // The route table is read only when a page links into the API (building the app costs a
  // second or two).
  let apiAnswers: ReturnType<typeof apiRouteMatcher> | undefined;
  const needsApi = pages.some((page) =>
    scan(page).references.some((r) => {
      try {
        const url = new URL(r.url, new URL(servedPath(page), origin));
        return url.origin === origin && dynamicArea(url.pathname) !== undefined;
      } catch {
        return false;
      }
    }),
  );
  if (needsApi) apiAnswers = apiRouteMatcher(await loadRoutes());

  const site: Site = {
    origin,
    files,
    idsOf: (file) => (file.endsWith(".html") || file.endsWith(".svg") ? scan(file).ids : undefined),
    apiAnswers: (pathname, method) => apiAnswers?.(pathname, method) ?? false,
  };
  const report: LinkReport = {
    pages: pages.length,
    checked: 0,
    distinct: 0,
    fragments: 0,
    external: 0,
    otherSchemes: 0,
    dynamic: 0,
    redirects: 0,
    broken: [],
  };
  const distinct = new Set<string>();
  for (const page of pages) {
    const { references, base } = scan(page);
    let pageUrl = new URL(servedPath(page), origin);
    if (base !== undefined) pageUrl = new URL(base, pageUrl);
    const brokenHere = new Map<string, LinkReport["broken"][number]>();
    for (const reference of references) {
      const verdict = judge(reference.url, pageUrl, site, reference.method);
      if (verdict.kind === "external") report.external++;
      else if (verdict.kind === "other-scheme") report.otherSchemes++;
      else {
        report.checked++;
        distinct.add(URL.parse(reference.url, pageUrl)?.href ?? reference.url);
        if (verdict.kind === "dynamic") report.dynamic++;
        if (verdict.kind === "ok" && verdict.fragmentChecked) report.fragments++;
        if (verdict.kind === "broken") {
          const key = `${reference.where} ${reference.url}`;
          const seen = brokenHere.get(key);
          if (seen) seen.times++;
          else {
            const entry = { page, ...reference, reason: verdict.reason, times: 1 };
            brokenHere.set(key, entry);
            report.broken.push(entry);
          }
        }
      }
    }
  }
  // The old addresses of imported items: each must lead to a page of the build.
  if (files.has(REDIRECTS_FILE)) {
    const text = readFileSync(resolve(dir, REDIRECTS_FILE), "utf8");
    for (const rule of parseRedirectsFile(text)) {
      report.redirects++;
      const verdict = judge(rule.to, new URL("/", origin), site);
      if (verdict.kind === "broken") {
        const where = `redirect from ${rule.path}`;
        report.broken.push({
          page: REDIRECTS_FILE,
          where,
          url: rule.to,
          reason: verdict.reason,
          times: 1,
        });
      }
    }
  }
  report.distinct = distinct.size;
  return report;
}

async function main() {
  const dir = resolve(process.argv[2] ?? process.env.DIST_DIR ?? "dist");
  // The origin the build wrote its absolute links with (astro.config.mjs's `site`).
  const origin = new URL(process.env.SITE_URL || "http://localhost:4321").origin;
  const started = performance.now();
  const report = await checkSite(dir, origin);
  if (report.pages === 0) {
    console.error(`check-links: no pages in ${dir}: run \`npm run build\` first`);
    process.exit(1);
  }
  for (const b of report.broken) {
    const times = b.times > 1 ? ` (${b.times}×)` : "";
    console.log(`${b.page}: <${b.where}="${b.url}">${times}: ${b.reason}`);
  }
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  console.log(
    `check-links: ${report.pages} pages, ${report.checked} internal links checked (${report.distinct} distinct, ${report.fragments} with a #fragment, ${report.dynamic} into the API), ${report.redirects} old addresses in ${REDIRECTS_FILE}, ${report.broken.length} broken; ${report.external} external and ${report.otherSchemes} of other schemes (mailto:, data:, …) counted, not fetched; in ${seconds} s`,
  );
  process.exitCode = report.broken.length > 0 ? 1 : 0;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  main().catch((error: unknown) => {
    console.error(`check-links: ${error instanceof Error ? error.stack : String(error)}`);
    process.exit(1);
  });
}
