import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { observatoryScan } from "../../tests/support/observatory/index.ts";
import {
  API_CSP,
  apiHeaders,
  COMMON_HEADERS,
  formatHeadersFile,
  HEADERS_FILE,
  headersForPath,
  pageCsp,
  pageHeaders,
  parseHeadersFile,
  pathPattern,
} from "./security-headers.ts";

const HASHES = {
  scripts: ["'sha256-47DEQpj8HBSa+/TImW+5JCeuQeRkm5NMpJWZG3hSuFU='"],
  styles: ["'sha256-ungWv48Bz+pBQUDeXa4iI7ADYaOWF3qctBD/YfIAFa0='"],
};

const scanOf = (headers: Record<string, string>, contentType: string) =>
  observatoryScan({ headers: new Headers({ "Content-Type": contentType, ...headers }) });

/** Each Observatory test's result and points, for the record. */
const breakdown = (scan: ReturnType<typeof observatoryScan>) =>
  Object.fromEntries(scan.tests.map((t) => [t.name, `${t.result} ${t.modifier}`]));

describe("the security headers", () => {
  it("give pages a strict policy with the build's hashes", () => {
    const csp = pageCsp(HASHES);
    expect(csp).toContain(`script-src 'self' 'wasm-unsafe-eval' ${HASHES.scripts[0]};`);
    expect(csp).toContain(`style-src 'self' ${HASHES.styles[0]};`);
    for (const directive of [
      "default-src 'self'",
      "object-src 'none'",
      "base-uri 'none'",
      "frame-ancestors 'none'",
      "form-action 'self'",
    ]) {
      expect(csp).toContain(directive);
    }
    // Inline script is never allowed wholesale, and nothing allows eval.
    expect(csp).not.toMatch(/script-src[^;]*'unsafe-inline'/);
    expect(csp).not.toContain("'unsafe-eval'");
    expect(csp).not.toContain("http:");
  });

  it("score 135 on the Observatory's rules for a page", () => {
    const scan = scanOf(pageHeaders(HASHES), "text/html; charset=utf-8");
    expect(breakdown(scan)).toMatchObject({
      "content-security-policy": "csp-implemented-with-no-unsafe 5",
      "referrer-policy": "referrer-policy-private 5",
      "x-frame-options": "x-frame-options-implemented-via-csp 5",
      "cross-origin-opener-policy": "coop-implemented-with-same-origin 10",
      "cross-origin-resource-policy": "corp-implemented-with-same-origin 10",
      "strict-transport-security": "hsts-implemented-max-age-at-least-six-months 0",
      "x-content-type-options": "x-content-type-options-nosniff 0",
    });
    expect(scan.tests.filter((t) => t.modifier < 0)).toEqual([]);
    expect(scan.score).toBe(135);
    expect(scan.score).toBeGreaterThanOrEqual(115);
  });

  it("score 140 for the API, whose policy lets nothing load", () => {
    expect(API_CSP).toBe(
      "default-src 'none'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'",
    );
    const scan = scanOf(apiHeaders(), "application/json");
    expect(breakdown(scan)["content-security-policy"]).toBe(
      "csp-implemented-with-no-unsafe-default-src-none 10",
    );
    expect(scan.score).toBe(140);
  });

  it("share everything but the policy between pages and the API", () => {
    const { "Content-Security-Policy": _page, ...pageRest } = pageHeaders(HASHES);
    const { "Content-Security-Policy": _api, ...apiRest } = apiHeaders();
    expect(pageRest).toEqual(COMMON_HEADERS);
    expect(apiRest).toEqual(COMMON_HEADERS);
    expect(COMMON_HEADERS["Strict-Transport-Security"]).toBe("max-age=31536000; includeSubDomains");
    expect(COMMON_HEADERS["Permissions-Policy"]).toMatch(/camera=\(\), .*microphone=\(\)/);
  });
});

describe("the _headers file", () => {
  it("reads back as the page headers for every path", () => {
    const rules = parseHeadersFile(formatHeadersFile(HASHES));
    for (const path of ["/", "/about/", "/_astro/a.js", "/no/such/page"]) {
      expect(headersForPath(rules, path)).toEqual(pageHeaders(HASHES));
    }
  });

  it("serves the gallery's file photos immutable, as the API serves library images", () => {
    const rules = parseHeadersFile(formatHeadersFile(HASHES));
    expect(headersForPath(rules, "/photo-files/0123456789ab-800.webp")).toEqual({
      ...pageHeaders(HASHES),
      "Cache-Control": "public, max-age=31536000, immutable",
    });
    expect(headersForPath(rules, "/image-library/")["Cache-Control"]).toBeUndefined();
  });

  it("is read as Netlify reads it", () => {
    const rules = parseHeadersFile(
      "# comment\n/*\n  A: 1\n  A: 2\n/_astro/*\n  Cache-Control: immutable\n  A: 3\n",
    );
    expect(headersForPath(rules, "/x")).toEqual({ A: "1, 2" });
    expect(headersForPath(rules, "/_astro/x.js")).toEqual({ A: "3", "Cache-Control": "immutable" });
    expect(() => parseHeadersFile("A: 1\n")).toThrow(/line 1/);
  });

  it("matches paths as Netlify does", () => {
    expect(pathPattern("/*").test("/")).toBe(true);
    expect(pathPattern("/*").test("/a/b.html")).toBe(true);
    expect(pathPattern("/_astro/*").test("/_astro")).toBe(true);
    expect(pathPattern("/_astro/*").test("/_astro/x.js")).toBe(true);
    expect(pathPattern("/_astro/*").test("/about/")).toBe(false);
    expect(pathPattern("/articles/:slug").test("/articles/a/")).toBe(true);
    expect(pathPattern("/articles/:slug").test("/articles/a/b")).toBe(false);
    expect(pathPattern("/a.html").test("/aXhtml")).toBe(false);
  });
});

// The real build, when there is one (CI builds before the unit tests).
const dist = "dist";
describe.runIf(existsSync(join(dist, "index.html")))("the built site's _headers", () => {
  it("exists and scores at least 115 for the home page, its HTML included", () => {
    const file = join(dist, HEADERS_FILE);
    expect(existsSync(file), `${file} is written by every build`).toBe(true);
    const headers = headersForPath(parseHeadersFile(readFileSync(file, "utf8")), "/");
    const scan = observatoryScan({
      headers: new Headers({ "Content-Type": "text/html", ...headers }),
      body: readFileSync(join(dist, "index.html"), "utf8"),
    });
    expect(scan.score).toBeGreaterThanOrEqual(115);
    expect(scan.tests.find((t) => t.name === "subresource-integrity")?.result).toBe(
      "sri-not-implemented-but-all-scripts-loaded-from-secure-origin",
    );
  });
});
