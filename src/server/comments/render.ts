import type { Element, Root } from "hast";
import { type Schema, sanitize } from "hast-util-sanitize";
import { toHtml } from "hast-util-to-html";
import type { Nodes as MdastNodes, Parents as MdastParents } from "mdast";
import { fromMarkdown } from "mdast-util-from-markdown";
import { toHast } from "mdast-util-to-hast";
import { COMMENT_LIMITS } from "../../shared/comments.ts";

// A reader's comment as HTML: a small Markdown subset (paragraphs, emphasis, code, links), made
// here once when it is written and kept beside the text. Not the site's own pipeline (Shiki,
// KaTeX, headings, images): a comment gets none of those, and raw HTML in it stays text.

/** What a comment may hold after rendering; everything else gives way to its text. */
const COMMENT_SCHEMA: Schema = {
  tagNames: ["p", "br", "em", "strong", "del", "code", "pre", "a", "blockquote"],
  attributes: { a: ["href"] },
  protocols: { href: ["http", "https", "mailto"] },
  strip: ["script", "style"],
  ancestors: {},
  clobber: [],
};

/** Headings, list items and images of Markdown a comment does not take, as plain paragraphs. */
function flatten(node: MdastNodes): MdastNodes[] {
  if (node.type === "heading") return [{ type: "paragraph", children: node.children }];
  if (node.type === "list") return node.children.flatMap((item) => item.children.flatMap(flatten));
  if (node.type === "image") return node.alt ? [{ type: "text", value: node.alt }] : [];
  if (node.type === "html") return [{ type: "text", value: node.value }];
  if (node.type === "thematicBreak" || node.type === "definition") return [];
  if ("children" in node) {
    const parent = node as MdastParents;
    // A parent holds only children of its own kind; flattening keeps each one's place.
    parent.children = parent.children.flatMap(flatten) as typeof parent.children;
  }
  return [node];
}

/**
 * Marks every link as a reader's (no credit passed on, no access to this page) and counts the
 * links: the anchors, and the addresses written as text.
 */
function markLinks(node: Root | Element): number {
  let links = 0;
  for (const child of node.children) {
    if (child.type === "text") links += child.value.split(/https?:\/\//).length - 1;
    if (child.type !== "element") continue;
    if (child.tagName === "a") {
      child.properties.rel = ["nofollow", "ugc", "noopener"];
      links += 1;
    } else {
      links += markLinks(child);
    }
  }
  return links;
}

/** A comment's Markdown as sanitised HTML, and how many links it holds. */
export function renderComment(body: string): { html: string; links: number } {
  const mdast = fromMarkdown(body.slice(0, COMMENT_LIMITS.body));
  flatten(mdast);
  const clean = sanitize(toHast(mdast), COMMENT_SCHEMA);
  const links = clean.type === "root" || clean.type === "element" ? markLinks(clean) : 0;
  return { html: toHtml(clean), links };
}
