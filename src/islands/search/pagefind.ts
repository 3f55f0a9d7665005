import type { Locale } from "../../i18n/reader.ts";
import { boundedExcerpt, type ExcerptPart } from "./excerpt.ts";

export interface SearchHit {
  url: string;
  title: string;
  /** The excerpt as text parts (matches marked), cut at word edges. */
  excerpt: ExcerptPart[];
}

interface PagefindResult {
  data: () => Promise<{
    url: string;
    excerpt: string;
    /** The page's whole text. */
    content: string;
    meta?: { title?: string };
  }>;
}

interface Pagefind {
  init?: () => Promise<void>;
  search: (query: string) => Promise<{ results: PagefindResult[] } | null>;
}

function isPagefind(value: unknown): value is Pagefind {
  return (
    typeof value === "object" &&
    value !== null &&
    "search" in value &&
    typeof value.search === "function"
  );
}

const loaded = new Map<Locale, Promise<Pagefind>>();

/**
 * Each language has its own Pagefind bundle, built after `astro build` (scripts/build-search.ts)
 * and served in memory by `astro dev` (src/lib/search-dev.ts).
 */
function load(locale: Locale): Promise<Pagefind> {
  let promise = loaded.get(locale);
  if (!promise) {
    const url = `/pagefind-${locale}/pagefind.js`;
    promise = import(/* @vite-ignore */ url).then(async (mod: unknown) => {
      if (!isPagefind(mod)) throw new Error("not a Pagefind bundle");
      await mod.init?.();
      return mod;
    });
    promise.catch(() => loaded.delete(locale));
    loaded.set(locale, promise);
  }
  return promise;
}

const HAN = /\p{Script=Han}/u;
/** A word as compared: lower case, letters, digits and Chinese characters only. */
const wordOf = (text: string) => text.toLowerCase().replace(/[^\p{L}\p{N}]+/gu, "");

function sharedPrefix(a: string, b: string): number {
  let i = 0;
  while (i < a.length && i < b.length && a[i] === b[i]) i++;
  return i;
}

/**
 * Whether a word Pagefind marked answers a word of the query. Pagefind answers a word it does
 * not hold with the longest prefix it does ("xyzzyqq" finds "x"): a marked word must share at
 * least half of the query word's start (three letters at least, or the whole of a shorter
 * word). Chinese, split into words by the index, matches when one holds the other.
 */
export function answers(queryWord: string, marked: string): boolean {
  const q = wordOf(queryWord);
  const m = wordOf(marked);
  if (!q || !m) return false;
  if (HAN.test(q) || HAN.test(m)) return q.includes(m) || m.includes(q);
  const needed = Math.min(q.length, Math.max(3, Math.ceil(q.length / 2)));
  return sharedPrefix(q, m) >= needed;
}

/** Whether a result's marked words answer the query (some marked word answers some query word). */
export function isAnswer(query: string, excerpt: ExcerptPart[]): boolean {
  const words = query.split(/\s+/).filter(Boolean);
  return excerpt.some((part) => part.match && words.some((word) => answers(word, part.text)));
}

export async function searchSite(locale: Locale, query: string, limit = 8): Promise<SearchHit[]> {
  const pagefind = await load(locale);
  const found = await pagefind.search(query);
  const data = await Promise.all((found?.results ?? []).slice(0, limit).map((r) => r.data()));
  return data
    .map((d) => ({
      url: d.url,
      title: d.meta?.title ?? d.url,
      excerpt: boundedExcerpt(d.excerpt, d.content),
    }))
    .filter((hit) => isAnswer(query, hit.excerpt));
}
