// Builds one Pagefind bundle per language after `astro build`: dist/pagefind-zh-CN and
// dist/pagefind-en-US. Pages print interface text in both languages (src/components/T.astro),
// so each bundle leaves out the other language's elements, takes the page title in its own
// language (from <html data-titles>), and segments words as its language does (Chinese is
// split into words only in the zh bundle).
import { readdir, readFile, rm } from "node:fs/promises";
import { join, relative, sep } from "node:path";
import * as pagefind from "pagefind";
import { z } from "zod";

const DIST = process.env.DIST_DIR || "dist";
const bundles = [
  { locale: "zh-CN", language: "zh", other: "en-US" },
  { locale: "en-US", language: "en", other: "zh-CN" },
] as const;

const ENTITIES: Record<string, string> = {
  quot: '"',
  amp: "&",
  lt: "<",
  gt: ">",
  "#39": "'",
  "#x27": "'",
};
const decode = (s: string) => s.replace(/&(#?\w+);/g, (whole, n: string) => ENTITIES[n] ?? whole);
const escapeAttr = (s: string) => s.replace(/&/g, "&amp;").replace(/"/g, "&quot;");

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

/** The page's title in one language, placed where Pagefind reads explicit metadata. */
function withTitle(html: string, locale: string): string {
  const match = /<html[^>]*\sdata-titles="([^"]*)"/.exec(html);
  if (!match?.[1]) return html;
  const titles = z.record(z.string(), z.string()).safeParse(JSON.parse(decode(match[1])));
  const title = titles.success ? titles.data[locale] : undefined;
  if (title === undefined) return html;
  return html.replace("<main ", `<main data-pagefind-meta="title:${escapeAttr(title)}" `);
}

const started = performance.now();
const files = await htmlFiles(DIST);
const pages = await Promise.all(
  files.map(async (file) => ({ url: urlOf(file), html: await readFile(file, "utf8") })),
);
try {
  for (const bundle of bundles) {
    const { errors, index } = await pagefind.createIndex({
      forceLanguage: bundle.language,
      excludeSelectors: [`[data-lang="${bundle.other}"]`, `[data-content-lang="${bundle.other}"]`],
    });
    if (!index) throw new Error(`pagefind: ${errors.join("; ")}`);
    let indexed = 0;
    for (const page of pages) {
      if (!page.html.includes("data-pagefind-body")) continue; // not meant to be found (404, forms)
      // A page whose content is in one language belongs to that language's index only.
      const only = /<main[^>]*\sdata-content-lang="([^"]+)"/.exec(page.html)?.[1];
      if (only && only !== bundle.locale) continue;
      const added = await index.addHTMLFile({
        url: page.url,
        content: withTitle(page.html, bundle.locale),
      });
      if (added.errors.length > 0)
        throw new Error(`pagefind ${page.url}: ${added.errors.join("; ")}`);
      indexed++;
    }
    const outputPath = join(DIST, `pagefind-${bundle.locale}`);
    await rm(outputPath, { recursive: true, force: true });
    const written = await index.writeFiles({ outputPath });
    if (written.errors.length > 0) throw new Error(`pagefind: ${written.errors.join("; ")}`);
    console.log(`search index ${bundle.locale}: ${indexed} pages`);
  }
} finally {
  await pagefind.close();
}
console.log(`search indexes built in ${Math.round(performance.now() - started)} ms`);
