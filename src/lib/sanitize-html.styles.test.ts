import { beforeAll, describe, expect, it } from "vitest";
import { elementsOf, loadPipeline, render } from "./sanitize-html.test-support.ts";
import { sanitizeHtml } from "./sanitize-html.ts";

// Inline styles: what could lay a fake page over the real one goes; what Shiki and KaTeX write
// stays.

beforeAll(loadPipeline);

/** Each declaration of every style attribute left in `html`, lower-cased. */
function declarations(html: string): string[] {
  return elementsOf(html).flatMap(({ properties: { style } }) =>
    typeof style === "string"
      ? style
          .split(";")
          .map((d) => d.trim())
          .filter(Boolean)
          .map((d) => d.toLowerCase().replace(/\s+/g, ""))
      : [],
  );
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
    // MathML keeps no style.
    const styles = (html: string) =>
      elementsOf(html, (element) => element.tagName === "math").flatMap(({ properties }) =>
        typeof properties.style === "string" ? [properties.style] : [],
      );
    expect(styles(raw).length).toBeGreaterThan(200);
    expect(styles(sanitizeHtml(raw))).toEqual(styles(raw));
  });

  it("keeps the harmless declarations beside a dropped one", () => {
    expect(sanitizeHtml('<span style="color:red;position:fixed;top:0">x</span>')).toBe(
      '<span style="color:red;top:0">x</span>',
    );
  });
});
