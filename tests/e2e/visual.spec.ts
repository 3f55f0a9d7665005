import { test } from "@playwright/test";
import { hydrated, prefer } from "./support.ts";

// Screenshots for a person to judge, kept under test-results/ and attached to the report.
// Nothing is compared automatically: they are for looking at.
const pages = ["/", "/about", "/unauthorized", "/register-login", "/no-such-page"];
const widths = [390, 1280];
const looks = [
  { theme: "dark", locale: "zh-CN" },
  { theme: "light", locale: "en-US" },
] as const;

for (const path of pages) {
  test(`screenshots of ${path}`, async ({ browser }, testInfo) => {
    for (const width of widths) {
      for (const look of looks) {
        const context = await browser.newContext({
          viewport: { width, height: width < 500 ? 844 : 800 },
        });
        const page = await context.newPage();
        await prefer(page, look);
        await page.goto(path);
        await hydrated(page);
        const name = `${path === "/" ? "home" : path.slice(1)}-${width}-${look.theme}-${look.locale}.png`;
        const file = testInfo.outputPath(name);
        await page.screenshot({ path: file, fullPage: true });
        await testInfo.attach(name, { path: file, contentType: "image/png" });
        await context.close();
      }
    }
  });
}
