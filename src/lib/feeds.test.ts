import { parseJsonFeed, parseRssFeed } from "feedsmith";
import { describe, expect, it } from "vitest";
import { FEED_ITEMS, type FeedEntry, type FeedSite, feedOf } from "./feeds";

const site: FeedSite = {
  url: new URL("https://blog.example/"),
  title: "Two Inks",
  description: "Notes on code and books.",
  fullText: true,
};

const entry = (n: number, html?: string): FeedEntry => ({
  path: `/articles/a-${n}/`,
  title: `Article ${n} <b>&</b>`,
  summary: `Summary ${n}`,
  date: new Date(Date.UTC(2026, 0, n)),
  tags: ["html", "静态网站"],
  ...(html && { html: async () => html }),
});

const feed = (entries: FeedEntry[], over: Partial<FeedSite> = {}) =>
  feedOf(
    { page: "/", self: "/en-US/rss.xml", json: "/en-US/feed.json", lang: "en-US", entries },
    { ...site, ...over },
  );

describe("feedOf", () => {
  it("carries the newest items, whole, with absolute addresses", async () => {
    const entries = Array.from({ length: FEED_ITEMS + 5 }, (_, i) =>
      entry(
        i + 1,
        '<p>See <a href="/articles/other/">this</a>.</p><img src="/_astro/a.webp" alt="A">',
      ),
    );
    const rss = parseRssFeed((await feed(entries)).rss2());
    expect(rss.items).toHaveLength(FEED_ITEMS);
    expect(rss.items?.[0]?.title).toBe("Article 55 <b>&</b>");
    expect(rss.items?.[0]?.link).toBe("https://blog.example/articles/a-55/");
    const content = rss.items?.[0]?.content?.encoded ?? "";
    expect(content).toContain('href="https://blog.example/articles/other/"');
    expect(content).toContain('src="https://blog.example/_astro/a.webp"');
    expect(rss.language).toBe("en-us");
    expect(rss.atom?.links?.[0]?.href).toBe("https://blog.example/en-US/rss.xml");
    expect(rss.items?.[0]?.categories?.map((c) => c.name)).toEqual(["html", "静态网站"]);

    const json = parseJsonFeed((await feed(entries)).json1());
    expect(json.feed_url).toBe("https://blog.example/en-US/feed.json");
    expect(json.items).toHaveLength(FEED_ITEMS);
    expect(json.items?.[0]?.content_html).toContain('href="https://blog.example/articles/other/"');
    expect(json.items?.[0]?.summary).toBe("Summary 55");
  });

  it("carries summaries only when the site says so, or when an item has no text", async () => {
    const whole = entry(1, "<p>Whole text</p>");
    const summaryOnly = parseRssFeed((await feed([whole], { fullText: false })).rss2());
    expect(summaryOnly.items?.[0]?.content?.encoded).toBeUndefined();
    expect(summaryOnly.items?.[0]?.description).toBe("Summary 1");
    const demo = parseRssFeed((await feed([entry(2)])).rss2());
    expect(demo.items?.[0]?.content?.encoded).toBeUndefined();
  });
});
