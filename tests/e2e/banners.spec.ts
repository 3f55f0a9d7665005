import { readFileSync } from "node:fs";
import { expect, type Page, test } from "@playwright/test";
import { axeFindings, COMBOS, hydrated, picture, prefer, sideways } from "./support.ts";

// The home page's banners, read against the seed's content/banners.json: a row of slides the
// first of which shows without a script, turned by previous, next and the dots by keyboard,
// by itself only while nothing stops it, and never under reduced motion.

interface Seed {
  title: Record<"zh-CN" | "en-US", string>;
  link: string;
}
const seeds: Seed[] = JSON.parse(readFileSync("content/banners.json", "utf8"));

const carousel = (page: Page) => page.getByRole("region", { name: /Featured|推荐/ });
const slides = (page: Page) => carousel(page).getByRole("group");

/** The slide whose left edge is where the row's is (the one in view). */
const inView = (page: Page) =>
  page.locator("#banner-track").evaluate((track) => {
    const left = track.getBoundingClientRect().left;
    const all = [...track.querySelectorAll(".banner")];
    return all.findIndex((slide) => Math.abs(slide.getBoundingClientRect().left - left) < 2);
  });

test("the seed's banners show in the file's order, each named by its title and leading on", async ({
  page,
}) => {
  await prefer(page, { locale: "en-US" });
  await page.goto("/");
  await hydrated(page);
  await expect(slides(page)).toHaveCount(seeds.length);
  for (const [index, seed] of seeds.entries()) {
    const slide = slides(page).nth(index);
    await expect(slide).toHaveAccessibleName(seed.title["en-US"]);
    await expect(slide.getByRole("link")).toHaveAttribute("href", seed.link);
  }
  // The first image is the page's largest paint: loaded at once; the others wait.
  const images = carousel(page).locator(".banner img");
  await expect(images.first()).not.toHaveAttribute("loading", "lazy");
  await expect(images.first()).toHaveAttribute("fetchpriority", "high");
  await expect(images.nth(1)).toHaveAttribute("loading", "lazy");
  // Beside the first slide, the next ones would be raised to high priority: they stay low.
  await expect(images.nth(1)).toHaveAttribute("fetchpriority", "low");
  await expect(images.first()).toHaveJSProperty("complete", true);
  expect(
    await images.first().evaluate((img: HTMLImageElement) => img.naturalWidth),
  ).toBeGreaterThan(0);
});

test("previous, next and the dots turn it by keyboard, and focus inside stops it", async ({
  page,
}) => {
  // Nothing turns by itself meanwhile (a reader who asks for less motion gets no autoplay): on
  // a busy machine six seconds could pass before focus reaches the carousel, and a turn made
  // then would count as one of the key presses below.
  await page.emulateMedia({ reducedMotion: "reduce" });
  await prefer(page, { locale: "en-US" });
  await page.goto("/");
  await hydrated(page);
  const next = carousel(page).getByRole("button", { name: "Next banner" });
  const previous = carousel(page).getByRole("button", { name: "Previous banner" });
  const dots = carousel(page)
    .getByRole("navigation", { name: "Choose a banner" })
    .getByRole("link");
  await expect(dots).toHaveCount(seeds.length);
  await next.focus();
  // Focus inside: the slides are announced as they come, and nothing turns by itself.
  await expect(page.locator("#banner-track")).toHaveAttribute("aria-live", "polite");
  await page.keyboard.press("Enter");
  await expect.poll(() => inView(page)).toBe(1);
  await expect(dots.nth(1)).toHaveAttribute("aria-current", "true");
  await previous.focus();
  await page.keyboard.press("Enter");
  await page.keyboard.press("Enter");
  // Before the first comes the last.
  await expect.poll(() => inView(page)).toBe(seeds.length - 1);
  await dots.first().focus();
  await page.keyboard.press("Enter");
  await expect.poll(() => inView(page)).toBe(0);
  await expect(dots.first()).toHaveAttribute("aria-current", "true");
  await expect(page).toHaveURL(/\/$/);
});

