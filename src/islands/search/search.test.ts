import { describe, expect, it } from "vitest";
import { boundedExcerpt, parseExcerpt } from "./excerpt.ts";
import { addToHistory, clearHistory, HISTORY_LIMIT, readHistory } from "./history.ts";
import { answers, isAnswer } from "./pagefind.ts";

function memoryStorage() {
  const map = new Map<string, string>();
  return {
    getItem: (k: string) => map.get(k) ?? null,
    setItem: (k: string, v: string) => void map.set(k, v),
    removeItem: (k: string) => void map.delete(k),
  };
}

describe("search history", () => {
  it("keeps the last 10 searches, newest first, without repeats", () => {
    const s = memoryStorage();
    for (let i = 0; i < 12; i++) addToHistory(s, `q${i}`);
    addToHistory(s, "Q5");
    const history = readHistory(s);
    expect(history).toHaveLength(HISTORY_LIMIT);
    expect(history[0]).toBe("Q5");
    expect(history.filter((q) => q.toLowerCase() === "q5")).toHaveLength(1);
    expect(history).not.toContain("q0");
  });

  it("ignores blank queries and broken storage, and clears", () => {
    const s = memoryStorage();
    expect(addToHistory(s, "   ")).toEqual([]);
    s.setItem("search-history", "{not json");
    expect(readHistory(s)).toEqual([]);
    addToHistory(s, "静态");
    clearHistory(s);
    expect(readHistory(s)).toEqual([]);
  });
});

describe("excerpts", () => {
  it("splits marks into parts and keeps other markup out", () => {
    expect(parseExcerpt("Build <mark>static</mark> pages &amp; <b>more</b>")).toEqual([
      { text: "Build ", match: false, start: 0 },
      { text: "static", match: true, start: 6 },
      { text: " pages & more", match: false, start: 12 },
    ]);
    expect(parseExcerpt("&lt;script&gt;alert(1)&lt;/script&gt; <mark>x</mark>")).toEqual([
      { text: "<script>alert(1)</script> ", match: false, start: 0 },
      { text: "x", match: true, start: 26 },
    ]);
  });
});

describe("excerpts cut at word edges", () => {
  const text = (html: string, content: string) =>
    boundedExcerpt(html, content)
      .map((p) => (p.match ? `[${p.text}]` : p.text))
      .join("");

  it("moves a cut inside a Latin word out to the word's edge, with an ellipsis where text goes on", () => {
    const content = "About this blog. Two Inks is a personal blog kept in two languages, mostly.";
    // Pagefind's Chinese bundle splits Latin words at its own places.
    expect(
      text("is blog. Two <mark>Inks</mark> is a personal blog kept in two langu", content),
    ).toBe("…this blog. Two [Inks] is a personal blog kept in two languages,…");
  });

  it("leaves out a partial word too long to complete, but never a match", () => {
    const path = "packages/site/src/islands/labs/hooks/useThrottledCallback.ts";
    const content = `Read ${path} to see how it is called at most once every interval.`;
    const excerpt = "/hooks/useThrottledCallback.ts to see how it is <mark>called</mark>";
    expect(text(excerpt, content)).toBe("…to see how it is [called]…");
    // The match itself is a cut word: kept whole.
    expect(text("useThrottledCallba<mark>ck.ts</mark>", `${path} x`)).toBe(
      "…useThrottledCallba[ck.ts]…",
    );
  });

  it("cuts Chinese anywhere: any character is an edge", () => {
    const content =
      "安静的网页. 页面的重量. 字节就是时间# 网速快的时候，页面重量只是个抽象的数字。网速慢的时候";
    expect(text("网页. <mark>页面</mark>的重量. 字节就是时间", content)).toBe(
      "…网页. [页面]的重量. 字节就是时间…",
    );
    // Latin inside Chinese text still ends at its word's edge.
    expect(text("用 <mark>Astro</mark> 构建 HT", "我用 Astro 构建 HTML 页面")).toBe(
      "…用 [Astro] 构建 HTML…",
    );
  });

  it("adds no ellipsis at the text's own start and end, and keeps an excerpt it cannot place", () => {
    expect(text("<mark>Static</mark> first.", "Static first.")).toBe("[Static] first.");
    expect(text("Build <mark>static</mark>  pages", "elsewhere")).toBe("Build [static] pages");
    const parts = boundedExcerpt("a <mark>b</mark> c", "x a b c y");
    expect(parts.map((p) => p.start)).toEqual([0, 1, 3, 4, 6]);
  });
});

describe("what counts as an answer", () => {
  it("refuses the prefix Pagefind falls back to for a word it does not hold", () => {
    expect(answers("xyzzyqq", "-x")).toBe(false);
    expect(answers("qqqqzzz", "q")).toBe(false);
    expect(answers("q", "useMediaQuery")).toBe(false);
    expect(answers("artery", "a")).toBe(false);
  });

  it("keeps stems, word starts and punctuation around a word", () => {
    expect(answers("tests", "test.")).toBe(true);
    expect(answers("inks", "ink,")).toBe(true);
    expect(answers("doc", "document")).toBe(true);
    expect(answers("installa", "installation")).toBe(true);
    expect(answers("useDebouncedValue", "useDebouncedValue:")).toBe(true);
  });

  it("matches Chinese words the index split", () => {
    expect(answers("静态网站", "静态")).toBe(true);
    expect(answers("墨水", "墨水")).toBe(true);
    expect(answers("墨水", "静态")).toBe(false);
  });

  it("reads a result's marked parts", () => {
    const part = (text: string, match: boolean) => ({ text, match, start: 0 });
    expect(isAnswer("xyzzyqq", [part("fd ", false), part("-x", true)])).toBe(false);
    expect(isAnswer("small test", [part("A ", false), part("test", true)])).toBe(true);
    expect(isAnswer("test", [part("no marks here", false)])).toBe(false);
  });
});
