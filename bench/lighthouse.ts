// `node bench/lighthouse.ts`: what each public page costs a reader, measured on the built site
// served by `npm start`. Lighthouse scores and metrics (mobile and desktop presets) and the bytes
// a page loads (JavaScript, HTML, CSS, scripts in <head>), checked against the "pages" section of
// bench/budgets.json. Prints one table, writes every number to bench/results/pages.json and exits
// 1 when a budget is missed.
import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import {
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from "node:fs";
import { loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { brotliCompressSync, gzipSync, constants as zlibConstants } from "node:zlib";
import { chromium, type Page } from "@playwright/test";
import * as chromeLauncher from "chrome-launcher";
import lighthouse, { type Flags, type Result } from "lighthouse";
import desktopConfig from "lighthouse/core/config/desktop-config.js";
import { chromiumArgs, findChromium } from "../playwright.config.ts";
import { type Check, Checks } from "./checks.ts";

const CATEGORIES = ["performance", "accessibility", "best-practices", "seo"] as const;
type Category = (typeof CATEGORIES)[number];
const FORM_FACTORS = ["mobile", "desktop"] as const;
type FormFactor = (typeof FORM_FACTORS)[number];

interface LighthouseBudget {
  minScores: Record<Category, number>;
  maxLcpMs?: number;
  maxTbtMs: number;
  maxCls: number;
}

interface Budgets {
  pages: {
    paths: string[];
    /** Audits that cannot pass on a page by design (a 404 page answering 404), per path. */
    exemptAudits?: Record<string, string[]>;
    lighthouse: Record<FormFactor, LighthouseBudget>;
    maxJsGzipBytes: number;
    maxHtmlBrotliBytes: number;
    maxCssBrotliBytes: number;
    maxRenderBlockingScripts: number;
    maxInlineHeadScripts: number;
    inlineHeadScriptBytesUnder: number;
  };
}

interface FailingAudit {
  id: string;
  title: string;
  score: number | null;
  displayValue?: string;
  /** The first rows of the audit's own table (which console error, which element…). */
  items?: unknown[];
}

interface LighthouseRun {
  finalUrl: string;
  runtimeError?: string;
  warnings: string[];
  scores: Record<Category, number | null>;
  lcpMs: number | null;
  tbtMs: number | null;
  cls: number | null;
  /** What moved, when anything did: Lighthouse's layout-shifts items (element and score). */
  shifts: string[];
  /** Per category under 100: the audits that cost it points. */
  failingAudits: Partial<Record<Category, FailingAudit[]>>;
  durationMs: number;
  /** Every run's performance score, when the page was measured more than once (this is the median run). */
  performanceRuns?: Array<number | null>;
}

/**
 * Runs per page and form factor (`BENCH_LH_RUNS`, 3 unless set); the budgets judge the median
 * run by performance score, as Lighthouse CI does: on this 2-core machine one mobile run of a
 * page with photos scored 96-100 from run to run, its trace timed by whatever else ran.
 */
const RUNS = Math.max(1, Number(process.env.BENCH_LH_RUNS ?? 3) || 3);

/** The run in the middle by performance score (ties: by LCP plus TBT), the lower one of two. */
function medianRun(runs: readonly LighthouseRun[]): LighthouseRun {
  const key = (run: LighthouseRun) => run.scores.performance ?? -1;
  const sorted = [...runs].sort(
    (a, b) =>
      key(a) - key(b) || (b.lcpMs ?? 0) + (b.tbtMs ?? 0) - ((a.lcpMs ?? 0) + (a.tbtMs ?? 0)),
  );
  const middle = sorted[Math.floor((sorted.length - 1) / 2)];
  if (!middle) throw new Error("no Lighthouse run to choose from");
  return middle;
}

interface SizedFile {
  url: string;
  bytes: number;
  compressed: number;
}

interface PageBytes {
  status: number;
  /** Gzip -9 of every script response plus the inline scripts of the served HTML. */
  js: {
    total: number;
    external: SizedFile[];
    inline: { count: number; bytes: number; gzip: number };
  };
  /** Brotli q11 of the served document. */
  html: { bytes: number; brotli: number };
  /** Brotli q11 of the stylesheets linked in <head> plus the inline <style> elements. */
  css: {
    total: number;
    linked: SizedFile[];
    inline: { count: number; bytes: number; brotli: number };
  };
  head: {
    renderBlockingScripts: string[];
    inlineScripts: { count: number; bytes: number };
  };
  responses: Array<{ url: string; status: number; type: string; bytes: number }>;
}

/** What the served HTML holds, read by the browser's own parser (no script runs). */
interface HtmlFacts {
  renderBlockingScripts: string[];
  inlineHeadScripts: string[];
  inlineScripts: string[];
  headStylesheets: string[];
  inlineStyles: string[];
}

const budgets: Budgets = JSON.parse(
  readFileSync(new URL("./budgets.json", import.meta.url), "utf8"),
);
// BENCH_PATHS=/a,/b measures only those of the budget's paths (a page just added, re-measured).
const only = process.env.BENCH_PATHS?.split(",").filter(Boolean);
const unknown = only?.filter((path) => !budgets.pages.paths.includes(path)) ?? [];
if (unknown.length > 0) throw new Error(`not in bench/budgets.json's pages: ${unknown.join(", ")}`);
const b = only ? { ...budgets.pages, paths: only } : budgets.pages;
const port = Number(process.env.BENCH_PORT || 4392);
const base = `http://127.0.0.1:${port}`;
const resultsFile = new URL("./results/pages.json", import.meta.url);
const fullReportsDir = new URL("./results/lighthouse/", import.meta.url);
const checks = new Checks();

function chromiumPath(): string {
  const path = findChromium();
  if (!path) throw new Error("chromium not found on PATH (or set CHROMIUM_PATH)");
  return path;
}

const gzip = (data: Buffer | string) => gzipSync(data, { level: 9 }).length;
const brotli = (data: Buffer | string) =>
  brotliCompressSync(data, {
    params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 11 },
  }).length;
const utf8Bytes = (text: string) => Buffer.byteLength(text, "utf8");

if (!existsSync("dist/index.html")) {
  console.log("building the site first…");
  const build = spawnSync("npm", ["run", "build"], { stdio: "inherit" });
  if (build.status !== 0) process.exit(1);
}

/**
 * Copies dist/ into `target` and checks that every /_astro/ file its pages name is there. The
 * server reads the copy, so a build started meanwhile (another terminal) cannot swap the files
 * under a measurement; a copy taken while a build is writing is taken again.
 */
async function snapshotDist(target: string): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    rmSync(target, { recursive: true, force: true });
    cpSync("dist", target, { recursive: true });
    const missing = new Set<string>();
    const pages = readdirSync(target, { recursive: true, encoding: "utf8" }).filter((f) =>
      f.endsWith(".html"),
    );
    for (const file of pages) {
      const html = readFileSync(join(target, file), "utf8");
      for (const [, asset] of html.matchAll(/["'(]\/(_astro\/[^"'()\s?#]+)/g)) {
        if (asset && !existsSync(join(target, asset))) missing.add(asset);
      }
    }
    if (existsSync(join(target, "index.html")) && missing.size === 0) return;
    if (attempt === 30)
      throw new Error(`dist/ stays incomplete (a build running?): ${[...missing].join(", ")}`);
    await new Promise((r) => setTimeout(r, 2000));
  }
}

let stopping = false;

async function startServer(
  dataDir: string,
  distDir: string,
): Promise<{ child: ChildProcess; ms: number }> {
  const started = performance.now();
  const child = spawn(process.execPath, ["src/server/node.ts"], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: "127.0.0.1",
      DATA_DIR: dataDir,
      DIST_DIR: distDir,
    },
    stdio: ["ignore", "ignore", "inherit"],
  });
  child.once("exit", (code, signal) => {
    if (!stopping) console.error(`server exited unexpectedly (code ${code}, signal ${signal})`);
  });
  let last = "no answer";
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    try {
      const res = await fetch(`${base}/`);
      if (res.status === 200) return { child, ms: performance.now() - started };
      last = `HTTP ${res.status}`;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 10));
    if (performance.now() - started > 60_000)
      throw new Error(`server did not answer 200 within 60 s (last: ${last})`);
  }
}

