import type { PreviewRecord } from "../../../shared/content.ts";

/**
 * A Markdown text as a page would show it: rendered by the site's own pipeline (Sätteri, Shiki,
 * KaTeX, heading anchors: src/lib/markdown-render.ts) and sanitised as the content loader
 * sanitises a row, headings prefixed to match their ids. Both modules load on the first preview:
 * the rest of the API never needs a Markdown processor.
 */
export async function previewMarkdown(body: string): Promise<PreviewRecord> {
  const [{ renderMarkdown }, { sanitizeRendered }] = await Promise.all([
    import("../../../lib/markdown-render.ts"),
    import("../../../lib/sanitize-html.ts"),
  ]);
  const rendered = await renderMarkdown(body);
  const { html, metadata } = sanitizeRendered({
    html: rendered.html,
    metadata: { headings: rendered.headings },
  });
  const headings = metadata?.headings ?? [];
  return { html, headings: headings.map(({ depth, slug, text }) => ({ depth, slug, text })) };
}
