// Sums the suites of one CI run into the closing line `N passed, N failed, N skipped`, after a
// line for each failed test with the first line of its error and a line for each group of
// skipped end-to-end tests with the reason they were skipped (a skipped test is not a pass).
// Usage: node tests/ci/ci-summary.ts <steps.tsv> <vitest.json> <playwright.json> [<pooled.json>]
// [<netlify.json>] (the database tests again through PgBouncer, a vitest report of step kind
// `vitest-pooled`; the checks of the Netlify build and runtime, tests/ci/netlify-smoke.ts's
// `--report`, of step kind `netlify`).
import { existsSync, readFileSync } from "node:fs";
import { playwrightFailures, vitestFailures } from "./ci-failures.ts";
import { playwrightSlowest, vitestSlowest } from "./ci-slowest.ts";

const [stepsFile, vitestFile, playwrightFile, pooledFile, netlifyFile] = process.argv.slice(2);
let passed = 0;
let failed = 0;
let skipped = 0;
const lines: string[] = [];

function readJson(file: string | undefined): unknown {
  if (!file || !existsSync(file)) return null;
  try {
    return JSON.parse(readFileSync(file, "utf8"));
  } catch {
    return null;
  }
}

function num(value: unknown, key: string): number {
  if (typeof value !== "object" || value === null || !(key in value)) return 0;
  // Narrowed to an object holding `key` above; the cast only reads it as a record.
  const n = (value as Record<string, unknown>)[key];
  return typeof n === "number" ? n : 0;
}

// Checks (type check, lint, build, …) count one result each. A test runner's own step counts
// only when it failed without a failing test to show for it (a crash, a missing report).
const runnerSteps = new Map<string, string>();
if (stepsFile && existsSync(stepsFile)) {
  for (const line of readFileSync(stepsFile, "utf8").split("\n").filter(Boolean)) {
    const [name = "", status = "1", kind = "check"] = line.split("\t");
    lines.push(`${status === "0" ? "ok  " : "FAIL"} ${name}`);
    if (kind !== "check") runnerSteps.set(kind, status);
    else if (status === "0") passed++;
    else failed++;
  }
}

/** Adds one vitest report (of the runner step `kind`) to the sums, with a line `label: …`. */
function addVitest(file: string | undefined, kind: string, label: string): unknown {
  const report = readJson(file);
  if (report) {
    const p = num(report, "numPassedTests");
    const f =
      num(report, "numFailedTests") +
      (num(report, "numFailedTestSuites") > 0 && num(report, "numFailedTests") === 0 ? 1 : 0);
    const s = num(report, "numPendingTests") + num(report, "numTodoTests");
    passed += p;
    skipped += s;
    failed +=
      f === 0 && runnerSteps.get(kind) !== undefined && runnerSteps.get(kind) !== "0" ? 1 : f;
    lines.push(`${label}: ${p} passed, ${f} failed, ${s} skipped`);
  } else if (file) {
    failed++;
    lines.push(`${label}: no report`);
  }
  return report;
}

const vitest = addVitest(vitestFile, "vitest", "unit and integration");
const pooled = addVitest(pooledFile, "vitest-pooled", "unit and integration through PgBouncer");

interface SuiteJson {
  specs?: Array<{
    file?: string;
    tests?: Array<{
      projectName?: string;
      status?: string;
      annotations?: Array<{ type?: string; description?: string }>;
    }>;
  }>;
  suites?: SuiteJson[];
}

/** `skip [project] file: N tests (reason)`, one line per project, file and reason. */
function playwrightSkips(report: unknown): string[] {
  const groups = new Map<string, number>();
  const walk = (suite: SuiteJson) => {
    for (const spec of suite.specs ?? []) {
      for (const test of spec.tests ?? []) {
        if (test.status !== "skipped") continue;
        const why = test.annotations?.find((a) => a.type === "skip")?.description;
        const key = `[${test.projectName ?? "?"}] ${spec.file ?? "?"}: %n (${why ?? "no reason given"})`;
        groups.set(key, (groups.get(key) ?? 0) + 1);
      }
    }
    for (const child of suite.suites ?? []) walk(child);
  };
  const suites = (report as { suites?: unknown }).suites;
  if (Array.isArray(suites)) for (const suite of suites) walk(suite as SuiteJson);
  return [...groups].map(
    ([key, n]) => `skip ${key.replace("%n", n === 1 ? "1 test" : `${n} tests`)}`,
  );
}

const playwright = readJson(playwrightFile);
const stats =
  typeof playwright === "object" && playwright !== null && "stats" in playwright
    ? playwright.stats
    : null;
if (stats) {
  const p = num(stats, "expected") + num(stats, "flaky");
  const f = num(stats, "unexpected");
  const s = num(stats, "skipped");
  passed += p;
  skipped += s;
  failed +=
    f === 0 && runnerSteps.get("playwright") !== undefined && runnerSteps.get("playwright") !== "0"
      ? 1
      : f;
  lines.push(...playwrightSkips(playwright));
  lines.push(`end-to-end: ${p} passed, ${f} failed, ${s} skipped`);
} else if (playwrightFile) {
  failed++;
  lines.push("end-to-end: no report");
}

/** The Netlify run's checks (`{ checks: [{ name, ok, detail }] }`): each one a pass or a failure. */
function netlifyChecks(file: string | undefined): string[] {
  const report = readJson(file);
  const checks =
    typeof report === "object" && report !== null && "checks" in report ? report.checks : null;
  if (!Array.isArray(checks)) {
    if (file) {
      failed++;
      lines.push("Netlify build and runtime: no report");
    }
    return [];
  }
  const list: unknown[] = checks;
  const field = (value: unknown, key: string): unknown =>
    typeof value === "object" && value !== null && key in value
      ? Object.getOwnPropertyDescriptor(value, key)?.value
      : undefined;
  const failing: string[] = [];
  for (const check of list) {
    if (field(check, "ok") === true) continue;
    const detail = field(check, "detail");
    const why = typeof detail === "string" && detail ? `: ${detail}` : "";
    failing.push(`FAIL [Netlify] ${String(field(check, "name") ?? "?")}${why}`.slice(0, 300));
  }
  const p = list.length - failing.length;
  passed += p;
  const step = runnerSteps.get("netlify");
  failed += failing.length === 0 && step !== undefined && step !== "0" ? 1 : failing.length;
  lines.push(`Netlify build and runtime: ${p} passed, ${failing.length} failed`);
  return failing;
}

const failures = [
  ...vitestFailures(vitest),
  ...vitestFailures(pooled).map((line) => line.replace(/^FAIL /, "FAIL [PgBouncer] ")),
  ...playwrightFailures(playwright),
  ...netlifyChecks(netlifyFile),
];
// Where the time went, above the results: the slowest test files and spec files.
const slowest = [...vitestSlowest(vitest), ...playwrightSlowest(playwright)];
console.log([...slowest, ...failures, ...lines].join("\n"));
console.log(`${passed} passed, ${failed} failed, ${skipped} skipped`);
process.exitCode = failed > 0 || passed === 0 ? 1 : 0;