/** Throws when the server is gone, so a failure names its cause rather than the browser's. */
function assertServerRunning(child: ChildProcess) {
  if (child.exitCode !== null || child.signalCode !== null)
    throw new Error(`server exited (code ${child.exitCode}, signal ${child.signalCode})`);
}

async function stopServer(child: ChildProcess): Promise<void> {
  stopping = true;
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((r) => child.once("exit", r));
  child.kill("SIGTERM");
  await exited;
}

async function runLighthouse(
  url: string,
  formFactor: FormFactor,
  chromePort: number,
): Promise<LighthouseRun> {
  const started = performance.now();
  const flags: Flags = {
    port: chromePort,
    logLevel: "error",
    output: "json",
    onlyCategories: [...CATEGORIES],
    // The not-found page answers 404 on purpose; measure it instead of aborting.
    ignoreStatusCode: true,
  };
  const runner = await lighthouse(url, flags, formFactor === "desktop" ? desktopConfig : undefined);
  if (!runner) throw new Error(`Lighthouse returned nothing for ${url} (${formFactor})`);
  const lhr: Result = runner.lhr;
  // A run that loses points keeps its whole report (trace-derived metrics, the requests Lantern
  // counted), so a score that varies between runs can be read afterwards, not only its number.
  if (CATEGORIES.some((category) => (lhr.categories[category]?.score ?? 1) < 1)) {
    const name = `${new URL(url).pathname.replace(/[^a-z0-9]+/gi, "-").replace(/^-|-$/g, "") || "home"}-${formFactor}-${Date.now()}.json`;
    mkdirSync(fullReportsDir, { recursive: true });
    writeFileSync(new URL(name, fullReportsDir), JSON.stringify(lhr));
    console.log(
      `lighthouse ${formFactor} ${url}: under 100, full report in bench/results/lighthouse/${name}`,
    );
  }
  const numeric = (id: string) => lhr.audits[id]?.numericValue ?? null;
  const scores = {} as Record<Category, number | null>;
  const failingAudits: LighthouseRun["failingAudits"] = {};
  for (const category of CATEGORIES) {
    const entry = lhr.categories[category];
    const score = entry?.score ?? null;
    scores[category] = score === null ? null : Math.round(score * 100);
    if (!entry || scores[category] === 100) continue;
    const failing: FailingAudit[] = [];
    for (const ref of entry.auditRefs) {
      const audit = lhr.audits[ref.id];
      if (!audit) continue;
      const scored = audit.scoreDisplayMode === "binary" || audit.scoreDisplayMode === "numeric";
      if (!scored || audit.score === null || audit.score >= 1) continue;
      // Weight 0 audits (e.g. performance insights) do not move the score; keep only real costs.
      if (ref.weight === 0) continue;
      failing.push({
        id: audit.id,
        title: audit.title,
        score: audit.score,
        ...(audit.displayValue ? { displayValue: audit.displayValue } : {}),
        ...(audit.details && "items" in audit.details
          ? { items: audit.details.items.slice(0, 5) }
          : {}),
      });
    }
    failingAudits[category] = failing;
  }
  return {
    finalUrl: lhr.finalDisplayedUrl,
    ...(lhr.runtimeError
      ? { runtimeError: `${lhr.runtimeError.code}: ${lhr.runtimeError.message}` }
      : {}),
    warnings: lhr.runWarnings.map(String),
    scores,
    lcpMs: numeric("largest-contentful-paint"),
    tbtMs: numeric("total-blocking-time"),
    cls: numeric("cumulative-layout-shift"),
    shifts: shiftsOf(lhr),
    failingAudits,
    durationMs: performance.now() - started,
  };
}

