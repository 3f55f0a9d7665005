import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { expect, type Page, test } from "@playwright/test";
import { parse as parseYaml } from "yaml";
import { PAGE_SIZE } from "../../src/lib/paging.ts";
import { hydrated, openInEnglish, prefer } from "./support.ts";

// The seeded content, read from content/ the way a person would check it: by its files.
interface Entry {
  slug: string;
  title: string;
  summary: string;
  lang: string;
  status: string;
  publishedAt: Date;
  translationKey?: string;
  category: string;
  tags: string[];
}

/** A Markdown file's front matter: the YAML between its first two `---` lines. */
function frontmatter(file: string): Record<string, unknown> {
  const lines = readFileSync(file, "utf8").split("\n");
  const end = lines.indexOf("---", 1);
  if (lines[0] !== "---" || end < 0) return {};
  const data: unknown = parseYaml(lines.slice(1, end).join("\n"));
  return data && typeof data === "object" ? { ...data } : {};
}

const text = (value: unknown) => (value === undefined || value === null ? "" : String(value));

const dir = "content/articles";
const articles: Entry[] = readdirSync(dir)
  .filter((f) => /\.mdx?$/.test(f))
  .map((f) => {
    const fm = frontmatter(join(dir, f));
    const published = fm.publishedAt;
    return {
      slug: f.replace(/\.mdx?$/, ""),
      title: text(fm.title),
      summary: text(fm.summary),
      lang: text(fm.lang),
      status: text(fm.status) || "published",
      publishedAt: published instanceof Date ? published : new Date(text(published)),
      category: text(fm.category),
      tags: Array.isArray(fm.tags) ? fm.tags.map(text) : [],
      ...(fm.translationKey ? { translationKey: text(fm.translationKey) } : {}),
    };
  });
const now = new Date();
const live = articles.filter((a) => a.status !== "draft" && a.publishedAt <= now);
const hidden = articles.filter((a) => !live.includes(a));

/**
 * How many entries a list of these articles shows: both versions of a translated article are
 * one entry (the page shows the one of its interface language).
 */
function entriesOf(list: Entry[]): number {
  const pairs = new Set(
    list
      .filter(
        (a) =>
          a.translationKey &&
          list.some((b) => b.lang !== a.lang && b.translationKey === a.translationKey),
      )
      .map((a) => a.translationKey),
  );
  return list.length - pairs.size;
}

test("the seed has what a newcomer should see", () => {
  expect(live.length).toBeGreaterThanOrEqual(8);
  expect(new Set(live.map((a) => a.lang))).toEqual(new Set(["zh-CN", "en-US"]));
  expect(hidden.length).toBeGreaterThanOrEqual(1);
});

test("drafts and scheduled articles are nowhere: pages, lists, feeds, sitemap", async ({
  page,
  request,
}) => {
  for (const article of hidden) {
    expect((await request.get(`/articles/${article.slug}/`)).status(), article.slug).toBe(404);
  }
  const lists = await Promise.all(
    ["/articles/", "/", "/zh-CN/rss.xml", "/en-US/rss.xml", "/sitemap.xml"].map(async (p) =>
      (await request.get(p)).text(),
    ),
  );
  for (const article of hidden) {
    for (const text of lists) expect(text).not.toContain(`/articles/${article.slug}/`);
  }
  await page.goto("/articles/");
  for (const article of hidden)
    await expect(page.getByRole("link", { name: article.title })).toHaveCount(0);
});

test("the article list: newest first with pinned on top, and filters by category and language", async ({
  page,
}) => {
  await openInEnglish(page, "/articles/", "Articles");
  const titles = await page.getByRole("article").getByRole("heading", { level: 2 }).allInnerTexts();
  expect(titles.length).toBeGreaterThan(0);
  expect(titles.length).toBeLessThanOrEqual(PAGE_SIZE);
  await page.getByRole("link", { name: "Chinese", exact: true }).click();
  await expect(page).toHaveURL("/articles/lang/zh-CN/");
  const zh = live.filter((a) => a.lang === "zh-CN");
  expect(await countAcrossPages(page)).toBe(zh.length);
  const category = live[0]?.category ?? "";
  await page.goto(`/articles/category/${category}/`);
  expect(await countAcrossPages(page)).toBe(entriesOf(live.filter((a) => a.category === category)));
});

