// Builds one Pagefind bundle per language after `astro build`: dist/pagefind-zh-CN and
// dist/pagefind-en-US, from every built page. What goes into which bundle is decided by
// src/lib/search-index.ts, which `astro dev` indexes its rendered pages with too.
import { cp, readdir, readFile, rm, writeFile } from "node:fs/promises";
import { join, relative, sep } from "node:path";
import type { Locale } from "../src/i18n/locale.ts";
import { buildCacheDir, PageCache } from "../src/lib/page-cache.ts";
import {
  type BundleStore,
  buildSearchIndexes,
  SEARCH_BUNDLES,
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
// The bundles the last build wrote, each with the digest of the pages it was made from.
const kept = (locale: Locale) => join(buildCacheDir(), "search-bundles", locale);
const reused: Locale[] = [];
const bundles: BundleStore = {
  async reuse(locale, digest) {
    const made = await readFile(join(kept(locale), "digest"), "utf8").catch(() => "");
    if (made !== digest) return false;
    const outputPath = join(DIST, searchBundleDir(locale));
    await rm(outputPath, { recursive: true, force: true });
    await cp(join(kept(locale), "bundle"), outputPath, { recursive: true });
    reused.push(locale);
    return true;
  },
  async keep(locale, digest) {
    await rm(kept(locale), { recursive: true, force: true });
    await cp(join(DIST, searchBundleDir(locale)), join(kept(locale), "bundle"), {
      recursive: true,
    });
    await writeFile(join(kept(locale), "digest"), digest);
  },
};
const counts = await buildSearchIndexes(
  pages,
  async (locale, index) => {
    const outputPath = join(DIST, searchBundleDir(locale));
    await rm(outputPath, { recursive: true, force: true });
    const written = await index.writeFiles({ outputPath });
    if (written.errors.length > 0) throw new Error(`pagefind: ${written.errors.join("; ")}`);
  },
  cache,
  bundles,
);
cache.save();
for (const { locale } of SEARCH_BUNDLES) {
  const as = reused.includes(locale) ? ", as the last build made it" : "";
  console.log(`search index ${locale}: ${counts[locale]} pages${as}`);
}
console.log(
  `search indexes built in ${Math.round(performance.now() - started)} ms (${cache.hits} pages read by the last build)`,
);
