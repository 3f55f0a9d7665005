import { describe, expect, it } from "vitest";
import { categoryTree } from "./category-tree";
import { type Relatable, relatedOf } from "./related";

const tree = categoryTree(
  [
    { id: "engineering", parent: null },
    { id: "life", parent: null },
    { id: "travel", parent: "life" },
  ],
  (c) => c.parent,
);

let day = 0;
const article = (
  id: string,
  category: string,
  tags: string[],
  extra: Partial<Relatable["data"]> = {},
): Relatable => ({
  id,
  data: {
    lang: "en-US",
    tags,
    category: { id: category },
    publishedAt: new Date(Date.UTC(2026, 0, 1 + day++)),
    ...extra,
  },
});

const ids = (list: Relatable[]) => list.map((a) => a.id);

describe("relatedOf", () => {
  it("ranks shared tags first, then the category, then the newest", () => {
    const self = article("self", "engineering", ["sql", "postgresql", "habits"]);
    const all = [
      self,
      article("two-tags", "life", ["SQL", "postgresql"]),
      article("one-tag-old", "life", ["habits"]),
      article("one-tag-same-category", "engineering", ["sql"]),
      article("same-category", "engineering", []),
      article("nothing", "life", ["walking"]),
    ];
    expect(ids(relatedOf(self, all, tree))).toEqual([
      "two-tags",
      "one-tag-same-category",
      "one-tag-old",
    ]);
  });

  it("fills with the category, and its family, when tags run out", () => {
    const self = article("self", "travel", ["hangzhou"]);
    const all = [
      self,
      article("parent-old", "life", []),
      article("same", "travel", []),
      article("parent-new", "life", []),
      article("elsewhere", "engineering", []),
    ];
    expect(ids(relatedOf(self, all, tree))).toEqual(["same", "parent-new", "parent-old"]);
    // From the parent's side, a child category counts too.
    const parent = all[1];
    if (!parent) throw new Error("no parent article");
    expect(ids(relatedOf(parent, all, tree))).toEqual(["parent-new", "same", "self"]);
  });

  it("keeps to the article's language and leaves out its translation", () => {
    const self = article("self", "engineering", ["html"], { translationKey: "k" });
    const all = [
      self,
      article("self-zh", "engineering", ["html"], { lang: "zh-CN", translationKey: "k" }),
      article("other-zh", "engineering", ["html"], { lang: "zh-CN" }),
      article("same-key-en", "engineering", ["html"], { translationKey: "k" }),
      article("match", "engineering", ["html"]),
    ];
    expect(ids(relatedOf(self, all, tree))).toEqual(["match"]);
  });

  it("shows none when nothing is alike", () => {
    const self = article("self", "engineering", ["rust"]);
    expect(relatedOf(self, [self, article("other", "life", ["walking"])], tree)).toEqual([]);
  });
});
