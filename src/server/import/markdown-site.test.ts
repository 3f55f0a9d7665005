import { readdirSync } from "node:fs";
import { beforeAll, describe, expect, it } from "vitest";
import { hexoCategories } from "./flavours.ts";
import { noteText, type SiteRead } from "./items.ts";
import { readMarkdownSite } from "./markdown-site.ts";
import { reportOf } from "./report.ts";

// Real sites nobody on this project wrote (tests/fixtures/import/*/SOURCE says whose).
const fixture = (name: string) => `tests/fixtures/import/${name}`;
const markdownIn = (dir: string) => readdirSync(dir).filter((name) => name.endsWith(".md")).length;

/** The suite's site, read once, and its item from `sourceId`. */
function site(name: string) {
  let read: SiteRead = { tool: "hexo", items: [], skipped: [] };
  beforeAll(async () => {
    read = await readMarkdownSite(fixture(name));
  });
  return {
    read: () => read,
    item: (sourceId: string) => read.items.find((each) => each.sourceId === sourceId),
  };
}

describe("a Hexo site (hexo-theme-unit-test)", () => {
  const { read, item } = site("hexo-theme-unit-test");

  it("brings every post and page, with their categories and tags", () => {
    expect(read().tool).toBe("hexo");
    expect(reportOf(read()).counts).toEqual({
      articles: markdownIn(fixture("hexo-theme-unit-test/source/_posts")),
      pages: 1,
      drafts: 0,
      categories: 3,
      tags: 3,
      // images.md shows three of source/assets/ and one from the web.
      images: 3,
      remoteImages: 3,
      comments: 0,
    });
    expect(item("source/_posts/categories.md")?.categories).toEqual([["Foo", "Bar", "Baz"]]);
    expect(item("source/_posts/tags.md")?.tags).toEqual(["Foo", "Bar", "Baz"]);
  });

  it("reads Hexo's categories as one under another, or several as lists", () => {
    expect(hexoCategories(["Life", "Travel"])).toEqual([["Life", "Travel"]]);
    expect(hexoCategories("Life")).toEqual([["Life"]]);
    expect(hexoCategories([["Life", "Travel"], ["Photos"], "Notes"])).toEqual([
      ["Life", "Travel"],
      ["Photos"],
      ["Notes"],
    ]);
    expect(hexoCategories(undefined)).toEqual([]);
  });

  it("reads front matter without an opening line, the summary before <!-- more -->", () => {
    expect(item("source/_posts/excerpts.md")).toMatchObject({
      title: "Excerpts",
      slug: "excerpts",
      lang: "en-US",
      publishedAt: "2013-12-25T00:23:23.000Z",
      summary: "The following contents should be invisible in home/archive page.",
      draft: false,
    });
  });

  it("keeps each post's old address by the site's permalink", () => {
    expect(item("source/_posts/hello-world.md")?.oldPaths).toEqual(["/2013/12/24/hello-world/"]);
    expect(item("source/_posts/中文測試.md")).toMatchObject({
      slug: "zhong-wen-ce-shi",
      lang: "zh-CN",
      oldPaths: ["/2013/12/24/中文測試/"],
    });
    expect(item("source/page/index.md")).toMatchObject({
      kind: "page",
      slug: "page",
      oldPaths: ["/page/"],
    });
  });

  it("turns tag plugins into Markdown, keeping none it cannot turn", () => {
    const tags = item("source/_posts/tag-plugins.md");
    expect(tags?.body).toContain("```js\nconst http = require('http');");
    expect(tags?.body).toContain("> — David Levithan, Wide Awake");
    expect(tags?.body).not.toContain("{%");
    expect(tags?.problems).toEqual([]);
  });

  it("says what it could not bring as it was", () => {
    expect(item("source/_posts/no-title.md")?.problems.map((n) => noteText(n))).toEqual([
      'no title: "No Title", after its file',
    ]);
    expect(reportOf(read()).problems.map((each) => each.sourceId)).toEqual([
      "source/_posts/no-title.md",
    ]);
  });
});

