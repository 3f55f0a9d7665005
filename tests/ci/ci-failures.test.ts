import { describe, expect, it } from "vitest";
import { playwrightFailures, reason, vitestFailures } from "./ci-failures.ts";

describe("the failed tests of a CI run", () => {
  it("keeps an error's first line, without colours, cut to a line's length", () => {
    expect(
      reason("\n\u001b[31mError: expect(page).toHaveURL(expected) failed\u001b[39m\n\nmore"),
    ).toBe("Error: expect(page).toHaveURL(expected) failed");
    expect(reason(undefined)).toBe("no error message");
    const long = reason(`Error: ${"x".repeat(500)}`);
    expect(long).toHaveLength(240);
    expect(long.endsWith("…")).toBe(true);
  });

  it("names each Playwright test that failed, with its project, place and reason", () => {
    const report = {
      suites: [
        {
          title: "accounts-live.spec.ts",
          specs: [],
          suites: [
            {
              title: "a describe block",
              specs: [
                {
                  title: "register, log out, log in again",
                  file: "accounts-live.spec.ts",
                  line: 70,
                  tests: [
                    {
                      projectName: "postgres",
                      status: "unexpected",
                      results: [
                        { status: "failed", error: { message: "Error: first try" } },
                        { status: "failed", error: { message: "Error: toHaveURL failed\n  at x" } },
                      ],
                    },
                    {
                      projectName: "chromium",
                      status: "expected",
                      results: [{ status: "passed" }],
                    },
                  ],
                },
                {
                  title: "a flaky one",
                  tests: [{ projectName: "chromium", status: "flaky", results: [] }],
                },
              ],
            },
          ],
        },
      ],
      errors: [{ message: "Error: Process from config.webServer was not able to start." }],
    };
    expect(playwrightFailures(report)).toEqual([
      "FAIL [postgres] accounts-live.spec.ts:70 › register, log out, log in again: Error: toHaveURL failed",
      "FAIL playwright: Error: Process from config.webServer was not able to start.",
    ]);
  });

  it("names each failed vitest test, and a file that failed without a failed test", () => {
    const report = {
      testResults: [
        {
          name: "/repo/src/lib/paging.test.ts",
          status: "failed",
          assertionResults: [
            { fullName: "paging cuts a list", status: "passed", failureMessages: [] },
            {
              fullName: "paging shows twenty",
              status: "failed",
              failureMessages: ["AssertionError: expected 10 to be 20\n    at …"],
            },
          ],
        },
        {
          name: "/repo/src/server/db/client.test.ts",
          status: "failed",
          message: "Error: Cannot find module 'x'",
          assertionResults: [],
        },
      ],
    };
    expect(vitestFailures(report, "/repo")).toEqual([
      "FAIL src/lib/paging.test.ts › paging shows twenty: AssertionError: expected 10 to be 20",
      "FAIL src/server/db/client.test.ts: Error: Cannot find module 'x'",
    ]);
  });

  it("finds nothing in a report it cannot read", () => {
    expect(playwrightFailures(null)).toEqual([]);
    expect(vitestFailures({ testResults: "no" })).toEqual([]);
  });
});
