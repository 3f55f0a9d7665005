import { describe, expect, it } from "vitest";
import { renderMarkdown } from "../../../lib/markdown-render.ts";
import { sanitizeHtml, sanitizeInPieces } from "../../../lib/sanitize-html.ts";
import {
  HTML_SAMPLE,
  placeOf,
  SAMPLE_IDS,
  SAMPLES,
  sampleOf,
  URL_TEXT_MAX,
} from "./markdown-samples.ts";

// What the playground's page does at build time (MarkdownPlayground.astro): each sample through
// the blog's pipeline, then the sanitiser, as the back office's preview does.
const rendered = async (markdown: string) =>
  sanitizeInPieces((await renderMarkdown(markdown)).html);

describe("the Markdown playground's samples", () => {
  it("render through the blog's pipeline into what each sample shows off", async () => {
    for (const locale of ["zh-CN", "en-US"] as const) {
      const table = await rendered(SAMPLES.table[locale]);
      expect(table).toContain("<table>");
      expect(table).toMatch(/<th style="text-align: ?center;?">/);
      const code = await rendered(SAMPLES.code[locale]);
      expect(code).toContain('<pre class="astro-code css-variables"');
      expect(code).toContain("var(--shiki-token-keyword)");
      const notes = await rendered(SAMPLES.footnote[locale]);
      expect(notes).toContain('href="#user-content-fn-1"');
      expect(notes).toContain('id="user-content-fn-cache"');
      const maths = await rendered(SAMPLES.math[locale]);
      expect(maths).toContain('class="katex-display"');
      expect(maths).toContain("<math");
      // Headings are anchored and their ids in the authors' namespace.
      expect(table).toMatch(/<h2 id="user-content-[^"]+">/);
    }
  });

  it("have the HTML sample lose what the sanitiser removes and keep the rest, prefixed", () => {
    for (const locale of ["zh-CN", "en-US"] as const) {
      const clean = sanitizeHtml(HTML_SAMPLE[locale]);
      expect(clean).not.toMatch(/<script|<iframe|onclick|javascript:|position|inset/i);
      expect(clean).toContain('id="user-content-main"');
      expect(clean).toContain('href="https://example.com"');
      expect(clean).toContain('style="font-weight: bold"');
    }
  });

  it("know a sample from an edited text, and keep a short text in the address, a long one locally", () => {
    for (const id of SAMPLE_IDS) {
      expect(sampleOf(SAMPLES[id]["zh-CN"])).toEqual({ id, locale: "zh-CN" });
      expect(placeOf(SAMPLES[id]["en-US"])).toBe("sample");
    }
    expect(sampleOf(`${SAMPLES.table["en-US"]} `)).toBeNull();
    expect(placeOf("# Hello")).toBe("url");
    expect(placeOf("x".repeat(URL_TEXT_MAX + 1))).toBe("storage");
    // Chinese is counted as the address carries it: nine bytes a character once encoded.
    expect(placeOf("字".repeat(50))).toBe("storage");
  });
});
