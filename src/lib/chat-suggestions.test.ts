import { describe, expect, it } from "vitest";
import { translator } from "../i18n/core.ts";
import { chatSuggestions, shortTitle } from "./chat-suggestions.ts";

const t = { "zh-CN": translator("zh-CN"), "en-US": translator("en-US") };
const day = (d: string) => new Date(`${d}T00:00:00Z`);

describe("chatSuggestions", () => {
  it("asks about each language's busiest categories, newest article and a book", () => {
    const found = chatSuggestions(
      {
        articles: [
          {
            title: "Old: a subtitle",
            lang: "en-US",
            category: "tools",
            publishedAt: day("2025-01-01"),
          },
          {
            title: "Static first: a blog",
            lang: "en-US",
            category: "eng",
            publishedAt: day("2026-01-01"),
          },
          { title: "Tests", lang: "en-US", category: "eng", publishedAt: day("2025-06-01") },
          {
            title: "静态优先：博客",
            lang: "zh-CN",
            category: "eng",
            publishedAt: day("2026-01-01"),
          },
        ],
        categories: [
          { id: "eng", name: { "zh-CN": "工程", "en-US": "Engineering" } },
          { id: "tools", name: { "zh-CN": "工具", "en-US": "Tools" } },
          { id: "life", name: { "zh-CN": "生活", "en-US": "Life" } },
        ],
        books: [{ title: "The Quiet Page", lang: "en-US" }],
      },
      t,
    );
    expect(found["en-US"]).toEqual([
      "What has the blog written about Engineering?",
      "What is “Static first” about?",
      "What is the book “The Quiet Page” about?",
      "What has the blog written about Tools?",
    ]);
    // A category without articles in the language is never offered.
    expect(found["zh-CN"]).toEqual(["博客里关于“工程”写了些什么？", "《静态优先》讲了什么？"]);
  });

  it("offers nothing when there is nothing", () => {
    expect(chatSuggestions({ articles: [], categories: [], books: [] }, t)).toEqual({
      "zh-CN": [],
      "en-US": [],
    });
  });

  it("keeps a title whole when its part before a colon says too little", () => {
    expect(shortTitle("Go: notes")).toBe("Go: notes");
    expect(shortTitle("Winter light")).toBe("Winter light");
  });
});
