// Build time: the hashes of every inline <script> and <style> in a built site, written into
// the site folder as the `_headers` file (src/lib/security-headers.ts says what it holds).
// Runs at the end of every `astro build` (the `astro:build:done` hook in astro.config.mjs),
// so `dist/` and each of `npm start`'s background builds carry the headers of their own HTML.
import { createHash } from "node:crypto";
import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join, sep } from "node:path";
import { attribute, elementsOf, ownText, type ParsedPage, parsePage } from "./parsed-html.ts";
import {
  formatHeadersFile,
  HEADERS_FILE,
  type HeaderRule,
  headersForPath,
  type InlineHashes,
  parseHeadersFile,
} from "./security-headers.ts";

export interface InlineBlock {
  kind: "script" | "style";
  /** The element's text exactly as written: what a browser hashes. */
  text: string;
}

/** A script type that only carries data (JSON): a browser never runs it, so CSP ignores it. */
function isDataBlock(type: string | undefined): boolean {
  const value = (type ?? "").trim().toLowerCase();
  return value === "application/json" || value.endsWith("+json");
}

/**
 * Every inline script (classic, module, import map, speculation rules: anything but JSON data)
 * and every <style> element of a page, read with an HTML parser: a title or setting holding
 * `<script` or `</style>` is text to it, as to a browser. Scripts with `src` have no inline
 * code; a template's content counts (a script copied out of it runs).
 */
export function inlineBlocks(page: string | ParsedPage): InlineBlock[] {
  const blocks: InlineBlock[] = [];
  for (const element of elementsOf(typeof page === "string" ? parsePage(page) : page)) {
    if (element.tagName === "script") {
      if (attribute(element, "src") === undefined && !isDataBlock(attribute(element, "type")))
        blocks.push({ kind: "script", text: ownText(element) });
    } else if (element.tagName === "style") {
      blocks.push({ kind: "style", text: ownText(element) });
    }
  }
  return blocks;
}

/** The CSP source expression allowing exactly this inline text. */
export function cspHash(text: string): string {
  return `'sha256-${createHash("sha256").update(text, "utf8").digest("base64")}'`;
}

/** The distinct hashes of the inline blocks of some pages, sorted (a build writes the same file twice). */
export function hashesOf(pages: Iterable<string | ParsedPage>): InlineHashes {
  const collected = hashCollector();
  for (const page of pages) collected.add(page);
  return collected.hashes();
}

/** Hashes gathered a page at a time (a pass that parses each page for something else too). */
export function hashCollector() {
  const scripts = new Set<string>();
  const styles = new Set<string>();
  return {
    add(page: string | ParsedPage): void {
      for (const block of inlineBlocks(page)) {
        (block.kind === "script" ? scripts : styles).add(cspHash(block.text));
      }
    },
    /** Hashes read earlier (an earlier build's of the same page). */
    addHashes(found: InlineHashes): void {
      for (const hash of found.scripts) scripts.add(hash);
      for (const hash of found.styles) styles.add(hash);
    },
    hashes: (): InlineHashes => ({ scripts: [...scripts].sort(), styles: [...styles].sort() }),
  };
}

/** Every HTML file of a site folder, relative to it. */
export function htmlFilesIn(dir: string): string[] {
  return readdirSync(dir, { recursive: true, encoding: "utf8" })
    .filter((name) => name.endsWith(".html"))
    .sort();
}

function* pagesIn(dir: string): Generator<string> {
  for (const file of htmlFilesIn(dir)) yield readFileSync(join(dir, file), "utf8");
}

/** The `_headers` text for a built site, from its own HTML. */
export function headersFileFor(dir: string): { text: string; hashes: InlineHashes } {
  const hashes = hashesOf(pagesIn(dir));
  return { text: formatHeadersFile(hashes), hashes };
}

/**
 * Writes `<dir>/_headers` (public/ must not have one: this replaces it), from the hashes of the
 * pages' inline blocks: given (collected while another pass parsed the pages), or read from them.
 */
export function writeHeadersFile(dir: string, hashes?: InlineHashes): InlineHashes {
  const found = hashes ?? hashesOf(pagesIn(dir));
  writeFileSync(join(dir, HEADERS_FILE), formatHeadersFile(found));
  return found;
}

/** The URL path a built file answers (`about/index.html` → `/about/`). */
export function urlPathOf(file: string): string {
  const path = file.split(sep).join("/");
  return `/${path.replace(/(^|\/)index\.html$/, "$1")}`;
}

/** The sources a CSP directive allows (falling back to default-src as browsers do). */
export function directiveSources(csp: string, directive: string): string[] {
  const directives = new Map<string, string[]>();
  for (const part of csp.split(";")) {
    const [name, ...sources] = part.trim().split(/\s+/);
    if (name && !directives.has(name.toLowerCase())) directives.set(name.toLowerCase(), sources);
  }
  return directives.get(directive) ?? directives.get("default-src") ?? [];
}

/**
 * What the site's `_headers` fails to allow: every inline block of every page whose hash is
 * not in the Content-Security-Policy that page is served with. Empty when all is well.
 */
export function unallowedInlineBlocks(
  dir: string,
  rules: readonly HeaderRule[] = parseHeadersFile(readFileSync(join(dir, HEADERS_FILE), "utf8")),
): string[] {
  const problems: string[] = [];
  for (const file of htmlFilesIn(dir)) {
    const csp = headersForPath(rules, urlPathOf(file))["Content-Security-Policy"] ?? "";
    const allowed = {
      script: new Set(directiveSources(csp, "script-src")),
      style: new Set(directiveSources(csp, "style-src")),
    };
    for (const block of inlineBlocks(readFileSync(join(dir, file), "utf8"))) {
      const hash = cspHash(block.text);
      if (!allowed[block.kind].has(hash)) {
        problems.push(`${file}: inline ${block.kind} ${hash} (${block.text.slice(0, 60)}…)`);
      }
    }
  }
  return problems;
}
