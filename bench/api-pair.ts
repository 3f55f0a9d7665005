// `npm run bench:api-pair`: how close the API under `npm start` comes to a bare server. The same
// read (`GET /api/encryption-key`, its JSON as npm start answers it) is asked of npm start on a
// scratch embedded database and of a five-line node:http server returning those bytes, with
// autocannon (10 connections for 10 s), in interleaved pairs so a busy machine weighs on both
// alike. Checks the "apiPair" section of bench/budgets.json: npm start's median requests a
// second at least `minRatio` of the bare server's, its median p99 at most `maxP99Ms`. On PGlite,
// or on PostgreSQL with BENCH_DATABASE_URL. Where the CPU goes is printed beside (Linux): npm
// start's process a request, and this process's, which runs the load generator and, in the bare
// runs, the bare server on the same thread.
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { createServer } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import autocannon from "autocannon";
import { Checks } from "./checks.ts";
import { ensureBuilt, startServer, stopServer } from "./server.ts";

interface Budget {
  pairs: number;
  connections: number;
  durationSeconds: number;
  minRatio: number;
  maxP99Ms: number;
}
const budget = (
  JSON.parse(readFileSync(new URL("./budgets.json", import.meta.url), "utf8")) as {
    apiPair: Budget;
  }
).apiPair;

const port = Number(process.env.BENCH_PORT || 4395);
const barePort = port + 1;
const path = "/api/encryption-key";

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? (sorted[mid] ?? 0) : ((sorted[mid - 1] ?? 0) + (sorted[mid] ?? 0)) / 2;
};

/**
 * CPU seconds (user + system) a process has used, from /proc/<pid>/stat (Linux; null elsewhere).
 * Its times are in USER_HZ, 100 a second on Linux whatever the kernel's own tick.
 */
function processCpuSeconds(pid: number | undefined): number | null {
  if (pid === undefined) return null;
  try {
    // After "pid (name) ": state is field 3 of the line, utime and stime fields 14 and 15.
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return null;
  }
}

const ownCpuSeconds = () => {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1e6;
};

/** One autocannon run, and the CPU a request of `serverPid` (when given) and of this process. */
async function load(url: string, serverPid?: number) {
  const serverBefore = processCpuSeconds(serverPid);
  const ownBefore = ownCpuSeconds();
  const result = await autocannon({
    url,
    connections: budget.connections,
    duration: budget.durationSeconds,
  });
  const requests = result.requests.total || 1;
  const serverAfter = processCpuSeconds(serverPid);
  return {
    rps: result.requests.average,
    p99: result.latency.p99,
    errors: result.non2xx + result.errors,
    serverCpuUs:
      serverBefore === null || serverAfter === null
        ? null
        : ((serverAfter - serverBefore) * 1e6) / requests,
    ownCpuUs: ((ownCpuSeconds() - ownBefore) * 1e6) / requests,
  };
}
type Load = Awaited<ReturnType<typeof load>>;

ensureBuilt();
const dataDir = mkdtempSync(join(tmpdir(), "blog-api-pair-"));
// The embedded database, or PostgreSQL when `BENCH_DATABASE_URL` names one (migrated at start).
const databaseUrl = process.env.BENCH_DATABASE_URL;
console.log(`npm start on ${databaseUrl ? "PostgreSQL" : "the embedded database (PGlite)"}`);
const { child } = await startServer(port, dataDir, {
  SITE_REBUILD: "0",
  ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
});
const checks = new Checks(2);
try {
  // The bare server answers exactly what npm start answers, headers aside.
  const body = Buffer.from(await (await fetch(`http://127.0.0.1:${port}${path}`)).arrayBuffer());
  const bare = createServer((_req, res) => {
    res.writeHead(200, { "content-type": "application/json", "content-length": body.length });
    res.end(body);
  });
  await new Promise<void>((done) => bare.listen(barePort, "127.0.0.1", done));
  // Warm both.
  await autocannon({ url: `http://127.0.0.1:${port}${path}`, connections: 2, duration: 2 });
  await autocannon({ url: `http://127.0.0.1:${barePort}${path}`, connections: 2, duration: 2 });

  const ours: Load[] = [];
  const theirs: Load[] = [];
  for (let pair = 0; pair < budget.pairs; pair++) {
    // Alternate which goes first.
    const order = pair % 2 === 0 ? ["ours", "bare"] : ["bare", "ours"];
    for (const which of order) {
      const result =
        which === "ours"
          ? await load(`http://127.0.0.1:${port}${path}`, child.pid)
          : await load(`http://127.0.0.1:${barePort}${path}`);
      (which === "ours" ? ours : theirs).push(result);
      console.log(
        `pair ${pair + 1} ${which.padEnd(4)} ${Math.round(result.rps)} requests/s, p99 ${result.p99} ms`,
      );
    }
  }
  bare.close();
  const ratios = ours.map((o, i) => o.rps / (theirs[i]?.rps || 1));
  checks.record("npm start, requests/s (median)", median(ours.map((r) => r.rps)), "/s", null);
  checks.record("bare server, requests/s (median)", median(theirs.map((r) => r.rps)), "/s", null);
  checks.atLeast(
    "npm start / bare, requests/s (median of pairs)",
    median(ratios),
    "x",
    budget.minRatio,
  );
  checks.record(
    "ratio, lowest and highest pair",
    `${Math.min(...ratios).toFixed(2)}–${Math.max(...ratios).toFixed(2)}`,
    "x",
    null,
  );
  checks.atMost("npm start p99 (median)", median(ours.map((r) => r.p99)), "ms", budget.maxP99Ms);
  checks.record("bare server p99 (median)", median(theirs.map((r) => r.p99)), "ms", null);
  const serverCpu = ours.flatMap((r) => (r.serverCpuUs === null ? [] : [r.serverCpuUs]));
  const cpuLine = (name: string, values: number[]) =>
    checks.record(name, values.length ? Math.round(median(values) * 10) / 10 : "n/a", "µs", null);
  cpuLine("npm start CPU a request (median)", serverCpu);
  cpuLine(
    "load generator CPU a request (median)",
    ours.map((r) => r.ownCpuUs),
  );
  cpuLine(
    "bare server and load generator, one thread, CPU a request (median)",
    theirs.map((r) => r.ownCpuUs),
  );
  checks.exactly(
    "failed requests",
    ours.reduce((n, r) => n + r.errors, 0),
    "",
    0,
  );
} finally {
  await stopServer(child);
  rmSync(dataDir, { recursive: true, force: true });
}
checks.print();
checks.conclude();
