import { Feed } from "feed";
import type { Locale } from "../i18n/locale.ts";
import { feedHtml } from "./feed-html.ts";

// The site's feeds, one model in two formats (the `feed` package): RSS 2.0 and JSON Feed per
// language (/zh-CN/rss.xml, /zh-CN/feed.json …), and RSS per category and per tag (which items:
// feed-lists.ts). An item carries its whole text as its page renders it, made fit for a feed
// (feed-html.ts), unless the settings ask for summaries; an experiment (an interactive demo)
// only ever its summary.

/** The newest this many items a feed carries. */
export const FEED_ITEMS = 50;

/** One item of a feed, whatever it is. */
export interface FeedEntry {
  /** The page's path, which is also the item's id once absolute. */
  path: string;
  title: string;
  summary: string;
  date: Date;
  tags: readonly string[];
  /** The whole text's HTML, relative to the page; absent: the summary is all there is. */
  html?: () => Promise<string>;
}

/** What a feed says of the site: its name and description in the feed's language. */
export interface FeedSite {
  url: URL;
  title: string;
  description: string;
  /** The settings' choice: whole texts, or summaries. */
  fullText: boolean;
}

export interface FeedOf {
  /** The feed's own name after the site's ("Life", "#html"); none for the site's whole feed. */
  name?: string;
  /** The page the feed follows: `/`, a category's or a tag's list. */
  page: string;
  /** The feed's own path. */
  self: string;
  /** Its JSON Feed's path, where it has one. */
  json?: string;
  /** The language of every item; none when they are in both. */
  lang?: Locale;
  entries: readonly FeedEntry[];
}

/** The feed of `entries`: the newest FEED_ITEMS, whole or summarised as the site says. */
export async function feedOf(
  { name, page, self, json, lang, entries }: FeedOf,
  { url: site, title: siteTitle, description, fullText }: FeedSite,
): Promise<Feed> {
  const newest = [...entries].sort((a, b) => b.date.getTime() - a.date.getTime());
  const items = newest.slice(0, FEED_ITEMS);
  const feed = new Feed({
    title: name ? `${name} · ${siteTitle}` : siteTitle,
    description: description || siteTitle,
    id: new URL(page, site).href,
    link: new URL(page, site).href,
    ...(lang && { language: lang.toLowerCase() }),
    updated: items[0]?.date ?? new Date(0),
    generator: false,
    feedLinks: {
      rss: new URL(self, site).href,
      ...(json && { json: new URL(json, site).href }),
    },
  });
  for (const entry of items) {
    const url = new URL(entry.path, site);
    const html = fullText && entry.html ? feedHtml(await entry.html(), url) : undefined;
    feed.addItem({
      title: entry.title,
      id: url.href,
      link: url.href,
      // RSS's pubDate: when it was published (an edit does not bring it back to the top).
      date: entry.date,
      published: entry.date,
      description: entry.summary,
      ...(html && { content: html }),
      category: entry.tags.map((tag) => ({ name: tag })),
    });
  }
  return feed;
}

const XML = { "content-type": "application/rss+xml; charset=utf-8" };
const JSON_FEED = { "content-type": "application/feed+json; charset=utf-8" };

export const rssResponse = (feed: Feed) => new Response(feed.rss2(), { headers: XML });
export const jsonFeedResponse = (feed: Feed) => new Response(feed.json1(), { headers: JSON_FEED });
