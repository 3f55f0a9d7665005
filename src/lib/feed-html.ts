import type { Element, Root } from "hast";
import { fromHtml } from "hast-util-from-html";
import { toHtml } from "hast-util-to-html";
import { sanitizeHtml } from "./sanitize-html.ts";

// An item's HTML as a feed carries it: every address absolute (a feed reader has no page to
// resolve a relative one against), the headings' "#" links gone (they only make sense on the
// page), and then the Markdown pipeline's allowlist, as for rows from the database (which
// drops `srcset`: an image keeps its `src`).

/** Properties holding one address. */
const ADDRESSES = ["href", "src", "poster", "cite"] as const;

const absolute = (value: string, base: URL) => {
  try {
    return new URL(value, base).href;
  } catch {
    return value;
  }
};

function rewrite(parent: Root | Element, base: URL): void {
  parent.children = parent.children.filter((child) => {
    if (child.type !== "element") return true;
    const classes = child.properties.className;
    if (Array.isArray(classes) && classes.includes("heading-anchor")) return false;
    for (const name of ADDRESSES) {
      const value = child.properties[name];
      if (typeof value === "string") child.properties[name] = absolute(value, base);
    }
    rewrite(child, base);
    return true;
  });
}

/** `html` rendered for the page at `page`, made fit for a feed. */
export function feedHtml(html: string, page: URL): string {
  const tree = fromHtml(html, { fragment: true });
  rewrite(tree, page);
  return sanitizeHtml(toHtml(tree));
}
