// `npm run bench:security`: the figures of security issue 11, measured against `npm start` on a
// scratch embedded database: parallel login and registration floods, the feedback limit, the
// `?next=` redirect in a real browser, comment bursts and floods (issue 41), and the Mozilla Observatory score of the headers served.
// Prints numbers, checks them against bench/budgets.json ("security"), exits 1 when one misses.
import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Worker } from "node:worker_threads";
import { chromium } from "@playwright/test";
import { chromiumArgs, fullChromium } from "../playwright.config.ts";
import { ACCEPTED_NEXT, REFUSED_NEXT } from "../src/islands/auth/next-path.test-support.ts";
import { attribute, elementsOf, parsePage } from "../src/lib/parsed-html.ts";
import { observatoryScan } from "../tests/support/observatory/index.ts";
import { Checks } from "./checks.ts";
import {
  DEMO,
  encryptedPassword,
  ensureBuilt,
  feedbackSubmission,
  startServer,
  stopServer,
} from "./server.ts";

interface SecurityBudgets {
  maxCheckedOfFlood: number;
  maxFloodAccepted: number;
  maxRefusedCpuMs: number;
  minObservatoryScore: number;
}

const budgets: SecurityBudgets = JSON.parse(
  readFileSync(new URL("./budgets.json", import.meta.url), "utf8"),
).security;
const port = Number(process.env.BENCH_PORT || 4393);
const base = `http://127.0.0.1:${port}`;
const checks = new Checks();

/** The figures here have no unit (their names say it). */
function record(name: string, value: number | string, ok: boolean, budget: string) {
  checks.record(name, value, "", ok, budget);
}

async function post(path: string, body: unknown, address: string) {
  const started = performance.now();
  const res = await fetch(`${base}${path}`, {
    method: "POST",
    headers: { "content-type": "application/json", "x-forwarded-for": address },
    body: JSON.stringify(body),
  });
  await res.arrayBuffer();
  return { status: res.status, ms: performance.now() - started };
}

function tally(statuses: number[]): Record<number, number> {
  const counts: Record<number, number> = {};
  for (const status of statuses) counts[status] = (counts[status] ?? 0) + 1;
  return counts;
}

/** 300 parallel wrong logins from one address while the owner logs in from another. */
async function loginFlood() {
  const wrong = await encryptedPassword(base, "Wrong-123!");
  const right = await encryptedPassword(base);
  const quiet = await post("/api/login", { email: DEMO.email, password: right }, "203.0.113.1");
  const flood = Array.from({ length: 300 }, () =>
    post("/api/login", { email: DEMO.email, password: wrong }, "198.51.100.66"),
  );
  const during = post("/api/login", { email: DEMO.email, password: right }, "203.0.113.10");
  const counts = tally((await Promise.all(flood)).map((a) => a.status));
  const owner = await during;
  const after = await post("/api/login", { email: DEMO.email, password: right }, "203.0.113.11");
  const checked = counts[401] ?? 0;
  checks.atMost(
    "login flood: wrong passwords checked of 300 parallel from one address",
    checked,
    "",
    budgets.maxCheckedOfFlood,
  );
  record("login flood: answered 429", counts[429] ?? 0, true, "the rest");
  record(
    "login flood: owner from another address during / after (status)",
    `${owner.status} / ${after.status}`,
    owner.status === 200 && after.status === 200,
    "200 / 200",
  );
  record(
    "login flood: owner's login quiet / during (ms)",
    `${Math.round(quiet.ms)} / ${Math.round(owner.ms)}`,
    true,
    "reference",
  );
}

/** 150 parallel wrong-code registrations from one address; the owner's login meanwhile. */
async function registerFlood() {
  await post("/api/getEmailCode", { email: "bench@example.com", locale: "en-US" }, "203.0.113.2");
  const password = await encryptedPassword(base, "Secret-123");
  const right = await encryptedPassword(base);
  const flood = Array.from({ length: 150 }, (_, i) =>
    post(
      "/api/register",
      { email: "bench@example.com", code: String(100000 + i), userName: "bench", password },
      "198.51.100.9",
    ),
  );
  const owner = post("/api/login", { email: DEMO.email, password: right }, "203.0.113.12");
  const counts = tally((await Promise.all(flood)).map((a) => a.status));
  const login = await owner;
  record(
    "register flood: wrong codes checked / refused 429 of 150",
    `${counts[400] ?? 0} / ${counts[429] ?? 0}`,
    (counts[400] ?? 0) <= 10,
    "<= 10 checked",
  );
  record(
    "register flood: owner's login meanwhile (ms)",
    Math.round(login.ms),
    login.status === 200,
    "200",
  );
}

