import { describe, expect, it } from "vitest";
import { playwrightSlowest, vitestSlowest } from "./ci-slowest.ts";

describe("the slowest files of a CI run", () => {
  it("names vitest's files by wall time, longest first, relative to the root", () => {
    const report = {
      testResults: [
        { name: "/repo/a.test.ts", startTime: 0, endTime: 2_000 },
        { name: "/repo/b.test.ts", startTime: 1_000, endTime: 496_400 },
        { name: "/repo/c.test.ts", startTime: 0, endTime: 30_000 },
      ],
    };
    expect(vitestSlowest(report, 2, "/repo")).toEqual([
      "slow  495 s  b.test.ts",
      "slow   30 s  c.test.ts",
    ]);
  });

  it("sums each spec file's tests by project, retries included", () => {
    const test = (projectName: string, ...durations: number[]) => ({
      projectName,
      results: durations.map((duration) => ({ duration })),
    });
    const report = {
      suites: [
        {
          file: "publish.spec.ts",
          specs: [{ tests: [test("publish", 60_000, 7_000)] }],
          suites: [{ specs: [{ tests: [test("publish", 20_000)] }] }],
        },
        {
          file: "labs.spec.ts",
          specs: [{ tests: [test("chromium", 18_000), test("chromium", 4_000)] }],
        },
      ],
    };
    expect(playwrightSlowest(report)).toEqual([
      "slow   87 s  publish.spec.ts [publish]",
      "slow   22 s  labs.spec.ts [chromium]",
    ]);
  });

  it("says nothing of a report it cannot read", () => {
    expect(vitestSlowest({ testResults: "no" })).toEqual([]);
    expect(playwrightSlowest(null)).toEqual([]);
  });
});
