import AxeBuilder from "@axe-core/playwright";
import { expect, test } from "@playwright/test";
import { hydrated, prefer } from "./support.ts";

const pages = [
  "/",
  "/about",
  "/unauthorized",
  "/register-login",
  "/no-such-page",
  // Highlighted code (its colours are per theme), and a list with a cover.
  "/articles/postgres-habits/",
  "/articles/category/life/",
];
const combos = [
  { locale: "zh-CN", theme: "dark" },
  { locale: "zh-CN", theme: "light" },
  { locale: "en-US", theme: "dark" },
  { locale: "en-US", theme: "light" },
] as const;

for (const path of pages) {
  for (const combo of combos) {
    test(`axe finds nothing on ${path} in ${combo.locale}, ${combo.theme}`, async ({ page }) => {
      await prefer(page, combo);
      await page.goto(path);
      await hydrated(page);
      const results = await new AxeBuilder({ page })
        .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa", "best-practice"])
        .options({ rules: { "target-size": { enabled: true } } })
        .analyze();
      const summary = results.violations.map((v) => ({
        id: v.id,
        help: v.help,
        nodes: v.nodes.slice(0, 3).map((n) => n.target.join(" ")),
      }));
      expect(summary).toEqual([]);
    });
  }
}

test("axe finds nothing in the open feedback dialog and the search panel", async ({ browser }) => {
  // Four axe runs: 39 s in a CI run, over 60 s with both cores busy (stress-ng --cpu 2).
  test.setTimeout(150_000);
  for (const theme of ["dark", "light"] as const) {
    const context = await browser.newContext();
    const page = await context.newPage();
    await prefer(page, { theme, locale: "zh-CN" });
    await page.goto("/");
    await hydrated(page);
    await page.getByRole("combobox").focus();
    let results = await new AxeBuilder({ page })
      .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa", "best-practice"])
      .options({ rules: { "target-size": { enabled: true } } })
      .analyze();
    expect(
      results.violations.map((v) => v.id),
      `search ${theme}`,
    ).toEqual([]);
    await page.getByRole("button", { name: "反馈" }).click();
    await page.getByRole("button", { name: "提交" }).click();
    results = await new AxeBuilder({ page })
      .include("dialog")
      .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa", "best-practice"])
      .options({ rules: { "target-size": { enabled: true } } })
      .analyze();
    const found = results.violations.map(
      (v) => `${v.id}: ${v.nodes.map((n) => n.target).join(", ")}`,
    );
    expect(found, `dialog ${theme}`).toEqual([]);
    await context.close();
  }
});

test("axe finds nothing on a scrolled article, back-to-top link showing", async ({ page }) => {
  await prefer(page, { locale: "en-US", theme: "light" });
  await page.goto("/articles/slow-network-budget/");
  await page.mouse.wheel(0, 3000);
  const backToTop = page.getByRole("link", { name: "Back to top" });
  await expect(backToTop).toBeVisible();
  const results = await new AxeBuilder({ page })
    .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa", "best-practice"])
    .analyze();
  expect(results.violations.map((v) => `${v.id}: ${v.nodes[0]?.target.join(" ")}`)).toEqual([]);
});