/** 20 parallel feedback posts from one address. */
async function feedbackBurst() {
  const payload = feedbackSubmission(base, "bench", {
    feedbackType: "bug",
    subject: "Bench",
    description: "Twenty at once from one address.",
  });
  const counts = tally(
    (
      await Promise.all(
        Array.from({ length: 20 }, () => post("/api/createFeedback", payload, "198.51.100.5")),
      )
    ).map((a) => a.status),
  );
  record(
    "feedback: accepted / 429 of 20 parallel from one address",
    `${counts[200] ?? 0} / ${counts[429] ?? 0}`,
    counts[200] === 3,
    "3 / 17",
  );
}

/**
 * A signed-in reader's loop of reads, until told to stop; answers each read's milliseconds. It
 * says "warm" after its first 20 reads, which it does not time: the first reads of a route
 * compile its code, which is no flood's doing.
 */
const READER = `
const { parentPort, workerData } = require("node:worker_threads");
let reading = true;
parentPort.once("message", () => { reading = false; });
(async () => {
  const times = [];
  for (let read = 1; reading; read += 1) {
    const started = performance.now();
    const res = await fetch(workerData.url, {
      headers: { authorization: "Bearer " + workerData.token, "x-forwarded-for": "203.0.113.61" },
    });
    await res.arrayBuffer();
    if (read === 20) parentPort.postMessage("warm");
    else if (read > 20 && res.ok) times.push(performance.now() - started);
  }
  parentPort.postMessage(times);
})();
`;

/** A guest's comment number `n` under the seed article. */
const guestCommentBody = (n: number) => ({
  kind: "article",
  item: "commit-messages",
  name: `Bench ${n}`,
  email: `bench${n}@example.com`,
  body: `Comment ${n} of a flood.`,
  lang: "en-US",
});

/** A guest's comment under the seed article, from `address`. */
const guestComment = (n: number, address: string) =>
  post("/api/comments", guestCommentBody(n), address);

/** 300 parallel comments from one address: how many are written (issue 41: the burst, 3). */
async function commentBurst() {
  const counts = tally(
    (await Promise.all(Array.from({ length: 300 }, (_, i) => guestComment(i, "198.51.100.7")))).map(
      (a) => a.status,
    ),
  );
  record(
    "comments: written / 429 of 300 parallel from one address",
    `${counts[200] ?? 0} / ${counts[429] ?? 0}`,
    (counts[200] ?? 0) <= 3 && (counts[429] ?? 0) === 300 - (counts[200] ?? 0),
    "at most 3 / the rest",
  );
}

/**
 * Guests' comments (`workerData.bodies`) from 1200 addresses, 100 at a time; answers their
 * statuses. It runs in a thread of lower priority (on Linux, `setPriority` without a pid is the
 * calling thread's): a real flood comes from other machines, and here its sender shares the
 * server's 2 cores.
 */
const FLOODER = `
const { parentPort, workerData } = require("node:worker_threads");
require("node:os").setPriority(10);
const address = (i) => "2001:db8:" + (i >> 8).toString(16) + ":" + (i & 255).toString(16) + "::1";
async function comment(n) {
  const res = await fetch(workerData.url, {
    method: "POST",
    headers: { "content-type": "application/json", "x-forwarded-for": address(n) },
    body: JSON.stringify(workerData.bodies[n]),
  });
  await res.arrayBuffer();
  return res.status;
}
(async () => {
  const statuses = [];
  for (let sent = 0; sent < 1200; sent += 100) {
    statuses.push(...(await Promise.all(Array.from({ length: 100 }, (_, i) => comment(sent + i)))));
  }
  parentPort.postMessage(statuses);
})();
`;

/**
 * Comments from 1200 addresses, 100 at a time, while a signed-in reader reads an article's
 * comments in a loop: the read's p99 (issue 41: under 50 ms). It starts once the server is quiet
 * (its first rebuild and the build process it keeps warm use both cores for seconds).
 */
