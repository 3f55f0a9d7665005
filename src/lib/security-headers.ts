// The one definition of the security headers, for pages (the build writes them into the site
// folder as Netlify's `_headers` file; `npm start` reads that file back) and for the API (a
// middleware of src/server/http). Free of Node APIs, so any side may import it.
//
// Pages: a strict Content-Security-Policy whose script and style hashes come from the build
// (src/lib/inline-hashes.ts hashes every inline <script> and <style> of the built HTML), so
// editing the head script can never silently break a page. Hashes are the union over all
// pages: one rule for the whole site, and only a handful of distinct inline blocks exist.

/** Netlify reads this file from the publish folder; `npm start` reads it from the folder it serves. */
export const HEADERS_FILE = "_headers";

/** Sources hashed by the build, each as a CSP source expression (`'sha256-…'`). */
export interface InlineHashes {
  scripts: readonly string[];
  styles: readonly string[];
}

/** Powerful features no page here uses (only names Chromium knows: others log an error). */
const DENIED_FEATURES = [
  "accelerometer",
  "autoplay",
  "camera",
  "display-capture",
  "encrypted-media",
  "geolocation",
  "gyroscope",
  "hid",
  "idle-detection",
  "magnetometer",
  "microphone",
  "midi",
  "payment",
  "publickey-credentials-get",
  "screen-wake-lock",
  "serial",
  "usb",
  "xr-spatial-tracking",
];

/** What pages and the API send alike, besides their Content-Security-Policy. */
export const COMMON_HEADERS: Readonly<Record<string, string>> = {
  // One year, subdomains too. Browsers ignore it on plain http (npm start on localhost).
  "Strict-Transport-Security": "max-age=31536000; includeSubDomains",
  "X-Content-Type-Options": "nosniff",
  // frame-ancestors 'none' says the same to browsers that read CSP; this is for the others.
  "X-Frame-Options": "DENY",
  "Referrer-Policy": "strict-origin-when-cross-origin",
  "Cross-Origin-Opener-Policy": "same-origin",
  "Cross-Origin-Resource-Policy": "same-origin",
  "Permissions-Policy": DENIED_FEATURES.map((feature) => `${feature}=()`).join(", "),
};

function policy(directives: ReadonlyArray<readonly [string, ...string[]]>): string {
  return directives.map((parts) => parts.join(" ")).join("; ");
}

/**
 * The pages' policy. Notes on what is allowed and why:
 * - script-src: our own files, the build's hashes, and 'wasm-unsafe-eval' for Pagefind's
 *   WebAssembly (search). No 'unsafe-inline', no 'unsafe-eval'.
 * - style-src: our own files and the hashes of the inline <style> blocks Astro writes.
 *   style-src-attr 'unsafe-inline' lets the style="…" attributes through that Shiki
 *   (CSS-variables theme) and KaTeX emit on every code block and formula: they cannot be
 *   hashed. An attribute cannot run script; src/lib/sanitize-html.ts keeps positioning
 *   declarations out of the back office's HTML. (The Observatory scores style-src only.)
 * - img-src https:: covers and pictures written in the back office are https URLs
 *   (src/shared/content-rules.ts); never http:.
 * - font-src data:: Vite inlines KaTeX's smallest font into its stylesheet.
 * - worker-src: Pagefind's worker is a file of ours.
 * - No upgrade-insecure-requests: WebKit upgrades http://localhost too, which would break
 *   `npm start` on a machine without TLS; HSTS covers the deployed site.
 */
export function pageCsp(hashes: InlineHashes): string {
  return policy([
    ["default-src", "'self'"],
    ["script-src", "'self'", "'wasm-unsafe-eval'", ...hashes.scripts],
    ["style-src", "'self'", ...hashes.styles],
    ["style-src-attr", "'unsafe-inline'"],
    ["img-src", "'self'", "https:"],
    ["font-src", "'self'", "data:"],
    ["connect-src", "'self'"],
    ["worker-src", "'self'"],
    ["object-src", "'none'"],
    ["base-uri", "'none'"],
    ["frame-ancestors", "'none'"],
    ["form-action", "'self'"],
  ]);
}

