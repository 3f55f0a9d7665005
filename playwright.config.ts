import { existsSync } from "node:fs";
import { tmpdir } from "node:os";
import { delimiter, join } from "node:path";
import { defineConfig, devices } from "@playwright/test";

// Drives the built site served by `npm start` on a fresh embedded database, in Debian's
// Chromium (Playwright never downloads a browser here).
const port = Number(process.env.E2E_PORT || 4390);
// Every project is always listed. The ones that need a setting of the run (E2E_DATABASE_URL for
// "postgres", E2E_DEV=1 for "dev") start no server without it, and their spec files declare it
// with `needs(…)` (tests/e2e/support.ts): their tests then show as skipped with the reason, or
// fail where the run requires every setting (E2E_REQUIRE_ALL=1, as .ci/run sets it; or CI=true).

/** A PostgreSQL database of the run's own for the account flows (set by .ci/run). */
const pgUrl = process.env.E2E_DATABASE_URL;
const pgPort = port + 1;
/** A third server whose site the publishing test rebuilds (kept apart from the one others read). */
const publishPort = port + 2;
/**
 * `astro dev`, for the test that changes made in the back office show at once there. Started
 * only with E2E_DEV=1 (.ci/run sets it): Astro allows one dev server per project, so a run beside
 * your own `npm run dev` would fail to start otherwise.
 */
const devServer = process.env.E2E_DEV === "1";
const devPort = port + 3;
/** The AI chat's language model: an OpenAI-compatible fake on loopback (tests/e2e/fake-openai.ts). */
const fakeAiPort = port + 4;
const dataDir = process.env.E2E_DATA_DIR || join(tmpdir(), `blog-e2e-${Date.now().toString(36)}`);

/** Debian's `name` as found on PATH. */
function onPath(name: string): string | undefined {
  for (const dir of (process.env.PATH ?? "").split(delimiter)) {
    const candidate = join(dir, name);
    if (dir && existsSync(candidate)) return candidate;
  }
  return undefined;
}

/** Debian's chromium as found on PATH, unless CHROMIUM_PATH names another: the benches' browser. */
export function findChromium(): string | undefined {
  return process.env.CHROMIUM_PATH || onPath("chromium");
}

/** Launch options naming the benches' browser, when there is one (else Playwright's default). */
export function fullChromium(): { executablePath?: string } {
  const path = findChromium();
  return path ? { executablePath: path } : {};
}

/**
 * The tests' browser: Debian's chromium-headless-shell, Chromium's old headless mode, which
 * Playwright itself uses for headless runs. Over a quarter less time than the full browser
 * (210 → 158 s for a11y, labs, mixlab-type and shell). E2E_CHROMIUM_PATH names another.
 */
export function chromiumExecutable(): { executablePath?: string } {
  const path = process.env.E2E_CHROMIUM_PATH || onPath("chromium-headless-shell") || findChromium();
  return path ? { executablePath: path } : {};
}

/** Chromium without network but loopback: nothing calls home (the benches launch it so too). */
export const chromiumArgs = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--no-first-run",
  "--disable-quic",
];

