// `npm run bench:static-pair`: whether `npm start` serves the built pages as well as a plain static
// server does. The same dist/ is served both ways (npm start: its precompressed files, headers and
// API; a bare node:http server: the files as they are, nothing else) and Lighthouse's mobile
// performance is taken in pairs, alternating which goes first. Checks the "staticPair" section of
// bench/budgets.json: npm start's median at most `maxPointsBehind` under the static server's.
import { type ChildProcess, spawn } from "node:child_process";
import { createReadStream, existsSync, mkdtempSync, readFileSync, rmSync, statSync } from "node:fs";
import { createServer, type Server } from "node:http";
import { tmpdir } from "node:os";
import { extname, join, normalize, resolve, sep } from "node:path";
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import { chromiumArgs, findChromium } from "../playwright.config.ts";
import { Checks } from "./checks.ts";

interface Budget {
  paths: string[];
  pairs: number;
  maxPointsBehind: number;
}
const budget = (
  JSON.parse(readFileSync(new URL("./budgets.json", import.meta.url), "utf8")) as {
    staticPair: Budget;
  }
).staticPair;

const DIST = resolve("dist");
if (!existsSync(join(DIST, "index.html"))) {
  console.error("no dist/: run `npm run build` first");
  process.exit(1);
}
const nodePort = Number(process.env.BENCH_PORT || 4393);
const staticPort = nodePort + 1;

const TYPES: Record<string, string> = {
  ".html": "text/html; charset=utf-8",
  ".css": "text/css",
  ".js": "text/javascript",
  ".json": "application/json",
  ".xml": "application/xml",
  ".svg": "image/svg+xml",
  ".png": "image/png",
  ".webp": "image/webp",
  ".avif": "image/avif",
  ".jpg": "image/jpeg",
  ".woff2": "font/woff2",
  ".ico": "image/x-icon",
  ".txt": "text/plain",
};

/** A plain static server: the file for the path (a folder's index.html), else 404.html. */
function plainServer(): Server {
  return createServer((req, res) => {
    const path = decodeURIComponent(new URL(req.url ?? "/", "http://x").pathname);
    let file = normalize(join(DIST, path));
    if (!file.startsWith(DIST + sep) && file !== DIST) file = join(DIST, "404.html");
    if (existsSync(file) && statSync(file).isDirectory()) file = join(file, "index.html");
    const found = existsSync(file) && statSync(file).isFile();
    const served = found ? file : join(DIST, "404.html");
    res.writeHead(found ? 200 : 404, {
      "content-type": TYPES[extname(served)] ?? "application/octet-stream",
    });
    createReadStream(served).pipe(res);
  });
}

async function answered(url: string) {
  for (let i = 0; i < 600; i++) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`${url} never answered`);
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2
    ? (sorted[mid] ?? Number.NaN)
    : ((sorted[mid - 1] ?? 0) + (sorted[mid] ?? 0)) / 2;
};

const dataDir = mkdtempSync(join(tmpdir(), "blog-static-pair-"));
let node: ChildProcess | undefined;
const plain = plainServer();
let chrome: chromeLauncher.LaunchedChrome | undefined;
const checks = new Checks();
try {
  node = spawn(process.execPath, ["src/server/node.ts"], {
    env: {
      ...process.env,
      PORT: String(nodePort),
      HOST: "127.0.0.1",
      DATA_DIR: dataDir,
      DIST_DIR: DIST,
      SITE_REBUILD: "0",
    },
    stdio: ["ignore", "ignore", "inherit"],
  });
  await new Promise<void>((done) => plain.listen(staticPort, "127.0.0.1", done));
  await answered(`http://127.0.0.1:${nodePort}/`);
  const chromePath = findChromium();
  if (!chromePath) throw new Error("chromium not found on PATH (or set CHROMIUM_PATH)");
  chrome = await chromeLauncher.launch({
    chromePath,
    chromeFlags: ["--headless=new", ...chromiumArgs],
    logLevel: "error",
  });
  const port = chrome.port;
  /** Lighthouse's mobile performance score of `url`, run again once on its own trace error. */
  async function score(url: string): Promise<number> {
    for (let attempt = 0; attempt < 2; attempt++) {
      const run = await lighthouse(url, {
        port,
        logLevel: "error",
        output: "json",
        onlyCategories: ["performance"],
      });
      const value = run?.lhr.categories.performance?.score;
      if (!run?.lhr.runtimeError && typeof value === "number") return Math.round(value * 100);
    }
    return Number.NaN;
  }
  for (const path of budget.paths) {
    const scores = { node: [] as number[], plain: [] as number[] };
    for (let pair = 0; pair < budget.pairs; pair++) {
      const order = pair % 2 ? (["plain", "node"] as const) : (["node", "plain"] as const);
      for (const server of order) {
        const at = server === "node" ? nodePort : staticPort;
        scores[server].push(await score(`http://127.0.0.1:${at}${path}`));
      }
    }
    console.log(`${path}: npm start ${scores.node.join(", ")}; static ${scores.plain.join(", ")}`);
    const ours = median(scores.node);
    const theirs = median(scores.plain);
    checks.record(`${path} static server, mobile performance, median`, theirs, "", null);
    checks.record(`${path} npm start, mobile performance, median`, ours, "", null);
    checks.atMost(`${path} points npm start is behind`, theirs - ours, "", budget.maxPointsBehind);
  }
} finally {
  chrome?.kill();
  node?.kill("SIGTERM");
  plain.close();
  rmSync(dataDir, { recursive: true, force: true });
}
checks.print();
checks.conclude();
