// The failed tests of a CI run, one line each with the first line of their error, so a red run
// says what failed and why in the few last lines of its log (CI may show nothing else).
import { relative } from "node:path";
import { z } from "zod";

/** The longest error text kept on a line. */
const MAX_REASON = 240;

// Only the fields read here; the reports carry many more.
const playwrightResult = z.object({
  status: z.string().optional(),
  error: z.object({ message: z.string().optional() }).optional(),
  errors: z.array(z.object({ message: z.string().optional() })).optional(),
});
const playwrightSpec = z.object({
  title: z.string(),
  file: z.string().optional(),
  line: z.number().optional(),
  tests: z.array(
    z.object({
      projectName: z.string().optional(),
      status: z.string().optional(),
      results: z.array(playwrightResult).default([]),
    }),
  ),
});
type PlaywrightSuite = {
  specs?: z.infer<typeof playwrightSpec>[] | undefined;
  suites?: PlaywrightSuite[] | undefined;
};
const playwrightSuite: z.ZodType<PlaywrightSuite> = z.lazy(() =>
  z.object({
    specs: z.array(playwrightSpec).optional(),
    suites: z.array(playwrightSuite).optional(),
  }),
);
const playwrightReport = z.object({
  suites: z.array(playwrightSuite).default([]),
  errors: z.array(z.object({ message: z.string().optional() })).default([]),
});

const vitestReport = z.object({
  testResults: z
    .array(
      z.object({
        name: z.string(),
        status: z.string().optional(),
        message: z.string().optional(),
        assertionResults: z
          .array(
            z.object({
              fullName: z.string(),
              status: z.string(),
              failureMessages: z.array(z.string()).default([]),
            }),
          )
          .default([]),
      }),
    )
    .default([]),
});

/** The first line of an error that says something, without terminal colours. */
export function reason(message: string | undefined): string {
  const lines = (message ?? "")
    // biome-ignore lint/suspicious/noControlCharactersInRegex: terminal colour codes start with ESC
    .replace(/\u001b\[[0-9;]*m/g, "")
    .split("\n")
    .map((line) => line.trim())
    .filter(Boolean);
  const first = lines[0] ?? "no error message";
  return first.length > MAX_REASON ? `${first.slice(0, MAX_REASON - 1)}…` : first;
}

/** `FAIL [project] file:line › title: reason` for each test Playwright counts as failed. */
export function playwrightFailures(report: unknown, root = process.cwd()): string[] {
  const parsed = playwrightReport.safeParse(report);
  if (!parsed.success) return [];
  const out: string[] = [];
  const walk = (suite: PlaywrightSuite) => {
    for (const spec of suite.specs ?? []) {
      for (const test of spec.tests) {
        if (test.status !== "unexpected") continue;
        const last = test.results.at(-1);
        const where = spec.file ? `${spec.file}${spec.line ? `:${spec.line}` : ""} › ` : "";
        const message = last?.error?.message ?? last?.errors?.[0]?.message;
        out.push(
          `FAIL [${test.projectName ?? "?"}] ${where}${spec.title}: ${reason(message ?? last?.status)}`,
        );
      }
    }
    for (const child of suite.suites ?? []) walk(child);
  };
  for (const suite of parsed.data.suites) walk(suite);
  // Errors outside any test: a web server that did not start, a file that did not load.
  for (const error of parsed.data.errors) out.push(`FAIL playwright: ${reason(error.message)}`);
  return out.map((line) => line.replaceAll(`${root}/`, ""));
}

/** `FAIL file › full name: reason` for each failed vitest test or file that did not run. */
export function vitestFailures(report: unknown, root = process.cwd()): string[] {
  const parsed = vitestReport.safeParse(report);
  if (!parsed.success) return [];
  const out: string[] = [];
  for (const file of parsed.data.testResults) {
    const name = relative(root, file.name);
    const failed = file.assertionResults.filter((test) => test.status === "failed");
    for (const test of failed) {
      out.push(`FAIL ${name} › ${test.fullName}: ${reason(test.failureMessages[0])}`);
    }
    if (failed.length === 0 && file.status === "failed") {
      out.push(`FAIL ${name}: ${reason(file.message)}`);
    }
  }
  return out;
}
