import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: [
      "src/**/*.test.ts",
      "scripts/**/*.test.ts",
      "functions/**/*.test.ts",
      "tests/support/**/*.test.ts",
    ],
    testTimeout: 20_000,
    hookTimeout: 60_000,
    globalSetup: ["./tests/support/test-global-setup.ts"],
  },
});
