import { expect, type Page, test } from "@playwright/test";
import { FIRST_SEARCH, holdScript, hydrated, prefer } from "./support.ts";

test("finds pages in English with the match highlighted, by keyboard", async ({ page }) => {
  await prefer(page, { locale: "en-US" });
  await page.goto("/");
  await hydrated(page);
  const box = page.getByRole("combobox", { name: "Search" });
  await box.fill("inks");
  const results = page.getByRole("listbox", { name: "Search" });
  // A result is named by its page's own name, not the site's ("About", not "About · Two Inks").
  const about = results.getByRole("option", { name: /^About\b/ });
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
  // A result's title is its page's title in the interface language.
  const title = await results.getByRole("option").first().locator(".search-title").textContent();
  await box.press("Enter");
  expect(title).not.toContain(" · ");
  await expect(page).toHaveTitle(`${title} · Two Inks`);
  await expect(page).not.toHaveURL("/");
});

test("a Chinese query finds Chinese text inside longer phrases", async ({ page }) => {
  await prefer(page, { locale: "zh-CN" });
  await page.goto("/");
  await hydrated(page);
  await page.getByRole("combobox", { name: "搜索" }).fill("墨水");
  const option = page.getByRole("listbox", { name: "搜索" }).getByRole("option", { name: /^关于/ });
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

for (const [locale, name, query, nothing] of [
  ["en-US", "Search", "xyzzyqq", "Nothing found for “xyzzyqq”"],
  ["zh-CN", "搜索", "qqqqzzz", "没有找到与“qqqqzzz”相关的内容"],
] as const) {
  test(`${locale}: words the site does not hold find nothing`, async ({ page }) => {
    // Pagefind answers a word it lacks with its longest prefix it has ("xyzzyqq" → "x").
    await prefer(page, { locale });
    await page.goto("/");
    await hydrated(page);
    await page.getByRole("combobox", { name }).fill(query);
    await expect(page.getByRole("status").filter({ hasText: query })).toHaveText(
      nothing,
      FIRST_SEARCH,
    );
    await expect(page.getByRole("listbox", { name }).getByRole("option")).toHaveCount(0);
  });
}

test("a lab's source code is not searched; its explanation is", async ({ page }) => {
  await prefer(page, { locale: "en-US" });
  await page.goto("/");
  await hydrated(page);
  const box = page.getByRole("combobox", { name: "Search" });
  const results = page.getByRole("listbox", { name: "Search" });
  // `PlainColorObject` appears only in the OKLCH mixer's source.
  await box.fill("PlainColorObject");
  await expect(page.getByRole("status").filter({ hasText: "Nothing found" })).toBeVisible(
    FIRST_SEARCH,
  );
  await box.fill("gamut");
  await expect(results.getByRole("option", { name: /^OKLCH mixer/ })).toBeVisible(FIRST_SEARCH);
});

test("excerpts are the page's own words: no heading anchors or tags glued on", async ({ page }) => {
  await prefer(page, { locale: "en-US" });
  await page.goto("/");
  await hydrated(page);
  await page.getByRole("combobox", { name: "Search" }).fill("test");
  const options = page.getByRole("listbox", { name: "Search" }).getByRole("option");
  await expect(options.first()).toBeVisible(FIRST_SEARCH);
  for (const text of await options.allTextContents()) {
    expect(text).not.toMatch(/\w#|#testing|Published|· Two Inks/);
  }
});

test("a word found only in the other language's pages is offered there", async ({ page }) => {
  await prefer(page, { locale: "en-US" });
  await page.goto("/");
  await hydrated(page);
  const box = page.getByRole("combobox", { name: "Search" });
  await box.fill("墨水");
  await expect(page.getByRole("status").filter({ hasText: "墨水" })).toContainText(
    /Nothing found for “墨水” \d+ results? in the Chinese pages/,
    FIRST_SEARCH,
  );
  await page.getByRole("button", { name: "Search the Chinese pages" }).click();
  await expect(box).toBeFocused();
  const option = page
    .getByRole("listbox", { name: "Search" })
    .getByRole("option", { name: /^关于/ });
  await expect(option).toBeVisible(FIRST_SEARCH);
  await expect(option).toHaveAttribute("lang", "zh-CN");
  await expect(page.getByRole("status").filter({ hasText: "Chinese pages" })).toHaveText(
    /^\d+ results? in the Chinese pages$/,
  );
  // Back to this language's pages, and a new query starts there again.
  await page.getByRole("button", { name: "Search the English pages again" }).click();
  await expect(page.getByRole("status").filter({ hasText: "墨水" })).toContainText("Nothing found");
  await box.fill("inks");
  await expect(
    page.getByRole("listbox", { name: "Search" }).getByRole("option", { name: /^About\b/ }),
  ).toBeVisible(FIRST_SEARCH);
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

for (const { locale, label, query } of [
  { locale: "en-US", label: "Search", query: "inks" },
  { locale: "zh-CN", label: "搜索", query: "墨水" },
] as const) {
  test(`${locale}: Enter pressed before the results waits for them and opens the first`, async ({
    page,
  }) => {
    test.slow(); // two page loads, each loading Pagefind for its first search
    await prefer(page, { locale });
    await page.goto("/");
    await hydrated(page);
    const box = page.getByRole("combobox", { name: label });
    // The box hydrates when it gets focus and then opens its panel.
    await box.focus();
    await expect(box).toHaveAttribute("aria-expanded", "true");
    // Typed and entered at once: the search starts 150 ms after the last keystroke.
    await box.fill(query);
    await box.press("Enter");
    await page.waitForURL((url) => url.pathname !== "/", FIRST_SEARCH);
    const opened = new URL(page.url()).pathname;

    // The same search, its results waited for: the first result is the page Enter opened.
    await page.goto("/");
    await hydrated(page);
    await box.fill(query);
    const results = page.getByRole("listbox", { name: label }).getByRole("option");
    await expect(results.first()).toBeVisible(FIRST_SEARCH);
    await box.press("ArrowDown");
    await expect(results.first()).toHaveAttribute("aria-selected", "true");
    await box.press("Enter");
    await page.waitForURL((url) => url.pathname === opened);
  });
}

test("list pages are not results: the home page and the article list stay out", async ({
  page,
}) => {
  await prefer(page, { locale: "en-US" });
  await page.goto("/about/");
  const urls = await page.evaluate(async () => {
    const bundle = "/pagefind-en-US/pagefind.js";
    const pagefind: unknown = await import(bundle);
    if (typeof pagefind !== "object" || pagefind === null || !("search" in pagefind))
      throw new Error("no Pagefind bundle");
    // Narrowed by the checks above to an object with a search function; its result shape is Pagefind's.
    const search = pagefind.search as (q: string) => Promise<{
      results: { data: () => Promise<{ url: string }> }[];
    }>;
    const found = await search("static");
    return Promise.all(found.results.map(async (r) => (await r.data()).url));
  });
  expect(urls).toContain("/articles/static-first/");
  expect(urls).not.toContain("/");
  expect(urls.filter((url) => /^\/articles\/(page\/|tag\/|category\/|lang\/)?$/.test(url))).toEqual(
    [],
  );
});

for (const [locale, name, title] of [
  ["en-US", "Search", /useDebouncedValue: wait until the typing stops/],
  ["zh-CN", "搜索", /useDebouncedValue：等输入停下来再说/],
] as const) {
  test(`${locale}: a lab experiment is found by its hook's name`, async ({ page }) => {
    await prefer(page, { locale });
    await page.goto("/");
    await hydrated(page);
    await page.getByRole("combobox", { name }).fill("useDebouncedValue");
    const option = page.getByRole("listbox", { name }).getByRole("option", { name: title });
    await expect(option).toBeVisible(FIRST_SEARCH);
    await option.click();
    await expect(page).toHaveURL(/\/hookslab\/use-debounced-value\/?$/);
  });
}

test("words typed before the search box has loaded are kept once it has", async ({ page }) => {
  await prefer(page, { locale: "en-US" });
  // The island's own script is slow to come (a slow connection, a busy dev server): the words
  // go into the server's field meanwhile, and hydrating must not put the field back to empty.
  const release = await holdScript(page, "SearchBox");
  await page.goto("/about");
  const box = page.getByRole("combobox", { name: "Search" });
  await box.fill("inks");
  release();
  const results = page.getByRole("listbox", { name: "Search" });
  await expect(results.getByRole("option", { name: /^About\b/ })).toBeVisible(FIRST_SEARCH);
  await expect(box).toHaveValue("inks");
});

test("Enter pressed before the search box has loaded goes to the first result once it has", async ({
  page,
}) => {
  await prefer(page, { locale: "en-US" });
  const release = await holdScript(page, "SearchBox");
  await page.goto("/random-notes/");
  const box = page.getByRole("combobox", { name: "Search" });
  await box.click();
  await box.pressSequentially("useDebouncedValue");
  await box.press("Enter");
  // Still on the page: the Enter waits for the island rather than going anywhere.
  await expect(page).toHaveURL(/\/random-notes\/$/);
  release();
  await expect(page).toHaveURL(/\/hookslab\/use-debounced-value\/?$/, FIRST_SEARCH);
});
