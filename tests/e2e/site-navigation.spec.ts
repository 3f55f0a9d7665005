import { readFileSync } from "node:fs";
import { expect, type Locator, type Page, test } from "@playwright/test";
import { axeFindings, COMBOS, hydrated, type Locale, prefer, sideways } from "./support.ts";

// The site navigation (/site-navigation), read against the seed groups in content/site-nav.json:
// the groups and cards in both languages, links elsewhere opening in a new tab, the quick filter
// as a reader types, the page without JavaScript, and axe in both languages and themes at a
// phone's width and a desktop's.

type Both = Record<Locale, string>;
interface SeedLink {
  id: string;
  title: Both;
  description?: Both;
  url: string;
  hidden?: boolean;
}
interface SeedGroup {
  id: string;
  name: Both;
  links: SeedLink[];
}

const seed: SeedGroup[] = JSON.parse(readFileSync("content/site-nav.json", "utf8"));
// What the page shows: hidden links left out, and groups left with none.
const groups = seed
  .map((group) => ({ ...group, links: group.links.filter((link) => !link.hidden) }))
  .filter((group) => group.links.length > 0);
const links = groups.flatMap((group) => group.links);
const external = (link: SeedLink) => !link.url.startsWith("/");
const newTab: Both = { "zh-CN": "（在新标签页打开其他网站）", "en-US": "(opens another site)" };
const titles: Both = { "zh-CN": "网址导航", "en-US": "Site navigation" };

/** A link's accessible name: its title, and for one elsewhere that it opens another site. */
const nameOf = (link: SeedLink, locale: Locale) =>
  external(link) ? `${link.title[locale]} ${newTab[locale]}` : link.title[locale];

const byId = (id: string) => {
  const link = links.find((l) => l.id === id);
  if (!link) throw new Error(`content/site-nav.json has no link "${id}"`);
  return link;
};
const astro = byId("astro");
const mdn = byId("mdn");
const postgres = byId("postgresql");

const main = (page: Page) => page.getByRole("main");
const cardLinks = (page: Page) => main(page).getByRole("listitem").getByRole("link");
const filter = (page: Page, locale: Locale) =>
  page.getByRole("searchbox", { name: locale === "en-US" ? "Filter the links" : "筛选链接" });
const status = (page: Page) => main(page).getByRole("status");

/** The groups' headings are these, in order, as a reader hears them. */
async function expectHeadings(page: Page, names: string[]) {
  const headings = main(page).getByRole("heading", { level: 2 });
  await expect(headings).toHaveCount(names.length);
  for (const [index, name] of names.entries()) {
    await expect(headings.nth(index)).toHaveAccessibleName(name);
  }
}
/** The status line says this in the interface language, and shows nothing in the other. */
async function expectSays(page: Page, locale: Locale, text: string) {
  const line = status(page).locator(`[lang="${locale}"]`);
  await expect(line).toHaveText(text);
  await expect(line).toBeVisible();
  await expect(status(page).locator(`:scope > :not([lang="${locale}"])`)).toBeHidden();
}
/** The cards' links are these, in order, each named as a reader hears it. */
async function expectLinks(locator: Locator, expected: SeedLink[], locale: Locale) {
  await expect(locator).toHaveCount(expected.length);
  for (const [index, link] of expected.entries()) {
    await expect(locator.nth(index)).toHaveAccessibleName(nameOf(link, locale));
  }
}

/** Opens the page in a language; resolves once its filter's script has shown the filter. */
async function open(page: Page, locale: Locale) {
  await prefer(page, { locale });
  await page.goto("/site-navigation");
  await expect(page.getByRole("heading", { level: 1, name: titles[locale] })).toBeVisible();
  await expect(filter(page, locale)).toBeVisible();
}

for (const locale of ["zh-CN", "en-US"] as const) {
  test(`every seed group and link shows, in order, in ${locale}`, async ({ page }) => {
    expect(links.length).toBeGreaterThanOrEqual(10);
    await open(page, locale);
    await expect(page).toHaveTitle(new RegExp(`^${titles[locale]} · `));
    await expectHeadings(
      page,
      groups.map((group) => group.name[locale]),
    );
    for (const group of groups) {
      const region = page.getByRole("region", { name: group.name[locale], exact: true });
      const items = region.getByRole("listitem");
      await expect(items).toHaveCount(group.links.length);
      await expectLinks(region.getByRole("link"), group.links, locale);
      for (const [index, link] of group.links.entries()) {
        const item = items.nth(index);
        await expect(
          item.getByRole("link", { name: nameOf(link, locale), exact: true }),
        ).toHaveAttribute("href", link.url);
        if (link.description?.[locale]) await expect(item).toContainText(link.description[locale]);
        // The other language's words are there for a switch, never shown.
        const other = locale === "en-US" ? "zh-CN" : "en-US";
        if (link.title[other] !== link.title[locale]) {
          await expect(item.getByText(link.title[other], { exact: true })).toBeHidden();
        }
      }
    }
    await expectSays(
      page,
      locale,
      locale === "en-US" ? `${links.length} links` : `${links.length} 个链接`,
    );
  });
}

test("a link elsewhere opens a new tab without the opener, marked; one of this site opens in place", async ({
  page,
}) => {
  await open(page, "en-US");
  for (const link of links) {
    const element = cardLinks(page).and(page.locator(`[href="${link.url}"]`));
    if (external(link)) {
      await expect(element).toHaveAttribute("target", "_blank");
      await expect(element).toHaveAttribute("rel", "noopener noreferrer");
      await expect(element).toContainText("↗");
    } else {
      await expect(element).not.toHaveAttribute("target", /./);
      await expect(element).not.toHaveAttribute("rel", /./);
    }
  }
  const inside = links.find((link) => !external(link));
  if (!inside) throw new Error("the seed has no link to this site");
  await main(page).getByRole("link", { name: inside.title["en-US"], exact: true }).click();
  await expect(page).toHaveURL(inside.url);
});

