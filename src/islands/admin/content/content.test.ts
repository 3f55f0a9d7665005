import { describe, expect, it } from "vitest";
import { ApiRejection } from "../../../shared/api-client.ts";
import { call } from "./api-call.ts";
import { suggestSlug } from "./slug.ts";
import { isoToLocal, localToIso, tomorrowMorning } from "./time.ts";

describe("the back office's content helpers", () => {
  it("folds failures, rejections and network errors into one shape, fields from the error", async () => {
    const issue = { field: "body", message: "is required", key: "validation.required" };
    const failed = await call(
      Promise.resolve({
        code: 400,
        message: "Invalid body: is required",
        data: null,
        success: false as const,
        error: { kind: "validation" as const, issues: [issue] },
      }),
    );
    expect(failed).toEqual({
      ok: false,
      code: 400,
      message: "Invalid body: is required",
      field: "body",
      issues: [issue],
    });
    // The wording never counts: a message that looks like a field names none.
    const worded = await call(
      Promise.resolve({ code: 400, message: "Invalid x: y", data: null, success: false as const }),
    );
    expect(worded).toMatchObject({ ok: false, code: 400, field: null, issues: [] });
    const rejected = await call(
      Promise.reject(
        new ApiRejection(409, "Slug a is used by another note", {
          kind: "conflict",
          issues: [{ field: "slug", message: "Slug a is used by another note" }],
        }),
      ),
    );
    expect(rejected).toMatchObject({ ok: false, code: 409, field: "slug" });
    const thrown = await call(Promise.reject(new Error("boom")));
    expect(thrown).toEqual({ ok: false, code: 0, message: "boom", field: null, issues: [] });
  });

  it("suggests slugs from Latin titles only", () => {
    expect(suggestSlug("  Héllo, World — 2nd Edition! ")).toBe("hello-world-2nd-edition");
    expect(suggestSlug("安静的网页")).toBe("");
    expect(suggestSlug("a ".repeat(100), 10)).toBe("a-a-a-a-a");
  });

  it("turns datetime-local values into ISO times and back", () => {
    const iso = localToIso("2031-05-04T09:30");
    expect(iso).not.toBeNull();
    expect(isoToLocal(iso ?? "")).toBe("2031-05-04T09:30");
    expect(localToIso("")).toBeNull();
    expect(localToIso("tomorrow")).toBeNull();
    expect(Date.parse(localToIso(tomorrowMorning()) ?? "")).toBeGreaterThan(Date.now());
  });
});
