// `node bench/content.ts`: what a large corpus costs the build. Generates 1000 articles in each
// language (deterministic text from a seeded generator) into a scratch copy of the project, then
// builds it cold (no dist, no caches) and warm (content layer cache kept), each time with
// `npm run build` (astro build, then the Pagefind indexes of scripts/build-search.ts). In the same
// run it builds a bare Astro project that renders the same Markdown files through one content
// collection and one page, no integrations, default Markdown settings (Sätteri, Shiki's default
// theme; ours is Sätteri too, with math, our KaTeX and heading-anchor plugins and a CSS-variables
// Shiki theme): the baseline our build is compared with. It builds the 2000 article pages only;
// ours also builds the paged lists and filters (about 600 more pages at this size), feeds, books
// and the rest. The comparison is made on five pairs of cold builds of the astro step alone
// (after the first, whole cold build; alternating which of the two goes first) and is the median
// of the pairs' ratios of CPU time: user + system time of each build's whole process tree (GNU
// time). On a shared 2-core machine wall time is not a measurement: a pair's wall-time ratio
// came out 2.63 and 0.77 in one run, while CPU time stayed within a few percent from round to
// round (issue 20). Wall times are reported beside it. Then one more cold astro step of ours
// with the drawn images (Open Graph images, photo variants) left in their cache says how much of
// our CPU time drawing them takes and what the ratio is without it (reported, not counted).
// Last, after the warm build, both projects are built cold once more on the first ten articles
// of each language: what each build costs apart from the articles, and so what one article
// costs each (the pairs' median less that, over the articles between; reported, not counted).
// Between builds the output is moved aside, not deleted (see clearBuild), and the warm build runs
// last.
// Prints one table checked against the "contentBuild" section of bench/budgets.json, writes every
// number to bench/results/content.json (and each build's output to
// bench/results/content-<build>.log), removes the scratch folders and exits 1 when a budget is
// missed.
//
// No build waits for a quiet machine (that took up to five minutes a build, and the machine is
// rarely quiet); each reports how much CPU other processes used while it ran, which explains a
// wall time but does not move a CPU time much.
//
// CONTENT_BENCH_ARTICLES=<n> overrides the number of articles per language for a quick trial;
// the table then says so and the run does not count as a measurement. CONTENT_BENCH_PAIRS=<n>
// sets the number of pairs of cold builds (5). CONTENT_BENCH_KEEP=1 keeps the scratch folder.
import { type ChildProcess, execFile, execFileSync, spawn } from "node:child_process";
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from "node:fs";
import { cpus, loadavg, tmpdir, totalmem } from "node:os";
import { basename, dirname, join, relative, sep } from "node:path";
import { fileURLToPath } from "node:url";
import { stripVTControlCharacters } from "node:util";
import { Checks } from "./checks.ts";
import {
  ASTRO_ONLY_SCRIPT,
  corpus,
  LOCALES,
  type Locale,
  makeBare,
  makeSite,
  seedCategories,
  writeArticles,
} from "./corpus.ts";

interface Budgets {
  contentBuild: {
    articlesPerLanguage: number;
    maxColdBuildSeconds: number;
    maxPeakMemoryMB: number;
    maxRatioToBareAstro: number;
  };
}

const ROOT = dirname(dirname(fileURLToPath(import.meta.url)));
const RESULTS_DIR = join(ROOT, "bench", "results");
const budgets: Budgets = JSON.parse(readFileSync(join(ROOT, "bench", "budgets.json"), "utf8"));
const budget = budgets.contentBuild;
const override = process.env.CONTENT_BENCH_ARTICLES;
const perLanguage = override ? Number(override) : budget.articlesPerLanguage;
if (!Number.isInteger(perLanguage) || perLanguage < 1) {
  throw new Error(`articles per language must be a positive integer, not ${override}`);
}
const TIME = "/usr/bin/time";
const hasTime = existsSync(TIME);
/** A build slower than this is called out in the output. */
const SLOW_BUILD_SECONDS = 600;
/**
 * Cold builds of the astro step alone, ours and the bare project's, in pairs: the ratio is the
 * median of the pairs' ratios of CPU time. CONTENT_BENCH_PAIRS=<n> overrides.
 */
