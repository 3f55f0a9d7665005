import { describe, expect, it } from "vitest";
import { hasToc, tocItems } from "./toc.ts";

const h = (depth: number, text: string) => ({ depth, text, slug: text.toLowerCase() });

describe("tocItems", () => {
  it("nests third-level headings under the second-level one before them and leaves the rest", () => {
    const items = tocItems([h(3, "Orphan"), h(2, "One"), h(3, "One.a"), h(4, "Deep"), h(2, "Two")]);
    expect(items.map((item) => [item.heading.text, item.children.map((c) => c.text)])).toEqual([
      ["One", ["One.a"]],
      ["Two", []],
    ]);
  });

  it("counts contents only from two sections on", () => {
    expect(hasToc([h(2, "Only"), h(3, "Sub")])).toBe(false);
    expect(hasToc([h(2, "One"), h(2, "Two")])).toBe(true);
    expect(hasToc([])).toBe(false);
  });
});
