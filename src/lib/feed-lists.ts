import { render } from "astro:content";
import { experimental_AstroContainer as AstroContainer } from "astro/container";
import type { Locale } from "../i18n/index.ts";
import { sitePaths } from "../shared/site-paths.ts";
import {
  type Article,
  categoriesTree,
  liveArticles,
  liveNotes,
  type Note,
  notePreview,
} from "./content.ts";
import { type FeedEntry, type FeedOf, type FeedSite, feedOf } from "./feeds.ts";
import { type Experiment, liveExperiments } from "./labs.ts";
import { siteDescription, siteSettings } from "./settings.ts";

// Which items each feed carries, and their text as the build renders it (src/lib/feeds.ts makes
// them a feed).

let container: Promise<AstroContainer> | undefined;
const rendered = new Map<string, Promise<string>>();

/** An article's or a note's text as its page renders it (images and all), once per build. */
function renderedHtml(entry: Article | Note): Promise<string> {
  const key = `${entry.collection}:${entry.id}:${entry.digest ?? ""}`;
  let html = rendered.get(key);
  if (!html) {
    container ??= AstroContainer.create();
    html = Promise.all([container, render(entry)]).then(([c, { Content }]) =>
      c.renderToString(Content),
    );
    rendered.set(key, html);
  }
  return html;
}

const articleEntry = (article: Article): FeedEntry => ({
  path: `/articles/${article.id}/`,
  title: article.data.title,
  summary: article.data.summary,
  date: article.data.publishedAt,
  tags: article.data.tags,
  html: () => renderedHtml(article),
});

const noteEntry = (note: Note): FeedEntry => ({
  path: sitePaths.note(note.id),
  title: notePreview(note.body, 60),
  summary: notePreview(note.body, 200),
  date: note.data.publishedAt,
  tags: note.data.tags,
  html: () => renderedHtml(note),
});

/** An experiment in `lang`: it is written in both languages. */
const experimentEntry = (experiment: Experiment, lang: Locale): FeedEntry => ({
  path: experiment.path,
  title: experiment.entry.data.title[lang],
  summary: experiment.entry.data.summary[lang],
  date: experiment.entry.data.date,
  tags: experiment.entry.data.tags,
});

/** The site as a feed in `lang` names it (both languages' names for a feed of both). */
async function feedSite(url: URL, lang?: Locale): Promise<FeedSite> {
  const settings = await siteSettings();
  return {
    url,
    title: lang ? settings.title[lang] : `${settings.title["zh-CN"]} · ${settings.title["en-US"]}`,
    description: siteDescription(settings, lang ?? "en-US"),
    fullText: settings.feedFullText,
  };
}

const feed = async (of: FeedOf, site: URL) => feedOf(of, await feedSite(site, of.lang));

/** A language's feed: its live articles and notes, and every experiment in its words. */
export async function languageFeed(lang: Locale, site: URL) {
  const articles = (await liveArticles()).filter((a) => a.data.lang === lang);
  const notes = (await liveNotes()).filter((n) => n.data.lang === lang);
  const experiments = await liveExperiments();
  return feed(
    {
      page: "/",
      self: `/${lang}/rss.xml`,
      json: `/${lang}/feed.json`,
      lang,
      entries: [
        ...articles.map(articleEntry),
        ...notes.map(noteEntry),
        ...experiments.map((e) => experimentEntry(e, lang)),
      ],
    },
    site,
  );
}

/** A category's feed: the articles filed under it or any category under it, both languages. */
export async function categoryFeed(id: string, site: URL) {
  const tree = await categoriesTree();
  const within = tree.within(id);
  const names = tree.path(id).map((c) => c.data.name);
  const name = (lang: Locale) => names.map((n) => n[lang]).join(" › ");
  const articles = (await liveArticles()).filter((a) => within.has(a.data.category.id));
  return feed(
    {
      name: `${name("zh-CN")} · ${name("en-US")}`,
      page: `/articles/category/${id}/`,
      self: `/articles/category/${id}/rss.xml`,
      entries: articles.map(articleEntry),
    },
    site,
  );
}

/** A tag's feed: its articles in both languages. */
export async function tagFeed(tag: string, articles: readonly Article[], site: URL) {
  const path = `/articles/tag/${encodeURIComponent(tag)}/`;
  return feed(
    { name: `#${tag}`, page: path, self: `${path}rss.xml`, entries: articles.map(articleEntry) },
    site,
  );
}