const PAIRS = Number(process.env.CONTENT_BENCH_PAIRS || 5);
/** Articles a language of the last two builds, which say what a build costs apart from them. */
const SMALL_CORPUS = 10;
if (!Number.isInteger(PAIRS) || PAIRS < 1) {
  throw new Error(
    `CONTENT_BENCH_PAIRS must be a positive integer, not ${process.env.CONTENT_BENCH_PAIRS}`,
  );
}
const runStarted = performance.now();

let cleared = 0;

/**
 * Moves a project's output and caches aside (into the scratch folder's trash, removed at the
 * end), so that its next build is cold. Moved, not deleted: on ext4 without a journal (this kind
 * of VM's disk) a new inode skips every inode freed in the last minute or so, checking each one,
 * so a build that follows the deletion of a few thousand files pays for it in every file it
 * creates. Measured: creating 3159 pages in fresh folders took 0.6 s on a quiet disk and grew to
 * 3.9 s over repeated delete-and-create rounds (perf: ext4's recently_deleted). That cost grows
 * with the number of files deleted and created, so it weighed on our build (6000 files) more than
 * on the bare one (4000), and on neither build's own work.
 */
function clearBuild(project: string, { keepImages = false } = {}): void {
  const trash = join(scratch, "trash", String(++cleared));
  mkdirSync(trash, { recursive: true });
  const paths = ["dist", ".astro", "node_modules/.vite", "node_modules/.vite-build"];
  const astroCache = join(project, "node_modules", ".astro");
  if (!keepImages) paths.push("node_modules/.astro");
  else if (existsSync(astroCache)) {
    // Everything but the drawn images: the Open Graph images and the photos' variants.
    for (const name of readdirSync(astroCache)) {
      if (!IMAGE_CACHES.has(name)) paths.push(`node_modules/.astro/${name}`);
    }
  }
  for (const path of paths) {
    const from = join(project, path);
    if (existsSync(from)) renameSync(from, join(trash, path.replaceAll("/", "_")));
  }
}

/** The build's caches of drawn images in node_modules/.astro (src/lib/covers/og.ts, src/lib/photo-files.ts). */
const IMAGE_CACHES = new Set(["og", "photos"]);

// ---------------------------------------------------------------------------------------------
// Timed builds.

interface BuildRun {
  name: string;
  exitCode: number | null;
  /** Start of `npm run build` to its exit. */
  wallSeconds: number;
  /** Start to Astro's "[build] Complete!" line (the astro build step, process start included). */
  astroSeconds: number | null;
  /** From "Complete!" to the exit: scripts/build-search.ts, node start-up included. */
  searchSeconds: number | null;
  /** What Astro printed: "N page(s) built in T". */
  astroReportedPages: number | null;
  astroReportedSeconds: number | null;
  /** What scripts/build-search.ts printed. */
  searchReportedMs: number | null;
  searchIndexedPages: Record<string, number>;
  /** Largest resident set of one process in the tree (GNU time, from the kernel's rusage). */
  maxRssSingleProcessMB: number | null;
  /** Largest sum of the tree's resident sets, sampled with ps every 200 ms, per step. */
  treePeakMB: { astro: number; search: number; all: number };
  samples: number;
  /** User + system CPU time of the tree (GNU time). */
  cpuSeconds: number | null;
  /** 1-minute load average when the build started and when it ended. */
  loadAverage: { start: number; end: number };
  /** Seconds spent waiting for the machine to quieten down before starting. */
  /** Seconds `sync` took before the build: writes of earlier steps still on their way to disk. */
  flushSeconds: number;
  /**
   * CPU the rest of the machine used while the build ran, in cores (machine busy time from
   * /proc/stat minus the build's own CPU time, over the build's wall time). Other work on a
   * 2-core machine slows a build down; this says by how much it competed.
   */
  otherProcessesCores: number | null;
  logFile: string;
  tail: string[];
}

/** Astro's getTimeStat: "812ms", "95.32s" or "2m 5s". */
function parseAstroTime(text: string): number | null {
  const m = /^(?:(\d+)m (\d+)s|([\d.]+)s|(\d+)ms)$/.exec(text.trim());
  if (!m) return null;
  if (m[1] !== undefined && m[2] !== undefined) return Number(m[1]) * 60 + Number(m[2]);
  if (m[3] !== undefined) return Number(m[3]);
  return Number(m[4]) / 1000;
}

