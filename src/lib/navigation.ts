import { getCollection } from "astro:content";
import type { BothLanguages } from "../shared/kinds/photo.ts";
import { carouselOrder } from "./banners.ts";

// The site navigation page's groups of links (/site-navigation), as the page shows them.
// The page is src/components/nav/SiteNav.astro.

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
