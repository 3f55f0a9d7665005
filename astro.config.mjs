// @ts-check

import { satteri } from "@astrojs/markdown-satteri";
import mdx from "@astrojs/mdx";
import react from "@astrojs/react";
import { defineConfig } from "astro/config";
import { codeTheme, headingAnchorsPlugin, mathPlugin } from "./src/lib/markdown-plugins.mjs";

/**
 * Serves /api/* inside `astro dev` with the same app Netlify and `npm start` run.
 * The database is opened (created and migrated on first start) when the dev server starts.
 * @returns {import("vite").Plugin}
 */
function apiInDev() {
  const entry = "/src/server/dev.ts";
  return {
    name: "blog-api-in-dev",
    apply: "serve",
    configureServer(server) {
      server
        .ssrLoadModule(entry)
        .then((m) => m.ready())
        .catch((error) => {
          server.config.logger.error(`API database failed to start: ${error}`);
        });
      server.middlewares.use(async (req, res, next) => {
        if (!(req.url === "/api" || req.url?.startsWith("/api/") || req.url?.startsWith("/api?"))) {
          return next();
        }
        try {
          const mod = await server.ssrLoadModule(entry);
          await mod.handle(req, res);
        } catch (error) {
          next(error);
        }
      });
    },
  };
}

/**
 * In `astro dev`, a change written through /api (the back office) reloads the content
 * collections: src/server/site/publishers.ts calls the refreshContent left here.
 * @returns {import("astro").AstroIntegration}
 */
function contentRefreshInDev() {
  return {
    name: "blog-content-refresh-in-dev",
    hooks: {
      "astro:server:setup": async ({ refreshContent }) => {
        if (!refreshContent) return;
        const { setDevRefresh } = await import("./src/server/site/publishers.ts");
        setDevRefresh(refreshContent);
      },
    },
  };
}

/**
 * Our own hydration directives (src/directives): islands cost nothing until they are used.
 * @returns {import("astro").AstroIntegration}
 */
function directives() {
  return {
    name: "blog-client-directives",
    hooks: {
      "astro:config:setup": ({ addClientDirective }) => {
        addClientDirective({ name: "interaction", entrypoint: "./src/directives/interaction.ts" });
        addClientDirective({ name: "signedin", entrypoint: "./src/directives/signed-in.ts" });
      },
    },
  };
}

export default defineConfig({
  site: process.env.SITE_URL || "http://localhost:4321",
  // npm start's background builds keep their own cache (src/server/site/rebuild.ts), so they
  // never share one with a build run by hand at the same time.
  ...(process.env.ASTRO_CACHE_DIR ? { cacheDir: process.env.ASTRO_CACHE_DIR } : {}),
  output: "static",
  build: {
    // Pages are written while the next ones render: with one at a time, a third of page
    // generation was spent waiting for the disk.
    concurrency: 4,
  },
  integrations: [
    // The islands' server HTML with renderToString, one call each, instead of a stream each
    // (a fifth of page generation). It gives useId no per-island prefix, so the islands rendered
    // on the server (search box, person menu, feedback button) use fixed ids instead: each is
    // on a page once. useId stays fine in client:only islands and in what renders after
    // hydration (the feedback form).
    react({ experimentalDisableStreaming: true }),
    mdx(),
    directives(),
    contentRefreshInDev(),
  ],
  markdown: {
    // Astro's native processor (Sätteri) with math parsing on, plus our hast plugins: KaTeX
    // rendered at build time and heading anchors (src/lib/markdown-plugins.mjs). MDX and the
    // content loaders' renderMarkdown() use the same processor. (The remark/rehype pipeline,
    // `unified()`, cost about 20 s more per 2000 articles.)
    processor: satteri({
      features: { math: true },
      hastPlugins: [mathPlugin, headingAnchorsPlugin],
    }),
    // Colours as CSS variables; global.css sets them for <html data-theme> light and dark.
    shikiConfig: { theme: codeTheme },
  },
  vite: { plugins: [apiInDev()] },
});
