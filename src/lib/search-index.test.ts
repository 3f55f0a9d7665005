import { gunzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { sitemapPaths } from "./search-dev.ts";
import {
  type BundleStore,
  buildSearchIndexes,
  isListPage,
  pagePath,
  readPage,
  type SearchPage,
  searchableHtml,
  searchLocalesOf,
} from "./search-index.ts";

const page = (url: string, main = "<main data-pagefind-body>") => ({
  url,
  html: `<html><body>${main}<p data-lang="zh-CN">静态页面</p><p data-lang="en-US">static pages</p></main></body></html>`,
});

/** Escapes text for an HTML attribute value, as Astro does (it leaves `>` as it is). */
const attr = (text: string) => text.replace(/&/g, "&amp;").replace(/"/g, "&quot;");

/** Every title and text the two bundles hold, read back from Pagefind's fragment files. */
async function indexed(pages: SearchPage[]) {
  const found: Record<string, { title: string; content: string }[]> = {};
  await buildSearchIndexes(pages, async (locale, index) => {
    const { files } = await index.getFiles();
    found[locale] = files
      .filter((f) => f.path.startsWith("fragment/"))
      .map((f) => {
        // A fragment is gzipped JSON after Pagefind's 12-byte signature.
        const json = gunzipSync(f.content).subarray(12).toString("utf8");
        const fragment = JSON.parse(json);
        return { title: String(fragment.meta?.title), content: String(fragment.content) };
      });
  });
  return found;
}

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
        '<?xml version="1.0"?><urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"><url><loc>http://localhost:4321/</loc></url><url><loc>http://localhost:4321/about/?a=1&amp;b=2</loc></url></urlset>',
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

  it("makes again only the bundle whose pages changed, and reuses the other", async () => {
    const kept = new Map<string, string>();
    const made: string[] = [];
    const store: BundleStore = {
      reuse: async (locale, digest) => kept.get(locale) === digest,
      keep: async (locale, digest) => {
        kept.set(locale, digest);
      },
    };
    const build = async (english: string) => {
      made.length = 0;
      const en = `<html><body><main data-pagefind-body data-content-lang="en-US"><p>${english}</p></main></body></html>`;
      const zh =
        '<html><body><main data-pagefind-body data-content-lang="zh-CN"><p>静态</p></main></body></html>';
      return buildSearchIndexes(
        [
          { url: "/a/", html: en },
          { url: "/b/", html: zh },
        ],
        async (locale) => {
          made.push(locale);
        },
        undefined,
        store,
      );
    };
    expect(await build("first")).toEqual({ "zh-CN": 1, "en-US": 1 });
    expect(made).toEqual(["zh-CN", "en-US"]);
    // The same pages: both bundles are put back as they were.
    expect(await build("first")).toEqual({ "zh-CN": 1, "en-US": 1 });
    expect(made).toEqual([]);
    // An English page changed: only the English bundle is made again.
    await build("changed");
    expect(made).toEqual(["en-US"]);
  });

  it("hands Pagefind the page's language, name and main only, without what it would skip", () => {
    const html =
      '<!DOCTYPE html><html lang="en-US"><head><meta charset="utf-8"><title>A · Two Inks</title><style>x{}</style></head>' +
      '<body><header><nav>Home</nav></header><main id="main" data-pagefind-body data-names="{&quot;zh-CN&quot;:&quot;甲&quot;,&quot;en-US&quot;:&quot;A&quot;}"><h1>A</h1><p>Words</p></main>' +
      "<footer>Footer</footer><template><p>Hidden</p></template><script>var x</script></body></html>";
    expect(searchableHtml(readPage({ url: "/a/", html }), "en-US")).toBe(
      '<!doctype html><html lang="en-US"><head><title>A · Two Inks</title></head><body><p data-pagefind-meta="title">A</p><main id="main" data-pagefind-body="" data-names="{&#x22;zh-CN&#x22;:&#x22;甲&#x22;,&#x22;en-US&#x22;:&#x22;A&#x22;}"><h1>A</h1><p>Words</p></main></body></html>',
    );
    // A page without a main (none of the site's) gives nothing.
    expect(
      searchableHtml(readPage({ url: "/x/", html: "<html><body><p>x</p></body></html>" }), "en-US"),
    ).toBe("");
  });

  it("indexes a page's own words: no anchors, labels, navigation, lab source or other language", async () => {
    const html =
      '<html lang="en-US"><head><title>Tests · Two Inks</title></head><body><main data-pagefind-body data-names="{&quot;zh-CN&quot;:&quot;测试&quot;,&quot;en-US&quot;:&quot;Tests&quot;}">' +
      '<header><h1>Tests</h1><p class="meta">Published May 1</p><p class="tags"><a href="/t/a/">#testing</a><a href="/t/b/">#html</a></p></header>' +
      '<div aria-hidden="true">Tests</div><nav class="toc">On this page</nav>' +
      '<h2 id="a">A small test<a href="#a" class="heading-anchor" aria-hidden="true">#</a></h2><p>Before I commit, I read it.</p>' +
      '<p><span data-lang="zh-CN">中文界面</span><span data-lang="en-US">English words</span></p>' +
      '<section data-pagefind-ignore="all"><pre><code>const xyzzyqq = (q) =&gt; q;</code></pre></section>' +
      "<nav>Previous: Another page</nav></main></body></html>";
    const found = await indexed([{ url: "/articles/tests/", html }]);
    expect(found["en-US"]).toEqual([
      {
        title: "Tests",
        content: "Tests. A small test. Before I commit, I read it. English words.",
      },
    ]);
    expect(found["zh-CN"]?.[0]?.title).toBe("测试");
    expect(found["zh-CN"]?.[0]?.content).not.toMatch(/English|xyzzyqq|#|Published|Another/);
  });

  it("publishes titles and names with characters HTML and JSON care about", async () => {
    const names = [
      "Why 2 > 1 in TypeScript",
      'A "quoted" <b>tag</b> & more',
      "</script><script>alert(1)</script>",
      "<!-- not a comment -->, and a comma",
      "back\\slash and\nnewline",
      "it's '单引号'",
    ];
    const pages = names.map((name, i) => ({
      url: `/articles/t${i}/`,
      // The names as Astro prints them: JSON in an attribute, `>` left as it is.
      html: `<!doctype html><html lang="en-US" data-titles="${attr(JSON.stringify({ "zh-CN": name, "en-US": name }))}"><head><title>${name.replace(/&/g, "&amp;").replace(/</g, "&lt;")} · Two Inks</title></head><body><main data-pagefind-body data-content-lang="en-US" data-names="${attr(JSON.stringify({ "zh-CN": name, "en-US": name }))}"><h1>Words ${i}</h1><p>text ${i}</p></main></body></html>`,
    }));
    const found = await indexed(pages);
    // A title is one line in a result: Pagefind folds the newline into a space.
    const oneLine = names.map((name) => name.replace(/\s+/g, " "));
    expect(found["en-US"]?.map((f) => f.title).sort()).toEqual(oneLine.sort());
    expect(found["zh-CN"]).toEqual([]);
  });
});
