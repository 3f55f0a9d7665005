import { type CollectionEntry, getCollection } from "astro:content";
import type { Locale } from "../i18n/core.ts";
import { BLOG_TIME_ZONE, dayOf } from "../shared/blog-time.ts";
import { sitePaths } from "../shared/site-paths.ts";
import { type CategoryTree, categoryTree } from "./category-tree.ts";

export type Article = CollectionEntry<"articles">;
export type Note = CollectionEntry<"notes">;
export type Book = CollectionEntry<"books">;
export type Chapter = CollectionEntry<"chapters">;
export type Category = CollectionEntry<"categories">;

/** The build's clock; scheduled items go live when a later build runs after their time. */
export const BUILD_TIME = new Date();

interface Publishable {
  data: { status: "draft" | "published" | "scheduled"; publishedAt?: Date };
}

/** Drafts never show; scheduled items show once their time has come. */
export function isLive(
  entry: Publishable,
  // In `astro dev` the clock runs, so an item scheduled in the back office shows once its time comes.
  now: Date = import.meta.env.DEV ? new Date() : BUILD_TIME,
): boolean {
  const { status, publishedAt } = entry.data;
  if (status === "draft") return false;
  return !publishedAt || publishedAt.getTime() <= now.getTime();
}

/** Pinned first, then newest first. */
export function byPinnedThenNewest(a: Article, b: Article): number {
  if (a.data.pinned !== b.data.pinned) return a.data.pinned ? -1 : 1;
  return b.data.publishedAt.getTime() - a.data.publishedAt.getTime();
}

async function loadLiveArticles(): Promise<Article[]> {
  return (await getCollection("articles", (a) => isLive(a))).sort(byPinnedThenNewest);
}

let liveArticlesOnce: Promise<Article[]> | undefined;

/**
 * Every live article, pinned first then newest first. A build asks once and every page shares
 * the answer (the same array: do not sort or splice it); `astro dev` asks again each time, so
 * edits show up.
 */
export function liveArticles(): Promise<Article[]> {
  if (import.meta.env.DEV) return loadLiveArticles();
  liveArticlesOnce ??= loadLiveArticles();
  return liveArticlesOnce;
}

async function loadCategories(): Promise<CategoryTree<Category>> {
  const listed = (await getCollection("categories")).sort((a, b) => a.data.order - b.data.order);
  return categoryTree(listed, (c) => c.data.parent);
}

let categoriesOnce: Promise<CategoryTree<Category>> | undefined;

/** The categories' tree: each under its parent (src/lib/category-tree.ts); shared like liveArticles. */
export function categoriesTree(): Promise<CategoryTree<Category>> {
  if (import.meta.env.DEV) return loadCategories();
  categoriesOnce ??= loadCategories();
  return categoriesOnce;
}

/** Every category, each parent before those under it, siblings in their order. */
export async function allCategories(): Promise<Category[]> {
  return (await categoriesTree()).ordered;
}

/**
 * What is derived from one list of articles, computed once per list: a build has one list
 * (liveArticles), so each article page and list page looks its neighbours, translation, filters
 * up instead of scanning every article again.
 */
interface ArticleIndex {
  /** Per language, oldest first. */
  byLanguage: Map<Locale, Article[]>;
  /** Position of each article (by id) in its language's list. */
  position: Map<string, number>;
  byTranslationKey: Map<string, Article[]>;
  /** Category ids with at least one article. */
  categories: Set<string>;
  /** Every tag, sorted. */
  tags: string[];
  /** The tags on most articles, most first (ties in sorted order): what a list shows unfolded. */
  mainTags: string[];
}

/** How many tags a list shows before "All n tags" (the rest fold away): two rows on a phone. */
export const MAIN_TAGS = 10;

function push<K, V>(map: Map<K, V[]>, key: K, value: V): void {
  const list = map.get(key);
  if (list) list.push(value);
  else map.set(key, [value]);
}

const indexes = new WeakMap<readonly Article[], ArticleIndex>();

function indexOf(all: readonly Article[]): ArticleIndex {
  let index = indexes.get(all);
  if (index) return index;
  const byLanguage = new Map<Locale, Article[]>();
  const byTranslationKey = new Map<string, Article[]>();
  const categories = new Set<string>();
  const tags = new Map<string, number>();
  for (const article of all) {
    const { lang, translationKey, category } = article.data;
    push(byLanguage, lang, article);
    if (translationKey) push(byTranslationKey, translationKey, article);
    categories.add(category.id);
    for (const tag of article.data.tags) tags.set(tag, (tags.get(tag) ?? 0) + 1);
  }
  const position = new Map<string, number>();
  for (const list of byLanguage.values()) {
    list.sort((a, b) => a.data.publishedAt.getTime() - b.data.publishedAt.getTime());
    for (const [i, article] of list.entries()) position.set(article.id, i);
  }
  const sorted = [...tags.keys()].sort();
  const mainTags = [...sorted]
    .sort((a, b) => (tags.get(b) ?? 0) - (tags.get(a) ?? 0))
    .slice(0, MAIN_TAGS);
  index = { byLanguage, position, byTranslationKey, categories, tags: sorted, mainTags };
  indexes.set(all, index);
  return index;
}

