// @ts-check

import { rehypeHeadingIds, unified } from "@astrojs/markdown-remark";
import mdx from "@astrojs/mdx";
import react from "@astrojs/react";
import { defineConfig } from "astro/config";
import rehypeKatex from "rehype-katex";
import remarkMath from "remark-math";
import { rehypeHeadingAnchors } from "./src/lib/rehype-heading-anchors.mjs";

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
  output: "static",
  integrations: [react(), mdx(), directives()],
  markdown: {
    // The remark/rehype pipeline: math (KaTeX, rendered at build time) and heading anchors.
    processor: unified({
      remarkPlugins: [remarkMath],
      rehypePlugins: [rehypeKatex, rehypeHeadingIds, rehypeHeadingAnchors],
    }),
    // Both palettes in one pass; global.css picks by <html data-theme>.
    shikiConfig: { themes: { light: "github-light", dark: "github-dark" }, defaultColor: false },
  },
  vite: { plugins: [apiInDev()] },
});
