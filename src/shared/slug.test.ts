import { expect, it } from "vitest";
import { loadRomanizer, suggestSlug } from "./slug.ts";

it("suggests slugs from Latin titles, and from Chinese ones in pinyin", async () => {
  expect(suggestSlug("  Héllo, World — 2nd Edition! ")).toBe("hello-world-2nd-edition");
  expect(suggestSlug("a ".repeat(100), 10)).toBe("a-a-a-a-a");
  // Before pinyin is loaded a Chinese title suggests nothing; after, its pinyin.
  expect(suggestSlug("安静的网页", 80, null)).toBe("");
  const romanize = await loadRomanizer();
  expect(suggestSlug("安静的网页")).toBe("an-jing-de-wang-ye");
  expect(suggestSlug("静态优先：Astro 与 React 19 的实践", 80, romanize)).toBe(
    "jing-tai-you-xian-astro-yu-react-19-de-shi-jian",
  );
  // Polyphones in their usual reading, ü as v, emoji and punctuation dropped.
  expect(suggestSlug("重庆的长城", 80, romanize)).toBe("chong-qing-de-chang-cheng");
  expect(suggestSlug("绿色🌿", 80, romanize)).toBe("lv-se");
  expect(suggestSlug("🎉🎉", 80, romanize)).toBe("");
  expect(suggestSlug("中".repeat(40), 12, romanize)).toBe("zhong-zhong");
});
