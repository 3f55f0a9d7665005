// Search in `astro dev`, which writes no pages and so runs no `scripts/build-search.ts`: the dev
// server serves `/pagefind-<locale>/…` itself (the Vite plugin in astro.config.mjs), from bundles
// made in memory by the build's own indexer (src/lib/search-index.ts) over the pages the dev
// server renders: every page of its sitemap, asked from its own origin. The bundles are made
// after the first page is served (or when search first asks), and made again in the background
// when asked for more than `freshMs` after a file changed; the files of the bundles before stay
// served too (Pagefind names its chunks by their content), so a page that loaded the older entry
// still finds its chunks. Content written in the back office changes no file, so an index more
// than `maxAgeMs` old is made again as well.
import type { IncomingMessage, ServerResponse } from "node:http";
import { XMLParser } from "fast-xml-parser";
import { z } from "zod";
import type { Locale } from "../i18n/locale.ts";
import {
  buildSearchIndexes,
  isListPage,
  SEARCH_BUNDLES,
  type SearchPage,
  searchBundleDir,
} from "./search-index.ts";

type Files = Map<string, Uint8Array>;

const TYPES: Record<string, string> = {
  js: "text/javascript; charset=utf-8",
  json: "application/json; charset=utf-8",
  css: "text/css; charset=utf-8",
};

const BUNDLE_PATH = new RegExp(
  `^/(${SEARCH_BUNDLES.map((b) => searchBundleDir(b.locale)).join("|")})/([^?#]+)`,
);

const sitemapSchema = z.object({
  urlset: z.object({ url: z.array(z.object({ loc: z.string() })).default([]) }),
});

/** The paths of a sitemap's `<loc>` addresses (read with an XML parser). */
export function sitemapPaths(xml: string): string[] {
  const parser = new XMLParser({ isArray: (name) => name === "url" });
  const parsed = sitemapSchema.safeParse(parser.parse(xml));
  if (!parsed.success) return [];
  return parsed.data.urlset.url.flatMap(({ loc }) => {
    try {
      return [new URL(loc.trim()).pathname];
    } catch {
      return [];
    }
  });
}

/** Fetches every path, `parallel` at a time; the pages answered and the paths that failed. */
async function fetchPages(
  origin: string,
  paths: string[],
  parallel = 2,
): Promise<{ pages: SearchPage[]; failed: string[] }> {
  const pages: SearchPage[] = [];
  const failed: string[] = [];
  let next = 0;
  const worker = async () => {
    while (next < paths.length) {
      const url = paths[next++] ?? "/";
      const res = await fetch(new URL(url, origin), { headers: { accept: "text/html" } });
      if (res.ok) pages.push({ url, html: await res.text() });
      else {
        failed.push(`${url} (${res.status})`);
        await res.body?.cancel();
      }
    }
  };
  await Promise.all(Array.from({ length: parallel }, worker));
  return { pages, failed };
}

export interface DevSearch {
  /** Answers `/pagefind-<locale>/…`; calls `next` for every other request. */
  handle(req: IncomingMessage, res: ServerResponse, next: () => void): void;
  /** A source file changed: the next request for the bundles after `freshMs` makes them again. */
  changed(): void;
}

export function devSearch(
  options: { freshMs?: number; maxAgeMs?: number; log?: (line: string) => void } = {},
): DevSearch {
  const freshMs = options.freshMs ?? 10_000;
  const maxAgeMs = options.maxAgeMs ?? 60_000;
  const log = options.log ?? console.log;
  let current: Files = new Map();
  let previous: Files = new Map();
  let building: Promise<void> | undefined;
  let builtAt = 0;
  let dirty = true;

  function build(origin: string): Promise<void> {
    building ??= (async () => {
      const started = performance.now();
      dirty = false;
      const sitemap = await fetch(new URL("/sitemap.xml", origin));
      if (!sitemap.ok) throw new Error(`sitemap.xml answered ${sitemap.status}`);
      const paths = sitemapPaths(await sitemap.text()).filter((path) => !isListPage(path));
      const { pages, failed } = await fetchPages(origin, paths);
      // Left for the next indexing (a page whose content was reloading, or broken for now).
      if (failed.length > 0) dirty = true;
      const made: Files = new Map();
      const counts = await buildSearchIndexes(pages, async (locale: Locale, index) => {
        const { errors, files } = await index.getFiles();
        if (errors.length > 0) throw new Error(`pagefind: ${errors.join("; ")}`);
        for (const file of files)
          made.set(`${searchBundleDir(locale)}/${file.path.replace(/^\/+/, "")}`, file.content);
      });
      previous = current;
      current = made;
      builtAt = Date.now();
      const took = Math.round(performance.now() - started);
      log(`search: ${counts["zh-CN"]} + ${counts["en-US"]} pages indexed in ${took} ms`);
      if (failed.length > 0) log(`search: not indexed, failed to render: ${failed.join(", ")}`);
    })().finally(() => {
      building = undefined;
    });
    return building;
  }

  /** The bundles, made first when there are none; made again in the background when stale. */
  async function files(origin: string): Promise<void> {
    if (current.size === 0) return building ?? build(origin);
    const age = Date.now() - builtAt;
    if ((dirty || age > maxAgeMs) && !building && age > freshMs)
      build(origin).catch((error: unknown) => log(`search: indexing failed: ${error}`));
  }

  return {
    handle(req, res, next) {
      const origin = `http://${req.headers.host ?? "localhost"}`;
      const match = BUNDLE_PATH.exec(req.url ?? "");
      if (!match) {
        // The first page served starts the indexing, so the first search seldom waits for it.
        if (current.size === 0 && !building && req.headers.accept?.includes("text/html")) {
          res.once("finish", () => {
            if (current.size === 0 && !building)
              build(origin).catch((error: unknown) => log(`search: indexing failed: ${error}`));
          });
        }
        next();
        return;
      }
      const name = `${match[1]}/${match[2]}`;
      files(origin).then(
        () => {
          const body = current.get(name) ?? previous.get(name);
          if (!body) {
            res.statusCode = 404;
            res.end();
            return;
          }
          const ext = /\.(\w+)$/.exec(name)?.[1] ?? "";
          res.setHeader("Content-Type", TYPES[ext] ?? "application/octet-stream");
          res.setHeader("Cache-Control", "no-cache");
          res.end(body);
        },
        (error: unknown) => {
          log(`search: indexing failed: ${error}`);
          res.statusCode = 503;
          res.end();
        },
      );
    },
    changed() {
      dirty = true;
    },
  };
}
