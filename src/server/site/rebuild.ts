import { spawn } from "node:child_process";
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
import { createRequire } from "node:module";
import { join, resolve } from "node:path";
import type { Publisher } from "../content/publisher.ts";
import type { Db } from "../db/client.ts";
import { debounced } from "./publishers.ts";
import { takeSnapshot, writeSnapshotFile } from "./snapshot.ts";

// `npm start` rebuilds the site itself after a content change. The new build goes to a fresh
// folder under $DATA_DIR/site/ while the current one keeps being served; when it is complete
// (pages and search indexes), the server points at it in one assignment, so every request is
// answered wholly by the old build or wholly by the new one. `$DATA_DIR/site/current` names the
// newest build, so a restart serves it too (unless `npm run build` made a newer dist/ since).

export interface SiteRoot {
  /** The folder being served. */
  dir: string;
  /** Its 404 page. */
  notFoundPage: string;
}

const FALLBACK_404 = "<!doctype html><title>Not found</title><h1>Not found</h1>";

export function siteRootAt(dir: string): SiteRoot {
  const page = join(dir, "404.html");
  return { dir, notFoundPage: existsSync(page) ? readFileSync(page, "utf8") : FALLBACK_404 };
}

const buildsDir = (dataDir: string) => join(dataDir, "site");
const pointer = (dataDir: string) => join(buildsDir(dataDir), "current");
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

export type BuildCommand = (outDir: string, env: NodeJS.ProcessEnv) => Promise<void>;

/** The real build: `astro build` into outDir, then the search indexes, in child processes. */
export const astroBuild: BuildCommand = async (outDir, env) => {
  const require = createRequire(import.meta.url);
  const astroBin = join(require.resolve("astro/package.json"), "..", "bin", "astro.mjs");
  await run(process.execPath, [astroBin, "build", "--outDir", outDir], env);
  await run(process.execPath, [resolve("scripts/build-search.ts")], { ...env, DIST_DIR: outDir });
};

function run(command: string, args: string[], env: NodeJS.ProcessEnv): Promise<void> {
  return new Promise((done, fail) => {
    const child = spawn(command, args, { env, stdio: ["ignore", "pipe", "pipe"] });
    let tail = "";
    const keep = (chunk: Buffer) => {
      tail = (tail + chunk.toString()).slice(-4000);
    };
    child.stdout.on("data", keep);
    child.stderr.on("data", keep);
    child.on("error", fail);
    child.on("exit", (code) =>
      code === 0 ? done() : fail(new Error(`${args.join(" ")} exited with ${code}:\n${tail}`)),
    );
  });
}

export interface RebuilderOptions {
  db: Db;
  dataDir: string;
  /** Called with the new root once a build is complete. */
  swap: (root: SiteRoot) => void;
  build?: BuildCommand;
  delayMs?: number;
  log?: (line: string) => void;
}

/** A Publisher for `npm start`: a background build after a burst of changes, swapped in when complete. */
export function rebuilder(options: RebuilderOptions): Publisher & {
  idle(): Promise<void>;
  builds: number;
} {
  const build = options.build ?? astroBuild;
  const log = options.log ?? console.log;
  const state = { builds: 0 };
  const queue = debounced(async (reasons) => {
    const started = Date.now();
    const dir = buildsDir(options.dataDir);
    mkdirSync(dir, { recursive: true });
    const name = `build-${started}`;
    const outDir = join(dir, name);
    const snapshot = join(dir, `${name}.snapshot.json`);
    writeSnapshotFile(snapshot, await takeSnapshot(options.db));
    log(`Rebuilding the site (${reasons.join("; ")})`);
    try {
      await build(outDir, {
        ...process.env,
        CONTENT_SNAPSHOT: snapshot,
        ASTRO_CACHE_DIR: join(dir, "cache"),
        ASTRO_TELEMETRY_DISABLED: "1",
      });
    } catch (error) {
      rmSync(outDir, { recursive: true, force: true });
      throw error;
    } finally {
      rmSync(snapshot, { force: true });
    }
    if (!existsSync(join(outDir, "index.html")))
      throw new Error(`The build left no ${outDir}/index.html`);
    options.swap(siteRootAt(outDir));
    const temp = `${pointer(options.dataDir)}.tmp`;
    writeFileSync(temp, name);
    renameSync(temp, pointer(options.dataDir));
    state.builds += 1;
    // The build before this one may still be answering a request; older ones are gone.
    const builds = readdirSync(dir)
      .filter((n) => /^build-\d+$/.test(n))
      .sort();
    for (const old of builds.slice(0, -2)) rmSync(join(dir, old), { recursive: true, force: true });
    log(`Site rebuilt in ${((Date.now() - started) / 1000).toFixed(1)} s, now serving ${outDir}`);
  }, options.delayMs ?? 1500);
  return {
    contentChanged: (reason) => queue.request(reason),
    idle: () => queue.idle(),
    get builds() {
      return state.builds;
    },
  };
}
