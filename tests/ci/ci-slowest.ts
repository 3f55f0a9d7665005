// Where a CI run's time went: its slowest test files and spec files, one line each, so a run
// that grows slower names what to look at first.
import { relative } from "node:path";
import { z } from "zod";

// Only the fields read here; the reports carry many more.
const vitestReport = z.object({
  testResults: z
    .array(z.object({ name: z.string(), startTime: z.number(), endTime: z.number() }))
    .default([]),
});

const playwrightSpec = z.object({
  tests: z
    .array(
      z.object({
        projectName: z.string().optional(),
        results: z.array(z.object({ duration: z.number() })).default([]),
      }),
    )
    .default([]),
});
type PlaywrightSuite = {
  file?: string | undefined;
  specs?: z.infer<typeof playwrightSpec>[] | undefined;
  suites?: PlaywrightSuite[] | undefined;
};
const playwrightSuite: z.ZodType<PlaywrightSuite> = z.lazy(() =>
  z.object({
    file: z.string().optional(),
    specs: z.array(playwrightSpec).optional(),
    suites: z.array(playwrightSuite).optional(),
  }),
);
const playwrightReport = z.object({ suites: z.array(playwrightSuite).default([]) });

/** `slow  N s  name`, the `most` longest first. */
function lines(times: Map<string, number>, most: number): string[] {
  return [...times]
    .sort((a, b) => b[1] - a[1])
    .slice(0, most)
    .map(([name, ms]) => `slow ${String(Math.round(ms / 1000)).padStart(4)} s  ${name}`);
}

/** The test files of a vitest JSON report that took longest, each with its wall time. */
export function vitestSlowest(report: unknown, most = 5, root = process.cwd()): string[] {
  const parsed = vitestReport.safeParse(report);
  if (!parsed.success) return [];
  const times = new Map<string, number>();
  for (const file of parsed.data.testResults) {
    times.set(relative(root, file.name), file.endTime - file.startTime);
  }
  return lines(times, most);
}

/** The spec files of a Playwright JSON report that took longest, by project: their tests' sum. */
export function playwrightSlowest(report: unknown, most = 5): string[] {
  const parsed = playwrightReport.safeParse(report);
  if (!parsed.success) return [];
  const times = new Map<string, number>();
  const walk = (suite: PlaywrightSuite, file: string) => {
    const here = suite.file ?? file;
    for (const spec of suite.specs ?? []) {
      for (const test of spec.tests) {
        const key = `${here} [${test.projectName ?? "?"}]`;
        const ms = test.results.reduce((sum, result) => sum + result.duration, 0);
        times.set(key, (times.get(key) ?? 0) + ms);
      }
    }
    for (const child of suite.suites ?? []) walk(child, here);
  };
  for (const suite of parsed.data.suites) walk(suite, "?");
  return lines(times, most);
}
