import { bilingualHtml, bilingualText } from "../i18n";
import { type Article, allCategories, filtersOf } from "./content.ts";
import { escapeHtml } from "./html.ts";

// The filter links above every article list: every category, language and tag that has live
// articles. A list page prints about seventy of them and a build about six hundred list
// pages, so the links are made once per list of articles and each page only marks its own.

interface Link {
  href: string;
  /** The link's content, HTML (escaped). */
  html: string;
}

export interface FilterGroups {
  categories: Link[];
  languages: Link[];
  tags: Link[];
  /** The main tags' links (on most articles, most first); `tags` holds them all. */
  mainTags: Link[];
}

const tagLink = (tag: string): Link => ({
  href: `/articles/tag/${encodeURIComponent(tag)}/`,
  html: `#${escapeHtml(tag)}`,
});

const made = new WeakMap<readonly Article[], Promise<FilterGroups>>();

async function makeGroups(articles: readonly Article[]): Promise<FilterGroups> {
  const offered = filtersOf(articles);
  const categories = (await allCategories()).filter((c) => offered.categories.has(c.id));
  return {
    categories: [
      { href: "/articles/", html: bilingualHtml("content.all") },
      ...categories.map((c) => ({
        href: `/articles/category/${c.id}/`,
        html: bilingualText(c.data.name),
      })),
    ],
    languages: [
      { href: "/articles/lang/zh-CN/", html: bilingualHtml("content.zh") },
      { href: "/articles/lang/en-US/", html: bilingualHtml("content.en") },
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
 * The links as HTML for the page at `here`: its own filter is marked `aria-current="page"` on
 * the filter's first page and `"true"` on its later pages (/…/page/<n>/).
 */
export function filterLinksHtml(links: readonly Link[], here: string): string {
  let out = "";
  for (const { href, html } of links) {
    const current =
      here === href || here === href.slice(0, -1)
        ? ' aria-current="page"'
        : here.startsWith(`${href}page/`)
          ? ' aria-current="true"'
          : "";
    out += `<a href="${escapeHtml(href)}"${current}>${html}</a>`;
  }
  return out;
}