async function commentFlood(pid: number) {
  const right = await encryptedPassword(base);
  const login = await fetch(`${base}/api/login`, {
    method: "POST",
    headers: { "content-type": "application/json", "x-forwarded-for": "203.0.113.60" },
    body: JSON.stringify({ email: DEMO.email, password: right }),
  });
  if (!login.ok) throw new Error(`the demo admin's login answered ${login.status}`);
  const { data } = (await login.json()) as { data: { token: string } };
  await quiet(pid);
  // The reader runs in a thread of its own: its latencies are the server's, not those of a
  // thread busy sending the flood.
  const reader = new Worker(READER, {
    eval: true,
    workerData: {
      url: `${base}/api/comments?kind=article&item=commit-messages`,
      token: data.token,
    },
  });
  await new Promise((resolve) => reader.once("message", resolve));
  const reads = new Promise<number[]>((resolve) => reader.once("message", resolve));
  const bodies = Array.from({ length: 1200 }, (_, i) => guestCommentBody(5000 + i));
  const flooder = new Worker(FLOODER, {
    eval: true,
    workerData: { url: `${base}/api/comments`, bodies },
  });
  const statuses = await new Promise<number[]>((resolve) => flooder.once("message", resolve));
  await flooder.terminate();
  reader.postMessage("stop");
  const times = (await reads).sort((a, b) => a - b);
  await reader.terminate();
  const p99 = times[Math.min(times.length - 1, Math.floor(times.length * 0.99))] ?? Infinity;
  const counts = tally(statuses);
  record(
    "comment flood: written / 429 of 1200 addresses",
    `${counts[200] ?? 0} / ${counts[429] ?? 0}`,
    true,
    "reference",
  );
  checks.record(
    `comment flood: a signed-in read's p99 (${times.length} reads, median ${Math.round(times[times.length >> 1] ?? 0)} ms)`,
    Math.round(p99 * 10) / 10,
    "ms",
    p99 < 50,
    "under 50",
  );
}

/** The processes `pid` started, and theirs (Linux: /proc/<pid>/task/<tid>/children). */
function processTree(pid: number): number[] {
  const children: number[] = [];
  try {
    for (const task of readdirSync(`/proc/${pid}/task`)) {
      const listed = readFileSync(`/proc/${pid}/task/${task}/children`, "utf8");
      children.push(...listed.split(" ").filter(Boolean).map(Number));
    }
  } catch {
    // The process ended meanwhile.
  }
  return [pid, ...children.flatMap(processTree)];
}

/** Waits until `pid` and the processes it started used under 5 % of a core for a second. */
async function quiet(pid: number, timeoutMs = 120_000) {
  const used = () =>
    processTree(pid).reduce((sum, each) => {
      try {
        return sum + cpuSeconds(each);
      } catch {
        return sum;
      }
    }, 0);
  const until = performance.now() + timeoutMs;
  for (let before = used(); performance.now() < until; ) {
    await new Promise((resolve) => setTimeout(resolve, 1000));
    const now = used();
    if (now - before < 0.05) return;
    before = now;
  }
  throw new Error(`the server was still busy after ${timeoutMs / 1000} s`);
}

/** CPU seconds the process `pid` has used (user and system: /proc/<pid>/stat, in clock ticks). */
function cpuSeconds(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]?.split(" ") ?? [];
  // utime and stime are fields 14 and 15 of the whole line: 12 and 13 after "pid (comm) ".
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

/**
 * Feedback from 600 addresses at once: how many the overall budget lets in; then 2000 more,
 * refused, and the server's CPU each refused post costs (issue 38: 588 accepted in 3 s, 4.9 ms of
 * CPU a refused post before the overall budget refused in memory).
 */
async function feedbackFlood(pid: number) {
  const payload = feedbackSubmission(base, "bench", {
    feedbackType: "bug",
    subject: "Flood",
    description: "From many addresses at once.",
  });
  const address = (i: number) => `10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}`;
  const started = performance.now();
  const flood = await Promise.all(
    Array.from({ length: 600 }, (_, i) => post("/api/createFeedback", payload, address(i + 1))),
  );
  const floodMs = performance.now() - started;
  const accepted = tally(flood.map((a) => a.status))[200] ?? 0;
  record(
    "feedback flood: accepted of 600 addresses at once",
    `${accepted} (in ${Math.round(floodMs)} ms)`,
    accepted <= budgets.maxFloodAccepted,
    `at most ${budgets.maxFloodAccepted}`,
  );
  const refused = 2000;
  const cpuBefore = cpuSeconds(pid);
  const wallBefore = performance.now();
  for (let sent = 0; sent < refused; sent += 50) {
    await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        post("/api/createFeedback", payload, address(10_000 + sent + i)),
      ),
    );
  }
  const cpuMs = ((cpuSeconds(pid) - cpuBefore) * 1000) / refused;
  const wallMs = (performance.now() - wallBefore) / refused;
  record(
    "feedback flood: server CPU a refused post (ms)",
    `${cpuMs.toFixed(2)} CPU, ${wallMs.toFixed(2)} wall`,
    cpuMs <= budgets.maxRefusedCpuMs,
    `at most ${budgets.maxRefusedCpuMs} CPU`,
  );
}

