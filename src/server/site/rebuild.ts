import { createHash } from "node:crypto";
import {
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from "node:fs";
import { join, resolve } from "node:path";
import { type BuildStatus, changeLine, type SiteChange } from "../../shared/build-status.ts";
import type { Publisher } from "../content/publisher.ts";
import type { Db } from "../db/client.ts";
import { BuildFailure, BuildLog } from "./build-log.ts";
import {
  type BuildCommand,
  type BuildPages,
  type HotRequest,
  moveDir,
  removeOrphans,
  stagingDir,
  workerBuilds,
} from "./build-workers.ts";
import type { HotOverlay } from "./hot-render.ts";
import { debounced } from "./publishers.ts";
import { leavableItem, leaveOut, takeSnapshot, writeSnapshotFile } from "./snapshot.ts";

// `npm start` rebuilds the site itself after a content change. The new build is made in a
// folder inside the project (Astro writes its page renderer next to the output, and Node
// resolves that renderer's packages from where it lies: outside the project, `react` is not
// found), then moved to a fresh folder under $DATA_DIR/site/ while the current one keeps being
// served; when it is complete (pages and search indexes), the server points at it in one
// assignment, so every request is answered wholly by the old build or wholly by the new one.
// `$DATA_DIR/site/current` names the newest build, so a restart serves it too (unless
// `npm run build` made a newer dist/ since). Each build runs in a worker process started ahead
// of need (build-worker.ts), so a publish does not wait for Node to load Astro.

export interface SiteRoot {
  /** The folder being served. */
  dir: string;
  /** Its 404 page. */
  notFoundPage: string;
  /** Pages rendered at once after a change (hot-render.ts), served over `dir`'s. */
  overlay?: SiteOverlay;
}

/** A hot render's pages as the server lays them over a build. */
export interface SiteOverlay extends HotOverlay {
  dir: string;
}

const FALLBACK_404 = "<!doctype html><title>Not found</title><h1>Not found</h1>";

export function siteRootAt(dir: string): SiteRoot {
  const page = join(dir, "404.html");
  return { dir, notFoundPage: existsSync(page) ? readFileSync(page, "utf8") : FALLBACK_404 };
}

const buildsDir = (dataDir: string) => join(dataDir, "site");
const pointer = (dataDir: string) => join(buildsDir(dataDir), "current");
/** Where builds are made before they move to $DATA_DIR: Astro's own folder in the project. */
const builtAt = (dir: string) => {
  try {
    return statSync(join(dir, "index.html")).mtimeMs;
  } catch {
    return -1;
  }
};

/** The folder to serve at start: the newer of `dist` and the last background build. */
export function initialSiteDir(dist: string, dataDir: string): string {
  if (!existsSync(pointer(dataDir))) return dist;
  const last = join(buildsDir(dataDir), readFileSync(pointer(dataDir), "utf8").trim());
  return builtAt(last) > builtAt(dist) ? last : dist;
}

/** What a build did (the worker's answer): its CPU time and the keyed pages it rendered. */
export interface RebuilderOptions {
  db: Db;
  dataDir: string;
  /** Called with the new root once a build is complete. */
  swap: (root: SiteRoot) => void;
  /** The build itself; by default `workerBuilds()` in the project (the current folder). */
  build?: BuildCommand;
  /** With `build`: called when someone watches the build status (get a build process ready). */
  warm?: () => void;
  /** With `build`: renders a change at once over the last build (hot-render.ts), or null. */
  hot?: (request: HotRequest) => Promise<HotOverlay | null>;
  /** Where builds are made before they move to $DATA_DIR; by default `.astro/site-builds` of the project. */
  staging?: string;
  delayMs?: number;
  log?: (line: string) => void;
}

/**
 * Removes the folders `<prefix>-<time>` of `dir` but the newest two: the one before the newest
 * may still be answering a request.
 */
function keepNewestTwo(dir: string, prefix: "build" | "hot"): void {
  const pattern = new RegExp(`^${prefix}-\\d+$`);
  const names = readdirSync(dir)
    .filter((n) => pattern.test(n))
    .sort();
  for (const old of names.slice(0, -2)) rmSync(join(dir, old), { recursive: true, force: true });
}

/** The longest a build waits for the render at once of the same change. */
const HOT_WAIT_MS = 10_000;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms).unref());