describe("a Hugo site (hugoBasicExample)", () => {
  const { read, item } = site("hugo-basic-example");

  it("brings the posts and pages, and leaves list pages and bundle parts with the reason", () => {
    expect(read().tool).toBe("hugo");
    expect(reportOf(read()).counts).toMatchObject({
      articles: 5,
      pages: 1,
      drafts: 0,
      categories: 2,
    });
    expect(read().skipped.map((each) => each.file)).toEqual([
      "content/_index.md",
      "content/archives.md",
      "content/homepage/about.md",
      "content/homepage/index.md",
      "content/homepage/work.md",
      "content/post/_index.md",
    ]);
  });

  it("turns shortcodes into Markdown and lists those it keeps as text", () => {
    expect(item("content/post/rich-content.md")?.body).toContain(
      "[YouTube](https://www.youtube.com/watch?v=ZJthWmvUzzc)",
    );
    expect(item("content/post/emoji-support.md")?.problems.map((n) => noteText(n))).toEqual([
      "kept as text: {{< css.inline >}}",
    ]);
  });

  it("reads TOML front matter and keeps the section's address and every alias", () => {
    expect(item("content/post/markdown-syntax.md")).toMatchObject({
      title: "Markdown Syntax Guide",
      publishedAt: "2019-03-11T00:00:00.000Z",
      categories: [["themes"], ["syntax"]],
      tags: ["markdown", "css", "html"],
      oldPaths: ["/post/markdown-syntax/", "/migrate-from-jekyl/"],
    });
    expect(item("content/about.md")?.oldPaths).toEqual([
      "/about/",
      "/about-us/",
      "/about-hugo/",
      "/contact/",
    ]);
  });
});

describe("an Astro theme's posts (Fuwari)", () => {
  const { read, item } = site("fuwari");

  it("reads the theme's fields: published, draft, category, a bundle's folder as its name", () => {
    expect(read().tool).toBe("astro");
    expect(reportOf(read()).counts).toMatchObject({
      articles: 6,
      pages: 1,
      drafts: 1,
      categories: 2,
    });
    expect(item("src/content/posts/guide/index.md")).toMatchObject({
      slug: "guide",
      title: "Simple Guides for Fuwari",
      publishedAt: "2024-04-01T00:00:00.000Z",
      categories: [["Guides"]],
      summary: "How to use this blog template.",
      oldPaths: ["/posts/guide/"],
    });
    expect(item("src/content/posts/draft.md")?.draft).toBe(true);
  });
});

describe("a Jekyll site (minima)", () => {
  const { read, item } = site("minima");

  it("takes the date and slug from the file name and titles a post after it, as Jekyll does", () => {
    expect(read().tool).toBe("jekyll");
    expect(reportOf(read()).counts).toMatchObject({
      articles: markdownIn(fixture("minima/_posts")),
      pages: 1,
    });
    expect(item("_posts/2016-05-19-codeblocks-ahoy.md")).toMatchObject({
      title: "Codeblocks Ahoy",
      slug: "codeblocks-ahoy",
      publishedAt: "2016-05-19T00:00:00.000Z",
      oldPaths: ["/2016/05/19/codeblocks-ahoy.html"],
      problems: [],
    });
  });

  it("keeps the categories in the old address and a page's own permalink", () => {
    expect(item("_posts/2016-05-19-super-short-article.md")?.oldPaths).toEqual([
      "/misc/2016/05/19/super-short-article.html",
    ]);
    expect(item("about.md")?.oldPaths).toEqual(["/about/"]);
  });
});

it("refuses a folder that is no blog it knows", async () => {
  await expect(readMarkdownSite("src/server/import")).rejects.toThrow(
    /^Not a blog this import knows/,
  );
});
