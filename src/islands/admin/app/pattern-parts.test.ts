import { describe, expect, it } from "vitest";
import { z } from "zod";
import { listView } from "./ListSection.tsx";
import { withProblems } from "./problems.ts";
import { succeeded } from "./query.ts";

describe("a server schema in a form's words", () => {
  const server = z.strictObject({
    name: z.string().trim().min(1, "is required"),
    tags: z.array(z.string().max(3, "too long")),
  });
  const form = withProblems(server, (issue) =>
    issue.path[0] === "tags"
      ? { path: ["tags"], key: "bmsNotes.problems.tagTooLong" }
      : issue.path[0] === "name"
        ? { key: "bmsNotes.problems.bodyRequired" }
        : undefined,
  );

  it("passes the server schema's output through", () => {
    expect(form.parse({ name: " a ", tags: ["x"] })).toEqual({ name: "a", tags: ["x"] });
  });

  it("moves and rewords the issues it names, and keeps the others as the server words them", () => {
    const result = form.safeParse({ name: "", tags: ["long"], extra: 1 });
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((i) => [i.path.join("."), i.message])).toEqual([
      ["name", "bmsNotes.problems.bodyRequired"],
      ["tags", "bmsNotes.problems.tagTooLong"],
      ["", result.error?.issues[2]?.message],
    ]);
  });
});

describe("what a list shows of its query", () => {
  const page = { items: [1], total: 1, page: 1, pageSize: 20 };

  it("keeps the last page while the next loads, counts only a fresh one, and drops it on failure", () => {
    expect(listView({ data: page, isFetching: false, isError: false })).toEqual({
      loading: false,
      failed: false,
      view: page,
      ready: page,
    });
    expect(listView({ data: page, isFetching: true, isError: false })).toMatchObject({
      loading: true,
      view: page,
      ready: undefined,
    });
    expect(listView({ data: page, isFetching: false, isError: true })).toMatchObject({
      failed: true,
      view: undefined,
      ready: undefined,
    });
    // Trying again after a failure: loading, not failed.
    expect(listView({ data: undefined, isFetching: true, isError: true })).toMatchObject({
      loading: true,
      failed: false,
    });
  });
});

describe("a write a control waits on", () => {
  it("says whether it succeeded, and hands a failure on", async () => {
    const failures: unknown[] = [];
    expect(await succeeded(Promise.resolve(1), (e) => failures.push(e))).toBe(true);
    const boom = new Error("boom");
    expect(await succeeded(Promise.reject(boom), (e) => failures.push(e))).toBe(false);
    expect(failures).toEqual([boom]);
  });
});
