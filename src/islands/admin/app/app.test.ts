import { describe, expect, it } from "vitest";
import { translator } from "../../../i18n/core.ts";
import { ApiRejection } from "../../../shared/api-client.ts";
import { problemText, showServerIssues } from "./form.tsx";
import { CallFailure, createQueryClient, dataOf } from "./query.ts";

describe("the back office's pattern", () => {
  it("gives a call's data, or throws a CallFailure with the server's code and issues", async () => {
    expect(
      await dataOf(Promise.resolve({ code: 200, message: "OK", data: { id: 1 }, success: true })),
    ).toEqual({ id: 1 });
    const issues = [{ field: "email", message: "taken", key: "validation.emailTaken" }];
    const failed = await dataOf(
      Promise.resolve({
        code: 409,
        message: "taken",
        data: null,
        success: false,
        error: { kind: "conflict", issues },
      }),
    ).catch((e: unknown) => e);
    expect(failed).toBeInstanceOf(CallFailure);
    expect(failed).toMatchObject({ code: 409, message: "taken", issues });
    const rejected = await dataOf(Promise.reject(new ApiRejection(4001, "Code expired"))).catch(
      (e: unknown) => e,
    );
    expect(rejected).toMatchObject({ code: 4001, message: "Code expired", issues: [] });
    const network = await dataOf(Promise.reject(new TypeError("fetch failed"))).catch(
      (e: unknown) => e,
    );
    expect(network).toMatchObject({ code: 0, message: "fetch failed" });
  });

  it("retries a read once after a network or server failure, never after a 4xx, and never a write", () => {
    const options = createQueryClient().getDefaultOptions();
    const retry = options.queries?.retry;
    expect(typeof retry).toBe("function");
    if (typeof retry !== "function") return;
    expect(retry(0, new CallFailure(0, "offline"))).toBe(true);
    expect(retry(0, new CallFailure(502, "bad gateway"))).toBe(true);
    expect(retry(1, new CallFailure(502, "bad gateway"))).toBe(false);
    expect(retry(0, new CallFailure(404, "gone"))).toBe(false);
    expect(options.mutations?.retry).toBe(false);
  });

  it("puts the server's field issues on the form's own fields, focusing the first", () => {
    const set: Array<[string, { message?: string }, { shouldFocus?: boolean } | undefined]> = [];
    const failure = new CallFailure(400, "Invalid", {
      kind: "validation",
      issues: [
        { field: "other", message: "not on this form" },
        { field: "email", message: "Email is taken", key: "validation.emailInvalid" },
        { field: "userName", message: "Bad name" },
      ],
    });
    const landed = showServerIssues(
      failure,
      (name, error, options) => set.push([name, error, options]),
      ["email", "userName"] as const,
    );
    expect(landed).toBe(true);
    expect(set).toEqual([
      ["email", { message: "validation.emailInvalid" }, { shouldFocus: true }],
      ["userName", { message: "Bad name" }, { shouldFocus: false }],
    ]);
    expect(showServerIssues(new Error("boom"), () => {}, ["email"] as const)).toBe(false);
  });

  it("shows a problem in the interface language when it is a message key, else as sent", () => {
    const zh = translator("zh-CN");
    expect(problemText(zh, "validation.emailInvalid")).toBe(zh("validation.emailInvalid"));
    expect(problemText(zh, "validation.emailInvalid")).not.toBe("validation.emailInvalid");
    expect(problemText(zh, "Slug taken by a file")).toBe("Slug taken by a file");
    expect(problemText(zh, undefined)).toBeUndefined();
  });
});
