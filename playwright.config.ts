import { tmpdir } from "node:os";
import { join } from "node:path";
import { defineConfig, devices } from "@playwright/test";

// Drives the built site served by `npm start` on a fresh embedded database, in Debian's
// Chromium (Playwright never downloads a browser here).
const port = Number(process.env.E2E_PORT || 4390);
const dataDir = process.env.E2E_DATA_DIR || join(tmpdir(), `blog-e2e-${Date.now().toString(36)}`);

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
  workers: 2,
  retries: 0,
  reporter: [["list"], ["json", { outputFile: "test-results/e2e.json" }]],
  use: {
    baseURL: `http://localhost:${port}`,
    trace: "retain-on-failure",
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH || "/usr/bin/chromium",
      args: chromiumArgs,
    },
  },
  projects: [
    {
      name: "chromium",
      use: { ...devices["Desktop Chrome"], viewport: { width: 1280, height: 800 } },
    },
  ],
  webServer: {
    command: "node src/server/node.ts",
    url: `http://localhost:${port}/`,
    env: { PORT: String(port), DATA_DIR: dataDir, HOST: "127.0.0.1" },
    reuseExistingServer: false,
    timeout: 90_000,
    stdout: "pipe",
  },
});
