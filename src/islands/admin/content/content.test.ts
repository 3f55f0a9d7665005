import { describe, expect, it } from "vitest";
import { call, issueField, itemPath } from "./api-call.ts";
import { suggestSlug } from "./slug.ts";
import { isoToLocal, localToIso, tomorrowMorning } from "./time.ts";

describe("the back office's content helpers", () => {
  it("reads the field a validation message names", () => {
    expect(issueField("Invalid images.1.src: must be an https:// URL")).toBe("images.1.src");
    expect(issueField("Invalid publishedAt: a scheduled item needs a time in the future")).toBe(
      "publishedAt",
    );
    expect(issueField("Slug a is used by another note")).toBeNull();
  });

  it("folds failures, rejections and network errors into one shape", async () => {
    const failed = await call(
      Promise.resolve({
        code: 400,
        message: "Invalid body: is required",
        data: null,
        success: false,
      }),
    );
    expect(failed).toEqual({
      ok: false,
      code: 400,
      message: "Invalid body: is required",
      field: "body",
    });
    const conflict = await call(
      Promise.resolve({ code: 409, message: "Invalid x: y", data: null, success: false }),
    );
    expect(conflict).toMatchObject({ ok: false, code: 409, field: null });
    const thrown = await call(Promise.reject(new Error("boom")));
    expect(thrown).toEqual({ ok: false, code: 0, message: "boom", field: null });
  });

  it("encodes ids in paths (file chapters hold a slash)", () => {
    expect(itemPath("chapters", "file:chapter:book/one", "publish")).toBe(
      "/admin/chapters/file%3Achapter%3Abook%2Fone/publish",
    );
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
