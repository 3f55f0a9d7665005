// Build time: a `<link rel="modulepreload">` before each page's module script for every chunk it
// imports statically, directly or through another chunk. Without it the browser learns of
// `site.js` (the footer's switches, the readership beacon, the stores the islands share) only
// after it has fetched and parsed the page's own entry, which is nothing but `import "./site.js"`:
// one more round trip on every page, and on a gallery page a request that began after the
// photos' and so waited behind them (Lighthouse's mobile simulation: LCP 1.5-2.6 s instead of
// 1.1-1.2 s in the runs where the photos ended before the first paint).
// Runs at the end of every `astro build` (astro.config.mjs), before the `_headers` file and the
// precompression are made from the same HTML.
import { readFileSync, writeFileSync } from "node:fs";
import { join, posix } from "node:path";
import { init, parse } from "es-module-lexer";
import { hashCollector, hashesOf, htmlFilesIn } from "./inline-hashes.ts";
import type { PageCache } from "./page-cache.ts";
import { attribute, elementsOf, type ParsedPage, parsePage } from "./parsed-html.ts";
import type { InlineHashes } from "./security-headers.ts";

/** The URLs a chunk imports statically (not `import()`), resolved against its own URL. */
export function staticImportsOf(url: string, code: string): string[] {
  const [imports] = parse(code);
  const urls: string[] = [];
  for (const entry of imports) {
    // d === -1: a static import or re-export; -2: import.meta; >= 0: a dynamic import().
    if (entry.d !== -1 || !entry.n) continue;
    if (!entry.n.startsWith("./") && !entry.n.startsWith("../") && !entry.n.startsWith("/"))
      continue;
    urls.push(entry.n.startsWith("/") ? entry.n : posix.join(posix.dirname(url), entry.n));
  }
  return urls;
}

/**
 * Every chunk a script needs before it runs, in the order a browser would meet them (depth
 * first), without the script itself. `read` gives a chunk's code by URL, or null when the site
 * does not hold it (then it and what it imports are left to the browser).
 */
export function dependenciesOf(entry: string, read: (url: string) => string | null): string[] {
  const seen = new Set<string>([entry]);
  const order: string[] = [];
  const visit = (url: string) => {
    const code = read(url);
    if (code === null) return;
    for (const next of staticImportsOf(url, code)) {
      if (seen.has(next)) continue;
      seen.add(next);
      order.push(next);
      visit(next);
    }
  };
  visit(entry);
  return order;
}

interface PageScripts {
  /** Where each module script of this site (`<script type="module" src="/_astro/…">`) starts, and its src. */
  modules: { offset: number; src: string }[];
  /** The modules the page already preloads. */
  preloaded: Set<string>;
}

/** Reads a page's module scripts and preload links with an HTML parser (with source offsets). */
function scriptsOf(page: ParsedPage): PageScripts {
  const found: PageScripts = { modules: [], preloaded: new Set() };
  for (const element of elementsOf(page)) {
    if (element.tagName === "script") {
      const src = attribute(element, "src");
      const offset = element.sourceCodeLocation?.startOffset;
      if (
        attribute(element, "type") === "module" &&
        src?.startsWith("/_astro/") &&
        offset !== undefined
      )
        found.modules.push({ offset, src });
    } else if (element.tagName === "link") {
      const rel = (attribute(element, "rel") ?? "").toLowerCase().split(/\s+/);
      const href = attribute(element, "href");
      if (rel.includes("modulepreload") && href) found.preloaded.add(href);
    }
  }
  return found;
}

/** Text to put into a page at an offset of its HTML. */
export type Insert = [offset: number, text: string];

/** The preload links a page needs: before each module script, those for what it imports. */
export function preloadInserts(
  html: string,
  dependencies: (url: string) => string[],
  page: ParsedPage = parsePage(html, true),
): Insert[] {
  const { modules, preloaded } = scriptsOf(page);
  const inserts: Insert[] = [];
  for (const { offset, src } of modules) {
    const links = dependencies(src)
      .filter((url) => !preloaded.has(url))
      .map((url) => {
        preloaded.add(url);
        return `<link rel="modulepreload" href="${url}">`;
      });
    if (links.length > 0) inserts.push([offset, links.join("")]);
  }
  return inserts;
}

/** The page with each insert placed at its offset (offsets ascending). */
export function applyInserts(html: string, inserts: readonly Insert[]): string {
  if (inserts.length === 0) return html;
  const parts: string[] = [];
  let at = 0;
  for (const [offset, text] of inserts) {
    parts.push(html.slice(at, offset), text);
    at = offset;
  }
  parts.push(html.slice(at));
  return parts.join("");
}

/** A page with a preload link before each module script for what it imports; the same page when there is nothing to add. */
export function withModulePreloads(
  html: string,
  dependencies: (url: string) => string[],
  page: ParsedPage = parsePage(html, true),
): string {
  return applyInserts(html, preloadInserts(html, dependencies, page));
}

/** What the pass after a build reads of a page: its preload links and its inline hashes. */
export interface AfterBuildRead extends InlineHashes {
  inserts: Insert[];
}

/** The code of that pass: a change to any of these files reads every page again. */
export const AFTER_BUILD_CODE = [
  new URL(import.meta.url),
  new URL("./inline-hashes.ts", import.meta.url),
  new URL("./parsed-html.ts", import.meta.url),
  new URL("../../package-lock.json", import.meta.url),
];

/**
 * The chunks each script of a built site imports (`dependenciesOf`), read from the site's folder
 * once per chunk.
 */
export async function siteDependencies(dir: string): Promise<(url: string) => string[]> {
  await init;
  const codes = new Map<string, string | null>();
  const read = (url: string): string | null => {
    if (!codes.has(url)) {
      const file = join(dir, ...url.split("/"));
      let code: string | null = null;
      try {
        code = readFileSync(file, "utf8");
      } catch {
        // Not a file of this site (an address outside it): nothing to preload.
      }
      codes.set(url, code);
    }
    return codes.get(url) ?? null;
  };
  const graphs = new Map<string, string[]>();
  const dependencies = (url: string) => {
    let found = graphs.get(url);
    if (!found) {
      found = dependenciesOf(url, read);
      graphs.set(url, found);
    }
    return found;
  };
  return dependencies;
}

/**
 * Adds the preload links to every page of a built site, and gathers the hashes of its inline
 * scripts and styles (the links added are no scripts). Each page is parsed once, or not at all
 * when `cache` holds what an earlier build read of the same page.
 */
export async function addModulePreloads(
  dir: string,
  cache?: PageCache<AfterBuildRead>,
): Promise<{ changed: number; hashes: InlineHashes }> {
  const dependencies = await siteDependencies(dir);
  const hashes = hashCollector();
  let changed = 0;
  for (const name of htmlFilesIn(dir)) {
    const file = join(dir, name);
    const html = readFileSync(file, "utf8");
    const readPage = (): AfterBuildRead => {
      const page = parsePage(html, true);
      return { inserts: preloadInserts(html, dependencies, page), ...hashesOf([page]) };
    };
    const found = cache ? cache.get(html, readPage) : readPage();
    hashes.addHashes(found);
    if (found.inserts.length === 0) continue;
    writeFileSync(file, applyInserts(html, found.inserts));
    changed += 1;
  }
  return { changed, hashes: hashes.hashes() };
}
