import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import {
  buildDurationMs,
  builtPaths,
  headerMismatches,
  loggedStatuses,
  median,
  parseRedirectsFile,
  rulesFromToml,
  samplePathFor,
  sampleRedirect,
} from "./netlify-rules.ts";

// What the Netlify smoke run decides without running anything: the rules it reads, the paths it
// asks for, and what it reads from the CLI's logs.

describe("netlify.toml's rules", () => {
  it("reads [[headers]] and [[redirects]], with Netlify's defaults", () => {
    const { headers, redirects } = rulesFromToml(`
[build]
  publish = "dist"
[[headers]]
  for = "/_astro/*"
  [headers.values]
    Cache-Control = "public, max-age=31536000, immutable"
[[redirects]]
  from = "/old/*"
  to = "/new/:splat"
[[redirects]]
  from = "/feed"
  to = "/rss.xml"
  status = 200
  force = true
`);
    expect(headers).toEqual([
      { for: "/_astro/*", values: { "Cache-Control": "public, max-age=31536000, immutable" } },
    ]);
    expect(redirects).toEqual([
      { from: "/old/*", to: "/new/:splat", status: 301, force: false },
      { from: "/feed", to: "/rss.xml", status: 200, force: true },
    ]);
  });

  it("reads the project's own netlify.toml: its one rule caches /_astro/ for a year", () => {
    const text = readFileSync(join(import.meta.dirname, "..", "..", "netlify.toml"), "utf8");
    const { headers, redirects } = rulesFromToml(text);
    expect(headers.map((rule) => rule.for)).toContain("/_astro/*");
    expect(redirects).toEqual([]);
  });
});

describe("_redirects", () => {
  it("reads from, to, status and force; skips comments", () => {
    expect(
      parseRedirectsFile("# moved\n/a /b\n/c/* /d/:splat 302\n/e /f.html 200!  # rewrite\n\n"),
    ).toEqual([
      { from: "/a", to: "/b", status: 301, force: false },
      { from: "/c/*", to: "/d/:splat", status: 302, force: false },
      { from: "/e", to: "/f.html", status: 200, force: true },
    ]);
  });

  it("refuses a line it would misread (conditions, a relative path)", () => {
    expect(() => parseRedirectsFile("/a /b 302 Country=cn")).toThrow("line 1");
    expect(() => parseRedirectsFile("a /b")).toThrow("line 1");
  });

  it("fills a rule's placeholders and splat in the request and the expected location", () => {
    expect(sampleRedirect({ from: "/c/*", to: "/d/:splat", status: 301, force: false })).toEqual({
      path: "/c/netlify-smoke/a",
      location: "/d/netlify-smoke/a",
    });
    expect(
      sampleRedirect({ from: "/u/:name/p", to: "/people/:name", status: 302, force: false }),
    ).toEqual({ path: "/u/netlify-smoke/p", location: "/people/netlify-smoke" });
    // An imported post's `/?p=12`: Netlify passes the query on.
    expect(
      sampleRedirect({ from: "/?p=12", to: "/articles/a/", status: 301, force: true }),
    ).toEqual({
      path: "/?p=12",
      location: "/articles/a/?p=12",
    });
  });
});

describe("which built path a header rule is checked on", () => {
  const paths = builtPaths([
    "index.html",
    "about/index.html",
    "_astro/app.1234.js",
    "og/abc.png",
    "404.html",
  ]);

  it("lists files and folders' index pages as paths", () => {
    expect(paths).toEqual([
      "/",
      "/404.html",
      "/_astro/app.1234.js",
      "/about/",
      "/about/index.html",
      "/index.html",
      "/og/abc.png",
    ]);
  });

  it("takes / for a rule on every path, else the first file the rule matches", () => {
    expect(samplePathFor("/*", paths)).toBe("/");
    expect(samplePathFor("/_astro/*", paths)).toBe("/_astro/app.1234.js");
    expect(samplePathFor("/og/*", paths)).toBe("/og/abc.png");
  });

  it("finds nothing for a rule no built file answers", () => {
    expect(samplePathFor("/photo-files/*", paths)).toBeNull();
  });
});

describe("comparing served headers", () => {
  it("names each header missing or different, and nothing when all match", () => {
    const served = new Headers({ "cache-control": "public, max-age=0", "x-frame-options": "DENY" });
    expect(headerMismatches({ "X-Frame-Options": "DENY" }, served)).toEqual([]);
    expect(
      headerMismatches(
        {
          "Cache-Control": "public, max-age=31536000, immutable",
          "X-Content-Type-Options": "nosniff",
        },
        served,
      ),
    ).toEqual([
      'Cache-Control: "public, max-age=0" instead of "public, max-age=31536000, immutable"',
      'X-Content-Type-Options: missing instead of "nosniff"',
    ]);
  });
});

describe("reading the CLI's logs", () => {
  it("reads Netlify Build's own time in seconds, minutes or milliseconds", () => {
    expect(buildDurationMs("…\n(Netlify Build completed in 48s)\n")).toBe(48_000);
    expect(buildDurationMs("(Netlify Build completed in 1m 10.1s)")).toBe(70_100);
    expect(buildDurationMs("(Netlify Build completed in 950ms)")).toBe(950);
    expect(buildDurationMs("(build.command completed in 21.4s)")).toBeNull();
  });

  it("finds each answer's status after its request, past what the function printed", () => {
    const log = [
      "Request from ::ffff:127.0.0.1: POST /.netlify/functions/publish-scheduled",
      "Response with status 204 in 2327 ms.",
      "Request from ::ffff:127.0.0.1: GET /api/verifyIdentity",
      "Response with status 401 in 900 ms.",
      "Request from ::ffff:127.0.0.1: POST /.netlify/functions/publish-scheduled",
      "⬥ Function publish-scheduled has returned an error: timeout",
      "    at fetch (file:///x.mjs:2:1)",
      "    at a (file:///x.mjs:3:1)",
      "    at b (file:///x.mjs:4:1)",
      "    at c (file:///x.mjs:5:1)",
      "    at d (file:///x.mjs:6:1)",
      "Response with status 500 in 11947 ms.",
      "Request from ::ffff:127.0.0.1: POST /.netlify/functions/publish-scheduled",
    ].join("\n");
    expect(loggedStatuses(log, "POST", "/.netlify/functions/publish-scheduled")).toEqual([
      204, 500,
    ]);
    expect(loggedStatuses(log, "GET", "/api/verifyIdentity")).toEqual([401]);
  });
});

describe("median", () => {
  it("takes the middle value, or the mean of the middle two", () => {
    expect(median([5, 1, 3])).toBe(3);
    expect(median([4, 1, 3, 2])).toBe(2.5);
    expect(median([])).toBeNaN();
  });
});
