// The site's search indexes: one Pagefind bundle per language, made from built pages by
// `scripts/build-search.ts` (after `astro build`, into `pagefind-<locale>/`) and, in `astro dev`,
// from the pages the dev server renders (src/lib/search-dev.ts, kept in memory). Pages print
// interface text in both languages (src/components/T.astro), so each bundle leaves out the other
// language's elements, takes the page's name in its own language (from <main data-names>), and
// segments words as its language does (Chinese is split into words only in the zh bundle).
// Pages are read with an HTML parser (hast), never with patterns over their text.
// Which page goes into which bundle is decided here, in `searchLocalesOf`, and nowhere else;
// what of a page is left out, in `leftOut`.
import { createHash } from "node:crypto";
import type { Element, ElementContent, Root } from "hast";
import { fromParse5 } from "hast-util-from-parse5";
import { toHtml } from "hast-util-to-html";
import type { PagefindIndex } from "pagefind";
import { z } from "zod";
import type { Locale } from "../i18n/locale.ts";
import { classes } from "./chat-passages.ts";
import { codeDigest, type PageCache } from "./page-cache.ts";
import { attribute, firstElement, ownText, parsePage } from "./parsed-html.ts";

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

/** A page as the indexer reads it, parsed once: what it says of itself and its `<main>`. */
export interface ReadPage {
  url: string;
  /** The page's `<html lang>`. */
  lang: string | undefined;
  /** Its `<title>` text. */
  title: string;
  /** The page's own name per language (`<main data-names>`), without the site's. */
  names: Partial<Record<Locale, string | undefined>>;
  /** The language of its content when it has only one (`<main data-content-lang>`). */
  contentLang: string | undefined;
  /** Whether `<main>` is marked for search (`data-pagefind-body`). */
  searchable: boolean;
  main: Element | undefined;
}

const namesSchema = z.record(z.string(), z.string());

const stringProp = (element: Element | undefined, name: string): string | undefined => {
  const value = element?.properties[name];
  return typeof value === "string" ? value : undefined;
};

function parseNames(json: string | undefined): ReadPage["names"] {
  if (!json) return {};
  try {
    const names = namesSchema.safeParse(JSON.parse(json));
    if (!names.success) return {};
    return { "zh-CN": names.data["zh-CN"], "en-US": names.data["en-US"] };
  } catch {
    return {};
  }
}

/**
 * Parses a built page (an HTML parser, never patterns over its text); only its `<main>` becomes
 * a hast tree, the part handed to Pagefind.
 */
export function readPage(page: SearchPage): ReadPage {
  const document = parsePage(page.html);
  const html = firstElement(document, "html");
  const head = html && firstElement(html, "head");
  const title = head && firstElement(head, "title");
  const parsedMain = firstElement(document, "main");
  const converted = parsedMain && fromParse5(parsedMain);
  const main = converted?.type === "element" ? converted : undefined;
  return {
    url: page.url,
    lang: html && attribute(html, "lang"),
    title: title ? ownText(title).trim() : "",
    names: parseNames(stringProp(main, "dataNames")),
    contentLang: stringProp(main, "dataContentLang"),
    searchable: main?.properties.dataPagefindBody !== undefined,
    main,
  };
}

/**
 * The bundles a page goes into: none for a page not marked for search (`data-pagefind-body`:
 * forms, the not-found page) or a list page; one for a page in one language only
 * (`<main data-content-lang>`, an article); both otherwise.
 */
export function searchLocalesOf(page: SearchPage | ReadPage): Locale[] {
  const read = "html" in page ? readPage(page) : page;
  if (isListPage(read.url) || !read.searchable || !read.main) return [];
  const only = read.contentLang;
  return SEARCH_BUNDLES.map((b) => b.locale).filter((locale) => !only || only === locale);
}

/**
 * Whether an element of `<main>` stays out of a language's index: the other language's text,
 * what a screen reader skips too (`aria-hidden`: heading anchors, generated covers), navigation
 * (the contents, previous and next: other pages' names), an item's labels (`.meta`: date,
 * reading time, category; `.tags`), what a page marks `data-pagefind-ignore` (a lab's source
 * code), and what never shows (`template`, `script`, `style`).
 */
function leftOut(node: Element, other: Locale): boolean {
  const p = node.properties;
  if (p.dataLang === other || p.dataContentLang === other) return true;
  if (p.ariaHidden === "true") return true;
  if (p.dataPagefindIgnore !== undefined) return true;
  if (["nav", "template", "script", "style", "noscript"].includes(node.tagName)) return true;
  const names = classes(node);
  return names.includes("meta") || names.includes("tags");
}

