import type { AstroPrerenderer } from "astro";

export type PathWithRoute = Awaited<ReturnType<AstroPrerenderer["getStaticPaths"]>>[number];
type RouteData = PathWithRoute["route"];

/** What the prerender app of a build offers beyond AstroPrerenderer (astro/dist/core/build/app.js). */
export interface BuildApp {
  setInternals(internals: unknown): void;
  getOptions(): BuildOptions;
  getSettings(): { config: { cacheDir: URL; outDir: URL; build: { format: string } } };
}
export interface BuildOptions {
  settings: BuildApp extends { getSettings(): infer S } ? S : never;
  logger: unknown;
}
export interface DefaultPrerenderer extends AstroPrerenderer {
  app?: BuildApp;
}
/** Astro's modules used here, by their place under astro/dist. */
export interface AstroBuildModules {
  createDefaultPrerenderer(options: {
    internals: unknown;
    options: BuildOptions;
    prerenderOutputDir: URL;
  }): DefaultPrerenderer;
  renderPath(options: {
    prerenderer: AstroPrerenderer;
    pathname: string;
    route: RouteData;
    options: BuildOptions;
    logger: unknown;
    collectMetadata: boolean;
  }): Promise<{ outFile: URL; body: string | Uint8Array } | null>;
  ContentLayer: new (options: {
    settings: BuildOptions["settings"];
    logger: unknown;
    store: DataStore;
  }) => { sync(options: { context: Record<string, unknown> }): Promise<void> };
  MutableDataStore: { fromString(data: string): Promise<DataStore> };
  getOutFolder(settings: BuildOptions["settings"], pathname: string, route: RouteData): URL;
  getOutFile(format: string, folder: URL, pathname: string, route: RouteData): URL;
}
export interface DataStore {
  /** The store serialised, as the build writes it (devalue's JSON). */
  toString(): string;
}

const ASTRO = import.meta.resolve("astro");
/** A module of Astro's build, by its path under astro/dist (the package exports none of them). */
const astroModule = (path: string): Promise<Record<string, unknown>> =>
  import(new URL(path, ASTRO).href);

export async function astroBuildModules(): Promise<AstroBuildModules> {
  const [prerenderer, generate, common, layer, store] = await Promise.all([
    astroModule("./core/build/default-prerenderer.js"),
    astroModule("./core/build/generate.js"),
    astroModule("./core/build/common.js"),
    astroModule("./content/content-layer.js"),
    astroModule("./content/mutable-data-store.js"),
  ]);
  // The shapes are Astro 7.3's (see the interfaces above); a missing one fails here, by name.
  const take = <T>(module: Record<string, unknown>, name: string): T => {
    const found = module[name];
    if (found === undefined) throw new Error(`Astro no longer has ${name}: hot renders are off`);
    return found as T; // the interface above, checked by the hot render tests
  };
  return {
    createDefaultPrerenderer: take(prerenderer, "createDefaultPrerenderer"),
    renderPath: take(generate, "renderPath"),
    ContentLayer: take(layer, "ContentLayer"),
    MutableDataStore: take(store, "MutableDataStore"),
    getOutFolder: take(common, "getOutFolder"),
    getOutFile: take(common, "getOutFile"),
  };
}

/** Where the worker leaves the store for the renderer's content chunk to take. */
export const HOT_STORE = Symbol.for("blog.hotRenderStore");

/** Astro's global for images in a build (`globalThis.astroAsset`), as far as it is read here. */
export interface AstroAssets {
  addStaticImage?: unknown;
  recordReferencedImage?: unknown;
  staticImages?: Map<string, { transforms: Map<string, { finalPath: string }> }>;
}
export const astroAssets = (): AstroAssets | undefined =>
  (globalThis as { astroAsset?: AstroAssets }).astroAsset; // Astro's own global, set by its build

/**
 * Each page's styles in the order the build found them. Astro sorts them in place on every
 * render with a comparator that is not consistent for ties (core/build/runtime.js, cssOrder),
 * so a page rendered a second time in one process may order its inline styles otherwise. Each
 * hot render starts from the order a build from scratch starts from.
 */
export type PristineStyles = Map<{ styles: unknown[] }, unknown[]>;

export function pristineStyles(internals: unknown): PristineStyles {
  const kept: PristineStyles = new Map();
  const pages =
    typeof internals === "object" && internals !== null && "pagesByKeys" in internals
      ? internals.pagesByKeys
      : null;
  if (!(pages instanceof Map)) return kept;
  for (const data of pages.values()) if (isPageData(data)) kept.set(data, [...data.styles]);
  return kept;
}

function isPageData(value: unknown): value is { styles: unknown[] } {
  return (
    typeof value === "object" && value !== null && "styles" in value && Array.isArray(value.styles)
  );
}

export function restoreStyles(kept: PristineStyles): void {
  for (const [page, styles] of kept) page.styles = [...styles];
}
