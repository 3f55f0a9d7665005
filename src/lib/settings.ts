import { getEntry } from "astro:content";
import { DEFAULT_SETTINGS, SETTINGS_ID } from "../shared/kinds/settings.ts";
import { type SiteView, siteView } from "./settings-html.ts";

// The site's settings as the build sees them: the ones saved in /bms (the `settings` collection,
// from the snapshot), or the kind's defaults when none were saved or there is no database (a
// files-only build), which are the site as it was before it had settings.

async function load(): Promise<SiteView> {
  const entry = await getEntry("settings", SETTINGS_ID);
  return siteView(entry?.data ?? { ...DEFAULT_SETTINGS, avatarPicture: null });
}

let once: Promise<SiteView> | undefined;

/** The settings and what pages print of them, read once per build; `astro dev` reads them afresh. */
export function siteSettings(): Promise<SiteView> {
  if (import.meta.env.DEV) return load();
  once ??= load();
  return once;
}
