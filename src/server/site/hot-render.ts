// Publishing at once: the pages a content change touches, rendered by the build worker that
// made the site being served, while a whole build catches up behind (rebuild.ts). A build
// costs seconds of fixed work (Vite bundles the code again, Astro sets up, search indexes every
// page); this costs the pages that changed.
//
// A build bakes the content store into its page renderer (the `astro:data-layer-content`
// chunk), so that renderer never sees new content. So the worker keeps what Astro deletes at
// the end of its build: a copy of the page renderer (`<outDir>/.prerender/`), the build's
// internals, and a copy of the content store. For each change it
//   1. syncs the content layer into its store: the database loader reads the new snapshot, and
//      rows whose digest is unchanged keep their render;
//   2. copies the renderer to a fresh folder with the new store as its data chunk and loads it:
//      a fresh module graph, so nothing of the last content is cached anywhere;
//   3. asks it for every path with its `cacheKey` and renders, with Astro's own renderPath, the
//      pages whose key changed, the new ones and the pages (not files) without a key;
//   4. adds the module preloads, keeps the pages that differ from what is served, and writes
//      them with their `.br` and `.gz` into a new overlay folder, with the pages gone.
// The overlay holds every page changed since the worker's own build, so it can be laid over
// that build or any later one. The server serves it until a whole build of the same content
// lands.
//
// This reaches into Astro's build (modules under astro/dist, the default prerenderer's app):
// docs/decisions/publishing.md says why. src/server/site/incremental.test.ts checks every
// hot page against a build from scratch.
import { createHash } from "node:crypto";
import {
  copyFileSync,
  cpSync,
  existsSync,
  linkSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from "node:fs";
import { dirname, join, relative, sep } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import type { AstroPrerenderer } from "astro";
import { z } from "zod";
import { ROWS_ONLY } from "../../lib/content-source.ts";
import { hashCollector, hashesOf } from "../../lib/inline-hashes.ts";
import { siteDependencies, withModulePreloads } from "../../lib/module-preload.ts";
import { precompress } from "../../lib/precompress.ts";
import type { InlineHashes } from "../../lib/security-headers.ts";
import {
  type AstroAssets,
  type AstroBuildModules,
  astroAssets,
  type BuildOptions,
  type DataStore,
  type DefaultPrerenderer,
  HOT_STORE,
  type PathWithRoute,
  type PristineStyles,
  restoreStyles,
} from "./astro-build.ts";

/** A hot render's answer: the overlay to serve over the worker's build. */
export const hotOverlaySchema = z.object({
  /** Files of the overlay folder, relative to it (without their `.br` and `.gz`). */
  files: z.array(z.string()),
  /** Files of the worker's build that no page makes any more. */
  removed: z.array(z.string()),
  /** The inline hashes of the overlay's pages. */
  hashes: z.object({ scripts: z.array(z.string()), styles: z.array(z.string()) }),
  /** Pages rendered for this change (those equal to what was served are not written). */
  rendered: z.number().int().nonnegative(),
  /** Where the time went, for the server's log: `sync 120 ms, load 80 ms, …, 900 ms of CPU`. */
  steps: z.string(),
});
export type HotOverlay = z.output<typeof hotOverlaySchema>;

/** More pages than this to render (a settings change, a renamed category): the whole build is as quick. */
export const HOT_MAX_PAGES = 120;

const digest = (body: string | Uint8Array) => createHash("sha256").update(body).digest("hex");

/** A hard link where the file system allows one, else a copy. */
function linkOrCopy(from: string, to: string): void {
  try {
    linkSync(from, to);
  } catch {
    copyFileSync(from, to);
  }
}

/** A page's output file relative to the build's folder, as a path (not URL-encoded). */
const relativeOut = (file: URL, outDir: URL) =>
  relative(fileURLToPath(outDir), fileURLToPath(file)).split(sep).join("/");

interface HotState {
  internals: unknown;
  styles: PristineStyles;
  images: AstroAssets | undefined;
  options: BuildOptions;
  store: DataStore;
  keepDir: string;
}

export class HotRenderer {
  readonly #astro: AstroBuildModules;
  readonly #state: HotState;
  #version = 0;
  /** Each page of the current content: its output file and key (undefined: none). */
  #paths = new Map<string, { file: string; key: string | undefined }>();
  /** Each file of the last overlay, with the inline hashes of a page. */
  #overlay = new Map<string, InlineHashes>();
  #overlayDir: string | null = null;
  /** Files of the worker's build that the current content no longer makes. */
  #removed = new Set<string>();
  /** The digest of each unkeyed page's file as last served, read from the build at first. */
  #unkeyed = new Map<string, string>();
  #dependencies: ((url: string) => string[]) | null = null;

  constructor(astro: AstroBuildModules, state: HotState) {
    this.#astro = astro;
    this.#state = state;
  }

  /** Loads the build's own renderer once, for the paths and keys its pages were built with. */
  async prime(): Promise<void> {
    const prerenderer = await this.#load(null);
    this.#paths = await this.#pathsOf(prerenderer);
  }

  /** A fresh copy of the kept renderer, with `store` as its content when given. */
  async #load(store: DataStore | null): Promise<DefaultPrerenderer> {
    const previous = join(this.#state.keepDir, `v${this.#version}`);
    this.#version += 1;
    const dir = join(this.#state.keepDir, `v${this.#version}`);
    cpSync(join(this.#state.keepDir, "bundle"), dir, { recursive: true });
    if (store !== null) {
      const chunks = join(dir, "chunks");
      const chunk = readdirSync(chunks).find((name) =>
        name.startsWith("_astro_data-layer-content"),
      );
      if (!chunk) throw new Error("The page renderer has no content chunk");
      // The store as a build serialises it (devalue's JSON), handed over in memory rather
      // than as a module of its own to parse. Not the live Map itself: a build gives its pages
      // a store read afresh, and pages listing entries of equal dates came out in another order.
      const shared: Record<symbol, unknown> = globalThis;
      shared[HOT_STORE] = store.toString();
      writeFileSync(
        join(chunks, chunk),
        `export default JSON.parse(globalThis[Symbol.for(${JSON.stringify(HOT_STORE.description)})]);\n`,
      );
    }
    const prerenderer = this.#astro.createDefaultPrerenderer({
      internals: this.#state.internals,
      options: this.#state.options,
      prerenderOutputDir: pathToFileURL(`${dir}/`),
    });
    await prerenderer.setup?.();
    // The renderer before this one is used no more.
    rmSync(previous, { recursive: true, force: true });
    return prerenderer;
  }

  async #pathsOf(prerenderer: AstroPrerenderer) {
    const { config } = this.#state.options.settings;
    const paths = new Map<string, { file: string; key: string | undefined; page: PathWithRoute }>();
    for (const page of await prerenderer.getStaticPaths()) {
      // Where the build writes the page (generate.js's generatePathWithPrerenderer).
      const encoded = encodeURI(page.pathname);
      const folder = this.#astro.getOutFolder(this.#state.options.settings, encoded, page.route);
      const out = this.#astro.getOutFile(config.build.format, folder, encoded, page.route);
      const file = relativeOut(out, config.outDir);
      paths.set(page.pathname, { file, key: page.cacheKey, page });
    }
    return paths;
  }

  /**
   * Renders what the snapshot named by CONTENT_SNAPSHOT changes into `overlayDir`; `siteDir` is
   * the worker's build as served. Null when the change touches more than HOT_MAX_PAGES pages.
   */
  async render(siteDir: string, overlayDir: string): Promise<HotOverlay | null> {
    const { options, store } = this.#state;
    const steps: string[] = [];
    const cpuBefore = process.cpuUsage();
    let at = performance.now();
    const step = (name: string) => {
      const now = performance.now();
      steps.push(`${name} ${Math.round(now - at)} ms`);
      at = now;
    };
    const layer = new this.#astro.ContentLayer({
      settings: options.settings,
      logger: options.logger,
      store,
    });
    // A new context makes the database loader read the snapshot again, and only its rows
    // (database-loader.ts).
    await layer.sync({ context: { changedAt: `hot-${this.#version}`, [ROWS_ONLY]: true } });
    step("sync");
    const prerenderer = await this.#load(store);
    step("load");
    const paths = await this.#pathsOf(prerenderer);
    step("paths");
    // Pages without a key are rendered and compared with what is served. Files without a key
    // list the whole site (the sitemap, the feeds, the chat's passages): they are left to the
    // whole build, as the search indexes are. They cost seconds on a large site, and no reader
    // waits on them.
    const todo = [...paths.values()].filter(({ page, key }) => {
      if (key === undefined) return page.route.type === "page";
      return this.#paths.get(page.pathname)?.key !== key;
    });
    if (todo.filter(({ key }) => key !== undefined).length > HOT_MAX_PAGES) {
      this.#paths = paths;
      return null;
    }
    this.#dependencies ??= await siteDependencies(siteDir);
    const dependencies = this.#dependencies;
    const changed = new Map<string, string | Uint8Array>();
    const assets = this.#buildImages();
    for (const { page, file, key } of todo) {
      restoreStyles(this.#state.styles);
      const result = await this.#astro.renderPath({
        prerenderer,
        pathname: page.pathname,
        route: page.route,
        options,
        logger: options.logger,
        collectMetadata: false,
      });
      if (!result) continue;
      // Pages get the preload links the pass after a build adds (astro.config.mjs).
      const body = file.endsWith(".html")
        ? withModulePreloads(Buffer.from(result.body).toString("utf8"), dependencies)
        : result.body;
      if (key === undefined) {
        const served =
          this.#unkeyed.get(file) ??
          (existsSync(join(siteDir, file)) ? digest(readFileSync(join(siteDir, file))) : "");
        const now = digest(body);
        this.#unkeyed.set(file, now);
        if (served === now && !this.#overlay.has(file)) continue;
      }
      changed.set(file, body);
    }
    // An optimised image the build did not make (a new image in a file): the build must.
    for (const { transforms } of assets.staticImages?.values() ?? []) {
      for (const { finalPath } of transforms.values()) {
        if (!existsSync(join(siteDir, finalPath))) {
          throw new Error(`A new optimised image, ${finalPath}: left to the whole build`);
        }
      }
    }
    step(`render (${todo.length} pages)`);
    const files = new Set([...paths.values()].map(({ file }) => file));
    const gone = [...this.#paths.values()]
      .map(({ file }) => file)
      .filter((file) => !files.has(file));
    this.#paths = paths;
    const written = await this.#write(overlayDir, changed, gone);
    step("write");
    const { user, system } = process.cpuUsage(cpuBefore);
    steps.push(`${Math.round((user + system) / 1000)} ms of CPU`);
    return { ...written, rendered: todo.length, steps: steps.join(", ") };
  }

  /** Astro's image functions as the build had them, with an empty list of images to make. */
  #buildImages(): AstroAssets {
    const assets = astroAssets() ?? {};
    const setGlobal: { astroAsset?: AstroAssets } = globalThis;
    setGlobal.astroAsset = assets;
    Object.assign(assets, this.#state.images ?? {}, { staticImages: new Map() });
    return assets;
  }

  /** The new overlay: the last one's files, this change's files over them, without the gone. */
  async #write(
    overlayDir: string,
    changed: Map<string, string | Uint8Array>,
    gone: string[],
  ): Promise<Omit<HotOverlay, "rendered" | "steps">> {
    mkdirSync(overlayDir, { recursive: true });
    const removed = new Set(this.#removed);
    for (const file of gone) removed.add(file);
    const previous = this.#overlayDir;
    for (const file of this.#overlay.keys()) {
      if (changed.has(file) || removed.has(file) || !previous) continue;
      for (const suffix of ["", ".br", ".gz"]) {
        const from = join(previous, file + suffix);
        if (!existsSync(from)) continue;
        mkdirSync(dirname(join(overlayDir, file)), { recursive: true });
        // Overlay files are never written again, so the next overlay may share them.
        linkOrCopy(from, join(overlayDir, file + suffix));
      }
    }
    const fresh = join(overlayDir, ".fresh");
    for (const [file, body] of changed) {
      removed.delete(file);
      const hashes = file.endsWith(".html")
        ? hashesOf([Buffer.from(body).toString("utf8")])
        : { scripts: [], styles: [] };
      this.#overlay.set(file, hashes);
      mkdirSync(dirname(join(fresh, file)), { recursive: true });
      writeFileSync(join(fresh, file), body);
    }
    for (const file of gone) this.#overlay.delete(file);
    // Compressed as a build compresses them (src/lib/precompress.ts), then moved into place.
    await precompress(fresh);
    cpSync(fresh, overlayDir, { recursive: true });
    rmSync(fresh, { recursive: true, force: true });
    this.#removed = removed;
    this.#overlayDir = overlayDir;
    const hashes = hashCollector();
    for (const found of this.#overlay.values()) hashes.addHashes(found);
    const { scripts, styles } = hashes.hashes();
    return {
      files: [...this.#overlay.keys()].sort(),
      removed: [...removed].sort(),
      hashes: { scripts: [...scripts], styles: [...styles] },
    };
  }
}
