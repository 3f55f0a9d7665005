import { QueryObserver } from "@tanstack/react-query";
import { describe, expect, it } from "vitest";
import { translator } from "../../../i18n/core.ts";
import { ApiRejection } from "../../../shared/api-client.ts";
import { problemText } from "../../ui/form-fields.tsx";
import { choices } from "./fields.tsx";
import { failedCallText, showServerIssues } from "./form.tsx";
import { CallFailure, createQueryClient, dataOf, refreshAfterWrite } from "./query.ts";

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

  it("after a write, asks again rather than keep a read that was under way before it", async () => {
    // The server's state: a draft until the write publishes it.
    let status = "draft";
    const answers: Array<() => void> = [];
    const client = createQueryClient();
    // A list shown on screen whose first read is still waiting for its answer.
    const observer = new QueryObserver(client, {
      queryKey: ["articles", "page", { q: "x" }],
      queryFn: () => {
        const seen = status;
        return new Promise<string>((resolve) => answers.push(() => resolve(seen)));
      },
    });
    const shown: Array<string | undefined> = [];
    const stop = observer.subscribe((result) => shown.push(result.data));
    await Promise.resolve();
    expect(answers).toHaveLength(1);
    status = "published";
    const refreshed = refreshAfterWrite(client, ["articles"]);
    // The read made before the write answers late; a second read was asked for after it.
    answers[0]?.();
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(answers).toHaveLength(2);
    answers[1]?.();
    await refreshed;
    expect(observer.getCurrentResult().data).toBe("published");
    expect(shown).not.toContain("draft");
    stop();
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

  it("words a failed call around the server's message, in the screen's sentence", () => {
    const en = translator("en-US");
    const zh = translator("zh-CN");
    const refused = new CallFailure(409, "Slug a is taken");
    expect(failedCallText(en, refused)).toBe("That did not work: Slug a is taken");
    expect(failedCallText(zh, refused)).toBe(
      zh("bmsContent.failure", { message: "Slug a is taken" }),
    );
    expect(failedCallText(zh, refused, "users.failed")).toBe("操作失败：Slug a is taken");
    expect(failedCallText(en, "not an error")).toBe("That did not work: ");
  });

  it("makes a select's choices of values, in their words", () => {
    expect(choices(["a", "b"] as const, (v) => v.toUpperCase())).toEqual([
      { value: "a", label: "A" },
      { value: "b", label: "B" },
    ]);
  });
});
