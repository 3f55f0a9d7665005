// `npm run bench`: measures the self-hosted server (`npm start`) on the embedded database:
// start-up, feedback throughput, logins, and publish to live (bench/publish.ts).
// Prints numbers and checks them against bench/budgets.json; exits 1 when a budget is missed.
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import autocannon from "autocannon";
import { count, inArray } from "drizzle-orm";
import { openPglite } from "../src/server/db/pglite.ts";
import { feedback } from "../src/server/db/schema.ts";
import { Checks } from "./checks.ts";
import { measurePublish, type PublishBudget } from "./publish.ts";
import {
  addressSource,
  DEMO,
  encryptedPassword,
  ensureBuilt,
  feedbackSubmission,
  startServer as startBenchServer,
  stopServer,
} from "./server.ts";

interface Budgets {
  startup: { firstStartMs: number; restartMs: number };
  publish: PublishBudget;
  login: {
    connections: number;
    durationSeconds: number;
    maxP50Ms: number;
    maxP99Ms: number;
    maxReadP99UnderLoginLoadMs: number;
  };
  createFeedback: {
    connections: number;
    durationSeconds: number;
    minRequestsPerSecond: number;
    maxP50Ms: number;
    maxP99Ms: number;
  };
}

const budgets: Budgets = JSON.parse(
  readFileSync(new URL("./budgets.json", import.meta.url), "utf8"),
);
const port = Number(process.env.BENCH_PORT || 4391);
const base = `http://127.0.0.1:${port}`;
/** Figures keep one decimal. */
const checks = new Checks(1);

ensureBuilt();

const dataDir = mkdtempSync(join(tmpdir(), "blog-bench-"));
/** Behind a "proxy", so that each request can come from an address of its own (rate limits). */
const serverEnv = { TRUST_PROXY: "1" };
const nextAddress = addressSource();
const startServer = () => startBenchServer(port, dataDir, serverEnv);

const reads = (seconds: number) =>
  autocannon({ url: `${base}/api/encryption-key`, connections: 2, duration: seconds });

/**
 * Login latency while logins are hammered, and whether reads keep their latency meanwhile:
 * password hashing must not starve the server.
 */
async function measureLogins() {
  const b = budgets.login;
  const quiet = await reads(b.durationSeconds);
  const body = JSON.stringify({ email: DEMO.email, password: await encryptedPassword(base) });
  const [logins, loaded] = await Promise.all([
    autocannon({
      url: `${base}/api/login`,
      method: "POST",
      headers: { "content-type": "application/json" },
      body,
      connections: b.connections,
      duration: b.durationSeconds,
      // Each login from an address of its own: the throttle counts attempts per address.
      setupClient: (client) => {
        client.setHeaders({ "content-type": "application/json", "x-forwarded-for": nextAddress() });
      },
    }),
    reads(b.durationSeconds),
  ]);
  checks.record(
    "login throughput",
    logins.requests.average,
    "req/s",
    logins.non2xx === 0,
    "all 2xx",
  );
  checks.atMost("login p50 latency", logins.latency.p50, "ms", b.maxP50Ms);
  checks.atMost("login p99 latency", logins.latency.p99, "ms", b.maxP99Ms);
  checks.record("read p99 latency, quiet", quiet.latency.p99, "ms", true, "reference");
  checks.atMost(
    "read p99 latency, while logins run",
    loaded.latency.p99,
    "ms",
    b.maxReadP99UnderLoginLoadMs,
  );
}

/** From the API call that changes an article to its new text served (rendered at once, then the whole build). */
async function measurePublishToLive() {
  const b = budgets.publish;
  const result = await measurePublish(base, b);
  const reference = (name: string, ms: number) => checks.record(name, ms, "ms", true, "reference");
  reference("publish to live, first (creates the article)", result.firstMs);
  for (const [n, ms] of result.editsMs.entries()) reference(`publish to live, edit ${n + 1}`, ms);
  for (const [n, build] of result.builds.entries()) {
    reference(`whole build ${n + 1} behind the edits, wall`, build.wallMs);
    reference(`whole build ${n + 1} behind the edits, CPU`, build.cpuMs);
  }
  checks.atMost(`publish to live, median of ${b.runs} edits`, result.medianMs, "ms", b.maxMedianMs);
}

const payload = JSON.stringify(
  feedbackSubmission(base, "autocannon", {
    feedbackType: "suggestion",
    subject: "Benchmark submission",
    description: "Measuring how many submissions the server stores per second.",
    contact: "bench@example.com",
  }),
);

try {
  // Start-up: the first start creates and migrates the embedded database; a restart opens it.
  const first = await startServer();
  checks.atMost(
    "start-up, first start (creates the database)",
    first.ms,
    "ms",
    budgets.startup.firstStartMs,
  );
  await stopServer(first.child);
  const second = await startServer();
  checks.atMost("start-up, restart", second.ms, "ms", budgets.startup.restartMs);

  const b = budgets.createFeedback;
  const acknowledgedIds: string[] = [];
  const run = await autocannon({
    url: base,
    connections: b.connections,
    duration: b.durationSeconds,
    requests: [
      {
        method: "POST",
        path: "/api/createFeedback",
        headers: { "content-type": "application/json" },
        body: payload,
        // Each submission from an address of its own: feedback is limited per address.
        setupRequest: (request) => ({
          ...request,
          headers: { ...request.headers, "x-forwarded-for": nextAddress() },
        }),
        onResponse: (status, body) => {
          const answer = status === 200 ? JSON.parse(body) : null;
          if (answer?.code === 200 && typeof answer.data?.id === "string")
            acknowledgedIds.push(answer.data.id);
        },
      },
    ],
  });
  await measureLogins();
  await measurePublishToLive();
  await stopServer(second.child);

  const acknowledged = new Set(acknowledgedIds).size;
  checks.atLeast(
    "createFeedback throughput",
    run.requests.average,
    "req/s",
    b.minRequestsPerSecond,
  );
  checks.atMost("createFeedback p50 latency", run.latency.p50, "ms", b.maxP50Ms);
  checks.atMost("createFeedback p99 latency", run.latency.p99, "ms", b.maxP99Ms);
  checks.exactly(
    "createFeedback errors and non-2xx",
    run.errors + run.timeouts + run.non2xx,
    "",
    0,
  );

  // Nothing lost: every acknowledged submission is in the database.
  const database = await openPglite(dataDir);
  let stored = 0;
  for (let i = 0; i < acknowledgedIds.length; i += 1000) {
    const [row] = await database.db
      .select({ n: count() })
      .from(feedback)
      .where(inArray(feedback.id, acknowledgedIds.slice(i, i + 1000)));
    stored += row?.n ?? 0;
  }
  await database.close();
  checks.exactly(
    `acknowledged submissions found in the database (of ${acknowledged})`,
    stored,
    "",
    acknowledged,
  );
} finally {
  rmSync(dataDir, { recursive: true, force: true });
}

checks.print();
checks.conclude();
