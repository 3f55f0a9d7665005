import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { expect, type Page, test } from "@playwright/test";
import { parse } from "yaml";
import { axeFindings, COMBOS, hydrated, picture, prefer, sideways } from "./support.ts";

// Cover illustrations: the wall of every article's cover (/cover-illustration), the cover
// drawn from an article's title where it has none, and the Open Graph images of articles and
// books, read against the seed articles in content/articles/.

interface Seed {
  slug: string;
  title: string;
  lang: string;
  cover: string | undefined;
}

const dir = "content/articles";
const seeds: Seed[] = readdirSync(dir)
  .filter((file) => file.endsWith(".md"))
  .map((file) => {
    const data = parse(readFileSync(join(dir, file), "utf8").split(/^---$/m)[1] ?? "");
    return { file, data };
  })
  // What the build holds: published, and not scheduled past the build's clock.
  .filter(
    ({ data }) => data.status === "published" && new Date(data.publishedAt).getTime() <= Date.now(),
  )
  .map(({ file, data }) => ({
    slug: file.replace(/\.md$/, ""),
    title: data.title,
    lang: data.lang,
    cover: data.cover,
  }));
const drawn = seeds.find((seed) => !seed.cover && seed.lang === "zh-CN");
const own = seeds.find((seed) => seed.cover);

const wall = (page: Page) => page.getByRole("list", { name: /Cover illustrations|封面插画/ });

/** The width and height of a PNG, from its header. */
function pngSize(bytes: Buffer): { width: number; height: number } {
  expect(bytes.subarray(1, 4).toString("latin1")).toBe("PNG");
  return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
}

test("the wall shows every article's cover, each leading to its article", async ({ page }) => {
  await prefer(page, { locale: "en-US" });
  await page.goto("/cover-illustration");
  await expect(page.getByRole("heading", { level: 1, name: "Cover illustrations" })).toBeVisible();
  const links = wall(page).getByRole("link");
  await expect(links).toHaveCount(seeds.length);
  const hrefs = await links.evaluateAll((all) => all.map((a) => a.getAttribute("href")));
  expect(new Set(hrefs)).toEqual(new Set(seeds.map((seed) => `/articles/${seed.slug}/`)));
  // Every item has a picture: its own image, or one drawn from its title.
  const items = wall(page).getByRole("listitem");
  for (const item of await items.all()) {
    await expect(item.locator("img, .gen-cover")).toHaveCount(1);
  }
  if (own) {
    const item = items.filter({ has: page.locator(`a[href="/articles/${own.slug}/"]`) });
    await expect(item.locator("img")).toBeVisible();
    await expect(item.locator(".gen-cover")).toHaveCount(0);
  }
  if (!drawn) throw new Error("the seed has no Chinese article without a cover");
  const item = items.filter({ has: page.locator(`a[href="/articles/${drawn.slug}/"]`) });
  await expect(item).toHaveAttribute("lang", "zh-CN");
  await expect(item.locator(".gen-cover")).toHaveAttribute("aria-hidden", "true");
  await expect(item.locator(".gen-cover-title")).toHaveText(drawn.title);
  await expect(item).toContainText("Drawn from the title");
  // The link is named by the title and leads to the article.
  await item.getByRole("link", { name: drawn.title }).click();
  await expect(page).toHaveURL(`/articles/${drawn.slug}/`);
  await expect(page.getByRole("heading", { level: 1, name: drawn.title })).toBeVisible();
  await expect(page.locator("article .gen-cover")).toBeVisible();
});

test("the article lists link to the wall and show a drawn cover where there is none", async ({
  page,
}) => {
  await prefer(page, { locale: "zh-CN" });
  await page.goto("/articles/");
  await page.getByRole("link", { name: "查看所有文章的封面" }).click();
  await expect(page).toHaveURL(/\/cover-illustration\/?$/);
  await page.goto("/articles/");
  const cards = page.locator("article.card");
  const count = await cards.count();
  expect(count).toBeGreaterThan(5);
  for (const card of await cards.all()) {
    await expect(card.locator("img, .gen-cover")).toHaveCount(1);
  }
  // The drawn cover keeps its frame's ratio (1200 × 630) at a card's width.
  const box = await page.locator("article.card .gen-cover").first().boundingBox();
  expect(box).not.toBeNull();
  if (box) expect(Math.abs(box.width / box.height - 1200 / 630)).toBeLessThan(0.02);
});

