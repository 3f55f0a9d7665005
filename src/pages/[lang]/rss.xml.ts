import type { APIContext, GetStaticPaths } from "astro";
import { isLocale, LOCALES } from "../../i18n/index.ts";
import { languageFeed } from "../../lib/feed-lists.ts";
import { rssResponse } from "../../lib/feeds.ts";

export const getStaticPaths = (() =>
  LOCALES.map((lang) => ({ params: { lang } }))) satisfies GetStaticPaths;

/** One RSS 2.0 feed per language: its articles, notes and lab experiments, newest first. */
export async function GET(context: APIContext) {
  const lang = context.params.lang;
  if (!isLocale(lang) || !context.site) return new Response("Not found", { status: 404 });
  return rssResponse(await languageFeed(lang, context.site));
}
