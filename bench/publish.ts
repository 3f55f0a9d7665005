// Publish to live: from the API call that changes one article to its new text being served by
// `npm start` (background build, search indexes, swap). Used by bench/run.ts; runs by itself too
// (`node bench/publish.ts`: its own server on a scratch embedded database). With
// PUBLISH_BENCH_ARTICLES=<n> it runs on a scratch copy of the project whose articles are the
// content bench's generated corpus, n a language (bench/corpus.ts), built first.
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { BUILD_STATUS_PATH, type BuildStatus } from "../src/shared/build-status.ts";
import { corpus, makeSite, seedCategories } from "./corpus.ts";
import { DEMO, encryptedPassword, ensureBuilt, startServer, stopServer } from "./server.ts";

export interface PublishBudget {
  runs: number;
  /** The pause between two changes, as an editor's: the server gets its next build process ready. */
  pauseMs: number;
  maxMedianMs: number;
  /** The same with PUBLISH_BENCH_ARTICLES=1000. */
  maxMedianMsLarge: number;
}

export interface PublishResult {
  /** Creating and publishing the article, the first build of the server. */
  firstMs: number;
  /** Each edit of its body to the new text being served. */
  editsMs: number[];
  medianMs: number;
  /** The whole builds behind the edits, as the server tells them: wall and CPU time, pages rendered of those keyed. */
  builds: BuildCost[];
}

export interface BuildCost {
  wallMs: number;
  cpuMs: number;
  pagesRendered: number;
  pagesKeyed: number;
}

/**
 * The cost of each whole build that went live after `since`, once none is queued or building:
 * from the build status the back office reads. They follow the renders at once.
 */
async function buildsAfter(base: string, token: string, since: number): Promise<BuildCost[]> {
  for (const until = Date.now() + 600_000; Date.now() < until; await sleep(500)) {
    const status = (await call(base, "GET", BUILD_STATUS_PATH, token)) as BuildStatus;
    if (status.runs.some((r) => r.state === "queued" || r.state === "building")) continue;
    return status.runs
      .filter((r) => r.state === "live" && r.work && r.startedAt && r.finishedAt)
      .filter((r) => Date.parse(r.startedAt ?? "") >= since)
      .map((r) => ({
        wallMs: Date.parse(r.finishedAt ?? "") - Date.parse(r.startedAt ?? ""),
        cpuMs: r.work?.cpuMs ?? 0,
        pagesRendered: r.work?.pagesRendered ?? 0,
        pagesKeyed: r.work?.pagesKeyed ?? 0,
      }))
      .reverse();
  }
  return [];
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? (sorted[mid] ?? 0) : ((sorted[mid - 1] ?? 0) + (sorted[mid] ?? 0)) / 2;
}

async function call(base: string, method: string, path: string, token: string, body?: unknown) {
  const res = await fetch(`${base}/api${path}`, {
    method,
    headers: { "content-type": "application/json", authorization: `Bearer ${token}` },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const envelope = (await res.json()) as { code: number; message: string; data: unknown };
  if (envelope.code !== 200) throw new Error(`${method} ${path}: ${envelope.message}`);
  return envelope.data;
}

/** Polls the page until it holds `marker`; the time from `since`. */
async function liveAfter(
  base: string,
  path: string,
  marker: string,
  since: number,
  waitMs = 120_000,
) {
  const deadline = since + waitMs;
  for (;;) {
    const res = await fetch(`${base}${path}`);
    const text = await res.text();
    if (res.status === 200 && text.includes(marker)) return performance.now() - since;
    if (performance.now() > deadline) throw new Error(`${path} never showed ${marker}`);
    await sleep(25);
  }
}

export async function measurePublish(base: string, budget: PublishBudget): Promise<PublishResult> {
  const login = await fetch(`${base}/api/login`, {
    method: "POST",
    // An address of its own, for a server behind a "proxy" (bench/run.ts hammers logins first).
    headers: { "content-type": "application/json", "x-forwarded-for": "203.0.113.80" },
    body: JSON.stringify({ email: DEMO.email, password: await encryptedPassword(base) }),
  });
  const { data } = (await login.json()) as { data: { token: string } };
  const token = data.token;
  // What the back office does when it opens: it reads the build status.
  await fetch(`${base}/api/admin/site/build`, { headers: { authorization: `Bearer ${token}` } });
  await sleep(budget.pauseMs);

  const slug = `bench-publish-${Date.now().toString(36)}`;
  const path = `/articles/${slug}/`;
  const firstMarker = `first-${slug}`;
  const started = performance.now();
  const created = await call(base, "POST", "/admin/articles", token, {
    slug,
    lang: "en-US",
    title: "Publish to live",
    summary: "An article the bench edits.",
    body: `Text ${firstMarker}.`,
    category: "tools",
    status: "published",
  });
  // The server's first build renders every page: minutes on a large site.
  const firstMs = await liveAfter(base, path, firstMarker, started, 900_000);
  const id = (created as { id: string }).id;

  const editsMs: number[] = [];
  const editsFrom = Date.now();
  for (let run = 0; run < budget.runs; run++) {
    await sleep(budget.pauseMs);
    const marker = `edit-${run}-${Date.now().toString(36)}`;
    const since = performance.now();
    await call(base, "PUT", `/admin/articles/${id}`, token, { body: `Text ${marker}.` });
    editsMs.push(await liveAfter(base, path, marker, since));
  }
  const builds = await buildsAfter(base, token, editsFrom);
  return { firstMs, editsMs, medianMs: median(editsMs), builds };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const budget: PublishBudget = JSON.parse(
    readFileSync(new URL("./budgets.json", import.meta.url), "utf8"),
  ).publish;
  const port = Number(process.env.BENCH_PORT || 4394);
  const articles = Number(process.env.PUBLISH_BENCH_ARTICLES || 0);
  const scratch = mkdtempSync(join(tmpdir(), "blog-bench-publish-"));
  const dataDir = join(scratch, "data");
  let project = process.cwd();
  if (articles > 0) {
    project = join(scratch, "site");
    makeSite(project, corpus(seedCategories(), articles));
    console.log(`the seed site with ${articles} generated articles a language, in ${project}`);
  }
  ensureBuilt(project);
  // The server's line for each render at once: its steps and CPU time (hot-render.ts).
  const atOnce: string[] = [];
  const { child } = await startServer(port, dataDir, {}, project, (line) => {
    if (line.startsWith("Published at once")) atOnce.push(line);
  });
  try {
    const result = await measurePublish(`http://127.0.0.1:${port}`, budget);
    const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
    console.log(`first publish (create, first build): ${seconds(result.firstMs)}`);
    console.log(`edits: ${result.editsMs.map(seconds).join(", ")}`);
    for (const line of atOnce) console.log(`  ${line}`);
    for (const [n, b] of result.builds.entries()) {
      console.log(
        `  whole build ${n + 1} behind them: ${seconds(b.wallMs)} wall, ${seconds(b.cpuMs)} CPU, ${b.pagesRendered} of ${b.pagesKeyed} keyed pages rendered`,
      );
    }
    const limit = articles > 0 ? budget.maxMedianMsLarge : budget.maxMedianMs;
    const ok = result.medianMs <= limit;
    console.log(
      `${ok ? "ok  " : "OVER"} publish to live, median of ${budget.runs}: ${seconds(result.medianMs)} (budget <= ${seconds(limit)})`,
    );
    process.exitCode = ok ? 0 : 1;
  } finally {
    await stopServer(child);
    rmSync(scratch, { recursive: true, force: true });
  }
}