/** Sum of the resident sets (MB) of pid and its descendants, from one `ps` listing. */
function treeRss(root: number): Promise<number> {
  return new Promise((resolve) => {
    execFile("ps", ["-e", "-o", "pid=,ppid=,rss="], (error, stdout) => {
      if (error) return resolve(0);
      const children = new Map<number, number[]>();
      const rss = new Map<number, number>();
      for (const line of stdout.split("\n")) {
        const [pid, ppid, kb] = line.trim().split(/\s+/).map(Number);
        if (pid === undefined || ppid === undefined || kb === undefined || Number.isNaN(kb))
          continue;
        rss.set(pid, kb);
        children.set(ppid, [...(children.get(ppid) ?? []), pid]);
      }
      let kb = 0;
      const stack = [root];
      for (let pid = stack.pop(); pid !== undefined; pid = stack.pop()) {
        kb += rss.get(pid) ?? 0;
        stack.push(...(children.get(pid) ?? []));
      }
      resolve(kb / 1024);
    });
  });
}

let running: ChildProcess | undefined;

/** Busy CPU seconds of the whole machine since boot (Linux), or null. */
function machineBusySeconds(): number | null {
  try {
    const fields = (readFileSync("/proc/stat", "utf8").split("\n")[0] ?? "")
      .trim()
      .split(/\s+/)
      .slice(1)
      .map(Number);
    // user nice system idle iowait irq softirq: busy is all but idle and iowait; USER_HZ is 100.
    const [user = 0, nice = 0, system = 0, , , irq = 0, softirq = 0] = fields;
    return (user + nice + system + irq + softirq) / 100;
  } catch {
    return null;
  }
}

/**
 * Flushes what earlier steps wrote (the scratch copies, the previous build's output) to disk
 * before a build starts, so that a build does not pay for another's writes: writing a few
 * thousand small files keeps the kernel busy for seconds after the writer has exited.
 */
function flushDisk(): number {
  const started = performance.now();
  try {
    execFileSync("sync");
  } catch {
    // no sync(1): nothing to flush with
  }
  return (performance.now() - started) / 1000;
}

