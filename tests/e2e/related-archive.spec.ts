import { expect, test } from "@playwright/test";
import { axeFindings, COMBOS, hydrated, picture, prefer, shoot, sideways } from "./support.ts";

// Related articles under an article (src/lib/related.ts) and the archive by year and month
// (/articles/archive/), in both languages and themes, on a phone and a desktop.

const WORDS = {
  "zh-CN": { related: "相关文章", archive: "归档", link: "按月份浏览归档", english: "英文" },
  "en-US": {
    related: "Related articles",
    archive: "Archive",
    link: "The archive, by month",
    english: "English",
  },
} as const;

for (const { locale, theme } of COMBOS) {
  test(`related articles and the archive, ${locale} ${theme}`, async ({ page }, info) => {
    const words = WORDS[locale];
    await prefer(page, { locale, theme });
    await page.setViewportSize({ width: 390, height: 844 });

    // Related: none shares its tags, so the newest three English ones of its category.
    await page.goto("/articles/postgres-habits/");
    await hydrated(page);
    const related = page.getByRole("region", { name: words.related });
    const links = related.getByRole("link");
    await expect(links).toHaveCount(3);
    expect(await links.evaluateAll((as) => as.map((a) => a.getAttribute("href")))).toEqual([
      "/articles/slow-network-budget/",
      "/articles/static-first/",
      "/articles/commit-messages/",
    ]);
    await expect(related.getByRole("listitem").first()).toHaveAttribute("lang", "en-US");
    expect(await axeFindings(page, ".related")).toEqual([]);
    await picture(related, info, `related-390-${locale}-${theme}`);

    // The list links to the archive.
    await page.goto("/articles/");
    await page.getByRole("link", { name: words.link }).click();
    await expect(page).toHaveURL(/\/articles\/archive\/$/);
    await expect(page.getByRole("heading", { level: 1, name: words.archive })).toBeVisible();

    // Years newest first, each with its months; a translated article once, in the interface's
    // language; an article in one language in both interfaces, marked.
    const years = page.getByRole("heading", { level: 2 });
    const yearNames = await years.allTextContents();
    expect(yearNames.length).toBeGreaterThan(1);
    const numbers = yearNames.map((y) => Number.parseInt(y, 10));
    expect(numbers).toEqual([...numbers].sort((a, b) => b - a));
    const year2025 = page.getByRole("region", { name: /^2025/ });
    await expect(year2025.getByRole("heading", { level: 3 }).first()).toBeVisible();
    const habits = year2025.getByRole("listitem").filter({
      has: page.getByRole("link", { name: "Small PostgreSQL habits that have saved me" }),
    });
    await expect(habits.getByText(words.english, { exact: true })).toBeVisible();
    const ownVersion =
      locale === "zh-CN"
        ? "静态优先：博客在请求那一刻几乎什么都不用做"
        : "Static first: a blog needs almost nothing at request time";
    const otherVersion =
      locale === "zh-CN"
        ? "Static first: a blog needs almost nothing at request time"
        : "静态优先：博客在请求那一刻几乎什么都不用做";
    await expect(page.getByRole("link", { name: ownVersion })).toBeVisible();
    await expect(page.getByRole("link", { name: otherVersion })).toBeHidden();

    expect(await sideways(page)).toBeLessThanOrEqual(0);
    expect(await axeFindings(page)).toEqual([]);
    await shoot(page, info, `archive-390-${locale}-${theme}`, 1);
    await page.setViewportSize({ width: 1280, height: 900 });
    expect(await axeFindings(page)).toEqual([]);
    await shoot(page, info, `archive-1280-${locale}-${theme}`, 1);
  });
}