/** The layout-shifts audit's items as "score selector (snippet)", largest first. */
function shiftsOf(lhr: Result): string[] {
  const details = lhr.audits["layout-shifts"]?.details;
  if (details?.type !== "table") return [];
  return details.items.map((item) => {
    const node = item.node;
    const where =
      node && typeof node === "object" && "type" in node && node.type === "node"
        ? `${node.selector ?? ""} ${node.snippet ?? ""}`.trim()
        : "(unknown element)";
    const score = typeof item.score === "number" ? item.score.toFixed(4) : "?";
    return `${score} ${where}`;
  });
}

/** Waits until no request has been in flight for `quietMs`. */
async function networkIdle(inflight: () => number, lastActivity: () => number, quietMs = 500) {
  const started = performance.now();
  while (inflight() > 0 || performance.now() - lastActivity() < quietMs) {
    if (performance.now() - started > 30_000) throw new Error("network did not go idle in 30 s");
    await new Promise((r) => setTimeout(r, 50));
  }
}

async function readHtml(page: Page, html: string): Promise<HtmlFacts> {
  return page.evaluate((source) => {
    const doc = new DOMParser().parseFromString(source, "text/html");
    const isJs = (s: HTMLScriptElement) => {
      const type = s.type.trim().toLowerCase();
      return type === "" || type === "module" || type.endsWith("javascript");
    };
    const scripts = [...doc.querySelectorAll("script")].filter(isJs);
    const headScripts = [...doc.head.querySelectorAll("script")].filter(isJs);
    return {
      renderBlockingScripts: headScripts
        .filter((s) => s.hasAttribute("src"))
        .filter((s) => !s.hasAttribute("async") && !s.hasAttribute("defer"))
        .filter((s) => s.type.trim().toLowerCase() !== "module")
        .map((s) => s.getAttribute("src") ?? ""),
      inlineHeadScripts: headScripts
        .filter((s) => !s.hasAttribute("src"))
        .map((s) => s.textContent ?? ""),
      inlineScripts: scripts.filter((s) => !s.hasAttribute("src")).map((s) => s.textContent ?? ""),
      headStylesheets: [...doc.head.querySelectorAll("link[rel~='stylesheet'][href]")].map(
        (l) => l.getAttribute("href") ?? "",
      ),
      inlineStyles: [...doc.querySelectorAll("style")].map((s) => s.textContent ?? ""),
    };
  }, html);
}

