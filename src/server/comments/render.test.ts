import type { Element, Root } from "hast";
import { fromHtml } from "hast-util-from-html";
import { describe, expect, it } from "vitest";
import { renderComment } from "./render.ts";

/** The elements a comment may hold. */
const ALLOWED = ["p", "br", "em", "strong", "del", "code", "pre", "a", "blockquote"];

const elementsOf = (node: Root | Element): Element[] =>
  node.children.flatMap((child) => (child.type === "element" ? [child, ...elementsOf(child)] : []));

describe("renderComment", () => {
  it("keeps paragraphs, emphasis, code and links, each link a reader's", () => {
    const { html, links } = renderComment(
      "One **bold** and _soft_ line.\n\nTwo: `x < y`, and [a link](https://example.com/?a=1&b=2).\n\n```ts\nconst a = 1;\n```",
    );
    expect(html).toBe(
      '<p>One <strong>bold</strong> and <em>soft</em> line.</p>\n<p>Two: <code>x &#x3C; y</code>, and <a href="https://example.com/?a=1&#x26;b=2" rel="nofollow ugc noopener">a link</a>.</p>\n<pre><code>const a = 1;\n</code></pre>',
    );
    expect(links).toBe(1);
  });

  it("shows raw HTML as text and runs nothing", () => {
    const hostile = [
      "<script>alert(1)</script>",
      '<img src=x onerror="alert(1)">',
      "[x](javascript:alert(1))",
      "[x](data:text/html;base64,PHNjcmlwdD4=)",
      '<a href="javascript:alert(1)">x</a>',
      "<svg onload=alert(1)>",
      '<iframe src="https://evil.example"></iframe>',
      "![x](https://evil.example/x.png)",
      '"><style>body{display:none}</style>',
    ];
    for (const text of hostile) {
      const tree = fromHtml(renderComment(text).html, { fragment: true });
      for (const element of elementsOf(tree)) {
        expect(ALLOWED, `${text}: <${element.tagName}>`).toContain(element.tagName);
        for (const [name, value] of Object.entries(element.properties)) {
          expect(["href", "rel"], `${text}: ${name}`).toContain(name);
          if (name === "href") expect(String(value), text).toMatch(/^(https?|mailto):/);
        }
      }
    }
  });

  it("turns headings and lists into paragraphs and an image into its alt text", () => {
    const { html } = renderComment(
      "# Big\n\n- one\n- two\n\n![a cat](https://example.com/cat.png)",
    );
    expect(html).toBe("<p>Big</p>\n<p>one</p>\n<p>two</p>\n<p>a cat</p>");
  });

  it("counts the addresses written as text with the links", () => {
    expect(renderComment("see http://a.example and https://b.example").links).toBe(2);
    expect(renderComment("[one](https://a.example) and http://b.example").links).toBe(2);
  });
});
