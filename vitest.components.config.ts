import { getViteConfig } from "astro/config";

// Astro components rendered in isolation (Astro's container API): the .astro files need Astro's
// own Vite plugins, which the other tests do without.
export default getViteConfig(
  {
    test: {
      name: "components",
      include: ["src/components/**/*.test.ts"],
      testTimeout: 20_000,
    },
  },
  // Without the toolbar, dev mode marks no element with its source file.
  { devToolbar: { enabled: false } },
);