test("the drawn cover follows the theme", async ({ page }) => {
  const paper = async () =>
    page
      .locator("article .gen-cover")
      .evaluate((element) => getComputedStyle(element).backgroundColor);
  await prefer(page, { locale: "en-US", theme: "light" });
  await page.goto(`/articles/${drawn?.slug}/`);
  await hydrated(page);
  const light = await paper();
  await page.getByRole("button", { name: "Dark" }).click();
  await expect.poll(paper).not.toBe(light);
});

test("articles, books and notes name a 1200×630 Open Graph image that is served", async ({
  page,
}) => {
  const pages = [`/articles/${drawn?.slug}/`, `/articles/${own?.slug ?? "static-first"}/`];
  await page.goto("/book-doc/");
  const book = await page.locator("main a[href^='/book-doc/']").first().getAttribute("href");
  expect(book).toBeTruthy();
  pages.push(book ?? "");
  // A note in each language.
  pages.push("/random-notes/2026-11-08-desk-by-the-window/", "/random-notes/2026-10-12-osmanthus/");
  const seen = new Set<string>();
  for (const path of pages) {
    await page.goto(path);
    const meta = (property: string) =>
      page.locator(`meta[property="${property}"]`).getAttribute("content");
    const src = await meta("og:image");
    expect(src, path).toMatch(/\/og\/[0-9a-f]{16}\.png$/);
    expect(await meta("og:image:width")).toBe("1200");
    expect(await meta("og:image:height")).toBe("630");
    expect(await meta("og:image:type")).toBe("image/png");
    expect(await meta("og:image:alt")).toBeTruthy();
    const response = await page.request.get(new URL(src ?? "").pathname);
    expect(response.ok(), src ?? "").toBe(true);
    expect(response.headers()["content-type"]).toBe("image/png");
    expect(response.headers()["cache-control"]).toContain("immutable");
    expect(pngSize(await response.body())).toEqual({ width: 1200, height: 630 });
    seen.add(src ?? "");
  }
  expect(seen.size).toBe(pages.length);
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });
  test("the wall shows every cover", async ({ page }) => {
    await page.goto("/cover-illustration");
    await expect(wall(page).getByRole("link")).toHaveCount(seeds.length);
    await expect(page.locator(".gen-cover").first()).toBeVisible();
  });
});

for (const combo of COMBOS) {
  test(`axe finds nothing on the wall and a drawn cover's article in ${combo.locale}, ${combo.theme}`, async ({
    page,
  }) => {
    test.setTimeout(90_000);
    await prefer(page, combo);
    for (const path of ["/cover-illustration", `/articles/${drawn?.slug}/`, "/articles/"]) {
      await page.goto(path);
      await hydrated(page);
      expect(await axeFindings(page), path).toEqual([]);
    }
  });
}

for (const width of [390, 1280]) {
  for (const combo of COMBOS.slice(0, 2)) {
    test(`screenshots at ${width} px, ${combo.locale}, ${combo.theme}, for a person to judge @look`, async ({
      page,
    }, testInfo) => {
      test.setTimeout(90_000);
      await page.setViewportSize({ width, height: 900 });
      await prefer(page, combo);
      for (const [name, path] of [
        ["wall", "/cover-illustration"],
        ["article", `/articles/${drawn?.slug}/`],
        ["list", "/articles/"],
      ] as const) {
        await page.goto(path);
        await hydrated(page);
        await picture(page, testInfo, `${name}-${width}-${combo.locale}-${combo.theme}`, {
          fullPage: name !== "wall",
        });
        // Nothing wider than the window.
        expect(await sideways(page), path).toBeLessThanOrEqual(0);
      }
    });
  }
}
