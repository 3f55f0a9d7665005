import type { Element, ElementContent, Root } from "hast";
import { fromHtml } from "hast-util-from-html";
import { toHtml } from "hast-util-to-html";
import { z } from "zod";
import type { PreviewRecord } from "../../../shared/content.ts";

const MARKED_FACTS = z.object({ src: z.string(), alt: z.string().default("") });

/**
 * A Markdown text as a page would show it: rendered by the site's own pipeline (Sätteri, Shiki,
 * KaTeX, heading anchors: src/lib/markdown-render.ts) and sanitised as the content loader
 * sanitises a row, headings prefixed to match their ids. Both modules load on the first preview:
 * the rest of the API never needs a Markdown processor.
 */
export async function previewMarkdown(body: string): Promise<PreviewRecord> {
  const [{ renderMarkdown }, { sanitizeInPieces, sanitizeRendered }] = await Promise.all([
    import("../../../lib/markdown-render.ts"),
    import("../../../lib/sanitize-html.ts"),
  ]);
  const rendered = await renderMarkdown(body);
  const { html, metadata } = sanitizeRendered(
    { html: plainImages(rendered.html), metadata: { headings: rendered.headings } },
    sanitizeInPieces,
  );
  const headings = metadata?.headings ?? [];
  return { html, headings: headings.map(({ depth, slug, text }) => ({ depth, slug, text })) };
}

/** An image Astro would optimise at build time: the renderer marks it with its facts as JSON. */
const MARKER = "__astro_image_";

/** Each element of a tree replaced by what `change` makes of it (itself, others, or none). */
export function mapElements(
  root: Root,
  change: (element: Element) => ElementContent[] | undefined,
): Root {
  const walk = <T extends Root | Element>(node: T): T => {
    const children: ElementContent[] = [];
    for (const child of node.children) {
      if (child.type !== "element") {
        if (child.type === "text" || child.type === "comment") children.push(child);
        continue;
      }
      const replaced = change(child);
      if (replaced) children.push(...replaced);
      else children.push(walk(child));
    }
    return { ...node, children };
  };
  return walk(root);
}

/**
 * A relative image (`./images/a.svg`), which a build resolves beside its file, as a plain
 * `<img>` with its address and description: the preview has no file to resolve it from, so it
 * shows the description where the picture cannot load, rather than an image with neither
 * (the sanitiser drops the marker's attribute). Read with an HTML parser.
 */
export function plainImages(html: string): string {
  const tree = mapElements(fromHtml(html, { fragment: true }), (element) => {
    const marker = element.properties[MARKER];
    if (element.tagName !== "img" || typeof marker !== "string") return undefined;
    let facts: unknown;
    try {
      facts = JSON.parse(marker);
    } catch {
      return undefined;
    }
    const image = MARKED_FACTS.safeParse(facts);
    if (!image.success) return undefined;
    const { src, alt } = image.data;
    return [{ type: "element", tagName: "img", properties: { src, alt }, children: [] }];
  });
  return toHtml(tree);
}