async function measureBytes(page: Page, url: string): Promise<PageBytes> {
  const bodies: Array<Promise<{ url: string; status: number; type: string; body: Buffer }>> = [];
  let inflight = 0;
  let lastActivity = performance.now();
  page.on("request", () => {
    inflight += 1;
    lastActivity = performance.now();
  });
  const settled = () => {
    inflight -= 1;
    lastActivity = performance.now();
  };
  page.on("requestfinished", settled);
  page.on("requestfailed", settled);
  page.on("response", (response) => {
    bodies.push(
      response
        .body()
        .catch(() => Buffer.alloc(0)) // redirects and aborted requests have no body
        .then((body) => ({
          url: response.url(),
          status: response.status(),
          type: response.request().resourceType(),
          body,
        })),
    );
  });

  const main = await page.goto(url, { waitUntil: "load" });
  if (!main) throw new Error(`no response for ${url}`);
  // Islands hydrate on interaction (or at once for a logged-in visitor): what a guest's page
  // loads without being touched is what is counted here.
  await networkIdle(
    () => inflight,
    () => lastActivity,
  );
  const responses = await Promise.all(bodies);

  const html = (await main.body()).toString("utf8");
  const facts = await readHtml(page, html);
  const bodyOf = async (href: string) => {
    const absolute = new URL(href, main.url()).href;
    const seen = responses.find((r) => r.url === absolute);
    if (seen) return seen.body;
    const res = await fetch(absolute);
    return Buffer.from(await res.arrayBuffer());
  };

  const external = responses
    .filter((r) => r.type === "script")
    .map((r) => ({ url: r.url, bytes: r.body.length, compressed: gzip(r.body) }));
  // Inline scripts travel inside the HTML; they are gzipped together, as one stream.
  const inlineJs = facts.inlineScripts.join("\n");
  const inlineJsGzip = facts.inlineScripts.length > 0 ? gzip(inlineJs) : 0;
  const linked: SizedFile[] = [];
  for (const href of facts.headStylesheets) {
    const body = await bodyOf(href);
    linked.push({
      url: new URL(href, main.url()).href,
      bytes: body.length,
      compressed: brotli(body),
    });
  }
  const inlineCss = facts.inlineStyles.join("\n");
  const inlineCssBrotli = facts.inlineStyles.length > 0 ? brotli(inlineCss) : 0;
  const sum = (files: SizedFile[]) => files.reduce((total, f) => total + f.compressed, 0);

  return {
    status: main.status(),
    js: {
      total: sum(external) + inlineJsGzip,
      external,
      inline: { count: facts.inlineScripts.length, bytes: utf8Bytes(inlineJs), gzip: inlineJsGzip },
    },
    html: { bytes: utf8Bytes(html), brotli: brotli(html) },
    css: {
      total: sum(linked) + inlineCssBrotli,
      linked,
      inline: {
        count: facts.inlineStyles.length,
        bytes: utf8Bytes(inlineCss),
        brotli: inlineCssBrotli,
      },
    },
    head: {
      renderBlockingScripts: facts.renderBlockingScripts,
      inlineScripts: {
        count: facts.inlineHeadScripts.length,
        bytes: facts.inlineHeadScripts.reduce((total, s) => total + utf8Bytes(s), 0),
      },
    },
    responses: responses.map((r) => ({
      url: r.url,
      status: r.status,
      type: r.type,
      bytes: r.body.length,
    })),
  };
}

