import { expect, it } from "vitest";
import { htmlToMarkdown, paragraphs } from "./html.ts";

it("turns headings, emphasis, lists, tables, quotes and links into Markdown", () => {
  const html =
    '<h2>Title</h2><p>Some <strong>bold</strong> and <em>light</em> text, <a href="https://a.example/">a link</a>.</p>' +
    "<ul><li>one</li><li>two</li></ul><blockquote><p>Quoted.</p></blockquote>" +
    "<table><thead><tr><th>A</th><th>B</th></tr></thead><tbody><tr><td>1</td><td>2</td></tr></tbody></table>" +
    '<p><img src="/a.png" alt="An image"></p><p><del>gone</del></p>';
  expect(htmlToMarkdown(html).split("\n")).toEqual([
    "## Title",
    "",
    "Some **bold** and *light* text, [a link](https://a.example/).",
    "",
    "-   one",
    "-   two",
    "",
    "> Quoted.",
    "",
    "| A | B |",
    "| --- | --- |",
    "| 1 | 2 |",
    "",
    "![An image](/a.png)",
    "",
    "~gone~",
  ]);
});

it("keeps a code block's language and text as they were", () => {
  expect(
    htmlToMarkdown('<pre class="wp-block-code"><code class="language-ts">a &lt; b\n</code></pre>'),
  ).toBe("```ts\na < b\n```");
  expect(htmlToMarkdown('<pre lang="php">echo 1;</pre>')).toBe("```php\necho 1;\n```");
});

it("makes paragraphs of WordPress's blank lines, leaving blocks as they are", () => {
  expect(paragraphs("One\nline two\n\n<h2>Head</h2>\n\nThree")).toBe(
    "<p>One<br>line two</p>\n<h2>Head</h2>\n<p>Three</p>",
  );
  // Gutenberg's block comments wrap blocks and leave no trace.
  expect(
    htmlToMarkdown(paragraphs("<!-- wp:paragraph -->\n<p>Block</p>\n<!-- /wp:paragraph -->")),
  ).toBe("Block");
});
