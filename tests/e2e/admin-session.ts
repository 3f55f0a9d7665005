import type { Page, TestInfo } from "@playwright/test";
import type { UserInfo } from "../../src/shared/user-info.ts";
import { newAdmin } from "./live-admin.ts";

// One admin per worker, made once and reused by every test that signs in with it.

let session: UserInfo | undefined;

/** Logs `page` in (English interface unless the test chose one) as this worker's admin. */
export async function signIn(page: Page): Promise<UserInfo> {
  session ??= await newAdmin(page.request);
  await page.addInitScript((stored) => {
    localStorage.setItem("user-info", JSON.stringify(stored));
    if (!localStorage.getItem("app-locale")) localStorage.setItem("app-locale", "en-US");
  }, session);
  return session;
}

/**
 * A full-page screenshot for the record, plus the first screens of it one by one (a long
 * page shrunk to fit a viewer cannot be judged), kept under test-results/.
 */
export async function shoot(page: Page, testInfo: TestInfo, name: string, parts = 3) {
  await page.evaluate(() => window.scrollTo(0, 0));
  const { width, height } = page.viewportSize() ?? { width: 1280, height: 800 };
  const full = await page.evaluate(() => document.documentElement.scrollHeight);
  const shots: Array<[string, { x: number; y: number; width: number; height: number } | null]> = [
    [`${name}.png`, null],
  ];
  for (let i = 0; i < parts && i * height < full; i++) {
    const clip = { x: 0, y: i * height, width, height: Math.min(height, full - i * height) };
    shots.push([`${name}-part${i + 1}.png`, clip]);
  }
  for (const [file, clip] of shots) {
    const path = testInfo.outputPath(file);
    await page.screenshot(clip ? { path, clip, fullPage: true } : { path, fullPage: true });
    await testInfo.attach(file, { path, contentType: "image/png" });
  }
}
