import { expect, type Page, test } from "@playwright/test";
import { hydrated, prefer } from "./support.ts";

// The look of nine pages (home, about, a list, an article, a note, a book chapter, the account
// and not-found pages), at a phone's width and a desktop's, dark in Chinese and light in
// English, compared with the pictures committed in visual.spec.ts-snapshots/. They were made
// with Debian's Chromium and fonts-noto-cjk (what .ci/run installs); up to 1 % of the pixels may
// differ, for font anti-aliasing. Animations are stopped and the caret hidden, and the reader
// prefers reduced motion, so the home page's banners stay on their first slide.
//
// What changes without the look changing is masked: the version in the footer, and the home
// page's lists (articles, notes, photos) and figures, which depend on the content and on the
// day of the build (a scheduled article joins them once its time has come). Long pages (home,
// about, the list, article, note and chapter) are compared by their first screen only, short
// ones whole.
//
// After an intended change of the look: `npx playwright test visual --update-snapshots`, then
// look at every new picture before committing it.

const pages = [
  { path: "/", name: "home", fullPage: false },
  { path: "/about", name: "about", fullPage: false },
  { path: "/articles/category/life/", name: "list", fullPage: false },
  { path: "/articles/static-first/", name: "article", fullPage: false },
  { path: "/random-notes/2026-10-12-osmanthus", name: "note", fullPage: false },
  { path: "/book-doc/the-quiet-page/fonts", name: "chapter", fullPage: false },
  { path: "/unauthorized", name: "unauthorized", fullPage: true },
  { path: "/register-login", name: "register-login", fullPage: true },
  { path: "/no-such-page", name: "not-found", fullPage: true },
];
const widths = [390, 1280];
const looks = [
  { theme: "dark", locale: "zh-CN" },
  { theme: "light", locale: "en-US" },
] as const;

/**
 * Every font in use is ready and every image has loaded (or failed), but for lazy ones below
 * the first screen or beside the banner in view: the browser does not fetch those until the
 * reader scrolls near them. Comments in view have loaded (their form shows).
 */
async function painted(page: Page) {
  await page.waitForFunction(
    () =>
      document.fonts.status === "loaded" &&
      [...document.querySelectorAll(".comments")].every(
        (comments) =>
          comments.getBoundingClientRect().top >= innerHeight ||
          comments.querySelector(".comment-form") !== null,
      ) &&
      [...document.images].every((image) => {
        if (image.complete || image.loading !== "lazy") return image.complete;
        const box = image.getBoundingClientRect();
        const row = image.closest(".banner-track")?.getBoundingClientRect();
        return box.top >= innerHeight || (row && (box.left >= row.right || box.right <= row.left));
      }),
  );
}

/** What may differ from build to build while the look stays the same. */
const changing = (page: Page) => [
  page.locator("footer .version"),
  page.locator(".hero .counts dd"),
  page.locator('.home-section[aria-labelledby="latest-articles"] > :not(h2)'),
  page.locator('.home-section[aria-labelledby="latest-notes"] > :not(h2)'),
  page.locator('.home-section[aria-labelledby="latest-photos"] > :not(h2)'),
];

for (const { path, name, fullPage } of pages) {
  test.describe(`the look of ${path}`, () => {
    for (const width of widths) {
      test.describe(`${width}px`, () => {
        test.use({ viewport: { width, height: width < 500 ? 844 : 800 }, reducedMotion: "reduce" });
        for (const look of looks) {
          test(`${look.theme}, ${look.locale}`, async ({ page }) => {
            await prefer(page, look);
            await page.goto(path);
            await hydrated(page);
            await painted(page);
            await expect(page).toHaveScreenshot(
              `${name}-${width}-${look.theme}-${look.locale}.png`,
              {
                fullPage,
                animations: "disabled",
                caret: "hide",
                mask: changing(page),
                maxDiffPixelRatio: 0.01,
                // No limit of its own: the picture is taken once two in a row agree, however
                // slow a busy machine makes each one (the test's time limit still holds).
                timeout: 0,
              },
            );
          });
        }
      });
    }
  });
}
