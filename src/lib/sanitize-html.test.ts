import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { satteri } from "@astrojs/markdown-satteri";
import type { MarkdownHeading } from "astro";
import type { Element, Root } from "hast";
import { fromHtml } from "hast-util-from-html";
import { toHtml } from "hast-util-to-html";
import { beforeAll, describe, expect, it } from "vitest";
import config from "../../astro.config.mjs";
import { sanitizeHtml, sanitizeRendered } from "./sanitize-html.ts";

// The site's own Markdown pipeline (astro.config.mjs), as the content loader's renderMarkdown uses it.
type Render = (markdown: string) => Promise<string>;
let render: Render;
/** The whole result, headings (the table of contents) included, as renderMarkdown gives it. */
let renderWithHeadings: (
  markdown: string,
) => Promise<{ html: string; metadata: { headings: MarkdownHeading[] } }>;

beforeAll(async () => {
  const markdown = config.markdown ?? {};
  const processor = markdown.processor ?? satteri();
  const renderer = await processor.createRenderer({
    syntaxHighlight: markdown.syntaxHighlight ?? "shiki",
    shikiConfig: markdown.shikiConfig ?? {},
  } as Parameters<typeof processor.createRenderer>[0]);
  render = async (md) => (await renderer.render(md, { frontmatter: {} })).code;
  renderWithHeadings = async (md) => {
    const out = await renderer.render(md, { frontmatter: {} });
    return { html: out.code, metadata: { headings: out.metadata.headings } };
  };
});

/** Payloads from the usual XSS cheat sheets, in Markdown and in raw HTML. */
const CORPUS = [
  "<script>alert(1)</script>",
  "<SCRIPT SRC=//evil.example/x.js></SCRIPT>",
  '<img src=x onerror="alert(1)">',
  "<img src=x onerror=alert(1)//",
  '<svg onload="alert(1)"><circle r="1"/></svg>',
  "<svg><script>alert(1)</script></svg>",
  '<svg><a xlink:href="javascript:alert(1)"><text>x</text></a></svg>',
  '<svg><use href="data:image/svg+xml;base64,PHN2Zz48c2NyaXB0PmFsZXJ0KDEpPC9zY3JpcHQ+PC9zdmc+"/></svg>',
  '<math><maction actiontype="statusline" xlink:href="javascript:alert(1)">x</maction></math>',
  '<math><mi xlink:href="javascript:alert(1)">x</mi></math>',
  "[click](javascript:alert(1))",
  "[click](JaVaScRiPt:alert(1))",
  "[click](  javascript:alert(1))",
  "[click](java\tscript:alert(1))",
  "[click](&#106;avascript:alert(1))",
  "[click](vbscript:msgbox(1))",
  "[click](data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==)",
  "<javascript:alert(1)>",
  "[ref]\n\n[ref]: javascript:alert(1)",
  "![x](javascript:alert(1))",
  '![x](x" onerror="alert(1))',
  '<a href="javascript:alert(1)">x</a>',
  '<a href="jav&#x09;ascript:alert(1)">x</a>',
  '<a href=" &#14;  javascript:alert(1)">x</a>',
  '<a href="data:text/html,<script>alert(1)</script>">x</a>',
  '<a href="#" onclick="alert(1)">x</a>',
  '<a href="https://example.com" target="_blank" onmouseover="alert(1)">x</a>',
  '<iframe src="https://evil.example"></iframe>',
  '<iframe srcdoc="<script>alert(1)</script>"></iframe>',
  '<object data="javascript:alert(1)"></object>',
  '<embed src="javascript:alert(1)">',
  '<form action="javascript:alert(1)"><button>x</button></form>',
  '<button formaction="javascript:alert(1)">x</button>',
  '<input onfocus="alert(1)" autofocus>',
  '<details open ontoggle="alert(1)"><summary>x</summary></details>',
  '<body onload="alert(1)">',
  '<video><source onerror="alert(1)"></video>',
  '<audio src=x onerror="alert(1)"></audio>',
  "<style>body{background:url(javascript:alert(1))}</style>",
  '<div style="background:url(javascript:alert(1))">x</div>',
  '<span style="width: expression(alert(1))">x</span>',
  '<span style="background-image:\\75rl(javascript:alert(1))">x</span>',
  '<base href="javascript:alert(1)//">',
  '<meta http-equiv="refresh" content="0;url=javascript:alert(1)">',
  '<link rel="stylesheet" href="javascript:alert(1)">',
  '<table background="javascript:alert(1)"><tr><td>x</td></tr></table>',
  '<div id="x" data-x="1" onpointerenter="alert(1)">x</div>',
  '<img src="x" srcset="javascript:alert(1) 1x">',
  '<noscript><p title="</noscript><img src=x onerror=alert(1)>"></noscript>',
  "<template><script>alert(1)</script></template>",
  '<a href="https://example.com" style="position:fixed;top:0">x</a>',
  "```html\n<script>alert(1)</script>\n```",
  "$$\\href{javascript:alert(1)}{x}$$",
  "Inline $\\htmlData{onclick=alert(1)}{x}$ math",
];

