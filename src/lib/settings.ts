import { getEntry } from "astro:content";
import type { Locale } from "../i18n/index.ts";
import type { BothLanguages } from "../shared/kinds/photo.ts";
import { DEFAULT_SETTINGS, SETTINGS_ID, type SnapshotSettings } from "../shared/kinds/settings.ts";
import { bothOrEither } from "./picture.ts";

// The site's settings as the build sees them: the ones saved in /bms (the `settings` collection,
// from the snapshot), or the kind's defaults when none were saved or there is no database (a
// files-only build), which are the site as it was before it had settings. Pages print them with
// components (src/components/ProfileCard.astro, Both.astro), which escape every text.

async function load(): Promise<SnapshotSettings> {
  const entry = await getEntry("settings", SETTINGS_ID);
  return entry?.data ?? { ...DEFAULT_SETTINGS, avatarPicture: null };
}

let once: Promise<SnapshotSettings> | undefined;

/** The settings, read once per build; `astro dev` reads them afresh. */
export function siteSettings(): Promise<SnapshotSettings> {
  if (import.meta.env.DEV) return load();
  once ??= load();
  return once;
}

/** A page's title in each language: the page's name and the site's, or the site's alone. */
export function pageTitles(page: Record<Locale, string>, site: BothLanguages): BothLanguages {
  const title = (locale: Locale) =>
    page[locale] === site[locale] ? site[locale] : `${page[locale]} · ${site[locale]}`;
  return { "zh-CN": title("zh-CN"), "en-US": title("en-US") };
}

/**
 * A page's meta description where the page names none of its own: the site's description in
 * `locale` (the other language's if that one is empty), else its tagline; empty for none.
 */
export function siteDescription(settings: SnapshotSettings, locale: Locale): string {
  return bothOrEither(settings.description)[locale] || bothOrEither(settings.tagline)[locale] || "";
}
