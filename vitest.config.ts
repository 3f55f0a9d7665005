import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: "unit",
          include: [
            "src/**/*.test.ts",
            "scripts/**/*.test.ts",
            "functions/**/*.test.ts",
            "tests/support/**/*.test.ts",
            "tests/ci/**/*.test.ts",
          ],
          // Astro components need Astro's Vite plugins: their own project.
          exclude: ["src/components/**", "**/node_modules/**"],
          testTimeout: 20_000,
          hookTimeout: 60_000,
          globalSetup: ["./tests/support/test-global-setup.ts"],
        },
      },
      "./vitest.components.config.ts",
    ],
  },
});