/** The articles just before (older) and after (newer) this one in its language. */
export function neighboursOf(
  article: Article,
  all: readonly Article[],
): { older: Article | undefined; newer: Article | undefined } {
  const { byLanguage, position } = indexOf(all);
  const list = byLanguage.get(article.data.lang) ?? [];
  const at = position.get(article.id);
  if (at === undefined) return { older: undefined, newer: undefined };
  return { older: list[at - 1], newer: list[at + 1] };
}

/**
 * Ids of the categories that have articles, every tag (sorted) and the main ones (on most
 * articles, most first): what the filters offer.
 */
export function filtersOf(all: readonly Article[]): {
  categories: Set<string>;
  tags: string[];
  mainTags: string[];
} {
  const { categories, tags, mainTags } = indexOf(all);
  return { categories, tags, mainTags };
}

/** Each tag (in filtersOf's order) with its articles, in the order given: a tag's page and feed. */
export function articlesByTag(all: readonly Article[]): Map<string, Article[]> {
  const byTag = new Map(filtersOf(all).tags.map((tag): [string, Article[]] => [tag, []]));
  for (const article of all) {
    for (const tag of article.data.tags) byTag.get(tag)?.push(article);
  }
  return byTag;
}

export async function liveNotes(): Promise<Note[]> {
  return (await getCollection("notes", (n) => isLive(n))).sort(
    (a, b) => b.data.publishedAt.getTime() - a.data.publishedAt.getTime(),
  );
}

/**
 * A note's text in one line: list bullets and Markdown's marks dropped, spaces joined, at most
 * `max` characters (then an ellipsis). What a list, a page title and an Open Graph image show.
 */
export function notePreview(body: string | undefined, max = 120): string {
  const text = (body ?? "")
    .replace(/!\[[^\]]*\]\([^)]*\)/g, "")
    .replace(/\]\([^)]*\)/g, "]")
    .replace(/^\s*[-*]\s+/gm, "")
    .replace(/[#*_`>[\]]/g, "")
    .replace(/\s+/g, " ")
    .trim();
  const chars = [...text];
  return chars.length > max ? `${chars.slice(0, max).join("").trimEnd()}…` : text;
}

/** A note's own page. */
export const notePath = (note: Note) => sitePaths.note(note.id);

/** Markdown's marks, counted as spaces: `**bold**` is one word, `-` alone is none. */
const MARKS = new Set([..."#*_>`[]()!-"].map((c) => c.charCodeAt(0)));
/** What `\s` matches in a JavaScript regular expression. */
const SPACES = new Set([
  9, 10, 11, 12, 13, 32, 0xa0, 0x1680, 0x2000, 0x2001, 0x2002, 0x2003, 0x2004, 0x2005, 0x2006,
  0x2007, 0x2008, 0x2009, 0x200a, 0x2028, 0x2029, 0x202f, 0x205f, 0x3000, 0xfeff,
]);

/**
 * Minutes to read: about 300 Chinese characters or 200 English words a minute, code blocks not
 * counted. One pass over the text (it runs once for each of a build's articles, which can be
 * thousands): Chinese counts the characters U+3400-U+9FFF and the runs of Latin letters; English
 * counts the runs of anything but spaces and Markdown's marks.
 */
export function readingMinutes(body: string, lang: Locale): number {
  const text = body.replace(/```[\s\S]*?```/g, " ");
  let han = 0;
  let latinRuns = 0;
  let wordRuns = 0;
  let inLatin = false;
  let inWord = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c >= 0x3400 && c <= 0x9fff) han++;
    const latin = (c >= 65 && c <= 90) || (c >= 97 && c <= 122);
    if (latin && !inLatin) latinRuns++;
    inLatin = latin;
    const word = !SPACES.has(c) && !MARKS.has(c);
    if (word && !inWord) wordRuns++;
    inWord = word;
  }
  const units = lang === "zh-CN" ? han / 300 + latinRuns / 200 : wordRuns / 200;
  return Math.max(1, Math.round(units));
}

/** The article in the other language, when it exists and is live. */
export function translationOf(article: Article, all: readonly Article[]): Article | undefined {
  const key = article.data.translationKey;
  if (!key) return undefined;
  return indexOf(all)
    .byTranslationKey.get(key)
    ?.find((a) => a.id !== article.id);
}

const minutes = new WeakMap<Article, number>();

/** readingMinutes of an article, counted once per entry (a card shows on several list pages). */
export function articleMinutes(article: Article): number {
  let count = minutes.get(article);
  if (count === undefined) {
    count = readingMinutes(article.body ?? "", article.data.lang);
    minutes.set(article, count);
  }
  return count;
}

// Formatters are costly to create and cheap to reuse: one per format for the whole build.
const longFormats = new Map<Locale, Intl.DateTimeFormat>();

/** Local date (the blog's own zone) as YYYY-MM-DD, for grouping and <time> text. */
export { dayOf };

const clock = new Intl.DateTimeFormat("en-GB", {
  timeZone: BLOG_TIME_ZONE,
  hour: "2-digit",
  minute: "2-digit",
});

/** A note's time of day in the blog's own zone, `09:30`, in either language. */
export function noteTime(date: Date): string {
  return clock.format(date);
}

export function formatDate(date: Date, locale: Locale): string {
  let format = longFormats.get(locale);
  if (!format) {
    format = new Intl.DateTimeFormat(locale, { timeZone: BLOG_TIME_ZONE, dateStyle: "long" });
    longFormats.set(locale, format);
  }
  return format.format(date);
}