function pruned(node: Element, other: Locale): Element {
  const children: ElementContent[] = [];
  for (const child of node.children) {
    if (child.type === "element") {
      if (!leftOut(child, other)) children.push(pruned(child, other));
    } else if (child.type === "text") children.push(child);
  }
  return { ...node, children };
}

/**
 * What Pagefind gets of a page for one language's bundle: the page's language, its own name
 * as the result's title (element-form metadata, so no character of it is read as syntax), and
 * its `<main>` without what `leftOut` drops.
 */
export function searchableHtml(page: ReadPage, locale: Locale): string {
  const bundle = SEARCH_BUNDLES.find((b) => b.locale === locale);
  if (!page.main || !bundle) return "";
  const name = page.names[locale] || page.title;
  const tree: Root = {
    type: "root",
    children: [
      { type: "doctype" },
      h("html", { lang: page.lang ?? locale }, [
        h("head", {}, [h("title", {}, [{ type: "text", value: page.title }])]),
        h("body", {}, [
          h("p", { dataPagefindMeta: "title" }, [{ type: "text", value: name }]),
          pruned(page.main, bundle.other),
        ]),
      ]),
    ],
  };
  return toHtml(tree);
}

function h(
  tagName: string,
  properties: Element["properties"],
  children: ElementContent[],
): Element {
  return { type: "element", tagName, properties, children };
}

/** What a page gives the indexes: its searchable HTML for each bundle it goes into. */
export type SearchRead = Partial<Record<Locale, string>>;

/** The code of that reading: a change to any of these files reads every page again. */
export const SEARCH_READ_CODE = [
  new URL(import.meta.url),
  new URL("./parsed-html.ts", import.meta.url),
  new URL("./chat-passages.ts", import.meta.url),
  new URL("../../package-lock.json", import.meta.url),
];

/** A page read for the indexes: its searchable HTML per bundle. */
function searchRead(page: SearchPage): SearchRead {
  const read = readPage(page);
  return Object.fromEntries(
    searchLocalesOf(read).map((locale) => [locale, searchableHtml(read, locale)]),
  );
}

/**
 * Where a build keeps the bundles it wrote, by what they were made of: a bundle whose pages are
 * all the same as the last build's is put in place again instead of indexed again (an edit in
 * one language leaves the other's bundle as it was).
 */
export interface BundleStore {
  /** Puts in place the bundle made last from `digest`'s pages; false when there is none. */
  reuse(locale: Locale, digest: string): Promise<boolean>;
  /** Keeps the bundle just written, made from `digest`'s pages. */
  keep(locale: Locale, digest: string): Promise<void>;
}

/**
 * Indexes `pages` into one Pagefind index per language and hands each to `emit` (written to a
 * folder by the build, kept in memory by the dev server). Returns how many pages each has. With
 * `cache`, a page an earlier build read the same is not parsed again; with `bundles`, a bundle
 * made from the same pages as before is not made again.
 */
export async function buildSearchIndexes(
  pages: readonly SearchPage[],
  emit: (locale: Locale, index: PagefindIndex) => Promise<void>,
  cache?: PageCache<SearchRead>,
  bundles?: BundleStore,
): Promise<Record<Locale, number>> {
  const pagefind = await import("pagefind");
  const counts: Record<Locale, number> = { "zh-CN": 0, "en-US": 0 };
  // A list page, or a page that nowhere says `data-pagefind-body`, is not parsed at all.
  const placed = pages
    .filter((page) => !isListPage(page.url) && page.html.includes("data-pagefind-body"))
    .map((page) => ({
      url: page.url,
      read: cache ? cache.get(page.html, () => searchRead(page)) : searchRead(page),
    }));
  const code = codeDigest(SEARCH_READ_CODE);
  try {
    for (const bundle of SEARCH_BUNDLES) {
      const inBundle = placed.filter(({ read }) => read[bundle.locale] !== undefined);
      const digest = createHash("sha256")
        .update(code)
        .update(JSON.stringify(inBundle.map(({ url, read }) => [url, read[bundle.locale]])))
        .digest("base64url");
      if (await bundles?.reuse(bundle.locale, digest)) {
        counts[bundle.locale] = inBundle.length;
        continue;
      }
      const { errors, index } = await pagefind.createIndex({ forceLanguage: bundle.language });
      if (!index) throw new Error(`pagefind: ${errors.join("; ")}`);
      for (const { url, read } of placed) {
        const content = read[bundle.locale];
        if (content === undefined) continue;
        const added = await index.addHTMLFile({ url, content });
        if (added.errors.length > 0) throw new Error(`pagefind ${url}: ${added.errors.join("; ")}`);
        counts[bundle.locale] += 1;
      }
      await emit(bundle.locale, index);
      await index.deleteIndex();
      await bundles?.keep(bundle.locale, digest);
    }
  } finally {
    await pagefind.close();
  }
  return counts;
}
