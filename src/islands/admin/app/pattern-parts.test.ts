import { describe, expect, it } from "vitest";
import { z } from "zod";
import { listView } from "./ListSection.tsx";
import { type FormWords, serverIssues, withWords } from "./problems.ts";
import { CallFailure, succeeded } from "./query.ts";

describe("a server schema in a form's words", () => {
  const server = z.strictObject({
    name: z.strictObject({ "zh-CN": z.string().trim().min(1, "is required") }),
    tags: z.array(z.string().max(3, "too long")).max(2, "too many"),
    links: z.array(z.strictObject({ url: z.string().startsWith("https://", "not https") })),
  });
  const words: FormWords = {
    name: { blank: "bmsNotes.problems.bodyRequired", long: "bmsNotes.problems.bodyTooLong" },
    tags: { other: "bmsNotes.problems.tooManyTags" },
    "tags.*": { long: "bmsNotes.problems.tagTooLong", on: "tags" },
    "links.*.url": { other: "bmsSettings.problems.linkUrlInvalid" },
  };
  const form = withWords(server, words);
  const said = (input: unknown) =>
    form.safeParse(input).error?.issues.map((i) => [i.path.join("."), i.message]);

  it("passes the server schema's output through", () => {
    const input = { name: { "zh-CN": " a " }, tags: ["x"], links: [] };
    expect(form.parse(input)).toEqual({ name: { "zh-CN": "a" }, tags: ["x"], links: [] });
  });

  it("words each issue by its field, its item's field or its language; keeps the others", () => {
    const issues = said({
      name: { "zh-CN": " " },
      tags: ["long"],
      links: [{ url: "https://a" }, { url: "http://b" }],
      extra: 1,
    });
    expect(issues).toEqual([
      ["name.zh-CN", "bmsNotes.problems.bodyRequired"],
      ["tags", "bmsNotes.problems.tagTooLong"],
      ["links.1.url", "bmsSettings.problems.linkUrlInvalid"],
      ["", expect.stringContaining("extra")],
    ]);
    expect(said({ name: { "zh-CN": "a" }, tags: ["a", "b", "c"], links: [] })).toEqual([
      ["tags", "bmsNotes.problems.tooManyTags"],
    ]);
  });

  it("words the server's refusals the same way, keeping an issue's own key", () => {
    const refused = new CallFailure(400, "Invalid", {
      kind: "validation",
      issues: [
        { field: "name.zh-CN", message: "is required" },
        { field: "tags.1", message: "too long", key: "bmsNotes.problems.tagInvalid" },
        { field: "links.0.url", message: "not https" },
        { field: "other", message: "English" },
      ],
    });
    const worded = serverIssues(refused, words, { name: { "zh-CN": "" } });
    expect(worded instanceof CallFailure && worded.issues).toEqual([
      { field: "name.zh-CN", message: "is required", key: "bmsNotes.problems.bodyRequired" },
      { field: "tags", message: "too long", key: "bmsNotes.problems.tagInvalid" },
      { field: "links.0.url", message: "not https", key: "bmsSettings.problems.linkUrlInvalid" },
      { field: "other", message: "English" },
    ]);
    const offline = new Error("offline");
    expect(serverIssues(offline, words)).toBe(offline);
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
