import rss from "@astrojs/rss";
import type { APIContext, GetStaticPaths } from "astro";
import { isLocale, LOCALES } from "../../i18n/index.ts";
import { liveArticles, liveNotes } from "../../lib/content.ts";
import { liveExperiments } from "../../lib/labs.ts";
import { siteDescription, siteSettings } from "../../lib/settings.ts";

export const getStaticPaths = (() =>
  LOCALES.map((lang) => ({ params: { lang } }))) satisfies GetStaticPaths;

/** One RSS 2.0 feed per language: its live articles, notes and lab experiments, newest first. */
export async function GET(context: APIContext) {
  const lang = context.params.lang;
  if (!isLocale(lang)) return new Response("Not found", { status: 404 });
  const settings = await siteSettings();
  const articles = (await liveArticles())
    .filter((a) => a.data.lang === lang)
    .map((a) => ({
      title: a.data.title,
      description: a.data.summary,
      pubDate: a.data.publishedAt,
      link: `/articles/${a.id}/`,
      categories: a.data.tags,
    }));
  const notes = (await liveNotes())
    .filter((n) => n.data.lang === lang)
    .map((n) => ({
      title: (n.body ?? "")
        .replace(/[#*_`>[\]]/g, "")
        .trim()
        .slice(0, 60),
      description: (n.body ?? "").trim(),
      pubDate: n.data.publishedAt,
      link: `/random-notes#${n.id}`,
    }));
  // A lab experiment is written in both languages: each feed carries it in its own.
  const experiments = (await liveExperiments()).map((e) => ({
    title: e.entry.data.title[lang],
    description: e.entry.data.summary[lang],
    pubDate: e.entry.data.date,
    link: e.path,
    categories: e.entry.data.tags,
  }));
  return rss({
    title: settings.title[lang],
    description: siteDescription(settings, lang),
    site: context.site ?? "http://localhost:4321",
    items: [...articles, ...notes, ...experiments].sort(
      (a, b) => b.pubDate.getTime() - a.pubDate.getTime(),
    ),
    customData: `<language>${lang.toLowerCase()}</language>`,
  });
}
