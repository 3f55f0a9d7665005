import type { ElementContent } from "hast";
import { fromHtml } from "hast-util-from-html";
import { parseFragment } from "parse5";
import TurndownService from "turndown";
import { gfm } from "turndown-plugin-gfm";

// HTML from another blog (WordPress's posts, their comments, Ghost's) as the site's Markdown:
// headings, lists, tables, code blocks with their language, quotes, links and images.

const turndown = new TurndownService({
  headingStyle: "atx",
  codeBlockStyle: "fenced",
  bulletListMarker: "-",
  emDelimiter: "*",
});
turndown.use(gfm);
// A code block keeps its language: `<pre><code class="language-ts">` or WordPress's
// `<pre class="wp-block-code">`, `<pre lang="ts">` of the syntax plugins.
turndown.addRule("fencedCodeWithLanguage", {
  filter: (node) => node.nodeName === "PRE",
  replacement(_content, node) {
    const element = node as HTMLElement; // turndown's filter passed only PRE elements
    const code = element.querySelector("code");
    const named = [code?.getAttribute("class"), element.getAttribute("class")]
      .flatMap((classes) => (classes ?? "").split(" "))
      .find((name) => name.startsWith("language-") || name.startsWith("lang-"));
    const lang = named?.slice(named.indexOf("-") + 1) ?? element.getAttribute("lang") ?? "";
    const text = (code ?? element).textContent ?? "";
    const fence = text.includes("```") ? "~~~~" : "```";
    return `\n\n${fence}${lang}\n${text.replace(/\n$/, "")}\n${fence}\n\n`;
  },
});

const BLOCKS = new Set([
  "address",
  "article",
  "aside",
  "blockquote",
  "div",
  "dl",
  "figure",
  "footer",
  "form",
  "h1",
  "h2",
  "h3",
  "h4",
  "h5",
  "h6",
  "header",
  "hr",
  "ol",
  "p",
  "pre",
  "section",
  "table",
  "ul",
]);

/** Whether a chunk of HTML opens with a block element (then it is no paragraph of its own). */
function opensWithBlock(chunk: string): boolean {
  const fragment = parseFragment(chunk);
  const first = fragment.childNodes.find(
    (node) => !(node.nodeName === "#text" && "value" in node && !node.value.trim()),
  );
  return first !== undefined && BLOCKS.has(first.nodeName);
}

/**
 * WordPress stores text with blank lines between paragraphs and adds `<p>` only when it shows
 * a post (its `wpautop`): each chunk between blank lines that is not a block becomes one.
 */
export function paragraphs(html: string): string {
  if (!html.includes("\n\n")) return html;
  return html
    .replaceAll("\r\n", "\n")
    .split("\n\n")
    .map((chunk) => chunk.trim())
    .filter(Boolean)
    .map((chunk) => (opensWithBlock(chunk) ? chunk : `<p>${chunk.replaceAll("\n", "<br>")}</p>`))
    .join("\n");
}

/** HTML as Markdown. */
export function htmlToMarkdown(html: string): string {
  return turndown.turndown(html).trim();
}

/** An HTML fragment as element-tree nodes (hast), to build a document from. */
export const htmlNodes = (html: string): ElementContent[] =>
  fromHtml(html, { fragment: true }).children.filter(
    (child): child is ElementContent => child.type !== "doctype",
  );
