import { expect, test } from "@playwright/test";
import { axeFindings, COMBOS, holdScript, hydrated, picture, prefer } from "./support.ts";

// Pictures in an article open in PhotoSwipe (src/components/content/prose-tools.ts, zoom.ts):
// nothing of it loads before a reader reaches for the page; a click or Enter opens the
// picture large with its alt text as the caption; Escape gives focus back.

const ARTICLE = "/articles/slow-network-budget/";
const WORDS = {
  "zh-CN": { viewer: "图片查看器", close: "关闭（Esc）" },
  "en-US": { viewer: "Picture viewer", close: "Close (Esc)" },
} as const;

for (const { locale, theme } of COMBOS) {
  test(`an article's picture opens large, ${locale} ${theme}`, async ({ page }, info) => {
    // Two openings, axe and two pictures: about 6 s idle, past 30 s on a loaded CI machine.
    test.setTimeout(90_000);
    const words = WORDS[locale];
    const fetched: string[] = [];
    page.on("request", (request) => fetched.push(request.url()));
    await prefer(page, { locale, theme });
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(ARTICLE);
    await hydrated(page);
    const tools = /\/_astro\/(prose-tools|zoom|photoswipe)\./;
    expect(fetched.filter((url) => tools.test(url))).toEqual([]);

    const chart = page.locator(".prose img").first();
    const alt = (await chart.getAttribute("alt")) ?? "";
    expect(alt.length).toBeGreaterThan(10);
    await chart.scrollIntoViewIfNeeded();
    await chart.hover();
    // Reached for, it becomes a button named by its alt text.
    const button = page.getByRole("button", { name: alt });
    await expect(button).toBeVisible();
    await button.click();
    const dialog = page.getByRole("dialog", { name: words.viewer });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByText(alt, { exact: true })).toBeVisible();
    await expect(dialog.locator(".pswp__img").first()).toHaveAttribute("src", /\/_astro\//);
    expect(await axeFindings(page, ".pswp")).toEqual([]);
    // Opened (its opening animation over) before the picture is taken and it is closed.
    await expect(page.locator(".pswp.pswp--ui-visible")).toBeVisible();
    await picture(page, info, `zoom-390-${locale}-${theme}`, { fullPage: false });
    await expect(async () => {
      await page.keyboard.press("Escape");
      await expect(dialog).toBeHidden({ timeout: 1000 });
    }).toPass();
    await expect(button).toBeFocused();

    // From the keyboard: Enter on the focused picture.
    await page.setViewportSize({ width: 1280, height: 900 });
    await button.press("Enter");
    await expect(dialog).toBeVisible();
    await expect(page.locator(".pswp.pswp--ui-visible")).toBeVisible();
    await picture(page, info, `zoom-1280-${locale}-${theme}`, { fullPage: false });
    // PhotoSwipe ignores Close while it is still opening: pressed again until it goes.
    await expect(async () => {
      // Bounded: once the viewer is closing, its button is gone and a click would wait on.
      if (await dialog.isVisible())
        await dialog.getByRole("button", { name: words.close }).click({ timeout: 1000 });
      await expect(dialog).toBeHidden({ timeout: 1000 });
    }).toPass();
  });
}

test("a code block's copy button comes when the code is reached for", async ({ page }) => {
  await prefer(page, { locale: "en-US" });
  await page.goto("/articles/postgres-habits/");
  await hydrated(page);
  await expect(page.getByRole("button", { name: "Copy", exact: true })).toHaveCount(0);
  await page.locator(".prose pre").first().hover();
  await expect(page.getByRole("button", { name: "Copy", exact: true }).first()).toBeVisible();
});

for (const { locale, theme } of COMBOS.slice(0, 2)) {
  test(`a note's pictures open large and page through, ${locale} ${theme}`, async ({
    page,
  }, info) => {
    const words = WORDS[locale];
    await prefer(page, { locale, theme });
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto("/random-notes/2026-11-02-morning-walk/");
    await hydrated(page);
    // Without a script each picture is a link to its full size; with it, the link opens zoom.
    const links = page.locator(".pictures a");
    await expect(links).toHaveCount(2);
    const first = links.first();
    const alt = (await first.locator("img").getAttribute("alt")) ?? "";
    expect(alt).toContain("maple leaf");
    await first.hover();
    await first.click();
    const dialog = page.getByRole("dialog", { name: words.viewer });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByText(alt, { exact: true })).toBeVisible();
    await expect(page).toHaveURL(/\/random-notes\/2026-11-02-morning-walk\/$/);
    // The next picture of the note, by the arrow key (ignored while the lightbox opens: pressed
    // again only while the first picture is still shown).
    await expect(async () => {
      if (await dialog.getByText(alt, { exact: true }).isVisible())
        await page.keyboard.press("ArrowRight");
      await expect(dialog.getByText(/conifer wood/)).toBeVisible({ timeout: 1000 });
    }).toPass();
    expect(await axeFindings(page, ".pswp")).toEqual([]);
    await picture(page, info, `zoom-note-390-${locale}-${theme}`, { fullPage: false });
    await expect(async () => {
      await page.keyboard.press("Escape");
      await expect(dialog).toBeHidden({ timeout: 1000 });
    }).toPass();
    await expect(first).toBeVisible();
  });
}

test("a note's picture clicked while the tools load opens large, not the bare image", async ({
  page,
}) => {
  await prefer(page, { locale: "en-US" });
  const release = await holdScript(page, "prose-tools");
  await page.goto("/random-notes/2026-11-02-morning-walk/");
  await hydrated(page);
  // The click reaches for the page (the tools start loading) and is held while they do.
  await page.locator(".pictures a").first().click();
  await expect(page).toHaveURL(/\/random-notes\/2026-11-02-morning-walk\/$/);
  release();
  const dialog = page.getByRole("dialog", { name: WORDS["en-US"].viewer });
  await expect(dialog).toBeVisible();
  await expect(page).toHaveURL(/\/random-notes\/2026-11-02-morning-walk\/$/);
});
