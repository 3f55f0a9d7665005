import { describe, expect, it } from "vitest";
import { sitemapPaths } from "./search-dev.ts";
import {
  buildSearchIndexes,
  isListPage,
  pagePath,
  searchableHtml,
  searchLocalesOf,
} from "./search-index.ts";

const page = (url: string, main = "<main data-pagefind-body>") => ({
  url,
  html: `<html data-titles="{&quot;zh-CN&quot;:&quot;标题&quot;,&quot;en-US&quot;:&quot;Title&quot;}"><body>${main}<p data-lang="zh-CN">静态页面</p><p data-lang="en-US">static pages</p></main></body></html>`,
});

describe("what the search indexes", () => {
  it("leaves out every list page, whatever its markup", () => {
    for (const url of [
      "/",
      "/index.html",
      "/articles/",
      "/articles/page/2/",
      "/articles/category/engineering/",
      "/articles/tag/html/2/",
      "/articles/lang/zh-CN/",
      "/random-notes",
      "/random-notes/index.html",
      "/book-doc/",
      "/image-library/",
      "/image-library/album/landscapes/",
      "/image-library/tag/fog/",
      "/image-library/year/2024/",
      "/hookslab/",
      "/mixlab",
      "/cover-illustration/",
    ]) {
      expect(isListPage(url), url).toBe(true);
      expect(searchLocalesOf(page(url)), url).toEqual([]);
    }
  });

  it("keeps the pieces themselves", () => {
    for (const url of [
      "/about/",
      "/articles/static-first/",
      "/random-notes/2026-10-12-osmanthus/",
      "/book-doc/the-quiet-page/",
      "/book-doc/the-quiet-page/images/",
      "/image-library/photo/fog-pier/",
      "/hookslab/use-previous/",
      "/site-navigation",
    ]) {
      expect(isListPage(url), url).toBe(false);
      expect(searchLocalesOf(page(url)), url).toEqual(["zh-CN", "en-US"]);
    }
  });

  it("leaves out pages not marked for search and puts single-language pages in theirs only", () => {
    expect(searchLocalesOf(page("/register-login/", "<main>"))).toEqual([]);
    expect(
      searchLocalesOf(page("/articles/x/", '<main data-pagefind-body data-content-lang="en-US">')),
    ).toEqual(["en-US"]);
  });

  it("reads paths the same way from files and from addresses", () => {
    expect(pagePath("/about")).toBe("/about/");
    expect(pagePath("/about/index.html")).toBe("/about/");
    expect(pagePath("/index.html")).toBe("/");
    expect(pagePath("/articles/?page=2#x")).toBe("/articles/");
    expect(
      sitemapPaths(
        "<url><loc>http://localhost:4321/</loc></url><url><loc>http://localhost:4321/about/?a=1&amp;b=2</loc></url>",
      ),
    ).toEqual(["/", "/about/"]);
  });

  it("builds one bundle per language without the list pages", async () => {
    const bundles: Record<string, string[]> = {};
    const counts = await buildSearchIndexes(
      [page("/"), page("/about/"), page("/articles/"), page("/articles/static-first/")],
      async (locale, index) => {
        const { files } = await index.getFiles();
        bundles[locale] = files.map((f) => f.path);
      },
    );
    expect(counts).toEqual({ "zh-CN": 2, "en-US": 2 });
    expect(bundles["en-US"]).toContain("pagefind.js");
    expect(bundles["zh-CN"]).toContain("pagefind-entry.json");
  });

  it("hands Pagefind the page's language, title and main only, not what it would skip", () => {
    const html =
      '<!DOCTYPE html><html lang="en-US" data-titles="{}"><head><meta charset="utf-8"><title>A · Two Inks</title><style>x{}</style></head>' +
      '<body><header><nav>Home</nav></header><main id="main" data-pagefind-body><h1>A</h1><p>Words</p></main>' +
      "<footer>Footer</footer><template><p>Hidden</p></template><script>var x</script></body></html>";
    const trimmed = searchableHtml(html);
    expect(trimmed).toBe(
      '<!doctype html><html lang="en-US" data-titles="{}"><head><title>A · Two Inks</title></head><body><main id="main" data-pagefind-body><h1>A</h1><p>Words</p></main></body></html>',
    );
    // A page without a main (none of the site's) is handed over as it is.
    expect(searchableHtml("<html><body><p>x</p></body></html>")).toBe(
      "<html><body><p>x</p></body></html>",
    );
  });
});
