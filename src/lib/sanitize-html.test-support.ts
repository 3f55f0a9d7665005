import type { MarkdownHeading } from "astro";
import type { Element, Root } from "hast";
import { fromHtml } from "hast-util-from-html";
import { toHtml } from "hast-util-to-html";
import { renderMarkdown } from "./markdown-render.ts";

// What the sanitize-html.*.test.ts files share: the site's own Markdown pipeline, and readings
// of the HTML it makes.

/**
 * Makes the site's Markdown pipeline, as the content loader's renderMarkdown uses it, once per
 * test file: call it in a `beforeAll`, as it takes a few seconds.
 */
export async function loadPipeline(): Promise<void> {
  await renderMarkdown("");
}

/** The whole result, headings (the table of contents) included, as renderMarkdown gives it. */
export async function renderWithHeadings(
  markdown: string,
): Promise<{ html: string; metadata: { headings: MarkdownHeading[] } }> {
  const { html, headings } = await renderMarkdown(markdown);
  return { html, metadata: { headings } };
}

/** The HTML the pipeline makes of `markdown`. */
export async function render(markdown: string): Promise<string> {
  return (await renderWithHeadings(markdown)).html;
}

/**
 * Every element of an HTML fragment, in document order; those `skip` accepts are left out
 * with everything inside them.
 */
export function elementsOf(html: string, skip?: (element: Element) => boolean): Element[] {
  const found: Element[] = [];
  const visit = (node: Root | Root["children"][number]) => {
    if (node.type === "element") {
      if (skip?.(node)) return;
      found.push(node);
    }
    if ("children" in node) for (const child of node.children) visit(child);
  };
  visit(fromHtml(html, { fragment: true }));
  return found;
}

/** The same HTML parsed and printed again, so only sanitising can make a difference. */
export function fromHtmlRoundTrip(html: string): string {
  return toHtml(fromHtml(html, { fragment: true }));
}

/** What the sanitiser puts before every id and name written in the back office. */
export const PREFIX = "user-content-";
export const unprefixed = (html: string) => html.replaceAll(PREFIX, "");

/** Every element's id, name and aria reference, and every same-page link's target. */
export function references(html: string) {
  const ids: string[] = [];
  const names: string[] = [];
  const fragments: string[] = [];
  const described: string[] = [];
  for (const { properties } of elementsOf(html)) {
    const { id, name, href, ariaDescribedBy, ariaLabelledBy } = properties;
    if (typeof id === "string") ids.push(id);
    if (typeof name === "string") names.push(name);
    if (typeof href === "string" && href.startsWith("#") && href.length > 1) {
      fragments.push(decodeURIComponent(href.slice(1)));
    }
    for (const list of [ariaDescribedBy, ariaLabelledBy]) {
      if (Array.isArray(list)) described.push(...list.map(String));
    }
  }
  return { ids, names, fragments, described };
}
