import {
  type APIRequestContext,
  expect,
  type Locator,
  type Page,
  type PageScreenshotOptions,
  type TestInfo,
  test,
} from "@playwright/test";
import axe from "axe-core";
import { testKeyPair } from "../../src/shared/password-crypto.test-support.ts";
import { encryptPassword, importPublicKey } from "../../src/shared/password-crypto.ts";
import type { UserInfo } from "../../src/shared/user-info.ts";

export type Locale = "zh-CN" | "en-US";
export type Theme = "light" | "dark";

/**
 * Every language with every theme, the pairs a screenshot takes first (dark Chinese, light
 * English), then the other two: axe runs on all four, pictures on the first two.
 */
export const COMBOS = [
  { locale: "zh-CN", theme: "dark" },
  { locale: "en-US", theme: "light" },
  { locale: "zh-CN", theme: "light" },
  { locale: "en-US", theme: "dark" },
] as const satisfies readonly { locale: Locale; theme: Theme }[];

export const adminInfo = {
  token: "t".repeat(43),
  user: {
    isLogin: true,
    avatar: "",
    email: "owner@example.com",
    role: "admin",
    status: "active",
    userName: "owner",
    createdAt: "2026-01-01T00:00:00.000Z",
    updatedAt: "2026-01-01T00:00:00.000Z",
    sex: "secret",
    birthday: null,
    desc: "",
    _id: "00000000-0000-4000-8000-000000000001",
  },
};
export const readerInfo = {
  ...adminInfo,
  user: { ...adminInfo.user, role: "user", userName: "reader", email: "reader@example.com" },
};

/** Stores preferences before any page script runs, as a returning visitor would have them. */
export async function prefer(
  page: Page,
  options: { locale?: Locale; theme?: Theme; user?: unknown },
) {
  await page.addInitScript((o) => {
    // Once per tab, so what the page later changes (a logout, a switch) is not undone on reload.
    if (sessionStorage.getItem("e2e-seeded")) return;
    sessionStorage.setItem("e2e-seeded", "1");
    if (o.locale) localStorage.setItem("app-locale", o.locale);
    if (o.theme) localStorage.setItem("app-theme", o.theme);
    if (o.user) localStorage.setItem("user-info", JSON.stringify(o.user));
  }, options);
}

/** Opens `path` as a visitor who reads English, once its level-1 heading `title` shows. */
export async function openInEnglish(page: Page, path: string, title: string) {
  await prefer(page, { locale: "en-US" });
  await page.goto(path);
  await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();
}

/**
 * Resolves once the page is ready for a person, by what Astro itself marks, never a timer and
 * never `load` (which says nothing about islands):
 * - the document is parsed: every module script has run, so the custom elements (theme and
 *   language switches, the navigation menu, back to top) are defined, and every island's
 *   directive has started;
 * - every island that hydrates by itself has hydrated. Astro removes an island's `ssr`
 *   attribute when its hydration is done, so none may keep it: `client:only` (the /bms app, the
 *   account forms), `client:signedin` when `<html data-auth>` says user or admin, and any
 *   `client:load` or `client:idle` island a page may have.
 *
 * Islands that wait for a person keep their server markup until reached for: `client:interaction`
 * (the search box, the feedback widget) and `client:signedin` for a guest (never hydrates: the
 * plain login link works). Their directive listens from the moment the document is parsed, so a
 * test reaches for them as a person does: a click made while the island loads is replayed by the
 * directive once it has hydrated (src/directives/interaction.ts), the search box keeps what was
 * typed meanwhile and opens its panel when it already has focus. After a navigation (a redirect,
 * a reload) call it again: it answers for the page showing when it resolves.
 */
