import { type ChildProcess, spawn } from "node:child_process";
import { createHash } from "node:crypto";
import {
  cpSync,
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
import { fileURLToPath } from "node:url";
import { z } from "zod";
import { type BuildStatus, changeLine, type SiteChange } from "../../shared/build-status.ts";
import type { Publisher } from "../content/publisher.ts";
import type { Db } from "../db/client.ts";
import { BuildFailure, BuildLog } from "./build-log.ts";
import { type HotOverlay, hotOverlaySchema } from "./hot-render.ts";
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
export const stagingDir = (projectDir: string) => join(projectDir, ".astro", "site-builds");
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
export interface BuildPages {
  cpuMs: number;
  keyed: number;
  reused: number;
  /** The keyed pages it rendered (`<route> <path>`), the first 200. */
  rendered: string[];
}

const buildPages = z.object({
  cpuMs: z.number().nonnegative(),
  keyed: z.number().int(),
  reused: z.number().int(),
  rendered: z.array(z.string()),
});

/**
 * Builds the site into outDir (pages and search indexes), with `env` added to the environment.
 * Answers how many keyed pages it copied from the build before, when it can tell.
 */
export type BuildCommand = (
  outDir: string,
  env: Record<string, string>,
) => Promise<BuildPages | null>;

/** Moves a finished build; a copy when the two folders are on different file systems. */
export function moveDir(from: string, to: string): void {
  try {
    renameSync(from, to);
  } catch (error) {
    if (!(error instanceof Error && "code" in error && error.code === "EXDEV")) throw error;
    cpSync(from, to, { recursive: true });
    rmSync(from, { recursive: true, force: true });
  }
}

/** The last `max` characters a child wrote, for the server log when its build fails. */
function outputTail(child: ChildProcess, max = 4000): () => string {
  let tail = "";
  const keep = (chunk: Buffer) => {
    tail = (tail + chunk.toString()).slice(-max);
  };
  child.stdout?.on("data", keep);
  child.stderr?.on("data", keep);
  return () => tail;
}

interface Worker {
  child: ChildProcess;
  /** Resolves when Astro is loaded and the worker waits for its build. */
  ready: Promise<void>;
  /** Resolves with the worker's answer to its build, or its exit without one. */
  result: Promise<
    | { type: "done"; pages: BuildPages | null }
    | { type: "failed"; lines: string[] }
    | { type: "exit" }
  >;
  /** After its build: renders a change at once (hot-render.ts); null when it cannot. */
  hot: (request: HotRequest) => Promise<HotOverlay | null>;
  output: () => string;
}

interface HotRequest {
  env: Record<string, string>;
  siteDir: string;
  overlayDir: string;
}

const WORKER = fileURLToPath(new URL("./build-worker.ts", import.meta.url));

function startWorker(projectDir: string): Worker {
  const child = spawn(process.execPath, [WORKER], {
    cwd: projectDir,
    // Two malloc arenas, as `npm run build` gives astro build (package.json): with glibc's
    // default of eight a core, the image work's threads (sharp) fragmented memory, and a cold
    // build of 1000 articles a language peaked at 2448 MB, not 1867 (`npm run bench:content`).
    env: { ...process.env, ASTRO_TELEMETRY_DISABLED: "1", MALLOC_ARENA_MAX: "2" },
    stdio: ["ignore", "pipe", "pipe", "ipc"],
  });
  const output = outputTail(child);
  let ready: () => void = () => {};
  let answer: (value: Awaited<Worker["result"]>) => void = () => {};
  /** The hot render under way: one at a time (a worker renders them in order). */
  let hotAnswer: ((overlay: HotOverlay | null) => void) | null = null;
  let hotLine: Promise<unknown> = Promise.resolve();
  child.once("close", () => hotAnswer?.(null));
  const worker: Worker = {
    child,
    output,
    hot(request) {
      const next = hotLine.then(
        () =>
          new Promise<HotOverlay | null>((resolveHot) => {
            if (child.exitCode !== null || !child.connected) return resolveHot(null);
            hotAnswer = resolveHot;
            child.send({ type: "hot", ...request });
          }),
      );
      hotLine = next;
      return next;
    },
    ready: new Promise<void>((resolveReady, rejectReady) => {
      ready = resolveReady;
      child.once("exit", (code) =>
        rejectReady(new BuildFailure([`The build process exited with ${code}`], output())),
      );
      child.once("error", rejectReady);
    }),
    result: new Promise((resolveResult) => {
      answer = resolveResult;
      // After "close" every message the worker sent has arrived: an answer wins over this.
      child.once("close", () => resolveResult({ type: "exit" }));
    }),
  };
  // A worker nobody waits on must not fail the process: its failure shows when it is used.
  worker.ready.catch(() => {});
  child.on("message", (message: unknown) => {
    if (typeof message !== "object" || message === null || !("type" in message)) return;
    if (message.type === "ready") ready();
    else if (message.type === "done") {
      const pages = "pages" in message ? buildPages.safeParse(message.pages) : null;
      answer({ type: "done", pages: pages?.success ? pages.data : null });
    } else if (message.type === "failed") {
      const lines =
        "lines" in message && Array.isArray(message.lines) ? message.lines.map(String) : [];
      answer({ type: "failed", lines });
    } else if (typeof message.type === "string" && message.type.startsWith("hot-")) {
      const overlay =
        message.type === "hot-done" && "overlay" in message
          ? hotOverlaySchema.safeParse(message.overlay)
          : null;
      const done = hotAnswer;
      hotAnswer = null;
      done?.(overlay?.success ? overlay.data : null);
    }
  });
  return worker;
}

/**
 * The real build, in worker processes of the project (build-worker.ts). One worker is kept
 * ready once `warm()` was called (the back office is open, or a build just ran): it has loaded
 * Astro and waits, so a publish starts building at once. A ready worker left unused for
 * `idleMs` exits; the next `warm()` or build starts another.
 */
export function workerBuilds(
  options: { projectDir?: string; idleMs?: number; hot?: boolean } = {},
): {
  build: BuildCommand;
  /** Renders a change at once in the worker of the last build; null when there is none. */
  hot: (request: HotRequest) => Promise<HotOverlay | null>;
  warm(): void;
  close(): void;
} {
  const projectDir = options.projectDir ?? process.cwd();
  const idleMs = options.idleMs ?? 15 * 60_000;
  let spare: { worker: Worker; idle: NodeJS.Timeout } | null = null;
  /** The worker of the last build that succeeded, kept for hot renders (hot-render.ts). */
  let hotWorker: Worker | null = null;
  /** Once a hot render was skipped or failed, its worker's overlay can no longer be trusted. */
  let spent = false;
  let closed = false;

  /** Builds under way: a worker started meanwhile would slow them down; the next comes after. */
  let building = 0;
  const buildingWorkers = new Set<Worker>();

  const warm = () => {
    if (closed || building > 0) return;
    if (spare) {
      spare.idle.refresh();
      return;
    }
    const worker = startWorker(projectDir);
    const idle = setTimeout(() => {
      if (spare?.worker === worker) spare = null;
      worker.child.kill();
    }, idleMs);
    idle.unref();
    spare = { worker, idle };
    worker.child.once("exit", () => {
      if (spare?.worker === worker) {
        clearTimeout(spare.idle);
        spare = null;
      }
    });
  };

  const take = (): Worker => {
    if (!spare) warm();
    if (!spare) throw new Error("The site builder is closed");
    building += 1;
    const { worker, idle } = spare;
    clearTimeout(idle);
    spare = null;
    return worker;
  };

  const keepHot = options.hot !== false;
  const build: BuildCommand = async (outDir, env) => {
    const worker = take();
    let kept = false;
    buildingWorkers.add(worker);
    try {
      await worker.ready;
      const keepDir = keepHot ? join(stagingDir(projectDir), `hot-${worker.child.pid}`) : undefined;
      worker.child.send({ type: "build", outDir, env, keepDir });
      const result = await worker.result;
      if (result.type === "failed") throw new BuildFailure(result.lines, worker.output());
      if (result.type === "exit")
        throw new BuildFailure(["The build process ended without finishing"], worker.output());
      if (keepHot && !closed) {
        hotWorker?.child.kill();
        hotWorker = worker;
        spent = false;
        kept = true;
      }
      return result.pages;
    } finally {
      buildingWorkers.delete(worker);
      if (!kept) worker.child.kill();
      building -= 1;
      // Someone is publishing: the next change may come soon.
      warm();
    }
  };

  const hot = async (request: HotRequest): Promise<HotOverlay | null> => {
    const worker = hotWorker;
    if (!worker || spent) return null;
    // A whole build under way waits: on two cores it took the render's time from the readers
    // (1000 articles a language: 4.6 s alone, 6.4-7.7 s beside a build).
    const paused = [...buildingWorkers].filter((w) => signal(w, "SIGSTOP"));
    try {
      const overlay = await worker.hot(request);
      if (!overlay && worker === hotWorker) spent = true;
      return overlay;
    } finally {
      for (const w of paused) signal(w, "SIGCONT");
    }
  };

  return {
    build,
    hot,
    warm,
    close() {
      closed = true;
      hotWorker?.child.kill();
      hotWorker = null;
      if (spare) {
        clearTimeout(spare.idle);
        spare.worker.child.kill();
        spare = null;
      }
    },
  };
}

/** Sends a signal to a worker; false where it cannot be sent (gone, or no such signal here). */
function signal(worker: Worker, name: NodeJS.Signals): boolean {
  try {
    return worker.child.exitCode === null && worker.child.kill(name);
  } catch {
    return false;
  }
}

/** Whether a process is running (one of another user counts). */
function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return error instanceof Error && "code" in error && error.code === "EPERM";
  }
}

/**
 * Half-made builds left by a server that died while building (`<pid>-build-<time>`), and the
 * folders of build workers that died (`hot-<pid>`, hot-render.ts).
 */
function removeOrphans(staging: string): void {
  if (!existsSync(staging)) return;
  for (const name of readdirSync(staging)) {
    const match = /^(?:(\d+)-build-\d+|hot-(\d+))$/.exec(name);
    const pid = Number(match?.[1] ?? match?.[2]);
    if (pid && pid !== process.pid && !alive(pid)) {
      rmSync(join(staging, name), { recursive: true, force: true });
    }
  }
}

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
