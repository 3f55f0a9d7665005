import { describe, expect, it } from "vitest";
import { splitFrontMatter } from "./front-matter.ts";
import { noteText } from "./items.ts";

describe("front matter", () => {
  it("reads YAML between --- lines and keeps a date as written", () => {
    const read = splitFrontMatter(
      "---\ntitle: Hello\ndate: 2013-12-24 23:30:09\ntags: [a, b]\n---\n\nBody\n",
    );
    expect(read).toEqual({
      format: "yaml",
      data: { title: "Hello", date: "2013-12-24 23:30:09", tags: ["a", "b"] },
      body: "Body\n",
    });
  });

  it("reads TOML between +++ lines (Hugo)", () => {
    const read = splitFrontMatter('+++\ntitle = "Emoji"\ntags = ["emoji"]\n+++\nText');
    expect(read).toEqual({
      format: "toml",
      data: { title: "Emoji", tags: ["emoji"] },
      body: "Text",
    });
  });

  it("reads Hexo's front matter with no opening line only when asked", () => {
    const text = "title: Tags\ndate: 2013-12-24 23:29:53\n---\n\nThis post contains 3 tags.";
    expect(splitFrontMatter(text, { bare: true })).toMatchObject({
      format: "yaml",
      data: { title: "Tags" },
      body: "This post contains 3 tags.",
    });
    expect(splitFrontMatter(text)).toEqual({ format: "none", data: {}, body: text });
  });

  it("keeps a file without front matter whole, whatever its line ends and mark", () => {
    expect(splitFrontMatter("\uFEFF# Title\r\n\r\n---\r\nText")).toEqual({
      format: "none",
      data: {},
      body: "# Title\n\n---\nText",
    });
    // An opening line never closed is text too.
    expect(splitFrontMatter("---\ntitle: x\n").format).toBe("none");
  });

  it("says why front matter could not be read and keeps the whole file as the body", () => {
    const text = "---\ntitle: [unclosed\n---\nBody";
    const read = splitFrontMatter(text);
    expect(read.data).toEqual({});
    expect(read.body).toBe(text);
    expect(read.problem?.key).toBe("frontMatterUnread");
    expect(noteText(read.problem ?? { key: "untitled" })).toMatch(/^front matter not read: /);
    expect(splitFrontMatter("---\n- a list\n---\nBody").problem).toEqual({
      key: "frontMatterNotMap",
    });
  });
});
