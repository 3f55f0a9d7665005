import { getCollection } from "astro:content";
import { bilingualHtml, bilingualText, LOCALES, translator } from "../i18n";
import { isExternalNavUrl, navHue, navInitial } from "../shared/kinds/nav.ts";
import type { BothLanguages } from "../shared/kinds/photo.ts";
import { carouselOrder } from "./banners.ts";
import { escapeHtml } from "./html.ts";
import { bothOrEither } from "./photo-html.ts";

// The site navigation page (/site-navigation) as HTML made once per build (see
// docs/decisions/build-cost.md): a section per group, a card per link, and the quick filter, which waits
// `hidden` for its script (src/components/nav/nav-filter.ts). Every text is escaped, and every
// text of the owner's is printed in both languages as the two-span pair of which CSS shows the
// interface language's. Styles: src/components/nav/SiteNav.astro.

export interface NavLink {
  id: string;
  title: BothLanguages;
  description: BothLanguages;
  url: string;
  /** A library image's served path, or "" for a badge with the title's first letter. */
  icon: string;
}

export interface NavGroup {
  id: string;
  name: BothLanguages;
  links: NavLink[];
}

/** What the page needs of a `navigation` entry (a file's group has a `filePath`). */
export interface NavEntry {
  id: string;
  filePath?: string | undefined;
  data: {
    name: BothLanguages;
    order?: number | undefined;
    links: ReadonlyArray<NavLink & { hidden: boolean }>;
  };
}

/**
 * The groups as the page shows them: content/site-nav.json's first in the file's order, then the
 * database's by their order (as the home page's banners); hidden links left out, and groups left
 * with no link.
 */
export function shownGroups(entries: readonly NavEntry[]): NavGroup[] {
  const ordered = carouselOrder(
    entries.map((entry) => ({
      entry,
      id: entry.id,
      fromFile: entry.filePath !== undefined,
      order: entry.data.order ?? 0,
    })),
  );
  const groups: NavGroup[] = [];
  for (const { entry } of ordered) {
    const links = entry.data.links
      .filter((link) => !link.hidden)
      .map(({ id, title, description, url, icon }) => ({ id, title, description, url, icon }));
    if (links.length > 0) groups.push({ id: entry.id, name: entry.data.name, links });
  }
  return groups;
}

let once: Promise<NavGroup[]> | undefined;

/** The shown groups of the `navigation` collection, once per build; `astro dev` reads afresh. */
export function liveNavigation(): Promise<NavGroup[]> {
  const load = async () => shownGroups(await getCollection("navigation"));
  if (import.meta.env.DEV) return load();
  once ??= load();
  return once;
}

// --- Badge -------------------------------------------------------------------------------------

/**
 * The icon: the library image (decorative: the title names the link), or a badge with the
 * title's first letter in each language, its colour from the English title (the same card keeps
 * its colour in both languages; the lightness per theme is SiteNav.astro's).
 */
function iconHtml(link: NavLink): string {
  if (link.icon) {
    return `<img class="nav-icon" src="${escapeHtml(link.icon)}" alt="" width="40" height="40" loading="lazy" decoding="async">`;
  }
  const title = bothOrEither(link.title);
  const letters = {
    "zh-CN": navInitial(title["zh-CN"], "zh-CN"),
    "en-US": navInitial(title["en-US"], "en-US"),
  };
  const text =
    letters["zh-CN"] === letters["en-US"] ? escapeHtml(letters["en-US"]) : bilingualText(letters);
  return `<span class="nav-icon nav-badge" style="--hue:${navHue(title["en-US"])}" aria-hidden="true">${text}</span>`;
}

// --- Cards and groups --------------------------------------------------------------------------

const hasText = (text: BothLanguages) => Boolean(text["zh-CN"] || text["en-US"]);

/**
 * A link's card: its icon, its title as the link (named by the title alone, and for an address
 * elsewhere by its new tab too), its description. The link's box covers the card (CSS), so the
 * whole card is one target. `data-nav-text` marks what the filter searches, with the address.
 */
export function navCardHtml(link: NavLink): string {
  const external = isExternalNavUrl(link.url);
  const target = external ? ' target="_blank" rel="noopener noreferrer"' : "";
  const mark = external
    ? `<span class="nav-ext" aria-hidden="true">↗</span><span class="visually-hidden"> ${bilingualHtml("siteNav.external")}</span>`
    : "";
  const description = hasText(link.description)
    ? `<p class="nav-desc" data-nav-text>${bilingualText(bothOrEither(link.description))}</p>`
    : "";
  return (
    `<li class="nav-card" data-nav-card>${iconHtml(link)}` +
    `<a class="nav-link" href="${escapeHtml(link.url)}"${target}><span data-nav-text>${bilingualText(bothOrEither(link.title))}</span>${mark}</a>` +
    `${description}</li>`
  );
}

function groupHtml(group: NavGroup): string {
  const id = `nav-group-${escapeHtml(group.id)}`;
  return (
    `<section class="nav-group" data-nav-group aria-labelledby="${id}">` +
    `<h2 id="${id}">${bilingualText(bothOrEither(group.name))}</h2>` +
    `<ul class="nav-cards">${group.links.map(navCardHtml).join("")}</ul></section>`
  );
}

// --- Filter ------------------------------------------------------------------------------------

/**
 * The status line in both languages, each span carrying its language's messages for the script
 * (`{{count}}`, `{{query}}` left for it to fill), and showing the number of links meanwhile.
 */
function statusHtml(total: number): string {
  const spans = LOCALES.map((locale) => {
    const raw = translator(locale);
    const count = total === 1 ? raw("siteNav.oneLink") : raw("siteNav.linkCount", { count: total });
    return (
      `<span data-lang="${locale}" lang="${locale}" data-one="${escapeHtml(raw("siteNav.oneLink"))}"` +
      ` data-other="${escapeHtml(raw("siteNav.linkCount"))}" data-none="${escapeHtml(raw("siteNav.noMatch"))}">` +
      `${escapeHtml(count)}</span>`
    );
  });
  return `<p class="nav-status" role="status" aria-live="polite" data-nav-status>${spans.join("")}</p>`;
}

/**
 * The quick filter: hidden until its script shows it (without one it could do nothing). The
 * hint is printed in both languages over the field, since a placeholder holds only one.
 */
function filterHtml(total: number): string {
  return (
    `<div class="nav-filter" data-nav-filter data-pagefind-ignore hidden>` +
    `<label class="nav-filter-label" for="nav-filter-input">${bilingualHtml("siteNav.filterLabel")}</label>` +
    `<span class="nav-filter-field"><input id="nav-filter-input" type="search" placeholder=" " autocomplete="off" spellcheck="false">` +
    `<span class="nav-filter-hint" aria-hidden="true">${bilingualHtml("siteNav.filterPlaceholder")}</span></span>` +
    `${statusHtml(total)}</div>`
  );
}

/** The whole list: the filter and the groups, or a word that there is nothing yet. */
export function siteNavHtml(groups: readonly NavGroup[]): string {
  if (groups.length === 0) return `<p class="nav-empty">${bilingualHtml("siteNav.empty")}</p>`;
  const total = groups.reduce((sum, group) => sum + group.links.length, 0);
  return `${filterHtml(total)}<div class="nav-groups">${groups.map(groupHtml).join("")}</div>`;
}
