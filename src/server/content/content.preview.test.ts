import { expect, it } from "vitest";
import { describeContentApi } from "./content.test-support.ts";

// The editors' preview: a text rendered by the site's own pipeline and sanitised as a row is.

const TEXT = `## 第一节 Intro

Some \`code\` and $E = mc^2$.

\`\`\`ts
const answer: number = 42;
\`\`\`

$$
\\int_0^1 x^2 \\, dx
$$

<script>alert(1)</script><img src="x" onerror="alert(2)">
[a link](javascript:alert(3))
`;

describeContentApi("content API: preview", ({ api }) => {
  it("renders code, math and headings as the site does, and sanitises", async () => {
    const res = await api("POST", "/api/admin/preview", { body: TEXT });
    expect(res.status).toBe(200);
    const { html, headings } = res.body.data as {
      html: string;
      headings: Array<{ depth: number; slug: string; text: string }>;
    };
    // Heading ids carry the sanitiser's prefix, and the table of contents names them so.
    expect(headings).toEqual([
      { depth: 2, slug: "user-content-第一节-intro", text: "第一节 Intro" },
    ]);
    expect(html).toContain('id="user-content-第一节-intro"');
    // Shiki's CSS-variable theme, and KaTeX's HTML for inline and display math.
    expect(html).toMatch(/<pre class="astro-code[^"]*"/);
    expect(html).toContain("--shiki-token-keyword");
    expect(html.match(/class="katex"/g)?.length).toBe(2);
    expect(html).toContain('class="katex-display"');
    // Nothing that runs.
    expect(html).not.toMatch(/<script|onerror|javascript:/i);
  });

  it("shows a relative image by its address and description, never an empty image", async () => {
    const res = await api("POST", "/api/admin/preview", {
      body: '![a "quoted" <diagram>](./images/a.svg)\n\n![x](javascript:alert(1))',
    });
    const { html } = res.body.data as { html: string };
    expect(html).toContain('<img src="./images/a.svg" alt="a “quoted” <diagram>">');
    expect(html).not.toContain("javascript:");
    expect(html).not.toContain("__ASTRO");
  });

  it("answers an empty text with empty HTML and refuses a text over the limit", async () => {
    const empty = await api("POST", "/api/admin/preview", { body: "" });
    expect(empty.status).toBe(200);
    expect(empty.body.data).toEqual({ html: "", headings: [] });
    const long = await api("POST", "/api/admin/preview", { body: "x".repeat(200_001) });
    expect(long.status).toBe(400);
    expect(JSON.stringify(long.body)).toContain("body");
    const extra = await api("POST", "/api/admin/preview", { body: "x", evil: 1 });
    expect(extra.status).toBe(400);
  });

  it("renders previews in parallel, each its own", async () => {
    const texts = Array.from({ length: 8 }, (_, i) => `# Title ${i}\n\n$x_${i}$`);
    const answers = await Promise.all(
      texts.map((body) => api("POST", "/api/admin/preview", { body })),
    );
    answers.forEach((res, i) => {
      expect(res.status).toBe(200);
      expect((res.body.data as { html: string }).html).toContain(`Title ${i}`);
    });
  });

  it("renders Markdown that could break a build: each piece shows, nothing throws", async () => {
    const broken = [
      "$$\\frac{1}{$$",
      "$\\unknownmacro{x}$",
      "```ts\nconst open = {",
      "<div><span>never closed",
      `${">".repeat(500)} deep`,
      `${"- ".repeat(300)}deep list`,
      "[dangling][nowhere] and ![](<>)",
      "| a | b |\n| - |\n| 1 | 2 | 3 |",
      "\u0000\uFFFF\uD800 strange code points",
      "---\ntitle: not frontmatter here\n---",
    ];
    for (const body of broken) {
      const res = await api("POST", "/api/admin/preview", { body });
      expect(res.status, body.slice(0, 30)).toBe(200);
      expect(typeof res.body.data.html).toBe("string");
      expect(res.body.data.html).not.toContain("<script");
    }
    // A formula KaTeX cannot read is shown as its source, marked, rather than failing the page.
    const math = await api("POST", "/api/admin/preview", { body: "$\\unknownmacro{x}$" });
    expect(math.body.data.html).toContain("unknownmacro");
  });
});