/** A Publisher for `npm start`: a background build after a burst of changes, swapped in when complete. */
export function rebuilder(options: RebuilderOptions): Publisher & {
  idle(): Promise<void>;
  builds: number;
  status(): BuildStatus;
  /** Stops the ready build process (shutdown). */
  close(): void;
} {
  const { build, warm, close, hot } = options.build
    ? {
        build: options.build,
        warm: options.warm ?? (() => {}),
        close: () => {},
        hot: options.hot ?? (async () => null),
      }
    : workerBuilds();
  const staging = resolve(options.staging ?? stagingDir(process.cwd()));
  removeOrphans(staging);
  const log = options.log ?? console.log;
  const state = { builds: 0 };
  const history = new BuildLog();
  // One item never stops the others: the items a failed build changed are left out of the builds
  // after it (and shown so), each until it is changed again; the rest of that build's changes
  // are built again at once without them.
  const leftOut = new Map<string, SiteChange>();
  const queue = debounced(async (reasons) => {
    const id = history.start();
    history.leaveOut(id, [...leftOut.values()]);
    let pages: BuildPages | null;
    try {
      pages = await buildAndSwap(reasons);
    } catch (error) {
      const suspects = reasons.filter((change) => {
        const key = leavableItem(change);
        return key !== null && !leftOut.has(key);
      });
      for (const change of suspects) leftOut.set(leavableItem(change) ?? "", change);
      history.leaveOut(id, [...leftOut.values()]);
      history.finish(id, "failed", error);
      const others = reasons.filter((change) => !suspects.includes(change));
      if (suspects.length > 0 && others.length > 0) {
        for (const change of others) request(change);
      }
      throw error;
    }
    history.finish(
      id,
      "live",
      undefined,
      pages && {
        cpuMs: Math.round(pages.cpuMs),
        pagesKeyed: pages.keyed,
        pagesRendered: pages.keyed - pages.reused,
      },
    );
  }, options.delayMs ?? 200);

  function request(change: SiteChange) {
    changes += 1;
    history.queue(change);
    queue.request(change);
    hotQueue.request(change);
  }

  // What is served: the last build, and over it the pages rendered at once since (hot-render.ts).
  // A snapshot holds at least the changes requested before it is taken (counted here); an overlay
  // is laid only over a build that holds fewer changes than itself.
  let changes = 0;
  const served: {
    dir: string | null;
    snapshot: number;
    overlay: { value: SiteOverlay; snapshot: number } | null;
  } = { dir: null, snapshot: 0, overlay: null };
  /** The folder of the build whose worker renders hot (the last build made here). */
  let hotSiteDir: string | null = null;

  function serve() {
    if (!served.dir) return;
    const root = siteRootAt(served.dir);
    options.swap(served.overlay ? { ...root, overlay: served.overlay.value } : root);
  }

  const hotQueue = debounced(async (reasons) => {
    const siteDir = hotSiteDir;
    if (!siteDir || !served.dir) return;
    const started = Date.now();
    const dir = buildsDir(options.dataDir);
    const name = `hot-${started}`;
    const snapshot = join(dir, `${name}.snapshot.json`);
    const number = changes;
    writeSnapshotFile(snapshot, leaveOut(await takeSnapshot(options.db), new Set(leftOut.keys())));
    const overlayDir = join(dir, name);
    let overlay: HotOverlay | null;
    try {
      overlay = await hot({ env: { CONTENT_SNAPSHOT: snapshot }, siteDir, overlayDir });
    } finally {
      rmSync(snapshot, { force: true });
    }
    if (!overlay || number <= served.snapshot) {
      rmSync(overlayDir, { recursive: true, force: true });
      return;
    }
    served.overlay = { value: { ...overlay, dir: overlayDir }, snapshot: number };
    serve();
    keepNewestTwo(dir, "hot");
    log(
      `Published at once in ${((Date.now() - started) / 1000).toFixed(1)} s: ${overlay.rendered} pages rendered; ${overlay.steps} (${reasons.map(changeLine).join("; ")})`,
    );
  }, options.delayMs ?? 200);

  async function buildAndSwap(reasons: SiteChange[]): Promise<BuildPages | null> {
    // The render at once first: the build would take cores from it while readers wait.
    if (hotSiteDir) await Promise.race([hotQueue.idle(), sleep(HOT_WAIT_MS)]);
    const started = Date.now();
    const dir = buildsDir(options.dataDir);
    mkdirSync(dir, { recursive: true });
    mkdirSync(staging, { recursive: true });
    const name = `build-${started}`;
    const outDir = join(dir, name);
    // The same folder for every build of this data folder: Astro's hash of a page's code takes
    // in the output folder (through astro:assets), and a new one each build made every page
    // that shows an image render again. Named by the data folder: servers of two data folders
    // may share one project. Builds of one server never overlap (the queue runs one at a time).
    const stagedDir = join(
      staging,
      `${createHash("sha256").update(resolve(options.dataDir)).digest("hex").slice(0, 12)}-build`,
    );
    rmSync(stagedDir, { recursive: true, force: true });
    const snapshot = join(dir, `${name}.snapshot.json`);
    const number = changes;
    writeSnapshotFile(snapshot, leaveOut(await takeSnapshot(options.db), new Set(leftOut.keys())));
    log(`Rebuilding the site (${reasons.map(changeLine).join("; ")})`);
    let pages: BuildPages | null;
    try {
      pages = await build(stagedDir, {
        CONTENT_SNAPSHOT: snapshot,
        ASTRO_CACHE_DIR: join(dir, "cache"),
        ASTRO_TELEMETRY_DISABLED: "1",
      });
      if (!existsSync(join(stagedDir, "index.html")))
        throw new BuildFailure(["The build finished without an index.html"], "");
      moveDir(stagedDir, outDir);
    } finally {
      rmSync(stagedDir, { recursive: true, force: true });
      rmSync(snapshot, { force: true });
    }
    served.dir = outDir;
    served.snapshot = number;
    if (served.overlay && served.overlay.snapshot <= number) served.overlay = null;
    hotSiteDir = outDir;
    serve();
    const temp = `${pointer(options.dataDir)}.tmp`;
    writeFileSync(temp, name);
    renameSync(temp, pointer(options.dataDir));
    state.builds += 1;
    keepNewestTwo(dir, "build");
    const work = pages
      ? `, ${(pages.cpuMs / 1000).toFixed(1)} s of CPU (${pages.reused} of ${pages.keyed} pages copied from the last build)`
      : "";
    log(
      `Site rebuilt in ${((Date.now() - started) / 1000).toFixed(1)} s${work}, now serving ${outDir}`,
    );
    return pages;
  }

  return {
    contentChanged(reason) {
      // A left-out item changed again is tried again.
      const key = leavableItem(reason);
      if (key) leftOut.delete(key);
      request(reason);
    },
    status() {
      warm();
      return { mode: "rebuild", runs: history.runs() };
    },
    idle: () => Promise.all([queue.idle(), hotQueue.idle()]).then(() => {}),
    close,
    get builds() {
      return state.builds;
    },
  };
}
