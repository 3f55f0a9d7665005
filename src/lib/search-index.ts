// The site's search indexes: one Pagefind bundle per language, made from built pages by
// `scripts/build-search.ts` (after `astro build`, into `pagefind-<locale>/`) and, in `astro dev`,
// from the pages the dev server renders (src/lib/search-dev.ts, kept in memory). Pages print
// interface text in both languages (src/components/T.astro), so each bundle leaves out the other
// language's elements, takes the page title in its own language (from <html data-titles>), and
// segments words as its language does (Chinese is split into words only in the zh bundle).
// Which page goes into which bundle is decided here, in `searchLocalesOf`, and nowhere else.
import type { PagefindIndex } from "pagefind";
import { z } from "zod";
import type { Locale } from "../i18n/locale.ts";

/** A page as the indexer reads it: its path on the site and its HTML. */
export interface SearchPage {
  url: string;
  html: string;
}

export const SEARCH_BUNDLES = [
  { locale: "zh-CN", language: "zh", other: "en-US" },
  { locale: "en-US", language: "en", other: "zh-CN" },
] as const satisfies readonly { locale: Locale; language: string; other: Locale }[];

/** Where a language's bundle is served: `/pagefind-<locale>/`. */
export const searchBundleDir = (locale: Locale) => `pagefind-${locale}`;

/**
 * Pages that list other pages (the home page, the article lists with their pages and filters,
 * the notes, books, gallery and lab indexes, the covers): a search answers with the piece
 * itself, never with a list that happens to show its title.
 */
const LIST_PAGES: readonly RegExp[] = [
  /^\/$/,
  /^\/articles\/(?:(?:page|category|tag|lang)\/.*)?$/,
  /^\/random-notes\/$/,
  /^\/book-doc\/$/,
  /^\/image-library\/(?!photo\/).*$/,
  /^\/(?:hookslab|mixlab)\/$/,
  /^\/cover-illustration\/$/,
];

/** A page's path with one trailing slash and no `index.html` or `.html` (`/about` is `/about/`). */
export function pagePath(url: string): string {
  const path = url.split(/[?#]/, 1)[0] ?? "/";
  const bare = path.replace(/(?:\/index)?\.html$/, "").replace(/\/+$/, "");
  return `${bare}/`;
}

export function isListPage(url: string): boolean {
  const path = pagePath(url);
  return LIST_PAGES.some((pattern) => pattern.test(path));
}

/**
 * The bundles a page goes into: none for a page not marked for search (`data-pagefind-body`:
 * forms, the not-found page) or a list page; one for a page in one language only
 * (`<main data-content-lang>`, an article); both otherwise.
 */
export function searchLocalesOf(page: SearchPage): Locale[] {
  if (isListPage(page.url) || !page.html.includes("data-pagefind-body")) return [];
  const only = /<main[^>]*\sdata-content-lang="([^"]+)"/.exec(page.html)?.[1];
  return SEARCH_BUNDLES.map((b) => b.locale).filter((locale) => !only || only === locale);
}

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

/**
 * What Pagefind needs of a page: the html element (its language), the head's title and the
 * `<main>` it indexes, without the header, footer, templates, scripts and styles around it,
 * which it would parse only to skip (the index is the same; about a third of a page's bytes).
 */
export function searchableHtml(html: string): string {
  const start = html.indexOf("<main ");
  const end = html.lastIndexOf("</main>");
  if (start < 0 || end < start) return html;
  const open = /<html[^>]*>/.exec(html)?.[0] ?? "<html>";
  const title = /<title>[^<]*<\/title>/.exec(html)?.[0] ?? "";
  return `<!doctype html>${open}<head>${title}</head><body>${html.slice(start, end)}</main></body></html>`;
}

/** The page's title in one language, placed where Pagefind reads explicit metadata. */
export function withTitle(html: string, locale: Locale): string {
  const match = /<html[^>]*\sdata-titles="([^"]*)"/.exec(html);
  if (!match?.[1]) return html;
  const titles = z.record(z.string(), z.string()).safeParse(JSON.parse(decode(match[1])));
  const title = titles.success ? titles.data[locale] : undefined;
  if (title === undefined) return html;
  return html.replace("<main ", `<main data-pagefind-meta="title:${escapeAttr(title)}" `);
}

/**
 * Indexes `pages` into one Pagefind index per language and hands each to `emit` (written to a
 * folder by the build, kept in memory by the dev server). Returns how many pages each has.
 */
export async function buildSearchIndexes(
  pages: readonly SearchPage[],
  emit: (locale: Locale, index: PagefindIndex) => Promise<void>,
): Promise<Record<Locale, number>> {
  const pagefind = await import("pagefind");
  const counts: Record<Locale, number> = { "zh-CN": 0, "en-US": 0 };
  const placed = pages.map((page) => ({
    page: { url: page.url, html: searchableHtml(page.html) },
    locales: searchLocalesOf(page),
  }));
  try {
    for (const bundle of SEARCH_BUNDLES) {
      const { errors, index } = await pagefind.createIndex({
        forceLanguage: bundle.language,
        excludeSelectors: [
          `[data-lang="${bundle.other}"]`,
          `[data-content-lang="${bundle.other}"]`,
        ],
      });
      if (!index) throw new Error(`pagefind: ${errors.join("; ")}`);
      for (const { page, locales } of placed) {
        if (!locales.includes(bundle.locale)) continue;
        const added = await index.addHTMLFile({
          url: page.url,
          content: withTitle(page.html, bundle.locale),
        });
        if (added.errors.length > 0)
          throw new Error(`pagefind ${page.url}: ${added.errors.join("; ")}`);
        counts[bundle.locale] += 1;
      }
      await emit(bundle.locale, index);
      await index.deleteIndex();
    }
  } finally {
    await pagefind.close();
  }
  return counts;
}
