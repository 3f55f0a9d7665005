import { describe, expect, it } from "vitest";
import {
  formatRedirectsFile,
  parseRedirectsFile,
  redirectFor,
  redirectTable,
} from "./redirects-file.ts";

describe("the _redirects file", () => {
  const text = formatRedirectsFile([
    { from: "/2019/05/01/hello-world/", to: "/articles/hello-world/" },
    { from: "/?p=12", to: "/articles/hello-world/" },
    { from: "/?page_id=2&lang=zh", to: "/articles/about-me/" },
    { from: "/2020/01/02/你好 世界/", to: "/articles/ni-hao-shi-jie/" },
    { from: "//elsewhere.example/a", to: "/articles/x/" },
  ]);
  const rules = parseRedirectsFile(text);

  it("writes one rule a line, encoded, with the query as conditions, and reads it back", () => {
    expect(text.split("\n").slice(1, -1)).toEqual([
      "/2019/05/01/hello-world/ /articles/hello-world/ 301",
      "/ p=12 /articles/hello-world/ 301!",
      "/ page_id=2 lang=zh /articles/about-me/ 301!",
      "/2020/01/02/%E4%BD%A0%E5%A5%BD%20%E4%B8%96%E7%95%8C/ /articles/ni-hao-shi-jie/ 301",
    ]);
    expect(rules[1]).toEqual({
      path: "/",
      query: { p: "12" },
      to: "/articles/hello-world/",
      status: 301,
      force: true,
    });
  });

  it("finds a request's rule by its path, with or without the slash, and its query", () => {
    const table = redirectTable(rules);
    const find = (path: string, query = "") =>
      redirectFor(table, path, new URLSearchParams(query))?.to ?? null;
    expect(find("/2019/05/01/hello-world")).toBe("/articles/hello-world/");
    expect(find("/", "p=12")).toBe("/articles/hello-world/");
    expect(find("/", "p=13")).toBeNull();
    expect(find("/", "page_id=2")).toBeNull();
    expect(find("/", "lang=zh&page_id=2")).toBe("/articles/about-me/");
    expect(find("/2020/01/02/%E4%BD%A0%E5%A5%BD%20%E4%B8%96%E7%95%8C/")).toBe(
      "/articles/ni-hao-shi-jie/",
    );
  });

  it("keeps to the file's order among one path's rules, and finds one among many at once", () => {
    const many = parseRedirectsFile(
      formatRedirectsFile(
        Array.from({ length: 20_000 }, (_, i) => ({ from: `/?p=${i}`, to: `/articles/a-${i}/` })),
      ),
    );
    const table = redirectTable([
      ...many,
      { path: "/x/", query: {}, to: "/first/", status: 301, force: false },
      { path: "/x", query: {}, to: "/second/", status: 301, force: false },
    ]);
    expect(redirectFor(table, "/x", new URLSearchParams())?.to).toBe("/first/");
    expect(redirectFor(table, "/", new URLSearchParams("p=19999"))?.to).toBe("/articles/a-19999/");
    expect(redirectFor(table, "/nowhere/", new URLSearchParams())).toBeNull();
  });

  it("refuses a line that is no rule, naming it", () => {
    expect(() => parseRedirectsFile("/a\n")).toThrow("line 1");
    expect(() => parseRedirectsFile("# only a comment\n\n")).not.toThrow();
  });
});
