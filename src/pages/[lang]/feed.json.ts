import type { APIContext, GetStaticPaths } from "astro";
import { isLocale, LOCALES } from "../../i18n/index.ts";
import { languageFeed } from "../../lib/feed-lists.ts";
import { jsonFeedResponse } from "../../lib/feeds.ts";

export const getStaticPaths = (() =>
  LOCALES.map((lang) => ({ params: { lang } }))) satisfies GetStaticPaths;

/** The language's feed as a JSON Feed: the same items as its RSS. */
export async function GET(context: APIContext) {
  const lang = context.params.lang;
  if (!isLocale(lang) || !context.site) return new Response("Not found", { status: 404 });
  return jsonFeedResponse(await languageFeed(lang, context.site));
}
