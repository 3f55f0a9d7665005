import { expect, test } from "@playwright/test";
import { hydrated, prefer } from "./support.ts";

// A page open across a publish: its build's hashed chunks are gone (Netlify keeps only the new
// deploy's; `npm start` keeps the old ones for a grace period). The island's chunk answers 404
// from the moment the page has loaded, as it would after that build went away.

for (const { locale, label } of [
  { locale: "en-US", label: "Search" },
  { locale: "zh-CN", label: "搜索" },
] as const) {
  test(`${locale}: an island whose chunk is gone reloads the page once, never in a loop`, async ({
    page,
  }) => {
    await prefer(page, { locale });
    // Whether the page has started to leave: the Navigation API's event fires at once when a
    // script reloads, before the new page loads.
    await page.addInitScript(() => {
      const w = window as Window & { leaving?: boolean };
      // `navigation` is Chromium's Navigation API, which the DOM types do not know yet.
      const nav: unknown = Reflect.get(window, "navigation");
      if (nav instanceof EventTarget) nav.addEventListener("navigate", () => (w.leaving = true));
    });
    let loads = 0;
    page.on("load", () => loads++);
    await page.goto("/about/");
    await hydrated(page);
    const island = page.locator("astro-island", {
      has: page.getByRole("combobox", { name: label }),
    });
    const chunk = new URL((await island.getAttribute("component-url")) ?? "", page.url()).pathname;
    expect(chunk).toMatch(/^\/_astro\/.+\.js$/);
    // Astro tries the import once more a second later, with a query: both fail.
    await page.route(
      (url) => url.pathname === chunk,
      (route) => route.fulfill({ status: 404, body: "gone" }),
    );
    const box = page.getByRole("combobox", { name: label });

    // Reaching for the box loads its island; the chunk fails and the page reloads.
    const reloaded = page.waitForEvent("load");
    await box.focus();
    await reloaded;
    expect(loads).toBe(2);

    // The reloaded page names the same chunk (no newer build): it fails again, and the page
    // stays. Astro logs the failure after every listener has run, the reload's included.
    await hydrated(page);
    const failedAgain = page.waitForEvent("console", (message) =>
      message.text().includes("Error hydrating"),
    );
    await box.focus();
    await failedAgain;
    expect(await page.evaluate(() => (window as Window & { leaving?: boolean }).leaving)).toBe(
      undefined,
    );
    expect(loads).toBe(2);
    expect(
      await page.evaluate(() => sessionStorage.getItem(`chunk-reload:${location.pathname}`)),
    ).toMatch(/\/_astro\/.+\.js$/);
    // The page reads on without the island: its text is all there.
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  });
}

test("a gallery whose lightbox chunk is gone reloads once, then a photo opens its own page", async ({
  page,
}) => {
  await prefer(page, { locale: "zh-CN" });
  let loads = 0;
  page.on("load", () => loads++);
  await page.route(
    (url) => /^\/_astro\/lightbox\.[\w-]+\.js$/.test(url.pathname),
    (route) => route.fulfill({ status: 404, body: "gone" }),
  );
  await page.goto("/image-library/");
  await hydrated(page);
  const firstPhoto = page.getByRole("list", { name: "照片" }).getByRole("link").first();

  // Reaching for a photo loads the lightbox; its chunk fails and the page reloads.
  const reloaded = page.waitForEvent("load");
  await firstPhoto.focus();
  await reloaded;
  expect(loads).toBe(2);
  expect(
    await page.evaluate(() => sessionStorage.getItem(`chunk-reload:${location.pathname}`)),
  ).toMatch(/\/_astro\/lightbox\.[\w-]+\.js/);

  // It fails again after the reload: no second reload, and a click goes to the photo's page.
  await hydrated(page);
  const href = await firstPhoto.getAttribute("href");
  expect(href).toMatch(/\/image-library\/photo\//);
  await firstPhoto.click();
  await expect(page).toHaveURL(new RegExp(`${href}$`));
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  // The photo's page is the third load (its load event may come after its heading shows).
  await expect.poll(() => loads).toBe(3);
});