const startedAt = performance.now();
const chromePath = chromiumPath();
const dataDir = mkdtempSync(join(tmpdir(), "blog-pages-"));
const report: {
  date: string;
  lighthouseVersion?: string;
  chromium: string;
  paths: Record<
    string,
    { bytes?: PageBytes; lighthouse: Partial<Record<FormFactor, LighthouseRun>> }
  >;
  durationMs?: number;
  /** 1-minute load average before and after: other work on the machine skews mobile TBT. */
  loadAverage: { start: number; end?: number };
  checks?: Check[];
} = {
  date: new Date().toISOString(),
  chromium: chromePath,
  paths: {},
  loadAverage: { start: loadavg()[0] ?? 0 },
};
let server: ChildProcess | undefined;
let chrome: chromeLauncher.LaunchedChrome | undefined;

try {
  const distDir = join(dataDir, "dist");
  await snapshotDist(distDir);
  const started = await startServer(join(dataDir, "data"), distDir);
  server = started.child;
  console.log(
    `server answered 200 after ${Math.round(started.ms)} ms; measuring ${b.paths.length} page(s)`,
  );

  // Lighthouse: one Chromium for every page and both presets. Lighthouse opens a fresh tab per
  // run and clears the origin's cache and storage before it navigates.
  chrome = await chromeLauncher.launch({
    chromePath,
    // No network but loopback here (chromiumArgs): keep Chromium from calling home.
    chromeFlags: ["--headless=new", ...chromiumArgs],
    logLevel: "error",
  });
  // One run thrown away first: the first Lighthouse run in a freshly launched Chromium carries
  // Chromium's own start-up work in its trace (whichever page came first scored 96-100 on mobile,
  // its Total Blocking Time up to 206 ms, and 100 when measured again in the same run).
  const firstPath = b.paths[0];
  if (firstPath) {
    await runLighthouse(`${base}${firstPath}`, "mobile", chrome.port);
    console.log(`lighthouse warm-up run on ${firstPath}, not counted`);
  }
  for (const path of b.paths) {
    const entry: (typeof report.paths)[string] = { lighthouse: {} };
    report.paths[path] = entry;
    for (const formFactor of FORM_FACTORS) {
      assertServerRunning(server);
      const runs: LighthouseRun[] = [];
      for (let i = 0; i < RUNS; i++) {
        let run = await runLighthouse(`${base}${path}`, formFactor, chrome.port);
        if (run.runtimeError) {
          // Lighthouse's own trace errors (NO_NAVSTART: "Please run Lighthouse again") came about
          // in 2 of about 90 runs and never twice in a row: one more run, said in the report.
          console.log(`lighthouse ${formFactor} ${path}: ${run.runtimeError}; run again`);
          const again = await runLighthouse(`${base}${path}`, formFactor, chrome.port);
          run = { ...again, warnings: [...again.warnings, `first run: ${run.runtimeError}`] };
        }
        runs.push(run);
      }
      const run = medianRun(runs);
      entry.lighthouse[formFactor] = {
        ...run,
        performanceRuns: runs.map((r) => r.scores.performance),
      };
      console.log(
        `lighthouse ${formFactor.padEnd(7)} ${path} performance ${runs.map((r) => r.scores.performance ?? "-").join(" ")}` +
          ` (${(runs.reduce((sum, r) => sum + r.durationMs, 0) / 1000).toFixed(1)} s)`,
      );
    }
  }
  chrome.kill();
  chrome = undefined;
  report.lighthouseVersion = (
    JSON.parse(
      readFileSync(new URL("../node_modules/lighthouse/package.json", import.meta.url), "utf8"),
    ) as { version: string }
  ).version;

  // Bytes: a fresh browser context per page, so nothing comes from a cache.
  const browser = await chromium.launch({
    executablePath: chromePath,
    args: chromiumArgs,
  });
  try {
    for (const path of b.paths) {
      assertServerRunning(server);
      const context = await browser.newContext();
      const page = await context.newPage();
      const entry = report.paths[path];
      if (entry)
        entry.bytes = await measureBytes(page, `${base}${path}`).catch((error: unknown) => {
          throw new Error(`measuring the bytes of ${path}`, { cause: error });
        });
      await context.close();
    }
  } finally {
    await browser.close();
  }
} finally {
  if (chrome) chrome.kill();
  if (server) await stopServer(server);
  rmSync(dataDir, { recursive: true, force: true });
}

