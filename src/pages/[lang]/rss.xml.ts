import rss from "@astrojs/rss";
import type { APIContext, GetStaticPaths } from "astro";
import { getTranslator, isLocale, LOCALES } from "../../i18n/index.ts";

export const getStaticPaths = (() =>
  LOCALES.map((lang) => ({ params: { lang } }))) satisfies GetStaticPaths;

/** One RSS 2.0 feed per language. Items arrive with the content collections (articles and notes). */
export function GET(context: APIContext) {
  const lang = context.params.lang;
  if (!isLocale(lang)) return new Response("Not found", { status: 404 });
  const t = getTranslator(lang);
  return rss({
    title: t("site.name"),
    description: t("site.tagline"),
    site: context.site ?? "http://localhost:4321",
    items: [],
    customData: `<language>${lang.toLowerCase()}</language>`,
  });
}
