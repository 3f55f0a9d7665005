import { execFileSync } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fromHtml } from "hast-util-from-html";
import { afterEach, describe, expect, it } from "vitest";
import {
  apiRouteMatcher,
  checkSite,
  dynamicArea,
  fragmentFound,
  judge,
  loadApiRoutes,
  parseSrcset,
  type Site,
  scanPage,
  servedFile,
  servedPath,
} from "./check-links.ts";

// What the link checker counts as broken, and the checker run on small built sites that have
// broken links (so it can fail).

const ORIGIN = "http://localhost:4321";
let dir = "";

afterEach(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
  dir = "";
});

/** A built site of these files (path → content) in a folder of its own. */
function site(files: Record<string, string>): string {
  dir = mkdtempSync(join(tmpdir(), "check-links-"));
  for (const [path, content] of Object.entries(files)) {
    mkdirSync(dirname(join(dir, path)), { recursive: true });
    writeFileSync(join(dir, path), content);
  }
  return dir;
}

const page = (body: string, head = "") =>
  `<!doctype html><html lang="en"><head><title>t</title>${head}</head><body>${body}</body></html>`;

describe("srcset", () => {
  it("yields each candidate's URL, descriptors left out", () => {
    expect(parseSrcset("/a-400.webp 400w, /a-800.webp 800w")).toEqual([
      "/a-400.webp",
      "/a-800.webp",
    ]);
    expect(parseSrcset("  /one.png  ")).toEqual(["/one.png"]);
    expect(parseSrcset("/a.png 1x,/b.png 2x")).toEqual(["/a.png", "/b.png"]);
    expect(parseSrcset("")).toEqual([]);
  });

  it("keeps commas inside a URL and ends a candidate at a URL's trailing comma", () => {
    // A URL is everything up to whitespace: a comma inside it is part of it.
    expect(parseSrcset("data:image/png;base64,AAAA 1x, /b.png 2x")).toEqual([
      "data:image/png;base64,AAAA",
      "/b.png",
    ]);
    expect(parseSrcset("/a.png, /b.png 2x")).toEqual(["/a.png", "/b.png"]);
    expect(parseSrcset("/a,b.png 1x")).toEqual(["/a,b.png"]);
  });

  it("skips commas inside a descriptor's parentheses", () => {
    expect(parseSrcset("/a.png (1x, 2x), /b.png")).toEqual(["/a.png", "/b.png"]);
  });
});

describe("fragments", () => {
  const ids = new Set(["main", "中文标题", "a b"]);

  it("finds an id as written or percent-decoded, and the top of the page", () => {
    expect(fragmentFound("main", ids)).toBe(true);
    expect(fragmentFound("%E4%B8%AD%E6%96%87%E6%A0%87%E9%A2%98", ids)).toBe(true);
    expect(fragmentFound("a%20b", ids)).toBe(true);
    expect(fragmentFound("", ids)).toBe(true);
    expect(fragmentFound("top", ids)).toBe(true);
    expect(fragmentFound("TOP", ids)).toBe(true);
    expect(fragmentFound(":~:text=hello", ids)).toBe(true);
  });

  it("misses an id the page does not have", () => {
    expect(fragmentFound("Main", ids)).toBe(false);
    expect(fragmentFound("missing", ids)).toBe(false);
    expect(fragmentFound("%E4", ids)).toBe(false);
  });
});

describe("paths and files", () => {
  const files = new Set([
    "index.html",
    "about/index.html",
    "中文/index.html",
    "_astro/a.js",
    "_headers",
  ]);

  it("serves a page at its folder's path", () => {
    expect(servedPath("index.html")).toBe("/");
    expect(servedPath("articles/x/index.html")).toBe("/articles/x/");
    expect(servedPath("404.html")).toBe("/404.html");
  });

  it("answers a file, or a folder's index.html with or without the slash", () => {
    expect(servedFile("/", files)).toBe("index.html");
    expect(servedFile("/about/", files)).toBe("about/index.html");
    expect(servedFile("/about", files)).toBe("about/index.html");
    expect(servedFile("/%E4%B8%AD%E6%96%87/", files)).toBe("中文/index.html");
    expect(servedFile("/_astro/a.js", files)).toBe("_astro/a.js");
  });

  it("answers nothing else: no such file, a folder without index.html, `_headers`, `.html` left out", () => {
    expect(servedFile("/nope/", files)).toBeNull();
    expect(servedFile("/_astro/", files)).toBeNull();
    expect(servedFile("/_astro", files)).toBeNull();
    expect(servedFile("/_headers", files)).toBeNull();
    expect(servedFile("/about.html", files)).toBeNull();
    expect(servedFile("/about/index", files)).toBeNull();
    expect(servedFile("/%E4", files)).toBeNull();
  });
});

