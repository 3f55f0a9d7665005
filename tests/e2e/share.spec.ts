import { expect, type Locator, type Page, test } from "@playwright/test";
import jsQR from "jsqr";
import sharp from "sharp";
import { axeFindings, COMBOS, hydrated, picture, prefer, sideways } from "./support.ts";

// The share row under articles, notes and photos (src/components/content/ShareRow.astro): the
// networks' links carry the page's address, "Copy link" copies it and says so, "Share…" hands
// it to the Web Share API where the browser has one, and the WeChat QR code scans back to it.

const ARTICLE = "/articles/postgres-habits/";
const WORDS = {
  "zh-CN": {
    share: "分享",
    copy: "复制链接",
    copied: "链接已复制",
    native: "分享…",
    wechat: "微信",
  },
  "en-US": {
    share: "Share",
    copy: "Copy link",
    copied: "Link copied",
    native: "Share…",
    wechat: "WeChat",
  },
} as const;

/** The page's own address, as it tells other sites (og:url). */
const ownUrl = (page: Page) =>
  page
    .locator('meta[property="og:url"]')
    .getAttribute("content")
    .then((url) => url ?? "");

/** What a QR code drawn in `element` reads as, through a decoder nobody here wrote. */
async function scan(element: Locator): Promise<string | undefined> {
  const png = await element.screenshot();
  const { data, info } = await sharp(png).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  return jsQR(new Uint8ClampedArray(data), info.width, info.height)?.data;
}

/** Records what the page hands to navigator.share, in place of the system's share sheet. */
const fakeWebShare = (page: Page) =>
  page.addInitScript(() => {
    const shared: ShareData[] = [];
    Object.assign(window, { shared });
    Object.defineProperty(navigator, "share", {
      value: async (data: ShareData) => {
        shared.push(data);
      },
    });
  });

for (const [index, { locale, theme }] of COMBOS.entries()) {
  // Chromium on Linux has no Web Share API: half the runs give it one, half check its absence.
  const withWebShare = index % 2 === 0;
  test(`an article's share row, ${locale} ${theme}${withWebShare ? ", Web Share" : ""}`, async ({
    page,
    context,
  }, info) => {
    const words = WORDS[locale];
    await context.grantPermissions(["clipboard-read", "clipboard-write"]);
    await prefer(page, { locale, theme });
    if (withWebShare) await fakeWebShare(page);
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(ARTICLE);
    await hydrated(page);
    const url = await ownUrl(page);
    expect(url).toMatch(/^https?:\/\/[^/]+\/articles\/postgres-habits\/$/);
    const row = page.getByRole("region", { name: words.share, exact: true });
    await row.scrollIntoViewIfNeeded();
    // In view, its island still waits: it wakes when a reader reaches for it (client:interaction;
    // Astro drops `ssr` once it has hydrated), so a short page loads no script for it.
    await expect(row.locator("astro-island")).toHaveAttribute("ssr");

    // Plain links to each network, with the address and the title.
    const title = (await page.getByRole("heading", { level: 1 }).textContent()) ?? "";
    const hrefs = await row
      .getByRole("link")
      .evaluateAll((links) => links.map((a) => a.getAttribute("href") ?? ""));
    const weibo = new URL(hrefs.find((h) => h.includes("weibo.com")) ?? "");
    expect(weibo.searchParams.get("url")).toBe(url);
    expect(weibo.searchParams.get("title")).toBe(title);
    for (const host of ["x.com", "t.me"]) {
      const link = new URL(hrefs.find((h) => new URL(h, url).host === host) ?? "");
      expect(link.searchParams.get("url"), host).toBe(url);
      expect(link.searchParams.get("text"), host).toBe(title);
    }
    const mail = new URL(hrefs.find((h) => h.startsWith("mailto:")) ?? "");
    expect(decodeURIComponent(mail.search)).toBe(`?subject=${title}&body=${url}`);

    // Copy link: the address on the clipboard, and a status line that says so. The click that
    // wakes the island is not lost: the directive replays it once the island has hydrated.
    await row.getByRole("button", { name: words.copy }).click();
    await expect(row.locator("astro-island")).not.toHaveAttribute("ssr");
    await expect(row.getByRole("status")).toHaveText(words.copied);
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(url);

    // Share…: only where the browser can share, handing over the title and the address.
    const native = row.getByRole("button", { name: words.native, exact: true });
    if (withWebShare) {
      await native.click();
      const shared = await page.evaluate(() => Reflect.get(window, "shared"));
      expect(shared).toEqual([{ title, url }]);
    } else {
      await expect(native).toHaveCount(0);
    }

    // WeChat: a QR code that scans back to the address.
    await row.getByText(words.wechat, { exact: true }).click();
    const qr = row.getByRole("img");
    await expect(qr).toBeVisible();
    expect(await scan(qr)).toBe(url);

    expect(await sideways(page)).toBeLessThanOrEqual(0);
    expect(await axeFindings(page, ".share")).toEqual([]);
    await picture(row, info, `share-390-${locale}-${theme}`);
    await page.setViewportSize({ width: 1280, height: 900 });
    await row.scrollIntoViewIfNeeded();
    expect(await axeFindings(page, ".share")).toEqual([]);
    await picture(row, info, `share-1280-${locale}-${theme}`);
  });
}

test("notes and photos share their own address", async ({ page, context }) => {
  await context.grantPermissions(["clipboard-read", "clipboard-write"]);
  await prefer(page, { locale: "en-US" });
  for (const path of [
    "/random-notes/2026-11-08-desk-by-the-window/",
    "/image-library/photo/fog-pier/",
  ]) {
    await page.goto(path);
    await hydrated(page);
    const url = await ownUrl(page);
    expect(new URL(url).pathname).toBe(path);
    const row = page.getByRole("region", { name: "Share", exact: true });
    await row.scrollIntoViewIfNeeded();
    await expect(row.locator("astro-island")).toHaveAttribute("ssr");
    await row.getByRole("button", { name: "Copy link" }).click();
    await expect(row.getByRole("status")).toHaveText("Link copied");
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(url);
    await row.getByText("WeChat", { exact: true }).click();
    expect(await scan(row.getByRole("img"))).toBe(url);
  }
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the links and the QR code work; no button that cannot", async ({ page }) => {
    await page.goto(ARTICLE);
    const row = page.locator("section.share");
    await expect(row.getByRole("link")).toHaveCount(4);
    await expect(row.getByRole("button")).toHaveCount(0);
    await row.locator("summary").click();
    expect(await scan(row.getByRole("img"))).toMatch(/\/articles\/postgres-habits\/$/);
  });
});
