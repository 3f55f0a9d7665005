import type { Element, ElementContent, Root } from "hast";
import { fromHtml } from "hast-util-from-html";

// A fediverse post's HTML as plain text, for a comment (whose own Markdown renderer makes it
// safe): paragraphs apart, line breaks kept, links as their text, nothing else of the markup.

const BLOCKS = new Set(["p", "div", "blockquote", "li", "pre", "h1", "h2", "h3", "h4", "h5", "h6"]);

function textOf(nodes: readonly (ElementContent | Root["children"][number])[]): string {
  let out = "";
  for (const node of nodes) {
    if (node.type === "text") out += node.value;
    else if (node.type === "element") out += elementText(node);
  }
  return out;
}

function elementText(element: Element): string {
  if (element.tagName === "br") return "\n";
  const inner = textOf(element.children);
  return BLOCKS.has(element.tagName) ? `${inner}\n\n` : inner;
}

/** The text of `html`: blocks a blank line apart, trimmed. */
export function htmlToText(html: string): string {
  const root = fromHtml(html, { fragment: true });
  return textOf(root.children)
    .replace(/\n{3,}/g, "\n\n")
    .trim();
}
