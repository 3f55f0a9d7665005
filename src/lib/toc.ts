// A page's table of contents from its Markdown headings: the second-level headings with the
// third-level ones nested under them. One definition for the contents (src/components/content/
// Toc.astro) and for the pages that lay the text out beside them (whether there is a column).
import type { MarkdownHeading } from "astro";

export interface TocItem {
  heading: MarkdownHeading;
  children: MarkdownHeading[];
}

export function tocItems(headings: readonly MarkdownHeading[]): TocItem[] {
  const items: TocItem[] = [];
  for (const h of headings) {
    if (h.depth === 2) items.push({ heading: h, children: [] });
    else if (h.depth === 3) items.at(-1)?.children.push(h);
  }
  return items;
}

/** Whether a page shows contents at all: two sections or more. */
export function hasToc(headings: readonly MarkdownHeading[]): boolean {
  return tocItems(headings).length > 1;
}