async function timedBuild(name: string, cwd: string, script = "build"): Promise<BuildRun> {
  mkdirSync(RESULTS_DIR, { recursive: true });
  const logFile = join(RESULTS_DIR, `content-${name}.log`);
  const timeFile = join(cwd, ".time-v.txt");
  rmSync(timeFile, { force: true });
  const command = hasTime
    ? [TIME, "-v", "-o", timeFile, "npm", "run", script]
    : ["npm", "run", script];
  const log: string[] = [];
  const run: BuildRun = {
    name,
    exitCode: null,
    wallSeconds: 0,
    astroSeconds: null,
    searchSeconds: null,
    astroReportedPages: null,
    astroReportedSeconds: null,
    searchReportedMs: null,
    searchIndexedPages: {},
    maxRssSingleProcessMB: null,
    treePeakMB: { astro: 0, search: 0, all: 0 },
    samples: 0,
    cpuSeconds: null,
    loadAverage: { start: 0, end: 0 },
    flushSeconds: flushDisk(),
    otherProcessesCores: null,
    logFile: relative(ROOT, logFile),
    tail: [],
  };
  process.stdout.write(
    `  ${name}: disk flushed in ${run.flushSeconds.toFixed(1)} s; building in ${cwd} … `,
  );
  run.loadAverage.start = loadavg()[0] ?? 0;
  const busyBefore = machineBusySeconds();
  const started = performance.now();
  const child = spawn(command[0] ?? "npm", command.slice(1), {
    cwd,
    env: { ...process.env, NO_COLOR: "1", FORCE_COLOR: "0" },
    stdio: ["ignore", "pipe", "pipe"],
    detached: true, // its own process group, so an interrupt can stop the whole tree
  });
  running = child;
  const onLine = (raw: string) => {
    const line = stripVTControlCharacters(raw);
    const at = (performance.now() - started) / 1000;
    log.push(`[${at.toFixed(1).padStart(6)}s] ${line}`);
    const built = /\[build\] (\d+) page\(s\) built in (.+)$/.exec(line);
    if (built?.[1] && built[2]) {
      run.astroReportedPages = Number(built[1]);
      run.astroReportedSeconds = parseAstroTime(built[2]);
    }
    if (/\[build\] Complete!/.test(line)) run.astroSeconds = at;
    const indexed = /^search index (\S+): (\d+) pages/.exec(line);
    if (indexed?.[1] && indexed[2]) run.searchIndexedPages[indexed[1]] = Number(indexed[2]);
    const searchDone = /^search indexes built in (\d+) ms/.exec(line);
    if (searchDone?.[1]) run.searchReportedMs = Number(searchDone[1]);
  };
  for (const stream of [child.stdout, child.stderr]) {
    let rest = "";
    stream.setEncoding("utf8");
    stream.on("data", (chunk: string) => {
      const lines = (rest + chunk).split("\n");
      rest = lines.pop() ?? "";
      for (const line of lines) onLine(line);
    });
    stream.on("end", () => {
      if (rest) onLine(rest);
    });
  }
  let sampling = false;
  const sampler = setInterval(() => {
    if (sampling || child.pid === undefined) return;
    sampling = true;
    const phase = run.astroSeconds === null ? "astro" : "search";
    treeRss(child.pid).then((mb) => {
      run.samples++;
      run.treePeakMB[phase] = Math.max(run.treePeakMB[phase], mb);
      run.treePeakMB.all = Math.max(run.treePeakMB.all, mb);
      sampling = false;
    });
  }, 200);
  const exitCode = await new Promise<number | null>((resolve) => {
    child.on("close", (code) => resolve(code));
  });
  clearInterval(sampler);
  running = undefined;
  run.exitCode = exitCode;
  run.wallSeconds = (performance.now() - started) / 1000;
  const busyAfter = machineBusySeconds();
  run.loadAverage.end = loadavg()[0] ?? 0;
  if (run.astroSeconds !== null) run.searchSeconds = run.wallSeconds - run.astroSeconds;
  if (hasTime && existsSync(timeFile)) {
    const report = readFileSync(timeFile, "utf8");
    const kb = /Maximum resident set size \(kbytes\): (\d+)/.exec(report)?.[1];
    if (kb) run.maxRssSingleProcessMB = Number(kb) / 1024;
    const user = /User time \(seconds\): ([\d.]+)/.exec(report)?.[1];
    const system = /System time \(seconds\): ([\d.]+)/.exec(report)?.[1];
    if (user && system) run.cpuSeconds = Number(user) + Number(system);
    log.push("", "--- /usr/bin/time -v ---", report);
    rmSync(timeFile, { force: true });
  }
  if (busyBefore !== null && busyAfter !== null && run.cpuSeconds !== null) {
    run.otherProcessesCores =
      Math.max(0, busyAfter - busyBefore - run.cpuSeconds) / run.wallSeconds;
  }
  writeFileSync(logFile, `${log.join("\n")}\n`);
  run.tail = log.slice(-40);
  console.log(
    `${run.wallSeconds.toFixed(1)} s${exitCode === 0 ? "" : `, FAILED (exit ${exitCode})`}`,
  );
  if (run.wallSeconds > SLOW_BUILD_SECONDS) {
    console.log(`  ${name}: took over ${SLOW_BUILD_SECONDS / 60} minutes`);
  }
  return run;
}

/** The middle value (the mean of the two middle ones for an even count); NaN if any is NaN. */
function median(values: number[]): number {
  if (values.length === 0 || values.some(Number.isNaN)) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2
    ? (sorted[mid] ?? Number.NaN)
    : ((sorted[mid - 1] ?? 0) + (sorted[mid] ?? 0)) / 2;
}

/** The larger of the two memory figures: neither alone sees every peak. */
const peakMB = (run: BuildRun) => Math.max(run.maxRssSingleProcessMB ?? 0, run.treePeakMB.all);

function dirStats(dir: string): { bytes: number; files: number } {
  if (!existsSync(dir)) return { bytes: 0, files: 0 };
  let bytes = 0;
  let files = 0;
  for (const e of readdirSync(dir, { withFileTypes: true, recursive: true })) {
    if (!e.isFile()) continue;
    bytes += statSync(join(e.parentPath, e.name)).size;
    files++;
  }
  return { bytes, files };
}

function htmlPages(dist: string): { all: number; generatedArticles: number } {
  if (!existsSync(dist)) return { all: 0, generatedArticles: 0 };
  let all = 0;
  let generatedArticles = 0;
  for (const e of readdirSync(dist, { withFileTypes: true, recursive: true })) {
    if (!e.isFile() || !e.name.endsWith(".html")) continue;
    const rel = relative(dist, join(e.parentPath, e.name)).split(sep);
    if (rel[0]?.startsWith("pagefind")) continue;
    all++;
    if (rel[0] === "articles" && rel[1]?.startsWith("gen-") && rel.length === 3)
      generatedArticles++;
  }
  return { all, generatedArticles };
}

