import { describe, expect, it, vi } from "vitest";

vi.mock("astro:content", () => ({ getCollection: async () => [] }));
const { dayOf, isLive, notePreview, readingMinutes } = await import("./content.ts");

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

describe("a note in one line", () => {
  it("drops Markdown's marks, pictures and link targets, and cuts at whole characters", () => {
    expect(
      notePreview("- **Bold** move, see [the docs](https://example.com).\n\n![a cat](/c.jpg) `x`"),
    ).toBe("Bold move, see the docs. x");
    expect(notePreview("早上出门，楼下的桂花开了第二茬", 6)).toBe("早上出门，楼…");
    // A character outside the BMP is never cut in half.
    expect(notePreview("ab😀cd", 3)).toBe("ab😀…");
    expect(notePreview(undefined)).toBe("");
  });
});
