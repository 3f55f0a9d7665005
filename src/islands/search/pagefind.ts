import type { Locale } from "../../i18n/core.ts";
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

export async function searchSite(locale: Locale, query: string, limit = 8): Promise<SearchHit[]> {
  const pagefind = await load(locale);
  const found = await pagefind.search(query);
  const data = await Promise.all((found?.results ?? []).slice(0, limit).map((r) => r.data()));
  return data.map((d) => ({
    url: d.url,
    title: d.meta?.title ?? d.url,
    excerpt: boundedExcerpt(d.excerpt, d.content),
  }));
}
