import { type Page, type TestInfo, test } from "@playwright/test";
import type { UserInfo } from "../../src/shared/user-info.ts";
import { newAdmin } from "./live-admin.ts";
import { type Locale, runAxe, type Theme } from "./support.ts";

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

/** What axe finds on the page as it stands, one "rule: targets" line a violation (none: clean). */
export async function axeViolations(page: Page): Promise<string[]> {
  const violations = await runAxe(page, {
    tags: ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "best-practice"],
  });
  return violations.map((v) => `${v.id}: ${v.targets.join(", ")}`);
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

/** A look with the language the back office shows; `tag` names its pictures. */
export interface Look {
  width: number;
  theme: Theme;
  locale: Locale;
  tag: string;
}

/**
 * One test a look, titled `${what} (width px, theme, language)`, its page set to the look
 * before `body` runs: each look in both languages with `everyLanguage`, else Chinese with dark
 * and English with light.
 */
export function lookTests(
  what: string,
  body: (page: Page, look: Look, testInfo: TestInfo) => Promise<void>,
  { everyLanguage = false, timeout = 120_000 } = {},
) {
  for (const { width, theme } of LOOKS) {
    const paired: Locale = theme === "dark" ? "zh-CN" : "en-US";
    for (const locale of everyLanguage ? (["en-US", "zh-CN"] as const) : [paired]) {
      const look = { width, theme, locale, tag: `${width}-${theme}-${locale}` };
      test(`${what} (${width} px, ${theme}, ${locale})`, async ({ page }, testInfo) => {
        test.setTimeout(timeout);
        await dress(page, look);
        await page.addInitScript((l) => localStorage.setItem("app-locale", l), locale);
        await body(page, look, testInfo);
      });
    }
  }
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