// ---------------------------------------------------------------------------------------------
// The run.

/** Figures keep two decimals. */
const checks = new Checks(2);

const scratch = mkdtempSync(join(tmpdir(), "blog-content-bench-"));
const siteDir = join(scratch, "site");
const bareDir = join(scratch, "bare");
// CONTENT_BENCH_KEEP=1 keeps the scratch folder (to profile a build in it by hand).
const cleanUp = () => {
  if (process.env.CONTENT_BENCH_KEEP === "1") console.log(`kept ${scratch}`);
  else rmSync(scratch, { recursive: true, force: true });
};
for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.on(signal, () => {
    if (running?.pid !== undefined) {
      try {
        process.kill(-running.pid, "SIGTERM");
      } catch {
        // already gone
      }
    }
    cleanUp();
    process.exit(130);
  });
}

const report: Record<string, unknown> = {
  date: new Date().toISOString(),
  machine: {
    cpus: cpus().length,
    cpuModel: cpus()[0]?.model,
    totalMemoryMB: Math.round(totalmem() / 2 ** 20),
    node: process.version,
    memoryMeasuredWith: hasTime ? "/usr/bin/time -v and ps every 200 ms" : "ps every 200 ms",
  },
  articlesPerLanguage: perLanguage,
  trialOverride: override !== undefined,
};
let failed = false;
/** The most CPU other processes used during one of the builds, in cores. */
let busiest = 0;

