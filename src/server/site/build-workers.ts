import { type ChildProcess, spawn } from "node:child_process";
import { cpSync, existsSync, readdirSync, renameSync, rmSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { z } from "zod";
import { BuildFailure } from "./build-log.ts";
import { type HotOverlay, hotOverlaySchema } from "./hot-render.ts";

// The worker processes that build the site for `npm start` (build-worker.ts): one started ahead
// of need, so a publish does not wait for Node to load Astro, and the folder builds are staged in.

/** Where builds are made: inside the project (see rebuild.ts). */
export const stagingDir = (projectDir: string) => join(projectDir, ".astro", "site-builds");

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

export interface HotRequest {
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
export function removeOrphans(staging: string): void {
  if (!existsSync(staging)) return;
  for (const name of readdirSync(staging)) {
    const match = /^(?:(\d+)-build-\d+|hot-(\d+))$/.exec(name);
    const pid = Number(match?.[1] ?? match?.[2]);
    if (pid && pid !== process.pid && !alive(pid)) {
      rmSync(join(staging, name), { recursive: true, force: true });
    }
  }
}
