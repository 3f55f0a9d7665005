import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";

// The closing lines of a CI run, from the script itself run on small reports.

const script = join(import.meta.dirname, "ci-summary.ts");
let dir = "";

function summary(
  steps: string,
  vitest: unknown,
  playwright: unknown,
  pooled?: unknown,
  netlify?: unknown,
) {
  dir = mkdtempSync(join(tmpdir(), "ci-summary-"));
  const files = [join(dir, "steps.tsv"), join(dir, "vitest.json"), join(dir, "playwright.json")];
  writeFileSync(files[0] as string, steps);
  if (vitest !== undefined) writeFileSync(files[1] as string, JSON.stringify(vitest));
  if (playwright !== undefined) writeFileSync(files[2] as string, JSON.stringify(playwright));
  // A report given as null is named but never written: a run whose report is missing. An
  // empty argument stands for a report not asked for (the pooled one, before the Netlify one).
  if (pooled !== undefined || netlify !== undefined) {
    files.push(pooled === undefined ? "" : join(dir, "pooled.json"));
    if (pooled !== undefined && pooled !== null) {
      writeFileSync(join(dir, "pooled.json"), JSON.stringify(pooled));
    }
  }
  if (netlify !== undefined) {
    files.push(join(dir, "netlify.json"));
    if (netlify !== null) writeFileSync(join(dir, "netlify.json"), JSON.stringify(netlify));
  }
  try {
    const out = execFileSync(process.execPath, [script, ...files], { encoding: "utf8" });
    return { code: 0, lines: out.trim().split("\n") };
  } catch (error) {
    const failed = error as { status: number; stdout: string };
    return { code: failed.status, lines: failed.stdout.trim().split("\n") };
  }
}

afterEach(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
  dir = "";
});

const skippedSpec = (file: string, project: string, reason: string) => ({
  file,
  title: "a test",
  tests: [
    {
      projectName: project,
      status: "skipped",
      annotations: [{ type: "skip", description: reason }],
    },
  ],
});

