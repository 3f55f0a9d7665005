import { expect, type Page, test } from "@playwright/test";
import { COMBOS, hydrated, prefer } from "./support.ts";

// An article printed (src/styles/print.css): the text alone, in light colours whatever the
// theme, each link followed by its address, code wrapped rather than cut off. Chromium's own
// print media; `E2E_SHOTS=1` also saves each as a PDF (test-results/) for a person to look at.

const ARTICLES = {
  "en-US": "/articles/postgres-habits/",
  "zh-CN": "/articles/terminal-history-zh/",
};

/** Whether the element is laid out at all (display: none leaves it no box). */
const shown = (page: Page, selector: string) =>
  page.evaluate(
    (s) => [...document.querySelectorAll(s)].some((e) => e.getClientRects().length > 0),
    selector,
  );

for (const { locale, theme } of COMBOS) {
  test(`an article prints as a clean document, ${locale} ${theme}`, async ({ page }, info) => {
    await prefer(page, { locale, theme });
    await page.setViewportSize({ width: 794, height: 1123 });
    await page.goto(ARTICLES[locale]);
    await hydrated(page);
    await expect(page.getByRole("banner")).toBeVisible();
    await page.emulateMedia({ media: "print" });

    // Nothing a screen alone needs: header, footer, floating buttons, search, contents, bar.
    for (const selector of [
      ".site-header",
      ".site-footer",
      ".back-to-top",
      ".reading-progress",
      "nav.toc",
      "nav.siblings",
      "section.share",
      "astro-island",
      "button.copy-code",
    ]) {
      expect(await shown(page, selector), selector).toBe(false);
    }
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();

    // Light colours, whatever the theme.
    const colours = await page.evaluate(() => {
      const body = getComputedStyle(document.body);
      const pre = document.querySelector(".prose pre");
      return {
        background: body.backgroundColor,
        text: body.color,
        code: pre ? getComputedStyle(pre).backgroundColor : "",
      };
    });
    expect(colours.background).toBe("rgb(255, 255, 255)");
    expect(colours.text).toBe("rgb(0, 0, 0)");
    expect(colours.code).toBe("rgb(246, 248, 250)");

    // Each link of the text followed by its address; code wraps, none wider than its box.
    const links = await page.evaluate(() =>
      [...document.querySelectorAll<HTMLAnchorElement>(".prose a[href]")]
        .filter((a) => !a.getAttribute("href")?.startsWith("#"))
        .map((a) => [a.getAttribute("href"), getComputedStyle(a, "::after").content]),
    );
    for (const [href, after] of links) expect(after).toBe(`" (${href})"`);
    if (locale === "en-US") expect(links.length).toBeGreaterThanOrEqual(2);
    const cut = await page.evaluate(
      () =>
        [...document.querySelectorAll<HTMLElement>(".prose pre")].filter(
          (pre) => pre.scrollWidth > pre.clientWidth + 1,
        ).length,
    );
    expect(cut).toBe(0);

    if (process.env.E2E_SHOTS) {
      await page.pdf({ path: info.outputPath(`print-${locale}-${theme}.pdf`), format: "A4" });
    }
  });
}

test("a code block with a caption and marked lines prints whole", async ({ page }, info) => {
  await prefer(page, { locale: "en-US", theme: "dark" });
  await page.setViewportSize({ width: 794, height: 1123 });
  await page.goto("/articles/small-tests/");
  await hydrated(page);
  await page.emulateMedia({ media: "print" });
  const block = page.getByRole("figure", { name: /feedback\.spec\.ts/ });
  await expect(block.locator("figcaption")).toBeVisible();
  // Wrapped within the page, none of it cut off or wider than its block.
  const widths = await page.evaluate(() =>
    [...document.querySelectorAll<HTMLElement>(".prose pre")].map((pre) => ({
      cut: pre.scrollWidth > pre.clientWidth + 1,
      wider: (pre.querySelector("code")?.scrollWidth ?? 0) > pre.clientWidth + 1,
    })),
  );
  expect(widths.length).toBeGreaterThanOrEqual(2);
  expect(widths.filter((w) => w.cut || w.wider)).toEqual([]);
  if (process.env.E2E_SHOTS) {
    await page.pdf({ path: info.outputPath("print-code-blocks.pdf"), format: "A4" });
  }
});
