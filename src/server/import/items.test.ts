import { beforeAll, describe, expect, it } from "vitest";
import { loadRomanizer } from "../../shared/slug.ts";
import {
  cut,
  detectLang,
  type ImportItem,
  langOf,
  listOf,
  readBody,
  slugOf,
  timeOf,
  uniqueSlugs,
} from "./items.ts";

beforeAll(() => loadRomanizer());

describe("reading another tool's fields", () => {
  it("reads a time in the source's zone unless it carries its own offset", () => {
    expect(timeOf("2024-01-02 10:00:00", "Asia/Shanghai")).toBe("2024-01-02T02:00:00.000Z");
    expect(timeOf("2024-01-02T10:00:00+08:00", "UTC")).toBe("2024-01-02T02:00:00.000Z");
    expect(timeOf("2016-05-20 21:32:20 +0300", "UTC")).toBe("2016-05-20T18:32:20.000Z");
    expect(timeOf("2018-7-24 23:31:06", "UTC")).toBe("2018-07-24T23:31:06.000Z");
    expect(timeOf("2019-03-05", "America/New_York")).toBe("2019-03-05T05:00:00.000Z");
    expect(timeOf(new Date("2020-01-01T00:00:00Z"), "UTC")).toBe("2020-01-01T00:00:00.000Z");
    expect(timeOf("yesterday", "UTC")).toBeNull();
    expect(timeOf(undefined, "UTC")).toBeNull();
  });

  it("reads a list, a single value or nothing as a list, nested lists flat", () => {
    expect(listOf(["a", " b ", ""])).toEqual(["a", "b"]);
    expect(listOf("one")).toEqual(["one"]);
    expect(listOf([["Foo", "Bar"], "Baz"])).toEqual(["Foo", "Bar", "Baz"]);
    expect(listOf(null)).toEqual([]);
  });

  it("names a language the site has, or detects it from the text", () => {
    expect([langOf("zh-Hans"), langOf("en_US"), langOf("ja"), langOf(undefined)]).toEqual([
      "zh-CN",
      "en-US",
      null,
      null,
    ]);
    expect(detectLang("静态网站的发布 with Astro")).toBe("zh-CN");
    expect(detectLang("Publishing a static site, 静态")).toBe("en-US");
  });

  it("keeps a slug that is one and makes one of a name or a Chinese title", () => {
    expect(slugOf([null, "hello-world"])).toBe("hello-world");
    expect(slugOf(["Hello World!"])).toBe("hello-world");
    expect(slugOf([undefined, "中文測試"])).toBe("zhong-wen-ce-shi");
    expect(slugOf(["!!!"])).toBeNull();
  });

  it("summarises the text before the more mark, or the first paragraph", () => {
    const more = readBody("First part, *kept*.\n\n<!-- more -->\n\nHidden.");
    expect(more.summary).toBe("First part, kept.");
    expect(readBody("# Heading\n\nNext paragraph.").summary).toBe("Heading");
    expect(cut("one two three four", 10)).toBe("one two…");
  });

  it("lists the images a body shows: the source's files and addresses on the web", () => {
    const { images } = readBody(
      "![a](/images/a%20b.png)\n\n![b](https://example.com/b.jpg) ![c](//cdn.example/c.png)\n\n![d](data:image/png;base64,AA==)",
    );
    expect(images).toEqual({
      files: ["/images/a b.png"],
      remote: ["https://example.com/b.jpg", "//cdn.example/c.png"],
    });
  });
});

describe("uniqueSlugs", () => {
  const item = (
    slug: string,
    sourceId: string,
    kind: "article" | "page" = "article",
  ): ImportItem => ({
    kind,
    sourceId,
    title: slug,
    slug,
    lang: "en-US",
    translationKey: null,
    publishedAt: null,
    updatedAt: null,
    draft: false,
    categories: [],
    tags: [],
    summary: "",
    body: "",
    oldPaths: [],
    images: { files: [], remote: [] },
    cover: null,
    author: null,
    comments: [],
    problems: [],
  });

  it("numbers a second item of one slug, and an article slugged like a page of the site", () => {
    const items = uniqueSlugs([
      item("hello", "a.md"),
      item("hello", "b/a.md"),
      item("archive", "archive.md"),
      item("archive", "archive-page.md", "page"),
    ]);
    expect(items.map((i) => i.slug)).toEqual(["hello", "hello-2", "archive-2", "archive"]);
    expect(items[2]?.problems.map((p) => p.key)).toEqual(["slugShared"]);
  });
});
