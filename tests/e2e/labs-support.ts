import { expect, type Locator, type Page, type TestInfo } from "@playwright/test";
import { hydrated } from "./support.ts";

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

/** A whole-page screenshot, attached to the test's report. */
export async function shoot(page: Page, testInfo: TestInfo, name: string) {
  const path = testInfo.outputPath(`${name}.png`);
  await page.screenshot({ path, fullPage: true });
  await testInfo.attach(`${name}.png`, { path, contentType: "image/png" });
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