const BAD_TAGS = new Set([
  "script",
  "style",
  "iframe",
  "object",
  "embed",
  "form",
  "base",
  "meta",
  "link",
  "template",
  "noscript",
  "frame",
  "frameset",
  "applet",
  "body",
]);
const URL_ATTRIBUTES = ["href", "src", "srcset", "action", "formaction", "xlink:href", "data"];

/** Every way a payload could still run: bad elements, handlers, script URLs, styles with URLs. */
function dangers(html: string): string[] {
  const found: string[] = [];
  const visit = (node: Root | Root["children"][number]) => {
    if (node.type === "element") {
      const element = node as Element;
      if (BAD_TAGS.has(element.tagName)) found.push(`<${element.tagName}>`);
      for (const [name, value] of Object.entries(element.properties ?? {})) {
        const attr = name.toLowerCase();
        const text = String(Array.isArray(value) ? value.join(" ") : value);
        if (attr.startsWith("on")) found.push(`${element.tagName}[${name}]`);
        if (URL_ATTRIBUTES.some((a) => attr === a.replace(":", "").toLowerCase() || attr === a)) {
          // Browsers drop control characters and whitespace before the scheme.
          // biome-ignore lint/suspicious/noControlCharactersInRegex: exactly the characters browsers skip
          const squeezed = text.replace(/[\u0000-\u0020]/g, "").toLowerCase();
          if (/^(javascript|vbscript|data):/.test(squeezed)) found.push(`${name}=${text}`);
        }
        if (attr === "style" && /url\s*\(|expression\s*\(|\\|position\s*:\s*fixed/i.test(text)) {
          found.push(`style=${text}`);
        }
      }
    }
    if ("children" in node) for (const child of node.children) visit(child);
  };
  visit(fromHtml(html, { fragment: true }));
  return found;
}

describe("sanitizeHtml on Markdown from the database", () => {
  it.each(CORPUS)("leaves nothing runnable of %s", async (payload) => {
    const raw = await render(payload);
    const clean = sanitizeHtml(raw);
    expect(dangers(clean)).toEqual([]);
  });

  it("the corpus is dangerous before sanitising (the check can fail)", async () => {
    const flagged = await Promise.all(CORPUS.map(async (p) => dangers(await render(p)).length));
    expect(flagged.filter((n) => n > 0).length).toBeGreaterThan(CORPUS.length / 2);
  });

  it("keeps what the pipeline makes: highlighted code, math, heading anchors, tables, images", async () => {
    const md = [
      "## A heading",
      "",
      "Text with `code` and a [link](https://example.com/a?b=c) and a [relative one](/articles/x/).",
      "",
      "```ts",
      "const x: number = 1;",
      "```",
      "",
      "| a | b |",
      "| - | -: |",
      "| 1 | 2 |",
      "",
      "$$",
      "\\sum_{i=1}^{n} i = \\frac{n(n+1)}{2}",
      "$$",
      "",
      "![A lake](https://example.com/lake.jpg)",
    ].join("\n");
    const raw = await render(md);
    expect(sanitizeHtml(raw)).toBe(sanitizeHtml(sanitizeHtml(raw)));
    const clean = sanitizeHtml(raw);
    expect(clean).toContain('id="user-content-a-heading"');
    expect(clean).toContain('href="#user-content-a-heading"');
    expect(clean).toContain("color:var(--shiki-token-");
    expect(clean).toContain('href="https://example.com/a?b=c"');
    expect(clean).toContain('href="/articles/x/"');
    expect(clean).toContain("<table>");
    expect(clean).toContain('src="https://example.com/lake.jpg"');
    if (raw.includes("katex")) {
      expect(clean).toContain('class="katex');
      expect(clean).toContain("<math");
    }
  });

  it("changes nothing in the seed articles written in files (trusted output passes whole)", async () => {
    const dir = join(import.meta.dirname, "../../content/articles");
    const files = readdirSync(dir).filter((f) => f.endsWith(".md"));
    expect(files.length).toBeGreaterThan(5);
    for (const file of files) {
      const body = readFileSync(join(dir, file), "utf8").replace(/^---[\s\S]*?\n---\n/, "");
      const raw = await render(body);
      // Local images (files only) carry Astro's placeholder, which the build resolves later;
      // rows have no local files, and the sanitiser rightly drops an attribute it does not know.
      // Ids and same-page links gain the `user-content-` prefix (footnotes already have it).
      const normalised = fromHtmlRoundTrip(raw).replace(/ __astro_image_="[^"]*"/g, "");
      const unprefixed = (html: string) => html.replaceAll(PREFIX, "");
      expect(unprefixed(sanitizeHtml(raw)), file).toBe(unprefixed(normalised));
    }
  });
});

/** The same HTML parsed and printed again, so only sanitising can make a difference. */
function fromHtmlRoundTrip(html: string): string {
  return toHtml(fromHtml(html, { fragment: true }));
}

/** Every element's id, name and aria reference, from a parsed fragment. */
function references(html: string) {
  const ids: string[] = [];
  const names: string[] = [];
  const fragments: string[] = [];
  const described: string[] = [];
  const visit = (node: Root | Root["children"][number]) => {
    if (node.type === "element") {
      const { id, name, href, ariaDescribedBy, ariaLabelledBy } = node.properties;
      if (typeof id === "string") ids.push(id);
      if (typeof name === "string") names.push(name);
      if (typeof href === "string" && href.startsWith("#") && href.length > 1) {
        fragments.push(decodeURIComponent(href.slice(1)));
      }
      for (const list of [ariaDescribedBy, ariaLabelledBy]) {
        if (Array.isArray(list)) described.push(...list.map(String));
      }
    }
    if ("children" in node) for (const child of node.children) visit(child);
  };
  visit(fromHtml(html, { fragment: true }));
  return { ids, names, fragments, described };
}

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

const PREFIX = "user-content-";

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

/** Each declaration of every style attribute left in `html`, lower-cased. */
function declarations(html: string): string[] {
  const found: string[] = [];
  const visit = (node: Root | Root["children"][number]) => {
    if (node.type === "element" && typeof node.properties.style === "string") {
      for (const d of node.properties.style.split(";")) {
        if (d.trim()) found.push(d.trim().toLowerCase().replace(/\s+/g, ""));
      }
    }
    if ("children" in node) for (const child of node.children) visit(child);
  };
  visit(fromHtml(html, { fragment: true }));
  return found;
}

const OVERLAYS = [
  '<span style="position:fixed;top:0;left:0;width:100vw;height:100vh;z-index:99999;background:white">Log in again</span>',
  '<span style="position: fixed; inset: 0; z-index: 99999">x</span>',
  '<span style="POSITION:FIXED;Z-INDEX:99999">x</span>',
  '<span style="position:absolute;top:0">x</span>',
  '<span style="position:sticky;top:0">x</span>',
  '<span style="position:fixed !important">x</span>',
  '<span style="position:/**/fixed">x</span>',
  '<span style="position:f\\69xed">x</span>',
  '<span style="color:red;position:fixed">x</span>',
  '<span style="color:red\nposition:fixed">x</span>',
  '<span style="z-index:2147483647">x</span>',
  '<span style="transform:scale(100)">x</span>',
  '<span style="width:100vw;height:100vh">x</span>',
  '<span style="height:99999em;width:99999px">x</span>',
  '<span style="color:var(--shiki-x;position:fixed)">x</span>',
  '<span style="background-image:url(https://evil.example/a.png)">x</span>',
  "<span style=\"display:block;content:'x'\">x</span>",
  '<pre style="position:fixed;top:0"><code>x</code></pre>',
  '<table><tr><td style="position:fixed;top:0">x</td></tr></table>',
  '<svg style="position:fixed;top:0;width:100vw"><path d="M0 0"/></svg>',
];

const OVERLAY_DECLARATION =
  /(^|[^-])position:(?!relative$)|z-index|^inset|^transform|^display|^content|v[wh]$|url\(|\d{4,}/;

describe("sanitizeHtml against overlays in inline styles", () => {
  it.each(OVERLAYS)("drops what could cover the page in %s", async (payload) => {
    const clean = sanitizeHtml(await render(payload));
    expect(declarations(clean).filter((d) => OVERLAY_DECLARATION.test(d))).toEqual([]);
  });

  it("keeps KaTeX's colours and boxes (the MathML copy loses its colour attributes, as before)", async () => {
    const clean = sanitizeHtml(await render("$\\colorbox{yellow}{z} \\fcolorbox{red}{blue}{w}$"));
    expect(clean).toContain("background-color:yellow;");
    expect(clean).toContain(
      "border-style:solid;border-width:0.04em;background-color:blue;border-color:red;",
    );
  });

  it("keeps every declaration Shiki and KaTeX write", async () => {
    const math = String.raw`\sum_{i=1}^{n} \int_0^\infty \oint \iint \prod_k \lim_{x\to 0}
\begin{pmatrix} a & b \\ c & d \end{pmatrix} \begin{array}{c|c:c} 1 & 2 & 3 \\ \hline 4 & 5 & 6 \\ \hdashline 7 & 8 & 9 \end{array}
\begin{cases} x & x>0 \\ -x & \text{else} \end{cases} \begin{aligned} a &= b \\ c &= d \end{aligned}
\cancel{x} \bcancel{y} \xcancel{z} \sout{abc} \boxed{x^2} \colorbox{yellow}{a} \fcolorbox{red}{blue}{b} \color{red} x \textcolor{#00ff00}{y}
\sqrt[3]{x} \sqrt{\frac{a}{b}} \overrightarrow{AB} \widehat{xyz} \xrightarrow[under]{over} \overbrace{a+b}^{n} \underbrace{c+d}_{m}
\left( \frac{\frac{a}{b}}{\frac{c}{d}} \right) \Bigg[ \bigg\{ \Big| \big\langle x \big\rangle \Big| \bigg\} \Bigg] \left\{ \begin{matrix} 1\\2\\3\\4\\5\\6 \end{matrix} \right.
\rule{2em}{1em} \rule[-0.5em]{1em}{0.2em} \raisebox{0.5em}{x} \kern{1em} \hspace{2em} \mathllap{x} \mathrlap{y} \smash{y} \vphantom{T} \phantom{x}
\pmb{x} \not= \angl{n} \phase{-78^\circ} \textcircled{a} \binom{n}{k} \cfrac{1}{1+\cfrac{1}{2}} \tag{1}
\begin{CD} A @>a>> B \\ @VbVV @AAcA \\ C @= D \end{CD} \bad{x}`;
    const md = [
      `$$\n${math}\n$$`,
      `Inline $${math.replaceAll("\n", " ").replace(" \\tag{1}", "")}$.`,
      "```ts\n// c\nconst x: number = 1; class A { @d() m() { throw new Error(`x`) } }\n```",
      "```md\n# H\n*i* **b** ~~s~~ [l](http://x)\n```",
      "```diff\n- a\n+ b\n```",
      "| a | b | c |\n| :- | :-: | -: |\n| 1 | 2 | 3 |",
    ].join("\n\n");
    const raw = await render(md);
    const styles = (html: string) => {
      const found: string[] = [];
      const visit = (node: Root | Root["children"][number]) => {
        if (node.type === "element" && node.tagName === "math") return; // MathML: no style kept
        if (node.type === "element" && typeof node.properties.style === "string") {
          found.push(node.properties.style);
        }
        if ("children" in node) for (const child of node.children) visit(child);
      };
      visit(fromHtml(html, { fragment: true }));
      return found;
    };
    expect(styles(raw).length).toBeGreaterThan(200);
    expect(styles(sanitizeHtml(raw))).toEqual(styles(raw));
  });

  it("keeps the harmless declarations beside a dropped one", () => {
    expect(sanitizeHtml('<span style="color:red;position:fixed;top:0">x</span>')).toBe(
      '<span style="color:red;top:0">x</span>',
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
    const unprefixed = (html: string) => html.replaceAll(PREFIX, "");
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