test("the filter narrows the cards as the reader types, in both languages' words; Escape clears", async ({
  page,
}) => {
  await open(page, "en-US");
  const box = filter(page, "en-US");
  await box.click();
  await expect(box).toBeFocused();
  await box.pressSequentially("astro");
  await expectLinks(cardLinks(page), [astro], "en-US");
  await expect(main(page).getByRole("link", { name: nameOf(astro, "en-US") })).toBeVisible();
  await expect(main(page).getByRole("link", { name: nameOf(mdn, "en-US") })).toBeHidden();
  await expectSays(page, "en-US", "1 link");
  // Only the group holding it stays.
  await expectHeadings(page, ["Tools this blog is made with"]);

  // A Chinese word of a description, on the English page; spaces around it do not count.
  await box.fill("  数据库 ");
  await expectLinks(cardLinks(page), [postgres], "en-US");
  await expectSays(page, "en-US", "1 link");

  // Part of an address, in capitals.
  await box.fill("CANIUSE.COM");
  await expectLinks(cardLinks(page), [byId("can-i-use")], "en-US");

  await box.fill("no such thing");
  await expect(cardLinks(page)).toHaveCount(0);
  await expectHeadings(page, []);
  await expectSays(page, "en-US", "No link matches “no such thing”.");

  await box.press("Escape");
  await expect(box).toHaveValue("");
  await expect(box).toBeFocused();
  await expectLinks(cardLinks(page), links, "en-US");
  await expectSays(page, "en-US", `${links.length} links`);
});

test("the status line speaks the interface language", async ({ page }) => {
  await open(page, "zh-CN");
  const box = filter(page, "zh-CN");
  await box.pressSequentially("数据库");
  await expect(main(page).getByRole("link", { name: postgres.title["zh-CN"] })).toBeVisible();
  await expectSays(page, "zh-CN", "1 个链接");
  await box.fill("web");
  const count = links.filter((link) =>
    [link.title, link.description ?? { "zh-CN": "", "en-US": "" }]
      .flatMap((text) => [text["zh-CN"], text["en-US"]])
      .concat(link.url)
      .some((text) => text.toLowerCase().includes("web")),
  ).length;
  await expect(cardLinks(page)).toHaveCount(count);
  await expectSays(page, "zh-CN", `${count} 个链接`);
  await box.fill("没有这个");
  await expectSays(page, "zh-CN", "没有与“没有这个”匹配的链接。");
  // Switching the language switches the line too.
  await hydrated(page);
  await page.getByRole("button", { name: "English" }).click();
  await expectSays(page, "en-US", "No link matches “没有这个”.");
});

test("the footer and the sitemap lead to the page", async ({ page }) => {
  await prefer(page, { locale: "en-US" });
  await page.goto("/about");
  await page
    .getByRole("contentinfo")
    .getByRole("link", { name: "Site navigation", exact: true })
    .click();
  await expect(page).toHaveURL(/\/site-navigation\/?$/);
  const sitemap = await (await page.request.get("/sitemap.xml")).text();
  expect(sitemap).toMatch(/<loc>[^<]*\/site-navigation<\/loc>/);
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });
  test("every link shows, and the filter, which could do nothing, does not", async ({ page }) => {
    await page.goto("/site-navigation");
    await expect(page.getByRole("heading", { level: 1, name: "Site navigation" })).toBeVisible();
    await expect(cardLinks(page)).toHaveCount(links.length);
    for (const link of links) {
      await expect(
        main(page).getByRole("link", { name: nameOf(link, "en-US"), exact: true }),
      ).toBeVisible();
    }
    await expect(page.locator("#nav-filter-input")).toBeHidden();
    await expect(page.getByRole("searchbox", { name: "Filter the links" })).toHaveCount(0);
  });
});

for (const width of [390, 1280]) {
  for (const combo of COMBOS) {
    test(`axe finds nothing at ${width} px in ${combo.locale}, ${combo.theme}`, async ({
      page,
    }) => {
      await page.setViewportSize({ width, height: 900 });
      await open(page, combo.locale);
      await hydrated(page);
      expect(await axeFindings(page)).toEqual([]);
      // Filtered too: the status line and what is left.
      await filter(page, combo.locale).fill("astro");
      await expect(cardLinks(page)).toHaveCount(1);
      expect(await axeFindings(page)).toEqual([]);
      // Nothing wider than the window.
      expect(await sideways(page)).toBeLessThanOrEqual(0);
    });
  }
}

test("one column at a phone's width, and no wider than 360 px", async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 800 });
  await open(page, "zh-CN");
  const lefts = await main(page)
    .locator("[data-nav-card]")
    .evaluateAll(
      (cards) => new Set(cards.map((c) => Math.round(c.getBoundingClientRect().left))).size,
    );
  expect(lefts).toBe(1);
  expect(await sideways(page)).toBeLessThanOrEqual(0);
  await page.setViewportSize({ width: 1280, height: 800 });
  const columns = await main(page)
    .locator("[data-nav-card]")
    .evaluateAll(
      (cards) => new Set(cards.map((c) => Math.round(c.getBoundingClientRect().left))).size,
    );
  expect(columns).toBeGreaterThanOrEqual(2);
  expect(columns).toBeLessThanOrEqual(3);
});