// The page's clock is Playwright's: a turn's six seconds pass at once, and a paused carousel is
// seen to stay where it is through a full turn's time without waiting for it.
test("it turns by itself until paused, and not while the pointer is over it", async ({ page }) => {
  await page.clock.install();
  await prefer(page, { locale: "zh-CN" });
  await page.goto("/");
  await hydrated(page);
  await expect(carousel(page)).toHaveAttribute("data-state", "playing");
  await expect(page.locator("#banner-track")).toHaveAttribute("aria-live", "off");
  await page.clock.runFor(6_500);
  await expect.poll(() => inView(page)).toBe(1);
  // The pointer over it stops it; leaving starts it again.
  await carousel(page).hover();
  await expect(page.locator("#banner-track")).toHaveAttribute("aria-live", "polite");
  await page.clock.runFor(7_000);
  expect(await inView(page)).toBe(1);
  await page.mouse.move(1, 1);
  await expect(page.locator("#banner-track")).toHaveAttribute("aria-live", "off");
  // Paused by its button: a full turn's time later it is where it was.
  await carousel(page).getByRole("button", { name: "暂停轮播" }).click();
  await expect(carousel(page)).toHaveAttribute("data-state", "paused");
  const play = carousel(page).getByRole("button", { name: "继续轮播" });
  await expect(play).toBeVisible();
  await page.mouse.move(1, 1);
  await play.blur();
  await page.clock.runFor(13_000);
  expect(await inView(page)).toBe(1);
});

test.describe("under reduced motion", () => {
  test.use({ reducedMotion: "reduce" });
  test("it never turns by itself until play is pressed", async ({ page }) => {
    await page.clock.install();
    await prefer(page, { locale: "en-US" });
    await page.goto("/");
    await hydrated(page);
    await expect(carousel(page)).toHaveAttribute("data-state", "paused");
    await expect(page.locator("#banner-track")).toHaveAttribute("aria-live", "polite");
    await page.clock.runFor(13_000);
    expect(await inView(page)).toBe(0);
    await carousel(page).getByRole("button", { name: "Play the banners" }).click();
    await expect(carousel(page)).toHaveAttribute("data-state", "playing");
  });
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });
  test("the first banner shows, and each dot brings its banner in", async ({ page }) => {
    await page.goto("/");
    await expect(slides(page)).toHaveCount(seeds.length);
    await expect(slides(page).first().locator("img")).toBeVisible();
    await expect(carousel(page).getByRole("button")).toHaveCount(0);
    const dots = carousel(page).locator(".banner-dot");
    await dots.nth(2).click();
    await expect.poll(() => inView(page)).toBe(2);
  });
});

for (const combo of COMBOS) {
  test(`axe finds nothing in the banners in ${combo.locale}, ${combo.theme}`, async ({ page }) => {
    await prefer(page, combo);
    await page.goto("/");
    await hydrated(page);
    expect(await axeFindings(page, ".banners")).toEqual([]);
  });
}

for (const width of [390, 1280]) {
  for (const combo of COMBOS.slice(0, 2)) {
    test(`screenshots of the home page's banners at ${width} px, ${combo.locale}, ${combo.theme}`, async ({
      page,
    }, testInfo) => {
      await page.setViewportSize({ width, height: 900 });
      await prefer(page, combo);
      await page.goto("/");
      await hydrated(page);
      await carousel(page).getByRole("button").first().focus();
      await picture(page, testInfo, `banners-${width}-${combo.locale}-${combo.theme}`, {
        fullPage: false,
      });
      // The frame keeps its ratio, and nothing is wider than the window.
      const box = await page.locator("#banner-track").boundingBox();
      expect(box).not.toBeNull();
      if (box) expect(box.width / box.height).toBeCloseTo(width < 640 ? 4 / 3 : 2, 1);
      expect(await sideways(page)).toBeLessThanOrEqual(0);
    });
  }
}
