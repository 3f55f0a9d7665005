import { describe, expect, it } from "vitest";
import { parseExcerpt } from "./excerpt.ts";
import { addToHistory, clearHistory, HISTORY_LIMIT, readHistory } from "./history.ts";

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