/** The API answers JSON (and avatar images): nothing in it may load, frame or submit anything. */
export const API_CSP = policy([
  ["default-src", "'none'"],
  ["frame-ancestors", "'none'"],
  ["base-uri", "'none'"],
  ["form-action", "'none'"],
]);

/**
 * The API's one HTML answer (an item's comments as a page, for readers without JavaScript):
 * the API's policy, and the site's own stylesheets.
 */
export const API_HTML_CSP = policy([
  ["default-src", "'none'"],
  ["style-src", "'self'"],
  ["frame-ancestors", "'none'"],
  ["base-uri", "'none'"],
  ["form-action", "'none'"],
]);

export function pageHeaders(hashes: InlineHashes): Record<string, string> {
  return { "Content-Security-Policy": pageCsp(hashes), ...COMMON_HEADERS };
}

export function apiHeaders(): Record<string, string> {
  return { "Content-Security-Policy": API_CSP, ...COMMON_HEADERS };
}

/** One block of a `_headers` file (or a `[[headers]]` table of netlify.toml). */
export interface HeaderRule {
  for: string;
  values: Record<string, string>;
}

/** Files whose names change with their bytes: a year, never revalidated (as /api/media/* answers). */
export const IMMUTABLE_CACHE = "public, max-age=31536000, immutable";

/**
 * The built site's files named by their bytes: the gallery's file photos (src/lib/photo-files.ts)
 * and the Open Graph images (src/lib/covers/og.ts).
 */
export const IMMUTABLE_PATHS = ["/photo-files/*", "/og/*"] as const;

/** The `_headers` file for a build: one rule for every path, then the immutable files' cache. */
export function formatHeadersFile(hashes: InlineHashes): string {
  const lines = Object.entries(pageHeaders(hashes)).map(([name, value]) => `  ${name}: ${value}`);
  return [
    "# Written by the build (src/lib/inline-hashes.ts, from src/lib/security-headers.ts) with the",
    "# hashes of this build's inline scripts and styles. Netlify applies it to every file it",
    "# serves; `npm start` reads it from the folder it serves. Do not edit.",
    "/*",
    ...lines,
    ...IMMUTABLE_PATHS.flatMap((path) => [path, `  Cache-Control: ${IMMUTABLE_CACHE}`]),
    "",
  ].join("\n");
}

/**
 * Netlify's reading of a `_headers` file: a line starting with `/` opens a rule, `Name: value`
 * lines below it add headers (a name given twice in one rule is joined with ", "), `#` lines
 * are comments.
 */
export function parseHeadersFile(text: string): HeaderRule[] {
  const rules: HeaderRule[] = [];
  for (const [index, raw] of text.split("\n").entries()) {
    const line = raw.trim();
    if (line === "" || line.startsWith("#")) continue;
    if (line.startsWith("/")) {
      rules.push({ for: line, values: {} });
      continue;
    }
    const colon = line.indexOf(":");
    if (colon < 0) continue;
    const name = line.slice(0, colon).trim();
    const value = line.slice(colon + 1).trim();
    const rule = rules.at(-1);
    if (!rule || name === "" || value === "") {
      throw new Error(`${HEADERS_FILE} line ${index + 1} is not a header of a path: ${line}`);
    }
    const before = rule.values[name];
    rule.values[name] = before === undefined ? value : `${before}, ${value}`;
  }
  return rules;
}

const escapeRegExp = (s: string) => s.replace(/[|\\{}()[\]^$+*?.]/g, "\\$&");

/** Netlify's path pattern: `:name` is one segment, a `*` segment any rest (or none). */
export function pathPattern(path: string): RegExp {
  const parts = path
    .split("/")
    .map((part) => part.trimEnd())
    .filter(Boolean)
    .map((part) => {
      if (part.startsWith(":")) return "([^/]+)";
      if (part === "*") return "?(.*)";
      if (part.includes("*")) return part.split("*").map(escapeRegExp).join("(.*)");
      return escapeRegExp(part);
    });
  return new RegExp(`^/${parts.join("/")}/?$`, "iu");
}

/** The headers for a path: every matching rule in order, a later one overriding a name. */
export function headersForPath(rules: readonly HeaderRule[], path: string): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const rule of rules) {
    if (pathPattern(rule.for).test(path)) Object.assign(headers, rule.values);
  }
  return headers;
}
