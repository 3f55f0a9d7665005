// @ts-check

import { join } from "node:path";
import { fileURLToPath } from "node:url";
import mdx from "@astrojs/mdx";
import react from "@astrojs/react";
import { defineConfig } from "astro/config";
import { siteMarkdown } from "./src/lib/markdown-plugins.mjs";

/**
 * Whether Vite serves pages (`astro dev`), not components to tests (vitest.components.config.ts).
 * @param {unknown} _config
 * @param {{ command: string }} env
 */
const servingPages = (_config, env) => env.command === "serve" && !process.env.VITEST;

/**
 * Serves /api/* inside `astro dev` with the same app Netlify and `npm start` run.
 * The database is opened (created and migrated on first start) when the dev server starts.
 * The server code is loaded by path through Vite (ssrLoadModule), never imported by this file:
 * Vite reloads it when it changes, and the config's own module graph stays free of server code
 * (src/architecture.test.ts names this load as the config's one way into src/server).
 * @returns {import("vite").Plugin}
 */
function apiInDev() {
  const entry = "/src/server/dev.ts";
  return {
    name: "blog-api-in-dev",
    apply: servingPages,
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
 * Search in `astro dev`: `/pagefind-<locale>/` made in memory from the pages the dev server
 * renders, by the build's own indexer (src/lib/search-dev.ts over src/lib/search-index.ts).
 * @returns {import("vite").Plugin}
 */
function searchInDev() {
  return {
    name: "blog-search-in-dev",
    apply: servingPages,
    configureServer(server) {
      /** @type {Promise<import("./src/lib/search-dev.ts").DevSearch> | undefined} */
      let search;
      const load = () => {
        search ??= import("./src/lib/search-dev.ts").then((m) =>
          m.devSearch({ log: (line) => server.config.logger.info(line) }),
        );
        return search;
      };
      server.watcher.on("change", () => void load().then((s) => s.changed()));
      server.middlewares.use((req, res, next) => {
        load().then((s) => s.handle(req, res, next), next);
      });
    },
  };
}

/**
 * In `astro dev`, a change written through /api (the back office) reloads the content
 * collections: src/server/site/publishers.ts calls the refreshContent left here, in the
 * interface between the site and the server (src/lib/content-source.ts).
 * @returns {import("astro").AstroIntegration}
 */
function contentRefreshInDev() {
  return {
    name: "blog-content-refresh-in-dev",
    hooks: {
      "astro:server:setup": async ({ server, refreshContent }) => {
        if (!refreshContent) return;
        const { setRefreshContent } = await import("./src/lib/content-source.ts");
        // No page renders while a refresh runs (src/lib/refresh-gate.ts says why).
        const { refreshGate } = await import("./src/lib/refresh-gate.ts");
        const gate = refreshGate();
        server.middlewares.use(gate.admit);
        setRefreshContent(gate.wrap(refreshContent));
      },
    },
  };
}

/**
 * Builds keep Vite's cache apart from the dev server's: a build (`npm run build`, each of `npm
 * start`'s background builds) writes its own pre-bundled dependencies, and in the shared
 * node_modules/.vite it replaced those of an `astro dev` running beside it, whose pages then
 * asked for files the server no longer knew ("504 Outdated Optimize Dep") and whose islands
 * never woke: the dev search tests failed in CI, where the publishing server rebuilds while
 * `astro dev` serves.
 * @returns {import("astro").AstroIntegration}
 */
function separateBuildCache() {
  return {
    name: "blog-separate-build-cache",
    hooks: {
      "astro:config:setup": ({ command, updateConfig }) => {
        if (command !== "dev") updateConfig({ vite: { cacheDir: "node_modules/.vite-build" } });
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

/**
 * After every build (dist/, and each of `npm start`'s background builds in its own folder), in
 * one pass in this order: the module preloads of every page, then the `_headers` file with the
 * security headers and the hashes of this build's inline scripts and styles
 * (src/lib/inline-hashes.ts). Netlify applies it; `npm start` serves by it.
 * @returns {import("astro").AstroIntegration}
 */
function afterBuild() {
  /** @type {string} */
  let cacheDir = "";
  return {
    name: "blog-after-build",
    hooks: {
      "astro:config:done": async ({ config, logger }) => {
        cacheDir = fileURLToPath(config.cacheDir);
        // Before the content sync: a store made by other schemas' code starts afresh.
        const { guardContentStore } = await import("./src/lib/content-store-guard.ts");
        if (guardContentStore(cacheDir)) logger.info("content schemas changed: store dropped");
      },
      "astro:build:done": async ({ dir, logger }) => {
        // First the `<link rel="modulepreload">` for each chunk a page's module script imports
        // (src/lib/module-preload.ts): the hashes and, after the build, the precompression read
        // the HTML as it leaves this hook. Each page is parsed once for both, and only when the
        // last build did not read the same page (src/lib/page-cache.ts).
        const { addModulePreloads, AFTER_BUILD_CODE } = await import("./src/lib/module-preload.ts");
        const { writeHeadersFile } = await import("./src/lib/inline-hashes.ts");
        const { PageCache } = await import("./src/lib/page-cache.ts");
        const cache = new PageCache(join(cacheDir, "after-build-pages.json"), AFTER_BUILD_CODE);
        const { changed, hashes } = await addModulePreloads(fileURLToPath(dir), cache);
        cache.save();
        logger.info(
          `module preloads added to ${changed} pages (${cache.hits} read by the last build)`,
        );
        const { scripts, styles } = writeHeadersFile(fileURLToPath(dir), hashes);
        logger.info(`_headers: ${scripts.length} inline script and ${styles.length} style hashes`);
      },
    },
  };
}

/**
 * `import url from "./module.ts?chunk-url"`: the URL of that module built as a chunk of its own,
 * for a script that loads it later with `import(url)`. A literal `import("./module.ts")` makes
 * Vite wrap it in its preload helper (0.9 KB of gzip on the page before any interaction); the
 * gallery's lightbox loader needs none of it (issue 18: at most 5 KB of JavaScript before
 * interaction), and says itself when the chunk fails to load (vite:preloadError). In dev the URL
 * is the module's own, which Vite serves.
 * @returns {import("vite").Plugin}
 */
function chunkUrl() {
  const suffix = "?chunk-url";
  /** @type {import("vite").ResolvedConfig} */
  let config;
  return {
    name: "blog-chunk-url",
    enforce: "pre",
    configResolved(resolved) {
      config = resolved;
    },
    async resolveId(source, importer) {
      if (!source.endsWith(suffix)) return null;
      const resolved = await this.resolve(source.slice(0, -suffix.length), importer, {
        skipSelf: true,
      });
      return resolved ? `\0${resolved.id}${suffix}` : null;
    },
    load(id) {
      if (!id.startsWith("\0") || !id.endsWith(suffix)) return null;
      const module = id.slice(1, -suffix.length);
      if (config.command === "serve") {
        const path = module.startsWith(config.root)
          ? module.slice(config.root.length)
          : `/@fs${module}`;
        return `export default ${JSON.stringify(path)};`;
      }
      const ref = this.emitFile({ type: "chunk", id: module });
      // Rolldown's own form, which Astro's incremental build resolves to the chunk's file name
      // when it hashes a page's code: with Rollup's, it hashed the reference id, which moves
      // from build to build, and a page that loads a chunk by URL was never copied.
      return `export default import.meta.ROLLDOWN_FILE_URL_${ref};`;
    },
  };
}

export default defineConfig({
  site: process.env.SITE_URL || "http://localhost:4321",
  // npm start's background builds keep their own cache (src/server/site/rebuild.ts), so they
  // never share one with a build run by hand at the same time.
  ...(process.env.ASTRO_CACHE_DIR ? { cacheDir: process.env.ASTRO_CACHE_DIR } : {}),
  output: "static",
  // `DIST_DIR` names the output as it does for the search, precompression and `npm start`, so a
  // build of one's own never overwrites dist/ (a folder inside the project: Node resolves the
  // page renderer's packages from beside the output).
  ...(process.env.DIST_DIR ? { outDir: process.env.DIST_DIR } : {}),
  build: {
    // One page at a time: incremental builds record what each page rendered, which pages
    // rendered side by side would mix up (Astro's page on the flag says so).
    concurrency: 1,
  },
  experimental: {
    // A page whose `cacheKey` (src/lib/cache-key.ts) and code are unchanged is copied from the
    // previous build (its cache in `cacheDir`) instead of rendered again.
    incrementalBuild: true,
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
    separateBuildCache(),
    contentRefreshInDev(),
    afterBuild(),
  ],
  // Astro's native processor (Sätteri) with math parsing on, plus our hast plugins: KaTeX
  // rendered at build time and heading anchors (src/lib/markdown-plugins.mjs). MDX, the content
  // loaders' renderMarkdown() and the back office's preview use the same processor. (The
  // remark/rehype pipeline, `unified()`, cost about 20 s more per 2000 articles.)
  markdown: siteMarkdown(),
  vite: {
    plugins: [apiInDev(), searchInDev(), chunkUrl()],
    // The background builds of `npm start` (src/server/site/rebuild.ts) are made in
    // .astro/site-builds: a dev server beside them must not take their files for its own
    // (it reloaded its pages and its content store under a build in progress).
    server: { watch: { ignored: ["**/.astro/site-builds/**"] } },
    // Every page's own scripts (the footer's switches, the readership beacon) and the stores
    // the islands share with them in one chunk: split by module, nine requests of 100-460
    // bytes each cost a guest's page about 700 bytes of gzip more (issue 18: at most 5 KB of
    // JavaScript before interaction). Only nanostores' atom: its listenKeys belongs to islands.
    environments: {
      client: {
        build: {
          rollupOptions: {
            output: {
              codeSplitting: {
                groups: [
                  {
                    name: "site",
                    test: /src[\\/](components[\\/](theme-switch|language-switch|readership-beacon)\.ts|stores[\\/](locale|theme)\.ts|i18n[\\/]locale\.ts|shared[\\/](storage-keys|readership-rules)\.ts|islands[\\/]ui[\\/]pressed-switch\.ts)|node_modules[\\/]nanostores[\\/]atom[\\/]/,
                  },
                ],
              },
            },
          },
        },
      },
    },
  },
});
