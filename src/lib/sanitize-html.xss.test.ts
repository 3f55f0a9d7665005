import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import {
  elementsOf,
  fromHtmlRoundTrip,
  loadPipeline,
  render,
  unprefixed,
} from "./sanitize-html.test-support.ts";
import { sanitizeHtml, sanitizeInPieces, topLevelPieces } from "./sanitize-html.ts";
import { XSS_CORPUS as CORPUS } from "./xss-corpus.test-support.ts";

// Script in every form the XSS cheat sheets know, written in Markdown from the database.

beforeAll(loadPipeline);

const BAD_TAGS = new Set([
  "script",
  "style",
  "iframe",
  "object",
  "embed",
  "form",
  "base",
  "meta",
  "link",
  "template",
  "noscript",
  "frame",
  "frameset",
  "applet",
  "body",
]);
const URL_ATTRIBUTES = ["href", "src", "srcset", "action", "formaction", "xlink:href", "data"];

/** Every way a payload could still run: bad elements, handlers, script URLs, styles with URLs. */
function dangers(html: string): string[] {
  const found: string[] = [];
  for (const element of elementsOf(html)) {
    if (BAD_TAGS.has(element.tagName)) found.push(`<${element.tagName}>`);
    for (const [name, value] of Object.entries(element.properties ?? {})) {
      const attr = name.toLowerCase();
      const text = String(Array.isArray(value) ? value.join(" ") : value);
      if (attr.startsWith("on")) found.push(`${element.tagName}[${name}]`);
      if (URL_ATTRIBUTES.some((a) => attr === a.replace(":", "").toLowerCase() || attr === a)) {
        // Browsers drop control characters and whitespace before the scheme.
        // biome-ignore lint/suspicious/noControlCharactersInRegex: exactly the characters browsers skip
        const squeezed = text.replace(/[\u0000-\u0020]/g, "").toLowerCase();
        if (/^(javascript|vbscript|data):/.test(squeezed)) found.push(`${name}=${text}`);
      }
      if (attr === "style" && /url\s*\(|expression\s*\(|\\|position\s*:\s*fixed/i.test(text)) {
        found.push(`style=${text}`);
      }
    }
  }
  return found;
}

describe("sanitizeHtml on Markdown from the database", () => {
  it.each(CORPUS)("leaves nothing runnable of %s", async (payload) => {
    const raw = await render(payload);
    const clean = sanitizeHtml(raw);
    expect(dangers(clean)).toEqual([]);
  });

  it("sanitises a piece at a time (the preview's way) as it does in one go", async () => {
    const article = [
      "## A heading",
      "Text with `code`, $x^2$ and a [link](#a-heading).",
      "```ts\nconst a = '<div>';\n```",
      "$$\n\\frac{1}{2}\n$$",
      "| a | b |\n| - | - |\n| 1 | 2 |",
      "- one\n- two\n\n  still two",
      "<div>\n\n**inside raw HTML**\n\n</div>",
      "Footnote[^1].\n\n[^1]: The note.",
    ].join("\n\n");
    const whole = await render(article);
    const pieces = topLevelPieces(whole);
    expect(pieces?.filter((p) => p.trim()).length).toBeGreaterThanOrEqual(8);
    expect(pieces?.join("")).toBe(whole);
    expect(sanitizeInPieces(whole)).toBe(sanitizeHtml(whole));
    // Again, from the remembered pieces.
    expect(sanitizeInPieces(whole)).toBe(sanitizeHtml(whole));
    // Every payload: the same as in one go (by pieces, or in one go where tags do not balance).
    for (const payload of CORPUS) {
      const raw = await render(payload);
      expect(sanitizeInPieces(raw), payload).toBe(sanitizeHtml(raw));
    }
    // Tags that do not balance are sanitised in one go.
    expect(topLevelPieces("<div><p>x</div>")).toBeNull();
    expect(topLevelPieces("<div>x")).toBeNull();
    expect(topLevelPieces("x</div>")).toBeNull();
    expect(sanitizeInPieces("<div>x<script>alert(1)")).toBe(sanitizeHtml("<div>x<script>alert(1)"));
  });

  it("the corpus is dangerous before sanitising (the check can fail)", async () => {
    const flagged = await Promise.all(CORPUS.map(async (p) => dangers(await render(p)).length));
    expect(flagged.filter((n) => n > 0).length).toBeGreaterThan(CORPUS.length / 2);
  });

  it("keeps what the pipeline makes: highlighted code, math, heading anchors, tables, images", async () => {
    const md = [
      "## A heading",
      "",
      "Text with `code` and a [link](https://example.com/a?b=c) and a [relative one](/articles/x/).",
      "",
      "```ts",
      "const x: number = 1;",
      "```",
      "",
      "| a | b |",
      "| - | -: |",
      "| 1 | 2 |",
      "",
      "$$",
      "\\sum_{i=1}^{n} i = \\frac{n(n+1)}{2}",
      "$$",
      "",
      "![A lake](https://example.com/lake.jpg)",
    ].join("\n");
    const raw = await render(md);
    expect(sanitizeHtml(raw)).toBe(sanitizeHtml(sanitizeHtml(raw)));
    const clean = sanitizeHtml(raw);
    expect(clean).toContain('id="user-content-a-heading"');
    expect(clean).toContain('href="#user-content-a-heading"');
    expect(clean).toContain("color:var(--shiki-token-");
    expect(clean).toContain('href="https://example.com/a?b=c"');
    expect(clean).toContain('href="/articles/x/"');
    expect(clean).toContain("<table>");
    expect(clean).toContain('src="https://example.com/lake.jpg"');
    if (raw.includes("katex")) {
      expect(clean).toContain('class="katex');
      expect(clean).toContain("<math");
    }
  });

  it("changes nothing in the seed articles written in files (trusted output passes whole)", async () => {
    const dir = join(import.meta.dirname, "../../content/articles");
    const files = readdirSync(dir).filter((f) => f.endsWith(".md"));
    expect(files.length).toBeGreaterThan(5);
    for (const file of files) {
      const body = readFileSync(join(dir, file), "utf8").replace(/^---[\s\S]*?\n---\n/, "");
      const raw = await render(body);
      // Local images (files only) carry Astro's placeholder, which the build resolves later;
      // rows have no local files, and the sanitiser rightly drops an attribute it does not know.
      // Ids and same-page links gain the `user-content-` prefix (footnotes already have it).
      const normalised = fromHtmlRoundTrip(raw).replace(/ __astro_image_="[^"]*"/g, "");
      expect(unprefixed(sanitizeHtml(raw)), file).toBe(unprefixed(normalised));
    }
  });
});