for (const path of b.paths) {
  const entry = report.paths[path];
  if (!entry) continue;
  for (const formFactor of FORM_FACTORS) {
    const run = entry.lighthouse[formFactor];
    const budget = b.lighthouse[formFactor];
    if (!run) continue;
    const label = `${path} ${formFactor}`;
    const exempt = b.exemptAudits?.[path] ?? [];
    for (const category of CATEGORIES) {
      const score = run.scores[category];
      const min = budget.minScores[category];
      // A category is within budget when its score is, or when every audit costing points is exempt.
      const failing = run.failingAudits[category] ?? [];
      const onlyExempt = failing.length > 0 && failing.every((audit) => exempt.includes(audit.id));
      checks.record(
        `${label} ${category}${onlyExempt ? " (exempt audits only)" : ""}`,
        score ?? Number.NaN,
        "",
        score !== null && (score >= min || onlyExempt),
        `>= ${min}`,
      );
    }
    // Times in whole milliseconds, CLS to three decimals.
    if (budget.maxLcpMs !== undefined) {
      checks.atMost(`${label} LCP`, run.lcpMs, "ms", budget.maxLcpMs, 0);
    }
    checks.atMost(`${label} TBT`, run.tbtMs, "ms", budget.maxTbtMs, 0);
    checks.atMost(`${label} CLS`, run.cls, "", budget.maxCls, 3);
  }
  const bytes = entry.bytes;
  if (!bytes) continue;
  const { head } = bytes;
  checks.atMost(`${path} JavaScript (gzip)`, bytes.js.total, "B", b.maxJsGzipBytes);
  checks.atMost(`${path} HTML (brotli)`, bytes.html.brotli, "B", b.maxHtmlBrotliBytes);
  checks.atMost(`${path} CSS (brotli)`, bytes.css.total, "B", b.maxCssBrotliBytes);
  checks.atMost(
    `${path} render-blocking scripts in <head>`,
    head.renderBlockingScripts.length,
    "",
    b.maxRenderBlockingScripts,
  );
  checks.atMost(
    `${path} inline scripts in <head>`,
    head.inlineScripts.count,
    "",
    b.maxInlineHeadScripts,
  );
  checks.record(
    `${path} inline <head> script bytes`,
    head.inlineScripts.bytes,
    "B",
    head.inlineScripts.bytes < b.inlineHeadScriptBytesUnder,
    `< ${b.inlineHeadScriptBytesUnder}`,
  );
}

report.durationMs = Math.round(performance.now() - startedAt);
report.loadAverage.end = loadavg()[0] ?? 0;
report.checks = checks.results;
mkdirSync(new URL("./results/", import.meta.url), { recursive: true });
writeFileSync(resultsFile, `${JSON.stringify(report, null, 2)}\n`);

checks.print();
// Why a category is under 100: the audits that cost it points.
for (const [path, entry] of Object.entries(report.paths)) {
  for (const formFactor of FORM_FACTORS) {
    for (const [category, audits] of Object.entries(
      entry.lighthouse[formFactor]?.failingAudits ?? {},
    )) {
      for (const audit of audits) {
        console.log(
          `     ${path} ${formFactor} ${category}: ${audit.id} (${audit.title}) score ${audit.score}${audit.displayValue ? `, ${audit.displayValue}` : ""}`,
        );
      }
    }
    for (const shift of entry.lighthouse[formFactor]?.shifts ?? []) {
      console.log(`     ${path} ${formFactor} layout shift: ${shift}`);
    }
    const error = entry.lighthouse[formFactor]?.runtimeError;
    if (error) console.log(`     ${path} ${formFactor}: Lighthouse error ${error}`);
  }
}
console.log(
  `full numbers in bench/results/pages.json; took ${(report.durationMs / 1000).toFixed(0)} s` +
    ` (load average ${report.loadAverage.start.toFixed(1)} → ${report.loadAverage.end.toFixed(1)})`,
);
checks.conclude();
