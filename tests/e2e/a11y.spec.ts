import { expect, test } from "@playwright/test";
import { axeFindings, COMBOS, hydrated, prefer } from "./support.ts";

const pages = [
  "/",
  "/about",
  "/unauthorized",
  "/register-login",
  "/no-such-page",
  // Highlighted code (its colours are per theme), and a list with a cover.
  "/articles/postgres-habits/",
  "/articles/category/life/",
  // The notes' timeline and a note's own page (its pictures, previous and next).
  "/random-notes",
  "/random-notes/2026-11-08-desk-by-the-window/",
];

for (const path of pages) {
  for (const combo of COMBOS) {
    test(`axe finds nothing on ${path} in ${combo.locale}, ${combo.theme}`, async ({ page }) => {
      await prefer(page, combo);
      await page.goto(path);
      // What the head script made of the stored choices: never a check in the wrong look.
      await expect(page.locator("html")).toHaveAttribute("data-theme", combo.theme);
      await expect(page.locator("html")).toHaveAttribute("data-locale", combo.locale);
      await hydrated(page);
      expect(await axeFindings(page)).toEqual([]);
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
    expect(await axeFindings(page), `search ${theme}`).toEqual([]);
    await page.getByRole("button", { name: "反馈" }).click();
    await page.getByRole("button", { name: "提交" }).click();
    expect(await axeFindings(page, "dialog"), `dialog ${theme}`).toEqual([]);
    await context.close();
  }
});

test("axe finds nothing on a scrolled article, back-to-top link showing", async ({ page }) => {
  await prefer(page, { locale: "en-US", theme: "light" });
  await page.goto("/articles/slow-network-budget/");
  await page.mouse.wheel(0, 3000);
  const backToTop = page.getByRole("link", { name: "Back to top" });
  await expect(backToTop).toBeVisible();
  expect(await axeFindings(page)).toEqual([]);
});