/**
 * Logs the demo admin in through the real form at `/register-login?next=<variant>` and sees
 * where the browser goes. Requests to any other host are aborted (no traffic leaves the machine)
 * but their address is recorded as the destination.
 */
async function redirects() {
  const browser = await chromium.launch({ ...fullChromium(), args: chromiumArgs });
  const origin = new URL(base).origin;
  let offSite = 0;
  let keptWrong = 0;
  try {
    const context = await browser.newContext();
    await context.route(
      (url) => url.origin !== origin,
      (route) => route.abort(),
    );
    // Every page starts logged out, so /register-login always shows the login form.
    await context.addInitScript(() => {
      localStorage.setItem("app-locale", "en-US");
      localStorage.removeItem("user-info");
    });
    const page = await context.newPage();
    const variants: Array<[string, string]> = [
      ...REFUSED_NEXT.map(([, next]): [string, string] => [next, "/"]),
      ...ACCEPTED_NEXT.map(([, next, path]): [string, string] => [next, path]),
    ];
    for (const [next, expected] of variants) {
      await page.goto(`${base}/register-login?${new URLSearchParams({ next })}`);
      await page.getByRole("textbox", { name: "Email" }).fill(DEMO.email);
      await page.getByLabel("Password").fill(DEMO.password);
      const away = page.waitForRequest(
        (request) =>
          request.isNavigationRequest() &&
          request.frame() === page.mainFrame() &&
          !request.url().includes("/register-login"),
      );
      await page.getByRole("tabpanel").getByRole("button", { name: "Log in" }).click();
      const target = new URL((await away).url());
      if (target.origin !== origin) offSite += 1;
      // A request carries no fragment: compare what it does carry.
      else if (target.pathname + target.search !== expected.replace(/#.*$/, "")) keptWrong += 1;
    }
    record(
      `redirect: hostile next= values that left the site (of ${REFUSED_NEXT.length}, real browser)`,
      offSite,
      offSite === 0,
      "0",
    );
    record(
      `redirect: same-site next= values not kept (of ${ACCEPTED_NEXT.length})`,
      keptWrong,
      keptWrong === 0,
      "0",
    );
  } finally {
    await browser.close();
  }
}

/** The Observatory's score of what `npm start` serves for pages and for the API. */
async function headers() {
  const list = parsePage(readFileSync("dist/articles/index.html", "utf8"));
  const article = [...elementsOf(list)]
    .map((element) => (element.tagName === "a" ? attribute(element, "href") : undefined))
    .find((href) => href && /^\/articles\/[a-z0-9-]+\/$/.test(href));
  for (const path of ["/", "/about/", article ?? "/articles/", "/bms/", "/api/encryption-key"]) {
    const res = await fetch(`${base}${path}`);
    const body = await res.text();
    const scan = observatoryScan({
      headers: res.headers,
      status: res.status,
      body,
      url: `https://blog.example${path}`,
    });
    checks.atLeast(
      `Observatory score ${path} (grade ${scan.grade})`,
      scan.score,
      "",
      budgets.minObservatoryScore,
    );
  }
}

ensureBuilt();
const dataDir = mkdtempSync(join(tmpdir(), "blog-bench-security-"));
const server = await startServer(port, dataDir, { TRUST_PROXY: "1" });
try {
  await loginFlood();
  await registerFlood();
  await feedbackBurst();
  if (server.child.pid) await feedbackFlood(server.child.pid);
  await commentBurst();
  if (server.child.pid) await commentFlood(server.child.pid);
  await headers();
  await redirects();
} finally {
  await stopServer(server.child);
  rmSync(dataDir, { recursive: true, force: true });
}

checks.print();
checks.conclude();
