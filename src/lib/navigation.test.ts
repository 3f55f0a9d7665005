import { describe, expect, it, vi } from "vitest";

vi.mock("astro:content", () => ({ getCollection: async () => [] }));
const { shownGroups } = await import("./navigation.ts");
type NavEntry = import("./navigation.ts").NavEntry;

const both = (zh: string, en: string) => ({ "zh-CN": zh, "en-US": en });

const link = (id: string, hidden = false) => ({
  id,
  title: both(`标题 ${id}`, `Title ${id}`),
  description: both("", ""),
  url: `/${id}`,
  icon: "",
  hidden,
});

function group(id: string, order: number, links: NavEntry["data"]["links"], fromFile = false) {
  const entry: NavEntry = { id, data: { name: both(`组 ${id}`, `Group ${id}`), order, links } };
  return fromFile ? { ...entry, filePath: "content/site-nav.json" } : entry;
}

describe("the site navigation's groups", () => {
  it("puts the file's groups first in the file's order, then rows by their order", () => {
    const groups = shownGroups([
      group("row-b", 1, [link("b")]),
      group("file-2", 1, [link("f2")], true),
      group("row-a", 0, [link("a")]),
      group("file-1", 0, [link("f1")], true),
    ]);
    expect(groups.map((g) => g.id)).toEqual(["file-1", "file-2", "row-a", "row-b"]);
  });

  it("leaves out hidden links, and groups with no link shown", () => {
    const groups = shownGroups([
      group("mixed", 0, [link("shown"), link("secret", true)], true),
      group("all-hidden", 1, [link("h", true)], true),
      group("empty", 0, []),
    ]);
    expect(groups.map((g) => g.id)).toEqual(["mixed"]);
    expect(groups[0]?.links.map((l) => l.id)).toEqual(["shown"]);
    expect(groups[0]?.links[0]).not.toHaveProperty("hidden");
  });
});
