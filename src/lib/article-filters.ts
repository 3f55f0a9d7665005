import { bilingual, type Locale } from "../i18n";
import { type Article, categoriesTree, filtersOf } from "./content.ts";

// The filter links above every article list: every category (through those under it), language
// and tag that has live articles. A list page prints about seventy of them and a build about six
// hundred list pages, so the links are found once per list of articles;
// src/components/FilterNav.astro prints them and marks the page's own.

export interface FilterLink {
  href: string;
  /** What the link says: the same in both languages, or each language's. */
  label: string | Record<Locale, string>;
}
type Link = FilterLink;

export interface FilterGroups {
  categories: Link[];
  languages: Link[];
  tags: Link[];
  /** The main tags' links (on most articles, most first); `tags` holds them all. */
  mainTags: Link[];
}

const tagLink = (tag: string): Link => ({
  href: `/articles/tag/${encodeURIComponent(tag)}/`,
  label: `#${tag}`,
});

const made = new WeakMap<readonly Article[], Promise<FilterGroups>>();

async function makeGroups(articles: readonly Article[]): Promise<FilterGroups> {
  const offered = filtersOf(articles);
  // A category with articles, and those it sits under (their pages list its articles too).
  const tree = await categoriesTree();
  const listed = new Set([...offered.categories].flatMap((id) => tree.path(id).map((c) => c.id)));
  const categories = tree.ordered.filter((c) => listed.has(c.id));
  return {
    categories: [
      { href: "/articles/", label: bilingual("content.all") },
      ...categories.map((c) => ({ href: `/articles/category/${c.id}/`, label: c.data.name })),
    ],
    languages: [
      { href: "/articles/lang/zh-CN/", label: bilingual("content.zh") },
      { href: "/articles/lang/en-US/", label: bilingual("content.en") },
    ],
    tags: offered.tags.map(tagLink),
    mainTags: offered.mainTags.map(tagLink),
  };
}

/** The filter links for this list of articles (the build's one list: made once). */
export function filterGroups(articles: readonly Article[]): Promise<FilterGroups> {
  let groups = made.get(articles);
  if (!groups) {
    groups = makeGroups(articles);
    made.set(articles, groups);
  }
  return groups;
}

/**
 * How the link to `href` is marked on the page at `here`: `"page"` on the filter's own first
 * page, `"true"` on its later pages (/…/page/<n>/), none elsewhere (for aria-current).
 */
export function currentOf(href: string, here: string): "page" | "true" | undefined {
  if (here === href || here === href.slice(0, -1)) return "page";
  return here.startsWith(`${href}page/`) ? "true" : undefined;
}