test("the tags: the main ones first, all of them folded away, the list on a phone's first screen", async ({
  page,
}) => {
  const counts = new Map<string, number>();
  for (const a of live) for (const t of a.tags) counts.set(t, (counts.get(t) ?? 0) + 1);
  expect(counts.size).toBeGreaterThan(10);
  await page.setViewportSize({ width: 390, height: 844 });
  await openInEnglish(page, "/articles/", "Articles");
  const filters = page.getByRole("navigation", { name: "Articles" });
  const tagLinks = filters.getByRole("link", { name: /^#/ });
  await expect(tagLinks.filter({ visible: true })).toHaveCount(10);
  // The most used tag is among them; the first article is on the first screen.
  const top = [...counts].sort((a, b) => b[1] - a[1])[0]?.[0] ?? "";
  await expect(filters.getByRole("link", { name: `#${top}`, exact: true }).first()).toBeVisible();
  const first = page.getByRole("article").first().getByRole("heading", { level: 2 });
  expect((await first.boundingBox())?.y ?? 1e9).toBeLessThan(844 - 40);
  // All of them, behind "All n tags".
  await filters.getByText(`All ${counts.size} tags`, { exact: true }).click();
  await expect(tagLinks.filter({ visible: true })).toHaveCount(10 + counts.size);
  // A tag used once has its own page, where the fold opens to show it marked.
  const rare =
    [...counts]
      .filter(([, n]) => n === 1)
      .map(([t]) => t)
      .sort()
      .at(-1) ?? "";
  await page.goto(`/articles/tag/${encodeURIComponent(rare)}/`);
  await expect(filters.locator("details[open]")).toHaveCount(1);
  await expect(filters.getByRole("link", { name: `#${rare}`, exact: true })).toHaveAttribute(
    "aria-current",
    "page",
  );
});

test("a category's page holds the articles of those under it, named by its path", async ({
  page,
}) => {
  // content/categories.json: Travel sits under Life; West Lake is filed under Travel.
  const westLake = "West Lake in the rain, without a laptop";
  await openInEnglish(page, "/articles/category/life/", "Articles in “Life”");
  await expect(page.getByRole("heading", { name: westLake })).toBeVisible();
  const filters = page.getByRole("navigation", { name: "Articles" });
  const travel = filters.getByRole("link", { name: "Travel", exact: true });
  await travel.click();
  const heading = (name: string) => page.getByRole("heading", { level: 1, name, exact: true });
  await expect(heading("Articles in “Life › Travel”")).toBeVisible();
  await expect(travel).toHaveAttribute("aria-current", "page");
  const titles = articles.filter((a) => a.category === "travel").map((a) => a.title);
  await expect(page.getByRole("article")).toHaveCount(titles.length);
  await page.evaluate(() => localStorage.setItem("app-locale", "zh-CN"));
  await page.reload();
  await expect(heading("“生活 › 旅行”分类下的文章")).toBeVisible();
});

test("a wide screen reads an article with its contents beside it, the section being read marked, and how far it has read", async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await openInEnglish(
    page,
    "/articles/static-first/",
    "Static first: a blog needs almost nothing at request time",
  );
  await hydrated(page);
  const toc = page.getByRole("navigation", { name: "On this page" });
  const text = page.locator(".prose");
  const [tocBox, textBox] = [await toc.boundingBox(), await text.boundingBox()];
  // Left of the text, not above it.
  expect((tocBox?.x ?? 0) + (tocBox?.width ?? 1e9)).toBeLessThanOrEqual(textBox?.x ?? 0);
  const section = toc.getByRole("link", { name: "What stays live" });
  await expect(section).not.toHaveAttribute("aria-current");
  await section.click();
  await expect(section).toHaveAttribute("aria-current", "location");
  await expect(toc.locator("[aria-current]")).toHaveCount(1);
  // Held in view while the page scrolls, with the bar along the top grown with the reading.
  await expect(toc).toBeInViewport();
  const bar = await page.locator(".reading-progress").boundingBox();
  expect(bar?.width ?? 0).toBeGreaterThan(100);
  expect(bar?.width ?? 1e9).toBeLessThan(1280);
  // On a phone: the contents come before the text, in the flow.
  await page.setViewportSize({ width: 390, height: 844 });
  const [phoneToc, phoneText] = [await toc.boundingBox(), await text.boundingBox()];
  expect((phoneToc?.y ?? 1e9) + (phoneToc?.height ?? 0)).toBeLessThanOrEqual(phoneText?.y ?? 0);
});

/** Articles on this list page and the ones after it, following "Older articles" (PAGE_SIZE a page). */
async function countAcrossPages(page: Page): Promise<number> {
  const older = page.getByRole("link", { name: /Older articles|更早的文章/ });
  let seen = await page.getByRole("article").count();
  expect(seen).toBeLessThanOrEqual(PAGE_SIZE);
  while (await older.count()) {
    const from = page.url();
    await older.click();
    await expect(page).not.toHaveURL(from);
    expect(page.url()).toMatch(/\/page\/\d+\/$/);
    const count = await page.getByRole("article").count();
    expect(count).toBeLessThanOrEqual(10);
    seen += count;
  }
  return seen;
}

test("a cover shows on the article's card, small and lazy, and on its page, at once", async ({
  page,
}) => {
  await prefer(page, { locale: "en-US" });
  const alt = /^Rain falling on a grey lake/;
  await page.goto("/articles/category/life/");
  const card = page.getByRole("article").filter({
    has: page.getByRole("heading", { name: "West Lake in the rain, without a laptop" }),
  });
  const thumbnail = card.getByRole("img", { name: alt });
  await expect(thumbnail).toHaveAttribute("loading", "lazy");
  await expect(thumbnail).toHaveAttribute("srcset", /320w.*640w/);
  await thumbnail.scrollIntoViewIfNeeded();
  await expect
    .poll(() => thumbnail.evaluate((img: HTMLImageElement) => img.naturalWidth))
    .toBeGreaterThan(0);
  expect((await thumbnail.boundingBox())?.width).toBeLessThanOrEqual(200);
  await card.getByRole("link", { name: "West Lake in the rain, without a laptop" }).click();
  const cover = page.getByRole("main").getByRole("img", { name: alt });
  await expect(cover).toHaveAttribute("loading", "eager");
  await expect(cover).toHaveAttribute("srcset", /480w.*960w/);
  await expect
    .poll(() => cover.evaluate((img: HTMLImageElement) => img.naturalWidth))
    .toBeGreaterThan(0);
});

test("pagination reaches every live article, once per translated pair", async ({ page }) => {
  await page.goto("/articles/");
  expect(await countAcrossPages(page)).toBe(entriesOf(live));
  expect(entriesOf(live)).toBeLessThan(live.length);
});

test("a list pages by PAGE_SIZE entries, and a page past the end does not exist", async ({
  page,
}) => {
  // The seed's whole list fits one page since a translated pair shows once (17 entries of 21
  // articles); page 2 and beyond exist once there are more (src/lib/paging.test.ts pages them).
  const entries = entriesOf(live);
  const pages = Math.ceil(entries / PAGE_SIZE);
  await prefer(page, { locale: "en-US" });
  await page.goto("/articles/");
  await expect(page.getByRole("article")).toHaveCount(Math.min(PAGE_SIZE, entries));
  const pager = page.getByRole("navigation", { name: "Pages" });
  if (pages > 1) {
    await expect(pager).toContainText(`Page 1 of ${pages}`);
    await pager.getByRole("link", { name: "Older articles" }).click();
    await expect(page).toHaveURL("/articles/page/2/");
    await expect(page.getByRole("article")).toHaveCount(Math.min(PAGE_SIZE, entries - PAGE_SIZE));
  } else {
    await expect(pager).toHaveCount(0);
  }
  const past = await page.goto(`/articles/page/${pages + 1}/`);
  expect(past?.status()).toBe(404);
  const pastFilter = await page.goto("/articles/lang/zh-CN/page/2/");
  expect(pastFilter?.status()).toBe(
    live.filter((a) => a.lang === "zh-CN").length > PAGE_SIZE ? 200 : 404,
  );
});

test("an article: contents, anchors, highlighted code, its translation and canonical link", async ({
  page,
}) => {
  const pair = live.find(
    (a) => a.translationKey && live.some((b) => b !== a && b.translationKey === a.translationKey),
  );
  expect(pair).toBeTruthy();
  if (!pair) return;
  const other = live.find((b) => b !== pair && b.translationKey === pair.translationKey);
  await openInEnglish(page, `/articles/${pair.slug}/`, pair.title);
  await expect(page.getByRole("navigation", { name: /On this page/ })).toBeVisible();
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute(
    "href",
    new RegExp(`/articles/${pair.slug}/$`),
  );
  await page.getByRole("link", { name: /Read this in/ }).click();
  await expect(page).toHaveURL(`/articles/${other?.slug}/`);
  await expect(page.getByRole("heading", { level: 1, name: other?.title ?? "" })).toBeVisible();
});

test("a page in one language carries it in lang, title and description, whatever the interface's", async ({
  browser,
  page,
}) => {
  const zh = live.find((a) => a.slug === "static-first-zh");
  const en = live.find((a) => a.translationKey === zh?.translationKey && a !== zh);
  expect(zh && en).toBeTruthy();
  if (!zh || !en) return;
  for (const locale of ["en-US", "zh-CN"] as const) {
    const context = await browser.newContext();
    const page = await context.newPage();
    await prefer(page, { locale });
    for (const [article, other] of [
      [zh, en],
      [en, zh],
    ] as const) {
      await page.goto(`/articles/${article.slug}/`);
      await hydrated(page);
      const html = page.locator("html");
      await expect(html).toHaveAttribute("lang", article.lang);
      // The interface around it stays in the reader's language.
      await expect(html).toHaveAttribute("data-locale", locale);
      await expect(page).toHaveTitle(new RegExp(`^${escapeRegExp(article.title)} · `));
      await expect(page.locator('meta[name="description"]')).toHaveAttribute(
        "content",
        article.summary,
      );
      // hreflang names the page itself and its translation.
      await expect(
        page.locator(`link[rel="alternate"][hreflang="${article.lang}"]`),
      ).toHaveAttribute("href", new RegExp(`/articles/${article.slug}/$`));
      await expect(page.locator(`link[rel="alternate"][hreflang="${other.lang}"]`)).toHaveAttribute(
        "href",
        new RegExp(`/articles/${other.slug}/$`),
      );
    }
    await context.close();
  }
  // The about page's description is its own text, not the site's.
  await page.goto("/about/");
  const about = await page.locator('meta[name="description"]').getAttribute("content");
  const site = await page.goto("/site-navigation");
  expect(site?.ok()).toBe(true);
  const nav = await page.locator('meta[name="description"]').getAttribute("content");
  expect(about).toBeTruthy();
  expect(about).not.toBe(nav);
});

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

test("code blocks have a copy button that copies", async ({ page, context }) => {
  await context.grantPermissions(["clipboard-read", "clipboard-write"]);
  await prefer(page, { locale: "en-US" });
  for (const article of live) {
    const text = readFileSync(join(dir, `${article.slug}.md`), "utf8");
    if (!text.includes("```")) continue;
    await page.goto(`/articles/${article.slug}/`);
    // The buttons come when a reader reaches for the page (ProseTools.astro).
    await page.locator(".prose pre").first().hover();
    const button = page.getByRole("button", { name: "Copy", exact: true }).first();
    await button.click();
    await expect(page.getByRole("button", { name: "Copied" }).first()).toBeVisible();
    const copied = await page.evaluate(() => navigator.clipboard.readText());
    expect(copied.length).toBeGreaterThan(0);
    return;
  }
  throw new Error("no article with code in the seed");
});

test("notes: a timeline grouped by day, in both languages", async ({ page }) => {
  await prefer(page, { locale: "zh-CN" });
  await page.goto("/random-notes");
  await expect(page.getByRole("heading", { level: 1, name: "随笔" })).toBeVisible();
  const days = page.getByRole("heading", { level: 2 });
  expect(await days.count()).toBeGreaterThan(1);
  const dates = await days.allInnerTexts();
  expect([...dates].sort().reverse()).toEqual(dates);
});

test("notes: each has a page of its own, reached from its time, with the notes beside it", async ({
  page,
}) => {
  await prefer(page, { locale: "en-US" });
  await page.goto("/random-notes");
  const timeline = page.locator("main .timeline");
  const first = timeline.getByRole("link", { name: /on its own page$/ }).first();
  const name = (await first.getAttribute("href")) ?? "";
  expect(name).toMatch(/^\/random-notes\/[a-z0-9-]+\/$/);
  await first.click();
  await expect(page).toHaveURL(name);
  await expect(
    page.getByRole("heading", { level: 1, name: /^A note of \d{4}-\d{2}-\d{2}$/ }),
  ).toBeVisible();
  await expect(page.locator("article.note .prose")).not.toBeEmpty();
  // The newest note: an older one beside it, none newer; back leads to it in the timeline.
  await expect(page.getByRole("link", { name: /Next/ })).toHaveCount(0);
  await page.getByRole("link", { name: /Previous/ }).click();
  await expect(page.getByRole("link", { name: /Next/ })).toBeVisible();
  await page.getByRole("link", { name: "All notes" }).click();
  await expect(page).toHaveURL(/\/random-notes#[a-z0-9-]+$/);
  await expect(page.getByRole("heading", { level: 1, name: "Notes" })).toBeVisible();
});

test("books: a list, a chapter with the book's tree, previous and next", async ({ page }) => {
  await openInEnglish(page, "/book-doc/", "Book documents");
  await page.getByRole("heading", { level: 2 }).first().getByRole("link").click();
  await page.getByRole("link", { name: "Start reading" }).click();
  const tree = page.getByRole("navigation", { name: "Contents" });
  await expect(tree.locator('[aria-current="page"]')).toHaveCount(1);
  const first = (await page.getByRole("heading", { level: 1 }).textContent()) ?? "";
  await page.getByRole("link", { name: /Next/ }).click();
  await expect(page.getByRole("heading", { level: 1 })).not.toHaveText(first);
  await page.getByRole("link", { name: /Previous/ }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(first);
});

test("the home page shows the latest articles and notes", async ({ page }) => {
  await prefer(page, { locale: "en-US" });
  await page.goto("/");
  await expect(
    page.getByRole("region", { name: "Latest articles" }).getByRole("article").first(),
  ).toBeVisible();
  await expect(
    page.getByRole("region", { name: "Latest notes" }).getByRole("listitem").first(),
  ).toBeVisible();
  // A note reads as text; its time leads to its page.
  const note = page.getByRole("region", { name: "Latest notes" }).getByRole("listitem").first();
  await expect(note.getByRole("link")).toHaveCount(1);
  await expect(note.getByRole("link")).toHaveAccessibleName(
    /^the note of \d{4}-\d{2}-\d{2}, \d{2}:\d{2}/,
  );
  // The card's figures: a translated article counts once; each leads to its list.
  const card = page.getByRole("region", { name: "Two Inks" });
  const articles = card.getByRole("definition").first();
  await expect(articles).toHaveText(String(entriesOf(live)));
  await card.getByRole("link", { name: "Articles", exact: true }).click();
  await expect(page).toHaveURL("/articles/");
});

test("a list shows a translated article once, in the interface language, with its date and language in that language", async ({
  page,
}) => {
  await prefer(page, { locale: "en-US" });
  await page.goto("/articles/");
  const english = page.getByRole("heading", { name: /^Static first: a blog needs/ });
  const chinese = page.getByRole("heading", { name: /^静态优先/ });
  await expect(english).toHaveCount(1);
  await expect(english).toBeVisible();
  await expect(chinese).toBeHidden();
  const card = page.getByRole("article").filter({ has: english });
  await expect(card.getByRole("link", { name: "Read this in Chinese" })).toHaveAttribute(
    "href",
    "/articles/static-first-zh/",
  );
  await expect(card.locator(".card-meta")).toHaveText(
    /^(Pinned)?March 18, 2025 · \d+ min read · Read this in Chinese$/,
    { useInnerText: true },
  );
  // A piece in one language only says which, in the interface's words.
  await expect(
    page.locator(".card-meta", { hasText: "Chinese" }).filter({ hasNotText: "Read this" }).first(),
  ).toBeVisible();

  await page.getByRole("button", { name: "中文" }).click();
  await expect(chinese).toBeVisible();
  await expect(english).toBeHidden();
  const zhCard = page.getByRole("article").filter({ has: chinese });
  await expect(zhCard.locator(".card-meta")).toHaveText(
    /^(置顶)?2025年3月25日 · 约 \d+ 分钟读完 · 阅读英文版$/,
    {
      useInnerText: true,
    },
  );
  // An article's own page dates it in the interface language too.
  await page.goto("/articles/static-first/");
  await expect(page.locator(".article .meta")).toContainText("发布于 2025年3月18日", {
    useInnerText: true,
  });
});

test("an SVG diagram follows the theme instead of staying a bright box on the dark page", async ({
  page,
}) => {
  await prefer(page, { locale: "en-US", theme: "dark" });
  await page.goto("/articles/static-first/");
  const diagram = page.locator('.prose img[src*=".svg"]').first();
  await expect(diagram).toBeVisible();
  expect(await diagram.evaluate((img) => getComputedStyle(img).filter)).toContain("invert");
  await page.getByRole("button", { name: "Light" }).click();
  await expect.poll(() => diagram.evaluate((img) => getComputedStyle(img).filter)).toBe("none");
});