try {
  console.log(`scratch folder ${scratch}`);
  const categories = seedCategories();
  const generated = corpus(categories, perLanguage);
  makeSite(siteDir, generated);
  makeBare(bareDir, generated);
  const sizes = (locale: Locale) =>
    generated.filter((a) => a.file.startsWith(`gen-${locale}-`)).map((a) => a.size);
  const corpusStats = {
    files: generated.length,
    bytes: generated.reduce((sum, a) => sum + Buffer.byteLength(a.text), 0),
    withCode: generated.filter((a) => a.code).length,
    withTable: generated.filter((a) => a.table).length,
    headings: generated.reduce((sum, a) => sum + a.headings, 0),
    zhCharacters: { min: Math.min(...sizes("zh-CN")), max: Math.max(...sizes("zh-CN")) },
    enWords: { min: Math.min(...sizes("en-US")), max: Math.max(...sizes("en-US")) },
  };
  report.corpus = corpusStats;
  console.log(
    `corpus: ${corpusStats.files} articles (${perLanguage} per language), ${(corpusStats.bytes / 2 ** 20).toFixed(1)} MB, ${corpusStats.withCode} with code, ${corpusStats.withTable} with a table`,
  );
  const today = new Date().toISOString().slice(0, 10);
  const future = generated.filter((a) => a.publishedAt > today).length;
  if (future > 0)
    console.log(`warning: ${future} articles are dated in the future and will not be built`);

  clearBuild(siteDir);
  const cold = await timedBuild("build-cold", siteDir);
  const coldPages = htmlPages(join(siteDir, "dist"));
  const pagefind = Object.fromEntries(
    LOCALES.map((l) => [l, dirStats(join(siteDir, "dist", `pagefind-${l}`))]),
  );
  const distStats = dirStats(join(siteDir, "dist"));
  clearBuild(bareDir);
  const bare = await timedBuild("bare-astro-cold", bareDir);
  const barePages = htmlPages(join(bareDir, "dist"));
  // Pairs of cold builds of the astro step alone (the first cold build also made the search
  // indexes, which the bare project has no counterpart of), the first of each pair alternating.
  const pairs: Array<{ site: BuildRun; bare: BuildRun }> = [];
  for (let n = 1; n <= PAIRS && cold.exitCode === 0 && bare.exitCode === 0; n++) {
    const buildSite = async () => {
      clearBuild(siteDir);
      return timedBuild(`build-cold-${n}`, siteDir, ASTRO_ONLY_SCRIPT);
    };
    const buildBare = async () => {
      clearBuild(bareDir);
      return timedBuild(`bare-astro-cold-${n}`, bareDir);
    };
    if (n % 2 === 1) {
      const b = await buildBare();
      pairs.push({ bare: b, site: await buildSite() });
    } else {
      const s = await buildSite();
      pairs.push({ site: s, bare: await buildBare() });
    }
  }
  // One more cold astro step of ours with the drawn images kept (the Open Graph images and the
  // photos' variants, which a bare build has no counterpart of and which Netlify's kept
  // node_modules and npm start's cache spare every later build): what the rest of the build costs.
  let imagesCached: BuildRun | null = null;
  if (pairs.length > 0 && pairs.every((p) => p.site.exitCode === 0)) {
    clearBuild(siteDir, { keepImages: true });
    imagesCached = await timedBuild("build-cold-images-cached", siteDir, ASTRO_ONLY_SCRIPT);
  }
  // The warm build comes last: it deletes the previous output itself (Astro empties dist), and
  // a cold build right after it would pay for those deletions (see clearBuild). The content
  // layer cache it starts from is the last cold build's of our site.
  const warm = cold.exitCode === 0 ? await timedBuild("build-warm", siteDir) : null;
  // Last, the fixed cost: both projects once more, cold, on the first SMALL_CORPUS articles of
  // each language only. What a build costs apart from the articles (our seed site: photos,
  // books, notes, labs, the back office's bundles; the bare project's Astro and Vite) against
  // what each further article costs (the pairs' median less this, over the articles between).
  let fixedCost: { site: BuildRun; siteImagesCached: BuildRun; bare: BuildRun } | null = null;
  if (perLanguage > SMALL_CORPUS && pairs.length > 0 && warm?.exitCode === 0) {
    const few = corpus(categories, SMALL_CORPUS);
    for (const dir of [siteDir, bareDir]) {
      const articles = join(dir, "content", "articles");
      renameSync(articles, join(scratch, "trash", `articles-${basename(dir)}`));
      writeArticles(articles, few);
    }
    clearBuild(bareDir);
    const fewBare = await timedBuild("bare-astro-cold-small", bareDir);
    clearBuild(siteDir);
    const fewSite = await timedBuild("build-cold-small", siteDir, ASTRO_ONLY_SCRIPT);
    // And with its drawn images from the cache, as `imagesCached` above: apart from drawing them.
    clearBuild(siteDir, { keepImages: true });
    fixedCost = {
      bare: fewBare,
      site: fewSite,
      siteImagesCached: await timedBuild(
        "build-cold-small-images-cached",
        siteDir,
        ASTRO_ONLY_SCRIPT,
      ),
    };
  }
  report.builds = {
    cold,
    warm,
    bareAstroCold: bare,
    pairs,
    imagesCached,
    fixedCost,
  };
  report.pages = { site: coldPages, bareAstro: barePages };
  report.pagefind = pagefind;
  report.dist = distStats;

  for (const run of [
    cold,
    warm,
    imagesCached,
    fixedCost?.site,
    fixedCost?.siteImagesCached,
    fixedCost?.bare,
    ...pairs.flatMap((p) => [p.site, p.bare]),
  ]) {
    if (run && run.exitCode !== 0) {
      failed = true;
      console.log(`\n${run.name} failed (exit ${run.exitCode}); the end of its output:`);
      for (const line of run.tail) console.log(`  ${line}`);
    }
  }

  const expected = 2 * perLanguage;
  checks.exactly("cold build exit code", cold.exitCode ?? -1, "", 0);
  checks.exactly(
    "cold build: generated article pages",
    coldPages.generatedArticles,
    "pages",
    expected,
  );
  checks.record("cold build: all HTML pages", coldPages.all, "pages", null);
  checks.record("cold build: pages astro reported", cold.astroReportedPages ?? 0, "pages", null);
  checks.atMost(
    "cold build, total (astro build + search)",
    cold.wallSeconds,
    "s",
    budget.maxColdBuildSeconds,
  );
  checks.record("cold build, astro build step", cold.astroSeconds ?? Number.NaN, "s", null);
  checks.record(
    "cold build, astro's own figure",
    cold.astroReportedSeconds ?? Number.NaN,
    "s",
    null,
  );
  checks.record("cold build, search index step", cold.searchSeconds ?? Number.NaN, "s", null);
  checks.atMost("cold build, peak memory", peakMB(cold), "MB", budget.maxPeakMemoryMB);
  checks.record(
    "cold build, peak largest process",
    cold.maxRssSingleProcessMB ?? Number.NaN,
    "MB",
    null,
  );
  checks.record("cold build, peak tree sum, astro step", cold.treePeakMB.astro, "MB", null);
  checks.record("cold build, peak tree sum, search step", cold.treePeakMB.search, "MB", null);
  if (warm) {
    checks.exactly("warm build exit code", warm.exitCode ?? -1, "", 0);
    checks.record("warm build, total (astro build + search)", warm.wallSeconds, "s", null);
    checks.record("warm build, astro build step", warm.astroSeconds ?? Number.NaN, "s", null);
    checks.record("warm build, search index step", warm.searchSeconds ?? Number.NaN, "s", null);
    checks.atMost("warm build, peak memory", peakMB(warm), "MB", budget.maxPeakMemoryMB);
  }
  for (const locale of LOCALES) {
    const p = pagefind[locale] ?? { bytes: 0, files: 0 };
    checks.record(`pagefind-${locale} size`, p.bytes / 2 ** 20, "MB", null);
    checks.record(`pagefind-${locale} files`, p.files, "", null);
    checks.record(
      `pagefind-${locale} pages indexed`,
      cold.searchIndexedPages[locale] ?? 0,
      "pages",
      null,
    );
  }
  checks.record("dist size (all files)", distStats.bytes / 2 ** 20, "MB", null);
  checks.exactly("bare astro exit code", bare.exitCode ?? -1, "", 0);
  checks.exactly("bare astro: pages", barePages.all, "pages", expected);
  checks.record("bare astro cold build", bare.astroSeconds ?? bare.wallSeconds, "s", null);
  checks.record("bare astro cold build, peak memory", peakMB(bare), "MB", null);
  // How much the machine competed with each build: its CPU time, and other processes' CPU.
  for (const [label, run] of [
    ["cold build", cold],
    ["warm build", warm],
    ["bare astro cold build", bare],
  ] as const) {
    if (!run) continue;
    checks.record(`${label}, CPU time (user + system)`, run.cpuSeconds ?? Number.NaN, "s", null);
    checks.record(
      `${label}, other processes' CPU`,
      run.otherProcessesCores ?? Number.NaN,
      "cores",
      null,
    );
  }
  // The ratio that counts: CPU time of the astro step, ours over the bare project's, per pair.
  const cpuRatio = (site: BuildRun, b: BuildRun) =>
    site.exitCode === 0 && b.exitCode === 0 && site.cpuSeconds !== null && b.cpuSeconds
      ? site.cpuSeconds / b.cpuSeconds
      : Number.NaN;
  const wallRatio = (site: BuildRun, b: BuildRun) =>
    site.exitCode === 0 && b.exitCode === 0 && site.astroSeconds !== null && b.astroSeconds
      ? site.astroSeconds / b.astroSeconds
      : Number.NaN;
  const pairRatios = pairs.map(({ site, bare: b }) => cpuRatio(site, b));
  const pairWallRatios = pairs.map(({ site, bare: b }) => wallRatio(site, b));
  for (const [i, { site, bare: b }] of pairs.entries()) {
    for (const [label, run, wall] of [
      ["astro build step", site, site.astroSeconds],
      ["bare astro cold build", b, b.astroSeconds ?? b.wallSeconds],
    ] as const) {
      checks.record(`cold pair ${i + 1}: ${label}, CPU`, run.cpuSeconds ?? Number.NaN, "s", null);
      checks.record(`cold pair ${i + 1}: ${label}, wall`, wall ?? Number.NaN, "s", null);
    }
  }
  busiest = Math.max(
    ...[warm, ...pairs.flatMap((p) => [p.site, p.bare])].map(
      (run) => run?.otherProcessesCores ?? 0,
    ),
  );
  const ratio = median(pairRatios);
  report.ratiosToBareAstro = pairRatios;
  report.ratioToBareAstro = ratio;
  report.wallRatiosToBareAstro = pairWallRatios;
  report.wallRatioToBareAstro = median(pairWallRatios);
  console.log(
    `  CPU-time ratios of the ${pairs.length} pairs: ${pairRatios.map((r) => r.toFixed(2)).join(", ")}; wall-time ratios (not counted): ${pairWallRatios.map((r) => r.toFixed(2)).join(", ")}`,
  );
  checks.record(
    `cold astro build / bare astro cold build, wall time, median of ${pairs.length} pairs (not counted)`,
    median(pairWallRatios),
    "x",
    null,
  );
  checks.atMost(
    `cold astro build / bare astro cold build, CPU time, median of ${pairs.length} pairs`,
    ratio,
    "x",
    budget.maxRatioToBareAstro,
  );
  // Where the ratio comes from: the same cold step with the drawn images from the cache.
  const siteCpu = median(pairs.map((p) => p.site.cpuSeconds ?? Number.NaN));
  const bareCpu = median(pairs.map((p) => p.bare.cpuSeconds ?? Number.NaN));
  if (imagesCached?.cpuSeconds != null) {
    checks.record(
      "cold astro build, drawn images from the cache, CPU",
      imagesCached.cpuSeconds,
      "s",
      null,
    );
    checks.record(
      "of which drawing the images (OG images, photo variants), CPU",
      siteCpu - imagesCached.cpuSeconds,
      "s",
      null,
    );
    report.ratioToBareAstroImagesCached = imagesCached.cpuSeconds / bareCpu;
    checks.record(
      "cold astro build with the images cached / bare astro cold build, CPU (not counted)",
      imagesCached.cpuSeconds / bareCpu,
      "x",
      null,
    );
  }
  // The ratio taken apart: what each build costs before its first article, and each article
  // after (ours with its images drawn, and apart from drawing them: their cache kept).
  if (fixedCost && imagesCached) {
    const beyond = 2 * (perLanguage - SMALL_CORPUS);
    const anArticle = (all: number | null, few: number | null) =>
      all === null || few === null ? Number.NaN : ((all - few) * 1000) / beyond;
    const perArticle = {
      site: anArticle(siteCpu, fixedCost.site.cpuSeconds),
      siteImagesCached: anArticle(imagesCached.cpuSeconds, fixedCost.siteImagesCached.cpuSeconds),
      bare: anArticle(bareCpu, fixedCost.bare.cpuSeconds),
    };
    const few = `${SMALL_CORPUS} articles a language`;
    for (const [label, run] of [
      [`cold astro build of ${few}, CPU (fixed cost)`, fixedCost.site],
      [`the same, drawn images from the cache, CPU`, fixedCost.siteImagesCached],
      [`bare astro cold build of ${few}, CPU (fixed cost)`, fixedCost.bare],
    ] as const) {
      checks.record(label, run.cpuSeconds ?? Number.NaN, "s", null);
    }
    checks.record("cold astro build, CPU an article beyond those", perArticle.site, "ms", null);
    checks.record(
      "the same, drawn images from the cache, CPU an article",
      perArticle.siteImagesCached,
      "ms",
      null,
    );
    checks.record(
      "bare astro cold build, CPU an article beyond those",
      perArticle.bare,
      "ms",
      null,
    );
    checks.record(
      "CPU an article, ours / bare astro (not counted)",
      perArticle.site / perArticle.bare,
      "x",
      null,
    );
    checks.record(
      "CPU an article with the images cached, ours / bare astro (not counted)",
      perArticle.siteImagesCached / perArticle.bare,
      "x",
      null,
    );
    report.fixedCost = {
      articlesPerLanguage: SMALL_CORPUS,
      siteCpuSeconds: fixedCost.site.cpuSeconds,
      siteImagesCachedCpuSeconds: fixedCost.siteImagesCached.cpuSeconds,
      bareCpuSeconds: fixedCost.bare.cpuSeconds,
      cpuMsAnArticle: perArticle,
    };
  }
} catch (error) {
  failed = true;
  console.error(error);
} finally {
  cleanUp();
}

const durationSeconds = (performance.now() - runStarted) / 1000;
report.durationSeconds = durationSeconds;
report.checks = checks.results;
mkdirSync(RESULTS_DIR, { recursive: true });
writeFileSync(join(RESULTS_DIR, "content.json"), `${JSON.stringify(report, null, 2)}\n`);

console.log("");
if (override) console.log(`TRIAL: ${perLanguage} articles per language (CONTENT_BENCH_ARTICLES)`);
checks.print();
if (busiest > 0.25) {
  console.log(
    `note: other processes used up to ${busiest.toFixed(2)} cores during a build (of ${cpus().length}); its times are inflated by that, run again on a quiet machine`,
  );
}
checks.conclude(failed);
console.log(
  `run took ${(durationSeconds / 60).toFixed(1)} min; numbers in bench/results/content.json`,
);
