import { z } from "zod";
import { escapeHtml } from "../../../lib/html.ts";
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
const MARKED_IMAGE = /<img __ASTRO_IMAGE_="([^"]*)">/g;

const ENTITIES: Record<string, string> = {
  "&quot;": '"',
  "&amp;": "&",
  "&lt;": "<",
  "&gt;": ">",
  "&#39;": "'",
};
const decodeEntities = (text: string) =>
  text.replace(/&(?:quot|amp|lt|gt|#39);/g, (e) => ENTITIES[e] ?? e);
/**
 * A relative image (`./images/a.svg`), which a build resolves beside its file, as a plain
 * `<img>` with its address and description: the preview has no file to resolve it from, so it
 * shows the description where the picture cannot load, rather than an image with neither
 * (the sanitiser drops the marker's attribute).
 */
export function plainImages(html: string): string {
  return html.replace(MARKED_IMAGE, (whole, json: string) => {
    let facts: unknown;
    try {
      facts = JSON.parse(decodeEntities(json));
    } catch {
      return whole;
    }
    const image = MARKED_FACTS.safeParse(facts);
    if (!image.success) return whole;
    return `<img src="${escapeHtml(image.data.src)}" alt="${escapeHtml(image.data.alt)}">`;
  });
}