describe("the API's paths", () => {
  it("are /api and what is under it, nothing else", () => {
    expect(dynamicArea("/api")).toBeDefined();
    expect(dynamicArea("/api/photos/1")).toBeDefined();
    expect(dynamicArea("/apis")).toBeUndefined();
    expect(dynamicArea("/articles/api/")).toBeUndefined();
    // The fediverse's, answered by the API under /api/federation.
    expect(dynamicArea("/ap/articles/x")?.toApi("/ap/articles/x")).toBe(
      "/api/federation/ap/articles/x",
    );
    expect(dynamicArea("/apple/")).toBeUndefined();
  });

  it("are matched against the routes of the table, GET unless a form posts", () => {
    const answers = apiRouteMatcher([
      { method: "GET", path: "/api/photos/:id" },
      { method: "POST", path: "/api/login" },
      { method: "GET", path: "/api/files/*" },
      { method: "GET", path: "/api/pages/:n{[0-9]+}" },
      { method: "ALL", path: "/api/ping" },
      { method: "GET", path: "/api/feed.xml" },
    ]);
    expect(answers("/api/photos/abc")).toBe(true);
    expect(answers("/api/photos")).toBe(false);
    expect(answers("/api/photos/a/b")).toBe(false);
    expect(answers("/api/login")).toBe(false);
    expect(answers("/api/login", "POST")).toBe(true);
    expect(answers("/api/photos/abc", "POST")).toBe(false);
    expect(answers("/api/ping", "POST")).toBe(true);
    expect(answers("/api/files/a/b.png")).toBe(true);
    expect(answers("/api/pages/12")).toBe(true);
    expect(answers("/api/pages/x")).toBe(false);
    expect(answers("/api/ping")).toBe(true);
    expect(answers("/api/feedaxml")).toBe(false);
  });

  it("are asked for as the page asks: a form's action with method=post by POST", () => {
    const tree = fromHtml(
      '<form method="POST" action="/api/follow"></form><form action="/api/q"></form><a href="/api/a">a</a>',
    );
    expect(scanPage(tree).references).toEqual([
      { where: "form action", url: "/api/follow", method: "POST" },
      { where: "form action", url: "/api/q" },
      { where: "a href", url: "/api/a" },
    ]);
  });

  it("are read from the API app's own route table", async () => {
    const answers = apiRouteMatcher(await loadApiRoutes());
    expect(answers("/api/sessions")).toBe(true);
    expect(answers("/api/follow", "POST")).toBe(true);
    expect(answers("/api/no-such-route")).toBe(false);
  });
});

describe("one address", () => {
  const fake: Site = {
    origin: ORIGIN,
    files: new Set(["index.html", "a/index.html", "img.png"]),
    idsOf: (file) =>
      file === "a/index.html" ? new Set(["part"]) : file === "index.html" ? new Set() : undefined,
    apiAnswers: (pathname) => pathname === "/api/ok",
  };
  const at = new URL("/a/", ORIGIN);

  it("is counted, not checked, when it leaves the site or is not http", () => {
    expect(judge("https://example.com/x", at, fake).kind).toBe("external");
    expect(judge("//example.com/x", at, fake).kind).toBe("external");
    expect(judge("mailto:a@example.com", at, fake).kind).toBe("other-scheme");
    expect(judge("data:image/png;base64,AAAA", at, fake).kind).toBe("other-scheme");
  });

  it("is checked when it names the site, by path or by the site's own origin", () => {
    expect(judge("/img.png", at, fake).kind).toBe("ok");
    expect(judge("../img.png", at, fake).kind).toBe("ok");
    expect(judge(`${ORIGIN}/a/`, at, fake).kind).toBe("ok");
    expect(judge("#part", at, fake)).toEqual({ kind: "ok", fragmentChecked: true });
    expect(judge("/a/?q=1#part", at, fake)).toEqual({ kind: "ok", fragmentChecked: true });
    expect(judge("/img.png#x", at, fake)).toEqual({ kind: "ok", fragmentChecked: false });
    expect(judge("/api/ok", at, fake).kind).toBe("dynamic");
  });

  it("is broken when no file, id or API route answers it, or it is no URL", () => {
    expect(judge("/missing.png", at, fake)).toEqual({
      kind: "broken",
      reason: "no such file in the build",
    });
    expect(judge(`${ORIGIN}/b/`, at, fake).kind).toBe("broken");
    expect(judge("#gone", at, fake)).toEqual({
      kind: "broken",
      reason: 'no element with id "gone" there',
    });
    expect(judge("/#part", at, fake).kind).toBe("broken");
    expect(judge("/api/nope", at, fake).kind).toBe("broken");
    expect(judge("http://[", at, fake)).toEqual({ kind: "broken", reason: "not a URL" });
  });
});

