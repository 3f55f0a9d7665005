import { cpSync, existsSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import type { AstroIntegration } from "astro";
import {
  type AstroAssets,
  astroAssets,
  astroBuildModules,
  type BuildApp,
  type DefaultPrerenderer,
  type PristineStyles,
  pristineStyles,
} from "./astro-build.ts";
import { HotRenderer } from "./hot-render.ts";

/**
 * Keeps, during one `astro build` in this process, what hot renders need afterwards. `outDir`
 * is the build's; `keepDir` a folder of the worker's own inside the project (the renderer
 * resolves its packages from where it lies).
 */
export function hotCapture(outDir: string, keepDir: string) {
  let internals: unknown;
  let styles: PristineStyles = new Map();
  let images: AstroAssets | undefined;
  let app: BuildApp | undefined;
  const bundle = join(keepDir, "bundle");
  const integration: AstroIntegration = {
    name: "blog-hot-capture",
    hooks: {
      "astro:build:start": ({ setPrerenderer }) => {
        setPrerenderer((fallback) => {
          const standard: DefaultPrerenderer = fallback;
          return {
            ...standard,
            name: "blog-hot-capture",
            async setup() {
              const prerenderDir = join(outDir, ".prerender");
              const entryName = readdirSync(prerenderDir).find((name) =>
                name.startsWith("prerender-entry"),
              );
              if (entryName) {
                // The entry Astro imports next, the same module: its app says what it is given.
                const entry: { app?: BuildApp } = await import(
                  pathToFileURL(join(prerenderDir, entryName)).href
                );
                const entryApp = entry.app;
                if (entryApp) {
                  const set = entryApp.setInternals.bind(entryApp);
                  entryApp.setInternals = (value) => {
                    internals = value;
                    styles = pristineStyles(value);
                    set(value);
                  };
                }
              }
              await standard.setup?.();
              app = standard.app;
              rmSync(keepDir, { recursive: true, force: true });
              cpSync(prerenderDir, bundle, { recursive: true });
            },
            async teardown() {
              // Astro deletes the build's image function after this; pages need it to name
              // their optimised images as the build named them.
              images = astroAssets() && { ...astroAssets() };
              await standard.teardown?.();
            },
          };
        });
      },
    },
  };
  return {
    integration,
    /** After the build: the renderer of later changes, or null when the build gave too little. */
    async renderer(): Promise<HotRenderer | null> {
      if (!app || internals === undefined || !existsSync(bundle)) return null;
      const options = app.getOptions();
      const astro = await astroBuildModules();
      // The build's store, in memory only: written to no file, it is serialised only when a
      // change is rendered.
      const store = await astro.MutableDataStore.fromString(
        readFileSync(new URL("data-store.json", options.settings.config.cacheDir), "utf8"),
      );
      const renderer = new HotRenderer(astro, {
        internals,
        styles,
        images,
        options,
        store,
        keepDir,
      });
      await renderer.prime();
      return renderer;
    },
  };
}
