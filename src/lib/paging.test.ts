import { describe, expect, it } from "vitest";
import { allPages, PAGE_SIZE, pageOf, pageParam, pageUrl } from "./paging.ts";

describe("paging", () => {
  it("cuts a list into pages, the first one even when it is empty", () => {
    const items = Array.from({ length: 23 }, (_, i) => i);
    expect(pageOf(items, 3, 10)).toEqual({ items: [20, 21, 22], pages: 3 });
    const pages = allPages(items, 10);
    expect(pages.map((p) => [p.page, p.items.length, p.pages])).toEqual([
      [1, 10, 3],
      [2, 10, 3],
      [3, 3, 3],
    ]);
    expect(allPages([])).toEqual([{ page: 1, items: [], pages: 1 }]);
  });

  it("shows twenty articles a page by default", () => {
    expect(PAGE_SIZE).toBe(20);
    const items = Array.from({ length: 41 }, (_, i) => i);
    expect(allPages(items).map((p) => p.items.length)).toEqual([20, 20, 1]);
    expect(pageOf(items, 2).items[0]).toBe(20);
  });

  it("puts page 1 at the list's own URL and later pages under page/<n>/", () => {
    expect(pageUrl("/articles/tag/css/", 1)).toBe("/articles/tag/css/");
    expect(pageUrl("/articles/tag/css/", 4)).toBe("/articles/tag/css/page/4/");
    expect(pageParam(1)).toBeUndefined();
    expect(pageParam(2)).toBe("page/2");
  });
});
