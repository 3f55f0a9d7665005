import { type APIRequestContext, expect, test } from "@playwright/test";
import { parseJsonFeed, parseRssFeed } from "feedsmith";
import type { Element, Root } from "hast";
import { fromHtml } from "hast-util-from-html";

// Every feed as a feed reader gets it: read by a real parser (feedsmith), held to the rules
// the W3C feed validator checks that apply here (offline): the channel's required elements, a
// self link that names the feed's own address, dates it can read, unique ids, absolute
// addresses in the text (its "relative reference" warning) and nothing that runs.

/** Every address the HTML holds that is not absolute, and any element that could run. */
function htmlProblems(html: string): string[] {
  const problems: string[] = [];
  const walk = (parent: Root | Element) => {
    for (const node of parent.children) {
      if (node.type !== "element") continue;
      if (["script", "iframe", "object", "embed"].includes(node.tagName))
        problems.push(node.tagName);
      for (const [name, value] of Object.entries(node.properties)) {
        if (/^on/i.test(name)) problems.push(`${node.tagName}[${name}]`);
        if (
          ["href", "src"].includes(name) &&
          typeof value === "string" &&
          !/^(https?|mailto):/.test(value)
        ) {
          problems.push(`${node.tagName}[${name}=${value}]`);
        }
      }
      walk(node);
    }
  };
  walk(fromHtml(html, { fragment: true }));
  return problems;
}

/** A feed read as RSS, checked against the rules; its items' links and texts. */
async function readRss(request: APIRequestContext, path: string) {
  const res = await request.get(path);
  expect(res.status(), path).toBe(200);
  const xml = await res.text();
  const feed = parseRssFeed(xml);
  expect(feed.title, path).toBeTruthy();
  expect(feed.link, path).toMatch(/^https?:\/\//);
  expect(feed.description, path).toBeTruthy();
  const self = new URL(feed.atom?.links?.[0]?.href ?? "");
  expect(self.pathname, `${path} self link`).toBe(new URL(path, self).pathname);
  const items = feed.items ?? [];
  const guids = items.map((item) => item.guid?.value);
  expect(new Set(guids).size, `${path} unique guids`).toBe(items.length);
  const dates = items.map((item) => Date.parse(item.pubDate ?? ""));
  for (const date of dates) expect(Number.isNaN(date), `${path} pubDate`).toBe(false);
  expect(dates, `${path} newest first`).toEqual([...dates].sort((a, b) => b - a));
  for (const item of items) {
    expect(item.title, path).toBeTruthy();
    expect(item.link, path).toMatch(/^https?:\/\//);
    expect(htmlProblems(item.content?.encoded ?? ""), item.link).toEqual([]);
  }
  return items;
}

for (const lang of ["zh-CN", "en-US"] as const) {
  test(`the ${lang} feeds carry whole texts, as RSS and as JSON Feed`, async ({ request }) => {
    const items = await readRss(request, `/${lang}/rss.xml`);
    const article = items.find((item) => item.link?.includes("/articles/"));
    // An article's whole text: more than its summary, with its pictures at absolute addresses.
    expect((article?.content?.encoded ?? "").length).toBeGreaterThan(
      (article?.description ?? "").length * 3,
    );
    expect(items.some((item) => item.link?.includes("/random-notes/"))).toBe(true);
    const withImage = items.find((item) => item.content?.encoded?.includes("<img"));
    expect(withImage?.content?.encoded).toMatch(/<img[^>]+src="https?:\/\/[^"]+\/_astro\//);

    const res = await request.get(`/${lang}/feed.json`);
    expect(res.status()).toBe(200);
    const body: unknown = await res.json();
    expect(body).toMatchObject({ version: "https://jsonfeed.org/version/1" });
    const json = parseJsonFeed(body);
    expect(new URL(json.feed_url ?? "").pathname).toBe(`/${lang}/feed.json`);
    const ids = (json.items ?? []).map((item) => item.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids).toEqual(items.map((item) => item.link));
    for (const item of json.items ?? []) {
      expect(Number.isNaN(Date.parse(item.date_published ?? ""))).toBe(false);
      expect(item.content_html ?? item.content_text, item.id).toBeTruthy();
      expect(htmlProblems(item.content_html ?? ""), item.id).toEqual([]);
    }
  });
}

test("a category's feed holds those under it; a tag's, its articles", async ({ request }) => {
  const life = await readRss(request, "/articles/category/life/rss.xml");
  const lifeLinks = life.map((item) => new URL(item.link ?? "").pathname);
  expect(lifeLinks).toContain("/articles/west-lake-in-the-rain/"); // filed under Life › Travel
  expect(lifeLinks).toContain("/articles/winter-light/");
  expect(lifeLinks).not.toContain("/articles/static-first/");

  const html = await readRss(request, "/articles/tag/html/rss.xml");
  expect(html.map((item) => new URL(item.link ?? "").pathname).sort()).toEqual([
    "/articles/small-tests/",
    "/articles/static-first-zh/",
    "/articles/static-first/",
  ]);
  // A tag in Chinese, at its encoded address.
  const chinese = await readRss(request, `/articles/tag/${encodeURIComponent("性能")}/rss.xml`);
  expect(chinese.length).toBeGreaterThan(0);
});

test("pages name their feeds for readers to find", async ({ page }) => {
  await page.goto("/articles/category/life/");
  const alternates = await page
    .locator('head link[rel="alternate"]')
    .evaluateAll((links) =>
      links.map((l) => `${l.getAttribute("type")} ${l.getAttribute("href")}`),
    );
  expect(alternates).toEqual(
    expect.arrayContaining([
      "application/rss+xml /en-US/rss.xml",
      "application/feed+json /en-US/feed.json",
      "application/feed+json /zh-CN/feed.json",
      "application/rss+xml /articles/category/life/rss.xml",
    ]),
  );
  await page.getByRole("link", { name: "This list as RSS" }).first().waitFor();
  expect(await page.getByRole("link", { name: "This list as RSS" }).getAttribute("href")).toBe(
    "/articles/category/life/rss.xml",
  );
});
