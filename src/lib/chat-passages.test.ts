import { describe, expect, it } from "vitest";
import { type PieceInfo, packParagraphs, passagesOfHtml } from "./chat-passages.ts";

const piece: PieceInfo = {
  kind: "article",
  title: "A piece",
  path: "/articles/a-piece/",
  lang: "en-US",
  date: "2025-01-01T00:00:00.000Z",
  pair: "a-piece",
};

// As the site's pipeline renders headings (src/lib/markdown-plugins.mjs): an id and a "#" link.
const heading = (level: 2 | 3 | 4, id: string, text: string) =>
  `<h${level} id="${id}">${text}<a href="#${id}" class="heading-anchor" aria-hidden="true" tabindex="-1">#</a></h${level}>`;

describe("passagesOfHtml", () => {
  it("cuts at ## and ### headings, each passage at its heading's own id", () => {
    const html = [
      "<p>Before any heading.</p>",
      heading(2, "why", "Why"),
      "<p>Because.</p>",
      heading(3, "user-content-how", "How &amp; when"),
      "<p>Like this.</p>",
      heading(4, "detail", "A detail"),
      "<p>Inside the h3.</p>",
    ].join("\n");
    const passages = passagesOfHtml(html, piece);
    expect(passages.map((p) => [p.id, p.section, p.text])).toEqual([
      ["/articles/a-piece/", "", "Before any heading."],
      ["/articles/a-piece/#why", "Why", "Because."],
      [
        "/articles/a-piece/#user-content-how",
        "How & when",
        "Like this.\n\nA detail\n\nInside the h3.",
      ],
    ]);
    expect(passages[1]).toMatchObject({
      url: "/articles/a-piece/#why",
      kind: "article",
      title: "A piece",
      lang: "en-US",
      date: piece.date,
      pair: "a-piece",
    });
  });

  it("leaves out sections without text, and a lead without text", () => {
    const html = `${heading(2, "formats", "Formats")}${heading(3, "photos", "Photos")}<p>AVIF.</p>`;
    expect(passagesOfHtml(html, piece).map((p) => p.id)).toEqual(["/articles/a-piece/#photos"]);
  });

  it("keeps code as plain text with its lines, and decodes entities", () => {
    const html = `<p>Use <code>a &lt; b</code> &amp; more.</p><pre class="astro-code"><code><span class="line"><span>const  x = 1;</span></span>
<span class="line"><span>  if (x &gt; 0) go();</span></span></code></pre>`;
    const [passage] = passagesOfHtml(html, piece);
    expect(passage?.text).toBe("Use a < b & more.\n\nconst x = 1;\nif (x > 0) go();");
  });

  it("reads a formula as its TeX, not KaTeX's glyphs, and skips images and scripts", () => {
    const html = `<p>Take <span class="katex"><span class="katex-mathml"><math><semantics><mrow><mi>k</mi></mrow><annotation encoding="application/x-tex">k^2</annotation></semantics></math></span><span class="katex-html" aria-hidden="true"><span class="mord">k2</span></span></span> steps.<img alt="a chart" src="x.png"><script>alert(1)</script></p>`;
    expect(passagesOfHtml(html, piece)[0]?.text).toBe("Take k^2 steps.");
  });

  it("joins Chinese lines without the space a soft line break leaves", () => {
    // Between two Chinese characters only: next to a Latin word the space stays.
    const html = "<p>页面的重量\n从哪里来，\n不过是 HTML\n和 CSS。</p>";
    expect(passagesOfHtml(html, { ...piece, lang: "zh-CN" })[0]?.text).toBe(
      "页面的重量从哪里来，不过是 HTML 和 CSS。",
    );
  });

  it("cuts a long section at paragraphs; its passages share the url, each with its own id", () => {
    const paragraph = (n: number) => `<p>${`Paragraph ${n} says something. `.repeat(12)}</p>`;
    const html = `${heading(2, "long", "Long")}${[1, 2, 3, 4].map(paragraph).join("")}`;
    const passages = passagesOfHtml(html, piece, { maxChars: 800 });
    expect(passages.map((p) => p.id)).toEqual([
      "/articles/a-piece/#long",
      "/articles/a-piece/#long~2",
    ]);
    for (const p of passages) {
      expect(p.url).toBe("/articles/a-piece/#long");
      expect(p.section).toBe("Long");
      expect(p.text.length).toBeLessThanOrEqual(800);
    }
    expect(passages[0]?.text.startsWith("Paragraph 1")).toBe(true);
    expect(passages[1]?.text.startsWith("Paragraph 3")).toBe(true);
  });

  it("a note is one passage whatever it holds; an intro opens the lead", () => {
    const html = `<p>First.</p>${heading(2, "x", "Heading")}<ul><li>one</li><li>two</li></ul>`;
    const note = { ...piece, kind: "note" as const, path: "/random-notes/n/", pair: null };
    expect(passagesOfHtml(html, note, { byHeading: false })).toEqual([
      expect.objectContaining({
        id: "/random-notes/n/",
        section: "",
        text: "First.\n\nHeading\n\none\n\ntwo",
      }),
    ]);
    expect(passagesOfHtml("<p>Body.</p>", piece, { intro: "A subtitle" })[0]?.text).toBe(
      "A subtitle\n\nBody.",
    );
  });

  it("gives headings without an id passages of their own ids", () => {
    const html = "<p>Lead.</p><h2>Raw heading</h2><p>Text.</p>";
    expect(passagesOfHtml(html, piece).map((p) => [p.id, p.url])).toEqual([
      ["/articles/a-piece/", "/articles/a-piece/"],
      ["/articles/a-piece/~2", "/articles/a-piece/"],
    ]);
  });
});

describe("packParagraphs", () => {
  it("packs whole paragraphs up to the limit and cuts a longer one at sentences", () => {
    expect(packParagraphs(["aaa", "bbb", "ccc"], 8)).toEqual(["aaa\n\nbbb", "ccc"]);
    const long = "第一句话说完了。第二句话也说完了。第三句。";
    expect(packParagraphs([long], 10)).toEqual([
      "第一句话说完了。",
      "第二句话也说完了。",
      "第三句。",
    ]);
  });
});