export async function hydrated(page: Page) {
  await page.waitForFunction(() => {
    if (document.readyState === "loading") return false;
    const auth = document.documentElement.dataset.auth;
    const waitsForAPerson = (client: string | null) =>
      client === "interaction" ||
      client === "visible" ||
      client === "media" ||
      (client === "signedin" && auth !== "user" && auth !== "admin");
    return [...document.querySelectorAll("astro-island[ssr]")].every((island) =>
      waitsForAPerson(island.getAttribute("client")),
    );
  });
}

/**
 * Whether this run must have every setting its specs need: `.ci/run` sets E2E_REQUIRE_ALL=1,
 * and any CI (`CI=true`) counts too unless E2E_REQUIRE_ALL=0 says otherwise.
 */
function requireAll(): boolean {
  const required = process.env.E2E_REQUIRE_ALL;
  if (required === "1") return true;
  if (required === "0") return false;
  return Boolean(process.env.CI) && process.env.CI !== "false";
}

/**
 * Declares, at the top of a spec file, a setting its tests cannot run without (the PostgreSQL
 * database, the `astro dev` server). Missing, every test of the file is skipped with the reason,
 * so a run shows them as skipped instead of dropping them; missing where the run promised every
 * setting (see `requireAll`), every test of the file fails with the reason instead.
 */
export function needs(setting: "E2E_DATABASE_URL" | "E2E_DEV", what: string) {
  // As playwright.config.ts reads them: the dev server starts only for E2E_DEV=1.
  const value = process.env[setting];
  if (setting === "E2E_DEV" ? value === "1" : value) return;
  const reason = `needs ${setting}: ${what}`;
  if (requireAll()) {
    test.beforeEach(() => {
      throw new Error(`${reason}: not set, but this run requires every setting (E2E_REQUIRE_ALL)`);
    });
  } else {
    test.skip(true, reason);
  }
}

/** Serves a fresh RSA-OAEP public key at /api/encryption-key, as the server would. */
export async function mockEncryptionKey(page: Page) {
  const { spki } = await testKeyPair();
  await page.route("**/api/encryption-key", (route) =>
    route.fulfill({
      json: { code: 200, message: "OK", data: { algorithm: "RSA-OAEP-256", publicKey: spki } },
    }),
  );
}

/** The demo admin the embedded database is seeded with (never in production). */
export const DEMO_ADMIN = { email: "admin@example.com", password: "TwoInks-2026!" };

/** Logs in through the API, the password encrypted with the server's key as a browser does it. */
export async function logInByApi(
  request: APIRequestContext,
  email: string,
  password: string,
): Promise<UserInfo> {
  const key = (await (await request.get("/api/encryption-key")).json()) as {
    data: { publicKey: string };
  };
  const sealed = await encryptPassword(await importPublicKey(key.data.publicKey), password);
  const login = await request.post("/api/login", { data: { email, password: sealed } });
  if (!login.ok()) throw new Error(`login answered ${login.status()}`);
  return ((await login.json()) as { data: UserInfo }).data;
}

/** The bearer header of the demo admin, logged in through the API. */
export async function demoAdminHeaders(request: APIRequestContext) {
  const { token } = await logInByApi(request, DEMO_ADMIN.email, DEMO_ADMIN.password);
  return { authorization: `Bearer ${token}` };
}

/**
 * How long to wait for the outcome of a page's first search. It loads Pagefind's script, worker
 * and WebAssembly and the index's first chunks, which took over 5 s (the default wait) on a busy
 * two-core CI machine: the signal waited for is still the outcome itself, only for longer.
 */
export const FIRST_SEARCH = { timeout: 20_000 };

/**
 * Pictures for a person to look at check nothing and cost CPU: they are taken only when asked
 * for, with E2E_SHOTS=1, or E2E_LOOK=1 (which runs the @look tests alone).
 */
export const SHOTS = process.env.E2E_SHOTS === "1" || process.env.E2E_LOOK === "1";

/**
 * A picture of `target` (a page: all of it, unless `options` say otherwise; an element: its
 * box), kept under test-results/ and attached to the test's report, when pictures are asked for.
 */