describe("the closing line of a CI run", () => {
  it("sums passes, failures and skips of every suite, and says why tests were skipped", () => {
    const { code, lines } = summary(
      "build\t0\ncheck\t0\nunit and integration tests\t0\tvitest\nend-to-end tests\t0\tplaywright\n",
      { numPassedTests: 10, numFailedTests: 0, numPendingTests: 2, numTodoTests: 1 },
      {
        stats: { expected: 5, unexpected: 0, flaky: 1, skipped: 3 },
        suites: [
          {
            specs: [],
            suites: [
              {
                specs: [
                  skippedSpec("dev-live.spec.ts", "dev", "needs E2E_DEV"),
                  skippedSpec("accounts-live.spec.ts", "postgres", "needs E2E_DATABASE_URL"),
                  skippedSpec("accounts-live.spec.ts", "postgres", "needs E2E_DATABASE_URL"),
                ],
              },
            ],
          },
        ],
      },
    );
    expect(code).toBe(0);
    expect(lines).toContain("skip [dev] dev-live.spec.ts: 1 test (needs E2E_DEV)");
    expect(lines).toContain(
      "skip [postgres] accounts-live.spec.ts: 2 tests (needs E2E_DATABASE_URL)",
    );
    expect(lines).toContain("unit and integration: 10 passed, 0 failed, 3 skipped");
    expect(lines).toContain("end-to-end: 6 passed, 0 failed, 3 skipped");
    expect(lines.at(-1)).toBe("18 passed, 0 failed, 6 skipped");
  });

  it("counts a step that failed, such as a test database that could not be made", () => {
    const { code, lines } = summary(
      "build\t0\ncreate PostgreSQL database blog_ci_1_e2e\t1\n",
      { numPassedTests: 3, numFailedTests: 0 },
      { stats: { expected: 2, unexpected: 0, flaky: 0, skipped: 0 }, suites: [] },
    );
    expect(code).toBe(1);
    expect(lines).toContain("FAIL create PostgreSQL database blog_ci_1_e2e");
    expect(lines.at(-1)).toBe("6 passed, 1 failed, 0 skipped");
    expect(lines.at(-1)).toMatch(/^\d+ passed, \d+ failed/);
  });

  it("fails a run whose reports are missing", () => {
    const { code, lines } = summary("build\t0\n", undefined, undefined);
    expect(code).toBe(1);
    expect(lines).toContain("unit and integration: no report");
    expect(lines).toContain("end-to-end: no report");
    expect(lines.at(-1)).toBe("1 passed, 2 failed, 0 skipped");
  });

  it("adds the database tests run through PgBouncer, and fails a run whose pooled report is missing", () => {
    const steps =
      "build\t0\nunit and integration tests\t0\tvitest\n" +
      "unit and integration tests through PgBouncer (transaction mode)\t0\tvitest-pooled\n" +
      "end-to-end tests\t0\tplaywright\n";
    const e2e = { stats: { expected: 2, unexpected: 0, flaky: 0, skipped: 0 }, suites: [] };
    const ok = summary(steps, { numPassedTests: 10 }, e2e, {
      numPassedTests: 4,
      numFailedTests: 1,
    });
    expect(ok.code).toBe(1);
    expect(ok.lines).toContain(
      "unit and integration through PgBouncer: 4 passed, 1 failed, 0 skipped",
    );
    expect(ok.lines.at(-1)).toBe("17 passed, 1 failed, 0 skipped");
    const missing = summary(steps, { numPassedTests: 10 }, e2e, null);
    expect(missing.lines).toContain("unit and integration through PgBouncer: no report");
    expect(missing.lines.at(-1)).toBe("13 passed, 1 failed, 0 skipped");
  });

  describe("the Netlify build and runtime's checks (tests/ci/netlify-smoke.ts --report)", () => {
    const steps =
      "build\t0\nunit and integration tests\t0\tvitest\nend-to-end tests\t0\tplaywright\n";
    const e2e = { stats: { expected: 2, unexpected: 0, flaky: 0, skipped: 0 }, suites: [] };
    const netlifyStep = (status: number) =>
      `${steps}Netlify build and runtime (netlify-cli offline)\t${status}\tnetlify\n`;

    it("counts each check, and names each failed one with what was seen", () => {
      const { code, lines } = summary(netlifyStep(1), { numPassedTests: 10 }, e2e, undefined, {
        checks: [
          { name: "api.zip is under Netlify's 50 MB", ok: true, detail: "31.8 MB" },
          { name: "publishing calls the build hook (POST)", ok: false },
          { name: "feedback is accepted and stored", ok: false, detail: "503 not configured" },
        ],
        measures: { "api.zip": "31.8" },
      });
      expect(code).toBe(1);
      expect(lines).toContain("FAIL [Netlify] publishing calls the build hook (POST)");
      expect(lines).toContain("FAIL [Netlify] feedback is accepted and stored: 503 not configured");
      expect(lines).toContain("Netlify build and runtime: 1 passed, 2 failed");
      expect(lines.at(-1)).toBe("14 passed, 2 failed, 0 skipped");
    });

    it("passes a run whose checks all held", () => {
      const { code, lines } = summary(netlifyStep(0), { numPassedTests: 10 }, e2e, undefined, {
        checks: [{ name: "a", ok: true }],
        measures: {},
      });
      expect(code).toBe(0);
      expect(lines.at(-1)).toBe("14 passed, 0 failed, 0 skipped");
    });

    it("fails a step that crashed without a failed check, and a missing report", () => {
      const crashed = summary(netlifyStep(1), { numPassedTests: 10 }, e2e, undefined, {
        checks: [{ name: "a", ok: true }],
      });
      expect(crashed.code).toBe(1);
      expect(crashed.lines.at(-1)).toBe("14 passed, 1 failed, 0 skipped");
      const missing = summary(netlifyStep(1), { numPassedTests: 10 }, e2e, undefined, null);
      expect(missing.code).toBe(1);
      expect(missing.lines).toContain("Netlify build and runtime: no report");
      expect(missing.lines.at(-1)).toBe("13 passed, 1 failed, 0 skipped");
    });
  });
});
