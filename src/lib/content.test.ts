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
  it("counts words as the reader sees them: marks are not words, code is not read", () => {
    const words = (n: number) => Array.from({ length: n }, (_, i) => `w${i}`).join(" ");
    // 500 words around marks and a code block of 1000 more: 2.5 minutes, rounded to 3.
    const en = `# ${words(100)}\n\n- **${words(100)}** _${words(100)}_ [${words(100)}](x)\n\n\`\`\`js\n${words(1000)}\n\`\`\`\n\n${words(99)} -- !\n`;
    expect(readingMinutes(en, "en-US")).toBe(3);
    expect(readingMinutes(`${words(299)}\u3000${words(300)}`, "en-US")).toBe(3);
    // 600 characters and 200 Latin words (each "w" run, digits end it): 2 + 1 minutes.
    expect(readingMinutes(`${"字".repeat(600)} ${words(200)}`, "zh-CN")).toBe(3);
    expect(readingMinutes(`\`\`\`\n${"字".repeat(3000)}\n\`\`\``, "zh-CN")).toBe(1);
  });
  it("groups by the blog's local day", () => {
    expect(dayOf(new Date("2026-11-21T17:30:00Z"))).toBe("2026-11-22");
  });
});