export async function picture(
  target: Page | Locator,
  testInfo: TestInfo,
  name: string,
  options: PageScreenshotOptions = {},
) {
  if (!SHOTS) return;
  const path = testInfo.outputPath(`${name}.png`);
  if ("goto" in target) await target.screenshot({ fullPage: true, ...options, path });
  else await target.screenshot({ path });
  await testInfo.attach(`${name}.png`, { path, contentType: "image/png" });
}

/**
 * A full-page picture, plus the first `parts` screens of it one by one (a long page shrunk to
 * fit a viewer cannot be judged), when pictures are asked for.
 */
export async function shoot(page: Page, testInfo: TestInfo, name: string, parts = 3) {
  if (!SHOTS) return;
  await page.evaluate(() => window.scrollTo(0, 0));
  const { width, height } = page.viewportSize() ?? { width: 1280, height: 800 };
  const full = await page.evaluate(() => document.documentElement.scrollHeight);
  await picture(page, testInfo, name);
  for (let i = 0; i < parts && i * height < full; i++) {
    const clip = { x: 0, y: i * height, width, height: Math.min(height, full - i * height) };
    await picture(page, testInfo, `${name}-part${i + 1}`, { clip });
  }
}

/** axe-core's API as the page holds it once its source has run there. */
type PageAxe = Pick<typeof axe, "run">;

/**
 * The violations axe finds on `page` (in the part `include` selects, else the whole document)
 * under the rules of `tags`, with `rules` switched on or off beside them: axe.run in the page
 * itself, each violation with its first targets.
 * axe's source (650 KB) is evaluated once per document, not per call: @axe-core/playwright
 * evaluated it twice a call, about 300 ms of a 0.7–1.5 s run on the home page, an article, the
 * notes and /mixlab. No page here has a frame, so none needs axe inside it.
 */
export async function runAxe(
  page: Page,
  {
    tags,
    include,
    rules = {},
  }: { tags: string[]; include?: string | undefined; rules?: axe.RunOptions["rules"] },
): Promise<{ id: string; help: string; targets: string[] }[]> {
  if (!(await page.evaluate(() => "axe" in window))) await page.evaluate(axe.source);
  return page.evaluate(
    async ({ include, options }) => {
      // axe.source has just defined `window.axe`; the page's own types do not know it.
      const pageAxe = (window as unknown as { axe: PageAxe }).axe;
      const context: axe.ElementContext = include ?? document;
      const results = await pageAxe.run(context, options);
      return results.violations.map((v) => ({
        id: v.id,
        help: v.help,
        targets: v.nodes.map((n) => n.target.join(" ")),
      }));
    },
    {
      include,
      options: { runOnly: { type: "tag", values: tags }, rules, resultTypes: ["violations"] },
    } satisfies { include: string | undefined; options: axe.RunOptions },
  );
}

/**
 * What axe finds on a reader's page as it stands (WCAG 2.2 AA, best practices and target size),
 * or in the part `only` selects, one "rule: first targets" line a violation; none when clean.
 */
export async function axeFindings(page: Page, only?: string): Promise<string[]> {
  const violations = await runAxe(page, {
    tags: ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa", "best-practice"],
    include: only,
    rules: { "target-size": { enabled: true } },
  });
  return violations.map((v) => `${v.id} (${v.help}): ${v.targets.slice(0, 3).join(", ")}`);
}

/** How far the page runs past the window's right edge (0 or less: nothing sideways). */
export const sideways = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

/**
 * Holds back the build's script named `name` (`/_astro/<name>.<hash>.js`), as a slow connection
 * would: the page loads without it until the returned function is called.
 */
export async function holdScript(page: Page, name: string): Promise<() => void> {
  let release = () => {};
  const held = new Promise<void>((done) => {
    release = done;
  });
  await page.route(new RegExp(`/_astro/${name}\\.[^/]*\\.js$`), async (route) => {
    await held;
    await route.continue();
  });
  return release;
}