describe("a built site", () => {
  const noApi = () =>
    Promise.reject(new Error("the route table was read without a link into the API"));

  it("passes when every link resolves (the route table untouched)", async () => {
    const root = site({
      "index.html": page(
        '<a href="/about">About</a><a href="#x">x</a><div id="x"></div><img src="/i.png" srcset="/i.png 1x, /i2.png 2x" alt="">',
        `<link rel="canonical" href="${ORIGIN}/"><link rel="preconnect" href="https://cdn.example"><meta property="og:image" content="${ORIGIN}/i.png">`,
      ),
      "about/index.html": page('<a href="/#x">home</a><a href="https://example.com">out</a>'),
      "i.png": "",
      "i2.png": "",
    });
    const report = await checkSite(root, ORIGIN, noApi);
    expect(report.broken).toEqual([]);
    expect(report).toMatchObject({ pages: 2, checked: 8, fragments: 2, external: 1, dynamic: 0 });
  });

  it("checks that each old address in _redirects leads to a page of the build", async () => {
    const root = site({
      "index.html": page('<a href="/articles/kept/">kept</a>'),
      "articles/kept/index.html": page("kept"),
      _redirects: "/2019/05/kept/ /articles/kept/ 301\n/ p=12 /articles/gone/ 301!\n",
    });
    const report = await checkSite(root, ORIGIN, noApi);
    expect(report.redirects).toBe(2);
    expect(report.broken).toEqual([
      expect.objectContaining({
        page: "_redirects",
        where: "redirect from /",
        url: "/articles/gone/",
      }),
    ]);
  });

  it("lists each broken link with its page, element and reason", async () => {
    const root = site({
      "index.html": page(
        '<a href="/gone/">a</a><a href="/gone/">again</a><img src="/i.png" srcset="/i.png 1x, /i3.png 2x" alt=""><a href="/about/#nowhere">x</a><a href="/api/ok">api</a><a href="/api/nope">api</a>',
        `<meta property="og:image" content="${ORIGIN}/og/missing.png">`,
      ),
      "about/index.html": page("<template><a href='/in-template/'>t</a></template>"),
      "i.png": "",
    });
    const report = await checkSite(root, ORIGIN, async () => [{ method: "GET", path: "/api/ok" }]);
    expect(report.broken.map((b) => `${b.page} ${b.where} ${b.url} ${b.times}`)).toEqual([
      "about/index.html a href /in-template/ 1",
      "index.html meta og:image http://localhost:4321/og/missing.png 1",
      "index.html a href /gone/ 2",
      "index.html img srcset /i3.png 1",
      "index.html a href /about/#nowhere 1",
      "index.html a href /api/nope 1",
    ]);
    // The answered one; the other is broken.
    expect(report.dynamic).toBe(1);
  });

  it("fails the command and says what is broken", () => {
    const root = site({ "index.html": page('<a href="/gone/">a</a>') });
    const script = join(import.meta.dirname, "check-links.ts");
    let out = "";
    let code = 0;
    try {
      out = execFileSync(process.execPath, [script, root], { encoding: "utf8" });
    } catch (error) {
      const failed = error as { status: number; stdout: string }; // execFileSync's error
      code = failed.status;
      out = failed.stdout;
    }
    expect(code).toBe(1);
    expect(out).toContain('index.html: <a href="/gone/">: no such file in the build');
    expect(out).toMatch(/1 pages, 1 internal links checked .*, 1 broken/);
  });
});
