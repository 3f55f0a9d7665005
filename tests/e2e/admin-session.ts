import type { Page, TestInfo } from "@playwright/test";
import type { UserInfo } from "../../src/shared/user-info.ts";
import { newAdmin } from "./live-admin.ts";
import { newAxe } from "./support.ts";

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

/** What axe finds on the page as it stands, one "rule: targets" line a violation (none: clean). */
export async function axeViolations(page: Page): Promise<string[]> {
  const results = await newAxe(page)
    .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "best-practice"])
    .analyze();
  return results.violations.map(
    (v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`,
  );
}

/** The sizes and themes the back office's screenshots are taken at: a phone and a desktop, light and dark. */
export const LOOKS = [390, 1280].flatMap((width) =>
  (["light", "dark"] as const).map((theme) => ({ width, theme })),
);

/**
 * Sets `page` to one look before its first visit. Each look is a test of its own, so a slow
 * machine stretches four short tests rather than one long one past its time limit.
 */
export async function dress(page: Page, { width, theme }: (typeof LOOKS)[number]) {
  await page.setViewportSize({ width, height: width < 500 ? 844 : 800 });
  await page.addInitScript((t) => localStorage.setItem("app-theme", t), theme);
}

/** What the browser kept of an unsaved edit under `key`, read from its IndexedDB. */
export function keptText(page: Page, key: string) {
  return page.evaluate(
    (k) =>
      new Promise<string | null>((done) => {
        const open = indexedDB.open("bms-drafts");
        open.onsuccess = () => {
          const db = open.result;
          if (!db.objectStoreNames.contains("drafts")) return done(null);
          const get = db.transaction("drafts").objectStore("drafts").get(k);
          get.onsuccess = () => done(get.result?.fields?.body ?? null);
          get.onerror = () => done(null);
        };
        open.onerror = () => done(null);
      }),
    key,
  );
}
