// Builds one Pagefind bundle per language after `astro build`: dist/pagefind-zh-CN and
// dist/pagefind-en-US, from every built page. What goes into which bundle is decided by
// src/lib/search-index.ts, which `astro dev` indexes its rendered pages with too.
import { readdir, readFile, rm } from "node:fs/promises";
import { join, relative, sep } from "node:path";
import { buildCacheDir, PageCache } from "../src/lib/page-cache.ts";
import {
  buildSearchIndexes,
  SEARCH_READ_CODE,
  type SearchRead,
  searchBundleDir,
} from "../src/lib/search-index.ts";

const DIST = process.env.DIST_DIR || "dist";

async function htmlFiles(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true, recursive: true });
  return entries
    .filter((e) => e.isFile() && e.name.endsWith(".html"))
    .map((e) => join(e.parentPath, e.name))
    .filter((file) => !relative(DIST, file).startsWith("pagefind"));
}

function urlOf(file: string): string {
  const path = relative(DIST, file).split(sep).join("/");
  return `/${path.replace(/(^|\/)index\.html$/, "$1")}`;
}

const started = performance.now();
const files = await htmlFiles(DIST);
const pages = await Promise.all(
  files.map(async (file) => ({ url: urlOf(file), html: await readFile(file, "utf8") })),
);
// What each page gave the last build's indexes, by the page's hash (src/lib/page-cache.ts).
const cache = new PageCache<SearchRead>(
  join(buildCacheDir(), "search-pages.json"),
  SEARCH_READ_CODE,
);
const counts = await buildSearchIndexes(
  pages,
  async (locale, index) => {
    const outputPath = join(DIST, searchBundleDir(locale));
    await rm(outputPath, { recursive: true, force: true });
    const written = await index.writeFiles({ outputPath });
    if (written.errors.length > 0) throw new Error(`pagefind: ${written.errors.join("; ")}`);
  },
  cache,
);
cache.save();
for (const [locale, count] of Object.entries(counts))
  console.log(`search index ${locale}: ${count} pages`);
console.log(
  `search indexes built in ${Math.round(performance.now() - started)} ms (${cache.hits} pages read by the last build)`,
);
