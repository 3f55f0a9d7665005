import { expect, type Page, test } from "@playwright/test";
import { type Locale, translator } from "../../src/i18n/core.ts";
import type { UserInfo } from "../../src/shared/user-info.ts";
import { DEMO_ADMIN, FIRST_SEARCH, hydrated, logInByApi, prefer, type Theme } from "./support.ts";

// Every page type keeps working under the Content-Security-Policy that `npm start` sends from
// the build's `_headers`: pages are loaded and their islands used (search with Pagefind's
// WebAssembly, the feedback dialog, theme and language switches, the account forms, the back
// office) while every policy violation is counted, and the count must be 0. The last test
// proves the counter counts.

interface Watch {
  /** securitypolicyviolation events of every document, and the browser's console lines about the policy. */
  violations: string[];
  /** Console complaints about the other headers (an unknown Permissions-Policy feature, say). */
  headerErrors: string[];
}

async function watchCsp(page: Page): Promise<Watch> {
  const watch: Watch = { violations: [], headerErrors: [] };
  // A binding survives navigations, so a violation on a page left by a redirect still counts.
  await page.exposeFunction("reportCspViolation", (line: string) => {
    watch.violations.push(line);
  });
  await page.addInitScript(() => {
    document.addEventListener("securitypolicyviolation", (event) => {
      // The binding exposed above is not in Window's type (a global declaration would leak
      // into every file), hence the cast.
      const report = (window as unknown as { reportCspViolation?: (line: string) => void })
        .reportCspViolation;
      report?.(
        `${event.effectiveDirective} blocked ${event.blockedURI || "inline"} in ${event.sourceFile}:${event.lineNumber} (${event.sample})`,
      );
    });
  });
  // Chromium also logs each violation, workers' (Pagefind's) included, which no listener hears.
  page.on("console", (message) => {
    const text = message.text();
    if (/Content[- ]Security[- ]Policy/i.test(text)) watch.violations.push(`console: ${text}`);
    if (/Permissions[- ]Policy|Cross-Origin|Referrer Policy/i.test(text)) {
      watch.headerErrors.push(text);
    }
  });
  return watch;
}

/** The page's own response carries the build's policy (a violation count of 0 means nothing otherwise). */
function expectPolicy(headers: Record<string, string> | undefined, path: string) {
  const csp = headers?.["content-security-policy"] ?? "";
  expect(csp, `${path} has a Content-Security-Policy`).toContain("script-src 'self'");
  expect(csp).toMatch(/'sha256-[A-Za-z0-9+/=]{44}'/);
  expect(csp).not.toMatch(/script-src[^;]*'unsafe-inline'/);
}

async function settle(page: Page) {
  await page.waitForLoadState("networkidle");
}

/** Theme and language switches in the footer and header, where the page has them. */
async function switchThemeAndLanguage(page: Page, locale: Locale, theme: Theme) {
  const t = translator(locale);
  const other = theme === "dark" ? t("footer.light") : t("footer.dark");
  const themes = page.getByRole("group", { name: t("footer.theme") });
  if ((await themes.count()) === 0) return;
  await themes.getByRole("button", { name: other, exact: true }).click();
  await expect(page.locator("html")).toHaveAttribute(
    "data-theme",
    theme === "dark" ? "light" : "dark",
  );
  const language = page.getByRole("group", { name: t("footer.language"), exact: true }).first();
  await language.getByRole("button", { name: locale === "en-US" ? "中文" : "English" }).click();
  await expect(page.locator("html")).toHaveAttribute(
    "data-locale",
    locale === "en-US" ? "zh-CN" : "en-US",
  );
}

async function searchAndGiveFeedback(page: Page, locale: Locale) {
  const t = translator(locale);
  // The header's box (the not-found page has one of its own too).
  const header = page.getByRole("banner");
  const box = header.getByRole("combobox", { name: t("search.label") });
  await box.fill(locale === "en-US" ? "inks" : "墨水");
  // Results come from Pagefind: its script, worker and WebAssembly all ran.
  await expect(
    header
      .getByRole("listbox", { name: t("search.label") })
      .getByRole("option")
      .first(),
  ).toBeVisible(FIRST_SEARCH);
  await box.press("Escape");
  await page.getByRole("button", { name: t("feedback.trigger") }).click();
  const dialog = page.getByRole("dialog", { name: t("feedback.title") });
  await expect(dialog).toBeVisible();
  await dialog.getByRole("textbox", { name: new RegExp(t("feedback.subject")) }).fill("CSP");
  await dialog
    .getByRole("button", { name: t("feedback.close") })
    .first()
    .click();
  await expect(dialog).toBeHidden();
}