export default defineConfig({
  testDir: "tests/e2e",
  timeout: 30_000,
  // A screen that loads its data after hydration can take over 5 s with both cores busy
  // (measured under stress-ng --cpu 2); assertions still wait for the real element.
  expect: { timeout: 10_000 },
  workers: 2,
  retries: 0,
  reporter: [
    ["list"],
    ["json", { outputFile: process.env.E2E_REPORT || "reports/playwright.json" }],
  ],
  use: {
    baseURL: `http://localhost:${port}`,
    // A trace records every action of every test, passing or not: a fifth of the time of the
    // axe-heavy specs (a11y, labs, admin looks: 92-103 s with it, 77-81 s without). A failure
    // still leaves its error, its page's ARIA snapshot and a screenshot; E2E_TRACE=1 records
    // traces again to look into one.
    trace: process.env.E2E_TRACE === "1" ? "retain-on-failure" : "off",
    screenshot: "only-on-failure",
    launchOptions: { ...chromiumExecutable(), args: chromiumArgs },
  },
  // Screenshots taken for a person to look at (titles with @look) assert nothing a machine can
  // judge, so they stay out of the run and its count; `E2E_LOOK=1` runs them alone.
  ...(process.env.E2E_LOOK === "1" ? { grep: /@look/ } : { grepInvert: /@look/ }),
  projects: [
    {
      name: "chromium",
      testIgnore: /-live\.spec/,
      // One browser context a worker, reset between tests (cookies, storage, IndexedDB, init
      // scripts, routes, window size): a new context cost Chromium 0.6–1 s of CPU a test. The
      // whole project 547 → 463 s, 1,044 → 875 s of CPU on this machine. Not reset: granted
      // permissions and history, which no test here depends on; a file that changes either
      // in a way others would see sets `reuseContext: false`.
      use: {
        ...devices["Desktop Chrome"],
        viewport: { width: 1280, height: 800 },
        reuseContext: true,
      },
    },
    {
      name: "publish",
      testMatch: /publish-live/,
      use: {
        ...devices["Desktop Chrome"],
        viewport: { width: 1280, height: 800 },
        baseURL: `http://localhost:${publishPort}`,
      },
    },
    {
      name: "dev",
      testMatch: /dev-live/,
      // After the publishing tests, never beside them: `astro dev` and npm start's background
      // builds share the project's .astro/ folder (Astro writes content-modules.mjs there
      // whatever the cache folder), and a dev server's content refresh rewriting it while a
      // build read it broke that build's MDX pages ("Unexpected error while rendering") and the
      // dev test's own refresh, in one CI run.
      dependencies: ["publish"],
      use: { ...devices["Desktop Chrome"], baseURL: `http://localhost:${devPort}` },
    },
    // Account flows and back-office screens, logged in for real, against a second `npm start`
    // on PostgreSQL whose outbox the tests read.
    {
      name: "postgres",
      testMatch: /(accounts|admin-[a-z-]+|comments|follow)-live\.spec/,
      use: {
        ...devices["Desktop Chrome"],
        viewport: { width: 1280, height: 800 },
        baseURL: `http://localhost:${pgPort}`,
        // As in the chromium project: 522 → 431 s, 983 → 800 s of CPU (199 tests). Each test
        // signs in again: the reset clears the stored session. Headers set on the context are
        // not reset either: comments-live and follow-live, which set the client's address so,
        // keep a context a test.
        reuseContext: true,
      },
    },
  ],
  webServer: [
    {
      command: "node tests/e2e/fake-openai.ts",
      url: `http://127.0.0.1:${fakeAiPort}/v1/models`,
      env: { FAKE_AI_PORT: String(fakeAiPort) },
      reuseExistingServer: false,
      timeout: 30_000,
      stdout: "pipe",
    },
    {
      command: "node src/server/node.ts",
      url: `http://localhost:${port}/`,
      // Nothing here publishes; SITE_REBUILD=0 keeps the site the other tests read fixed. The
      // chat answers through the fake model, and every test asks from 127.0.0.1: a wider limit.
      env: {
        PORT: String(port),
        DATA_DIR: dataDir,
        HOST: "127.0.0.1",
        SITE_REBUILD: "0",
        AI_BASE_URL: `http://127.0.0.1:${fakeAiPort}/v1`,
        // The stand-in model server listens on loopback, as a local Ollama would.
        AI_ALLOW_LOOPBACK: "1",
        AI_MODEL: "fake-model",
        AI_API_KEY: "sk-e2e-never-shown",
        CHAT_RATE_PER_MINUTE: "600",
      },
      reuseExistingServer: false,
      timeout: 90_000,
      stdout: "pipe",
    },
    {
      command: "node src/server/node.ts",
      url: `http://localhost:${publishPort}/`,
      env: { PORT: String(publishPort), DATA_DIR: `${dataDir}-publish`, HOST: "127.0.0.1" },
      reuseExistingServer: false,
      timeout: 90_000,
      stdout: "pipe",
    },
    ...(devServer
      ? [
          {
            command: `node node_modules/astro/bin/astro.mjs dev --port ${devPort} --host 127.0.0.1`,
            url: `http://localhost:${devPort}/`,
            env: { DATA_DIR: `${dataDir}-dev`, ASTRO_TELEMETRY_DISABLED: "1" },
            reuseExistingServer: false,
            timeout: 120_000,
            stdout: "pipe" as const,
          },
        ]
      : []),
    ...(pgUrl
      ? [
          {
            command: "node src/server/node.ts",
            url: `http://localhost:${pgPort}/`,
            env: {
              PORT: String(pgPort),
              DATABASE_URL: pgUrl,
              HOST: "127.0.0.1",
              DATA_DIR: `${dataDir}-pg`,
              // Back-office tests write content here; the publishing test owns rebuilds.
              SITE_REBUILD: "0",
              // Readers' comments are limited per address: each comment test writes from an
              // address of its own (X-Forwarded-For); other tests send none and stay loopback.
              TRUST_PROXY: "1",
            },
            reuseExistingServer: false,
            timeout: 90_000,
            stdout: "pipe" as const,
          },
        ]
      : []),
  ],
});
