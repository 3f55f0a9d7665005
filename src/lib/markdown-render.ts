import type { MarkdownHeading } from "astro";
import { siteMarkdown } from "./markdown-plugins.mjs";

// The site's Markdown pipeline outside a build: the processor astro.config.mjs gives Astro,
// made into a renderer once per process. The back office's preview renders with it (then
// sanitises, as the content loader does with a row), and the sanitiser's tests read its output.

async function createRenderer() {
  const { processor, shikiConfig } = siteMarkdown();
  // A renderer takes Astro's completed options; of those only the highlighter matters here.
  // The cast fills the rest, which Astro's defaults would (the processor reads none of them).
  return processor.createRenderer({
    syntaxHighlight: "shiki",
    shikiConfig,
  } as Parameters<typeof processor.createRenderer>[0]);
}

let renderer: ReturnType<typeof createRenderer> | undefined;

/** What the pipeline makes of a Markdown text: its HTML and its headings, unsanitised. */
export async function renderMarkdown(
  markdown: string,
): Promise<{ html: string; headings: MarkdownHeading[] }> {
  renderer ??= createRenderer();
  // A leading newline, as the content loader renders a row: "---" first is a rule, not
  // frontmatter.
  const out = await (await renderer).render(`\n${markdown}`, { frontmatter: {} });
  return { html: out.code, headings: out.metadata.headings };
}