interface PageType {
  name: string;
  path: string;
  status?: number;
  /** Where the visit ends (a redirect). */
  endsAt?: string | RegExp;
  /** Islands to use beyond the theme and language switches. */
  use?: (page: Page, locale: Locale) => Promise<void>;
  admin?: boolean;
}

const PAGES: PageType[] = [
  { name: "home", path: "/", use: searchAndGiveFeedback },
  { name: "article list", path: "/articles/" },
  { name: "article with math", path: "/articles/slow-network-budget/" },
  { name: "article with code", path: "/articles/postgres-habits/", use: searchAndGiveFeedback },
  { name: "note list", path: "/random-notes/" },
  { name: "book", path: "/book-doc/the-quiet-page/" },
  { name: "chapter", path: "/book-doc/the-quiet-page/fonts/" },
  { name: "about", path: "/about/" },
  {
    name: "log in and register",
    path: "/register-login",
    use: async (page, locale) => {
      const t = translator(locale);
      await page.getByRole("tab", { name: t("auth.register") }).click();
      await expect(page.getByRole("tab", { name: t("auth.register") })).toHaveAttribute(
        "aria-selected",
        "true",
      );
      await page.getByRole("tab", { name: t("auth.forgot") }).click();
    },
  },
  { name: "unauthorized", path: "/unauthorized" },
  { name: "not found", path: "/no-such-page", status: 404, use: searchAndGiveFeedback },
  { name: "back office, signed out", path: "/bms/overview", endsAt: /\/register-login\?next=/ },
  {
    name: "back office, signed in as admin",
    path: "/bms/overview",
    admin: true,
    use: async (page, locale) => {
      const t = translator(locale);
      const nav = page.getByRole("navigation", { name: t("bms.nav") });
      await expect(page.getByRole("heading", { level: 1, name: t("bms.overview") })).toBeVisible();
      for (const screen of ["article", "FeedBackCenter"] as const) {
        await nav.getByRole("link", { name: t(`bms.${screen}`), exact: true }).click();
        await expect(
          page.getByRole("heading", { level: 1, name: t(`bms.${screen}`) }),
        ).toBeVisible();
      }
    },
  },
];

const COMBINATIONS: Array<{ locale: Locale; theme: Theme }> = [
  { locale: "en-US", theme: "dark" },
  { locale: "zh-CN", theme: "light" },
];

/** The demo admin of the embedded database, logged in once per worker. */
let admin: UserInfo | undefined;

for (const { locale, theme } of COMBINATIONS) {
  test.describe(`under the policy, ${locale}, ${theme}`, () => {
    for (const type of PAGES) {
      test(`${type.name}: no violation`, async ({ page }) => {
        const watch = await watchCsp(page);
        if (type.admin) {
          admin ??= await logInByApi(page.request, DEMO_ADMIN.email, DEMO_ADMIN.password);
        }
        await prefer(page, { locale, theme, ...(type.admin ? { user: admin } : {}) });
        const response = await page.goto(type.path);
        expect(response?.status()).toBe(type.status ?? 200);
        expectPolicy(response?.headers(), type.path);
        await hydrated(page);
        if (type.endsAt) {
          // A redirect by an island: the page it lands on is a new document to wait for.
          await expect(page).toHaveURL(type.endsAt);
          await hydrated(page);
        }
        await expect(page.locator("html")).toHaveAttribute("data-theme", theme);
        await type.use?.(page, locale);
        await switchThemeAndLanguage(page, locale, theme);
        await settle(page);
        expect(watch.violations).toEqual([]);
        expect(watch.headerErrors).toEqual([]);
      });
    }
  });
}

test("the counter counts: an unhashed inline script and style are blocked and reported", async ({
  page,
}) => {
  const watch = await watchCsp(page);
  await prefer(page, { locale: "en-US" });
  const response = await page.goto("/");
  expectPolicy(response?.headers(), "/");
  await hydrated(page);
  const outcome = await page.evaluate(() => {
    const script = document.createElement("script");
    script.textContent = "document.documentElement.dataset.injected = 'script'";
    document.head.append(script);
    const style = document.createElement("style");
    style.textContent = "html { --injected: style }";
    document.head.append(style);
    return {
      script: document.documentElement.dataset.injected ?? "blocked",
      style: getComputedStyle(document.documentElement).getPropertyValue("--injected") || "blocked",
    };
  });
  expect(outcome).toEqual({ script: "blocked", style: "blocked" });
  // Both channels see both: the events and the browser's console lines.
  const seen = () => ({
    events: watch.violations
      .filter((v) => !v.startsWith("console:"))
      .map((v) => v.split(" ")[0])
      .sort(),
    console: watch.violations.filter((v) => v.startsWith("console:")).length,
  });
  await expect.poll(seen).toEqual({ events: ["script-src-elem", "style-src-elem"], console: 2 });
});
