import { expect, type Page, type Request, test } from "@playwright/test";
import { chromiumArgs, fullChromium } from "../../playwright.config.ts";
import { prefer } from "./support.ts";

// Readership's beacon (src/components/readership-beacon.ts): one per page opened, after the
// page has loaded, none from an automated browser, a reader who asks not to be tracked, or the
// back office. Playwright's browser says it is automated (`navigator.webdriver`), so this file
// launches Chromium without that flag and sets it again where a test wants it.

// The full browser: the headless shell the other specs use never runs an idle callback here.
test.use({
  launchOptions: {
    ...fullChromium(),
    args: [...chromiumArgs, "--disable-blink-features=AutomationControlled"],
  },
});

/** Makes `navigator[name]` answer `value` before any page script runs. */
async function pretend(page: Page, name: string, value: unknown) {
  await page.addInitScript(
    ([name, value]) => {
      Object.defineProperty(Navigator.prototype, name as string, { get: () => value });
    },
    [name, value] as const,
  );
}

/** The beacons a page sends, from the moment it opens. */
function beaconsOf(page: Page): Request[] {
  const sent: Request[] = [];
  page.on("request", (request) => {
    if (new URL(request.url()).pathname === "/api/beacon") sent.push(request);
  });
  return sent;
}

/** Waits until the page has loaded and the browser has been idle once since (the beacon's turn). */
async function settled(page: Page) {
  await page.waitForLoadState("load");
  await page.evaluate(
    () => new Promise<void>((resolve) => requestIdleCallback(() => setTimeout(resolve))),
  );
  await page.waitForLoadState("networkidle");
}

test.describe("the beacon", () => {
  test("a page sends one beacon after it loads, and the server takes it", async ({ page }) => {
    await prefer(page, { locale: "zh-CN" });
    const sent = beaconsOf(page);
    const answered = page.waitForResponse((res) => res.url().endsWith("/api/beacon"));
    await page.goto("/about?from=test#top", { referer: "https://www.example.org/list" });
    const res = await answered;
    expect(res.status()).toBe(204);
    expect(res.request().method()).toBe("POST");
    expect(JSON.parse(res.request().postData() ?? "")).toEqual({
      p: "/about",
      r: "https://www.example.org/list",
      l: "zh-CN",
      w: 1280,
    });
    await settled(page);
    expect(sent).toHaveLength(1);
  });

  for (const [what, property, value] of [
    ["the reader asks for Do Not Track", "doNotTrack", "1"],
    ["the reader asks for Global Privacy Control", "globalPrivacyControl", true],
    ["an automated browser (these tests, Lighthouse)", "webdriver", true],
  ] as const) {
    test(`none from ${what}`, async ({ page }) => {
      await pretend(page, property, value);
      const sent = beaconsOf(page);
      await page.goto("/about");
      await settled(page);
      expect(sent).toEqual([]);
    });
  }

  test("none from a draft preview", async ({ page }) => {
    const sent = beaconsOf(page);
    await page.goto("/draft-preview?t=nothing");
    await settled(page);
    expect(sent).toEqual([]);
  });
});
