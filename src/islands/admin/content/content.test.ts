import { describe, expect, it } from "vitest";
import { suggestSlug } from "./slug.ts";
import { isoToLocal, localToIso, tomorrowMorning } from "./time.ts";

describe("the back office's content helpers", () => {
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
