import { describe, expect, it, vi } from "vitest";

vi.mock("astro:content", () => ({ getCollection: async () => [] }));
const { dayOf, isLive, readingMinutes } = await import("./content.ts");

describe("content rules", () => {
  const now = new Date("2026-11-22T00:00:00Z");
  it("never shows drafts and shows scheduled items only once their time has come", () => {
    expect(isLive({ data: { status: "draft", publishedAt: new Date("2020-01-01") } }, now)).toBe(
      false,
    );
    expect(
      isLive({ data: { status: "scheduled", publishedAt: new Date("2027-01-01") } }, now),
    ).toBe(false);
    expect(
      isLive({ data: { status: "scheduled", publishedAt: new Date("2026-11-21") } }, now),
    ).toBe(true);
    expect(
      isLive({ data: { status: "published", publishedAt: new Date("2026-11-21") } }, now),
    ).toBe(true);
  });
  it("estimates reading time in both languages", () => {
    expect(readingMinutes("word ".repeat(1000), "en-US")).toBe(5);
    expect(readingMinutes("字".repeat(900), "zh-CN")).toBe(3);
    expect(readingMinutes("短", "zh-CN")).toBe(1);
  });
  it("groups by the blog's local day", () => {
    expect(dayOf(new Date("2026-11-21T17:30:00Z"))).toBe("2026-11-22");
  });
});
