import { expect, type Page, test } from "@playwright/test";
import { FIRST_SEARCH, hydrated, prefer } from "./support.ts";

test("finds pages in English with the match highlighted, by keyboard", async ({ page }) => {
  await prefer(page, { locale: "en-US" });
  await page.goto("/");
  await hydrated(page);
  const box = page.getByRole("combobox", { name: "Search" });
  await box.fill("inks");
  const results = page.getByRole("listbox", { name: "Search" });
  const about = results.getByRole("option", { name: /About · Two Inks/ });
  await expect(about).toBeVisible(FIRST_SEARCH);
  await expect(about.locator("mark").first()).toHaveText(/inks/i);
  await box.press("ArrowDown");
  const first = results.getByRole("option").first();
  await expect(first).toHaveAttribute("aria-selected", "true");
  await box.press("Escape");
  await expect(results).toBeHidden();
  await box.press("ArrowDown");
  await expect(results.getByRole("option").first()).toHaveAttribute("aria-selected", "true");
  await expect(box).toHaveAttribute("aria-activedescendant", /option-0/);
  const href = await results.getByRole("option").first().textContent();
  await box.press("Enter");
  await expect(page).toHaveURL(href?.startsWith("About") ? "/about/" : "/");
});

test("a Chinese query finds Chinese text inside longer phrases", async ({ page }) => {
  await prefer(page, { locale: "zh-CN" });
  await page.goto("/");
  await hydrated(page);
  await page.getByRole("combobox", { name: "搜索" }).fill("墨水");
  const option = page
    .getByRole("listbox", { name: "搜索" })
    .getByRole("option", { name: /关于 · 双墨/ });
  await expect(option).toBeVisible(FIRST_SEARCH);
  await expect(option.locator("mark").first()).toHaveText("墨水");
});

test("an unmatched query says so", async ({ page }) => {
  await prefer(page, { locale: "en-US" });
  await page.goto("/");
  await hydrated(page);
  await page.getByRole("combobox", { name: "Search" }).fill("zzyzx");
  await expect(page.getByRole("status").filter({ hasText: "Nothing found" })).toHaveText(
    "Nothing found for “zzyzx”",
    FIRST_SEARCH,
  );
});

/** The newest search the box remembers (localStorage, as src/islands/search/history.ts keeps it). */
function newestSearch(page: Page): Promise<string | undefined> {
  return page.evaluate(() => {
    const stored: unknown = JSON.parse(localStorage.getItem("search-history") ?? "[]");
    return Array.isArray(stored) && typeof stored[0] === "string" ? stored[0] : undefined;
  });
}

test("history: none yet, the last 10 searches, clear and a cleared confirmation", async ({
  page,
}) => {
  // Two page loads and eleven searches, each a real Pagefind search: long on a busy machine.
  test.slow();
  await prefer(page, { locale: "en-US" });
  await page.goto("/");
  await hydrated(page);
  const box = page.getByRole("combobox", { name: "Search" });
  await box.focus();
  await expect(page.getByText("No searches yet")).toBeVisible();
  // One search that opens a result, then ten that find nothing: all are remembered.
  await box.fill("inks");
  await expect(
    page.getByRole("listbox", { name: "Search" }).getByRole("option").first(),
  ).toBeVisible(FIRST_SEARCH);
  await Promise.all([page.waitForEvent("framenavigated"), box.press("Enter")]);
  await page.goto("/");
  await hydrated(page);
  const again = page.getByRole("combobox", { name: "Search" });
  await again.focus();
  for (let i = 1; i <= 10; i++) {
    const query = `zzq${i}`;
    await again.fill(query);
    // The first search of the reloaded page loads Pagefind again.
    await expect(page.getByText(`Nothing found for “${query}”`)).toBeVisible(
      i === 1 ? FIRST_SEARCH : {},
    );
    // The message speaks only for the query it answers (it never shows the last query's outcome
    // under a new one), so Enter now remembers this search.
    await again.press("Enter");
    await expect.poll(() => newestSearch(page)).toBe(query);
  }
  await again.fill("");
  const history = page.getByRole("listbox", { name: "Recent searches" });
  await expect(history.getByRole("option")).toHaveCount(10);
  await expect(history.getByRole("option").first()).toHaveText("zzq10");
  await expect(history.getByRole("option", { name: "inks", exact: true })).toHaveCount(0);
  await page.getByRole("button", { name: "Clear history" }).click();
  await expect(page.getByText("Search history cleared")).toBeVisible();
  await expect(history.getByRole("option")).toHaveCount(0);
  expect(await page.evaluate(() => localStorage.getItem("search-history"))).toBeNull();
});
