import { expect, type Locator, type Page, type TestInfo, test } from "@playwright/test";
import { axeFindings, COMBOS, hydrated, type Locale, prefer } from "./support.ts";

// What the labs' browser tests share (labs.spec.ts, mixlab-colour.spec.ts, mixlab-type.spec.ts).

/**
 * What a person sees in `locator`: its rendered text (innerText leaves out the other language's
 * span, which CSS hides), polled until it says `text`.
 */
export async function expectSays(locator: Locator, text: string | RegExp, timeout?: number) {
  const said = expect.poll(
    // biome-ignore lint/performance/useDomNodeTextContent: the rendered text is the point: CSS hides the other language
    async () => (await locator.innerText()).trim(),
    timeout ? { timeout } : {},
  );
  if (typeof text === "string") await said.toBe(text);
  else await said.toMatch(text);
}

/** Scrolls the demo into view and waits for its island (client:visible) to hydrate. */
export async function openDemo(page: Page) {
  await hydrated(page);
  const stage = page.locator(".lab-stage");
  await stage.scrollIntoViewIfNeeded();
  await expect(stage.locator("astro-island")).not.toHaveAttribute("ssr", { timeout: 15_000 });
  return stage;
}

/**
 * What sticks out past `width` on the page, named (at most four), so a failure says where to
 * look. Inside a box that scrolls (a code block, a specimen), running past its edge is what
 * scrolling is for; text for screen readers only is clipped to nothing, wherever it stands.
 */
export function wideElements(page: Page, width: number): Promise<string[]> {
  return page.evaluate((w) => {
    const scrolls = (el: Element | null): boolean =>
      el !== null &&
      el !== document.body &&
      (["auto", "scroll"].includes(getComputedStyle(el).overflowX) || scrolls(el.parentElement));
    return [...document.querySelectorAll("body *")]
      .filter(
        (el) =>
          el.getBoundingClientRect().right > w + 0.5 &&
          !scrolls(el.parentElement) &&
          !el.closest(".visually-hidden"),
      )
      .slice(0, 4)
      .map(
        (el) =>
          `${el.tagName}.${el.className} in ${el.parentElement?.tagName}.${el.parentElement?.className}: ${el.textContent?.slice(0, 40)}`,
      );
  }, width);
}

/** A lab's page as its tests name it: the lab's title, its experiments' slugs and titles. */
export interface LabPages {
  lab: "hookslab" | "mixlab";
  title: Record<Locale, string>;
  experiments: { slug: string; title: Record<Locale, string> }[];
}

/**
 * Two tests of a lab's pages: axe on its index and on each experiment with its demo open, in
 * each language and theme; and nothing wider than a phone, at 360 and 390 px.
 */
export function labPageTests({ lab, title, experiments }: LabPages, timeoutMs: number) {
  for (const combo of COMBOS) {
    test(`the ${lab} index and its experiments pass axe, ${combo.locale} ${combo.theme}`, async ({
      page,
    }) => {
      test.setTimeout(timeoutMs);
      await prefer(page, combo);
      await page.goto(`/${lab}`);
      await expect(
        page.getByRole("heading", { level: 1, name: title[combo.locale] }),
      ).toBeVisible();
      expect(await axeFindings(page), "index").toEqual([]);
      for (const e of experiments) {
        await page.goto(`/${lab}/${e.slug}`);
        await expect(
          page.getByRole("heading", { level: 1, name: e.title[combo.locale] }),
        ).toBeVisible();
        await openDemo(page);
        expect(await axeFindings(page), e.slug).toEqual([]);
      }
    });
  }

  test(`nothing in ${lab} is wider than a phone, at 360 and 390 px`, async ({ page }) => {
    test.setTimeout(timeoutMs);
    await prefer(page, { locale: "zh-CN" });
    for (const width of [360, 390]) {
      await page.setViewportSize({ width, height: 800 });
      for (const path of [`/${lab}`, ...experiments.map((e) => `/${lab}/${e.slug}`)]) {
        await page.goto(path);
        if (path !== `/${lab}`) await openDemo(page);
        const out = await wideElements(page, width);
        expect(out, `${path} at ${width}px`).toEqual([]);
      }
    }
  });
}

/**
 * A lab's screenshots for a person to judge (a @look test, outside the run's count): `visit`
 * shoots its pages at a phone's and a desktop's width, Chinese dark and English light, each
 * under a name ending in `tag`.
 */
export function labLookTest(
  what: string,
  timeoutMs: number,
  visit: (page: Page, tag: string, testInfo: TestInfo) => Promise<void>,
) {
  test(`screenshots of ${what} at a phone's and a desktop's width, in both languages and themes @look`, async ({
    browser,
  }, testInfo) => {
    test.setTimeout(timeoutMs);
    for (const combo of COMBOS.slice(0, 2)) {
      for (const width of [390, 1280]) {
        const context = await browser.newContext({ viewport: { width, height: 900 } });
        const page = await context.newPage();
        await prefer(page, combo);
        await visit(page, `${combo.locale}-${combo.theme}-${width}`, testInfo);
        await context.close();
      }
    }
  });
}
