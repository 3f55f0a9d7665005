import { expect, type Page, test } from "@playwright/test";
import { hydrated, prefer } from "./support.ts";

// The floating buttons (feedback, back to top) never cover a line of text or a control: on a
// phone they stand at the screen's edge beside the page's gutter, on a wide screen 100 px in
// (SPEC.md) beside the column. Checked on every page type at 360 and 390 px and at 1280 px, in
// both languages, at the top of the page, in its middle and at its end.

const PAGES = [
  "/",
  "/articles/",
  "/articles/static-first/",
  "/articles/static-first-zh/",
  "/random-notes",
  "/random-notes/2026-10-16-psqlrc/",
  "/book-doc/the-quiet-page/fonts/",
  "/image-library",
  "/about",
  "/site-navigation",
  "/no-such-page",
];

/**
 * Every line of text and control that a floating button's box meets, right now, where it is
 * really painted (a slide scrolled out of its carousel, or a visually hidden label, is not).
 */
async function covered(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const FLOAT = ".feedback-trigger, .back-to-top, .feedback-dialog";
    const floats = [...document.querySelectorAll<HTMLElement>(".feedback-trigger, .back-to-top")]
      .filter((el) => el.checkVisibility())
      .map((el) => el.getBoundingClientRect());
    const found: Array<{ box: DOMRect; element: Element; what: string }> = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const parent = node.parentElement;
      if (!node.textContent?.trim() || !parent || parent.closest(FLOAT)) continue;
      if (!parent.checkVisibility()) continue;
      const range = document.createRange();
      range.selectNodeContents(node);
      for (const box of range.getClientRects()) {
        found.push({
          box,
          element: parent,
          what: `text "${node.textContent.trim().slice(0, 30)}"`,
        });
      }
    }
    for (const el of document.querySelectorAll<HTMLElement>("a, button, input, select, textarea")) {
      if (el.closest(FLOAT) || !el.checkVisibility()) continue;
      const name = (el.textContent ?? "").trim().slice(0, 30);
      found.push({
        box: el.getBoundingClientRect(),
        element: el,
        what: `${el.localName} "${name}"`,
      });
    }
    const hits: string[] = [];
    for (const { box, element, what } of found) {
      if (box.width < 1 || box.height < 1) continue;
      for (const f of floats) {
        const left = Math.max(f.left, box.left);
        const right = Math.min(f.right, box.right);
        const top = Math.max(f.top, box.top);
        const bottom = Math.min(f.bottom, box.bottom);
        if (right - left < 1 || bottom - top < 1) continue;
        // Painted there: the element is among those under the middle of the shared part.
        const under = document.elementsFromPoint((left + right) / 2, (top + bottom) / 2);
        if (under.some((e) => e === element || element.contains(e))) hits.push(what);
      }
    }
    return hits;
  });
}

for (const width of [360, 390, 1280]) {
  for (const locale of ["zh-CN", "en-US"] as const) {
    test(`no floating button covers text or a control at ${width} px in ${locale}`, async ({
      page,
    }) => {
      test.setTimeout(120_000);
      await page.setViewportSize({ width, height: width < 1000 ? 800 : 900 });
      await prefer(page, { locale });
      for (const path of PAGES) {
        await page.goto(path);
        await hydrated(page);
        await expect(page.locator(".feedback-trigger")).toBeVisible();
        for (const at of [0, 0.5, 1]) {
          await page.evaluate((f) => {
            window.scrollTo(0, (document.documentElement.scrollHeight - innerHeight) * f);
          }, at);
          // The back-to-top button shows once the top has scrolled away (an observer's answer).
          if (at > 0 && (await page.evaluate(() => scrollY > 400))) {
            await expect(page.locator(".back-to-top")).toBeVisible();
          }
          expect(await covered(page), `${path} scrolled to ${at * 100}%`).toEqual([]);
        }
      }
    });
  }
}
