import { describe, expect, it } from "vitest";
import { categoryTree } from "./category-tree.ts";

const c = (id: string, parent: string | null = null) => ({ id, parent });
const treeOf = (list: Array<ReturnType<typeof c>>) => categoryTree(list, (x) => x.parent);
const ids = (list: Array<{ id: string }>) => list.map((x) => x.id);

describe("the category tree", () => {
  const tree = treeOf([
    c("engineering"),
    c("japan", "travel"),
    c("life"),
    c("travel", "life"),
    c("tools", "engineering"),
    c("kyoto", "japan"),
  ]);

  it("orders each category after its parent, siblings as listed", () => {
    expect(ids(tree.ordered)).toEqual(["engineering", "tools", "life", "travel", "japan", "kyoto"]);
  });

  it("finds the path from the top and everything under a category", () => {
    expect(ids(tree.path("kyoto"))).toEqual(["life", "travel", "japan", "kyoto"]);
    expect(ids(tree.path("life"))).toEqual(["life"]);
    expect(tree.path("nowhere")).toEqual([]);
    expect(tree.within("travel")).toEqual(new Set(["travel", "japan", "kyoto"]));
    expect(tree.within("tools")).toEqual(new Set(["tools"]));
    expect(tree.within("nowhere")).toEqual(new Set());
  });

  it("puts a category with a missing parent or in a loop at the top", () => {
    const odd = treeOf([c("a", "b"), c("b", "a"), c("c", "a"), c("d", "gone")]);
    expect(ids(odd.ordered).sort()).toEqual(["a", "b", "c", "d"]);
    expect(ids(odd.path("a"))).toEqual(["a"]);
    expect(ids(odd.path("d"))).toEqual(["d"]);
    expect(odd.within("a")).toEqual(new Set(["a"]));
  });
});
