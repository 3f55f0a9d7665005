import { beforeAll, describe, expect, it } from "vitest";
import {
  fromHtmlRoundTrip,
  loadPipeline,
  references,
  render,
  renderWithHeadings,
  unprefixed,
} from "./sanitize-html.test-support.ts";
import { sanitizeHtml, sanitizeRendered } from "./sanitize-html.ts";

// Ids and names written in the back office, and the links of a whole article that point at them.

beforeAll(loadPipeline);

// Security issue 11: ids and names written in the back office are GitHub-prefixed, so none can
// shadow a DOM property (`document.getElementById`, `document.cookie`) or one of the page's
// own ids (`#main`, `#top`, `#toc-label`).
const CLOBBERING = [
  '<img name="getElementById" src="https://example.com/a.png">',
  '<img id="cookie" name="cookie" src="https://example.com/a.png">',
  '<form id="location"><input name="href"></form>',
  '<a id="x" name="cookie" href="https://example.com">y</a>',
  '<a id="defaultView">y</a><a id="defaultView" name="alert">z</a>',
  '<div id="main">x</div><p id="top">y</p><span id="toc-label">z</span>',
  '<h2 id="site-nav">Navigation</h2>',
  "## Main\n\n## Top\n\n### TOC label",
  '<a href="#main" aria-describedby="site-nav" aria-labelledby="toc-label">z</a>',
];

describe("sanitizeHtml against DOM clobbering", () => {
  it.each(CLOBBERING)("prefixes every id and name of %s", async (payload) => {
    const clean = sanitizeHtml(await render(payload));
    const { ids, names, described } = references(clean);
    expect(ids.length + names.length + described.length).toBeGreaterThan(0);
    for (const value of [...ids, ...names, ...described]) expect(value).toMatch(/^user-content-/);
  });

  it("keeps nothing that equals a DOM property or one of the page's own ids", async () => {
    const all = await Promise.all(
      CLOBBERING.map(async (p) => references(sanitizeHtml(await render(p)))),
    );
    const values = all.flatMap((r) => [...r.ids, ...r.names, ...r.described]);
    for (const own of ["main", "top", "toc-label", "site-nav", "getElementById", "cookie"]) {
      expect(values).not.toContain(own);
    }
  });

  it("does not prefix twice", () => {
    const clean = sanitizeHtml('<p id="user-content-x"><a href="#user-content-x">x</a></p>');
    expect(clean).toBe('<p id="user-content-x"><a href="#user-content-x">x</a></p>');
  });

  it("points same-page links at the prefixed ids and leaves other links alone", () => {
    const clean = sanitizeHtml(
      '<p id="a"><a href="#a">1</a> <a href="#">2</a> <a href="/x#a">3</a> <a href="https://example.com/#a">4</a></p>',
    );
    expect(clean).toBe(
      '<p id="user-content-a"><a href="#user-content-a">1</a> <a href="#">2</a> <a href="/x#a">3</a> <a href="https://example.com/#a">4</a></p>',
    );
  });
});

describe("a back-office article with code, math, footnotes and headings", () => {
  const ARTICLE = [
    "## Getting started",
    "",
    "Some text[^1] and a [link to the next part](#the-formula).",
    "",
    "### Code",
    "",
    "```ts",
    "// a comment",
    "const x: number = 1;",
    "```",
    "",
    "```diff",
    "- old",
    "+ new",
    "```",
    "",
    "## The formula",
    "",
    "Inline $e^{i\\pi} + 1 = 0$, $\\oint x$ and a display:",
    "",
    "$$",
    "\\sum_{i=1}^{n} i = \\frac{n(n+1)}{2} \\quad \\sqrt{x} \\cancel{y}",
    "\\begin{array}{c|c} 1 & 2 \\\\ \\hline 3 & 4 \\end{array}",
    "$$",
    "",
    "## 中文标题",
    "",
    "## Getting started",
    "",
    "| a | b |",
    "| :- | -: |",
    "| 1 | 2 |",
    "",
    "[^1]: A footnote.",
  ].join("\n");

  it("links its table of contents, anchors and footnotes to ids that exist", async () => {
    const clean = sanitizeRendered(await renderWithHeadings(ARTICLE));
    const { ids, fragments, described } = references(clean.html);
    const headings = clean.metadata?.headings ?? [];
    expect(headings.map((h) => h.text)).toContain("The formula");
    expect(headings.length).toBeGreaterThan(5);
    expect(fragments.length).toBeGreaterThan(headings.length);
    for (const target of [...headings.map((h) => h.slug), ...fragments, ...described]) {
      expect(ids, target).toContain(target);
    }
    expect(new Set(ids).size).toBe(ids.length);
    for (const id of ids) expect(id).toMatch(/^user-content-/);
  });

  it("renders the same as before sanitising, but for the prefix", async () => {
    const raw = await renderWithHeadings(ARTICLE);
    const clean = sanitizeRendered(raw);
    expect(unprefixed(clean.html)).toBe(unprefixed(fromHtmlRoundTrip(raw.html)));
    expect(clean.metadata?.headings?.map((h) => ({ ...h, slug: unprefixed(h.slug) }))).toEqual(
      raw.metadata.headings,
    );
    expect(clean.html).toContain("color:var(--shiki-token-keyword)");
    expect(clean.html).toContain('<span style="user-select: none;">-</span>');
    expect(clean.html).toContain("position:relative;");
    expect(clean.html).toContain('<td style="text-align: right">2</td>');
  });
});
