import { satteri, satteriHeadingIdsPlugin } from "@astrojs/markdown-satteri";
import { mdxToJs } from "satteri";
import { codeToHast } from "shiki";
import { describe, expect, it } from "vitest";
import {
  headingAnchorsPlugin,
  mathPlugin,
  noTokenizeTimeLimit,
  shikiConfig,
} from "./markdown-plugins.mjs";

// Astro's config as a content sync digests it (part of it), before anything is highlighted.
const configAsSynced = JSON.stringify(shikiConfig);

// The processor as astro.config.mjs sets it up, rendering the way Astro does for a .md file or a
// content loader's renderMarkdown().
const renderer = await satteri({
  features: { math: true },
  hastPlugins: [mathPlugin, headingAnchorsPlugin],
}).createRenderer({
  syntaxHighlight: "shiki",
  shikiConfig: {
    ...shikiConfig,
    langs: [],
    langAlias: {},
    wrap: false,
  },
  gfm: true,
  smartypants: true,
});

const render = (markdown: string) => renderer.render(markdown);

describe("Markdown through Sätteri with our plugins", () => {
  it("gives headings ids and h2-h4 a hidden # link, without the # in the contents", async () => {
    const { code, metadata } = await render(
      "# Title\n\n## First *part*\n\n### 第二节\n\n## First part\n\n##### Deep\n",
    );
    expect(code).toContain(
      '<h2 id="first-part">First <em>part</em><a href="#first-part" class="heading-anchor" aria-hidden="true" tabindex="-1">#</a></h2>',
    );
    expect(code).toContain('<h3 id="第二节">第二节<a href="#第二节"');
    expect(code).toContain('<h2 id="first-part-1">');
    expect(code).toContain('<h5 id="deep">Deep</h5>');
    expect(code).toContain('<h1 id="title">Title</h1>');
    expect(metadata.headings).toEqual([
      { depth: 1, slug: "title", text: "Title" },
      { depth: 2, slug: "first-part", text: "First part" },
      { depth: 3, slug: "第二节", text: "第二节" },
      { depth: 2, slug: "first-part-1", text: "First part" },
      { depth: 5, slug: "deep", text: "Deep" },
    ]);
  });

  it("renders inline and display math with KaTeX, and leaves dollar-free text alone", async () => {
    const { code } = await render("Area $\\pi r^2$.\n\n$$\nE = mc^2\n$$\n\n```math\na+b\n```\n");
    expect(code).toMatch(/<p>Area <span class="katex">.*<\/span>\.<\/p>/s);
    expect(code.match(/<span class="katex-display">/g)).toHaveLength(2);
    expect(code).not.toContain("language-math");
    expect(code).toContain('<annotation encoding="application/x-tex">E = mc^2</annotation>');
    const plain = await render("No math here, only 5 apples.\n");
    expect(plain.code).toBe("<p>No math here, only 5 apples.</p>\n");
  });

  it("shows a formula KaTeX cannot parse as KaTeX's error, not a failed build", async () => {
    const { code } = await render("Bad $\\frac{1$ formula.\n");
    expect(code).toContain("katex-error");
  });

  it("tokenises without Shiki's time limit, so a busy machine cannot cut a block short", async () => {
    let seen: number | undefined;
    await codeToHast("const a = 1;", {
      lang: "ts",
      theme: shikiConfig.theme,
      transformers: [
        noTokenizeTimeLimit,
        {
          preprocess(_code, options) {
            seen = options.tokenizeTimeLimit;
          },
        },
      ],
    });
    expect(seen).toBe(0);
  });

  it("highlights code with Shiki, its colours as CSS variables that each theme sets", async () => {
    const { code } = await render("```ts\n// note\nconst a = 'b';\n```\n");
    expect(code).toContain('class="astro-code css-variables"');
    expect(code).toContain("background-color:var(--shiki-background)");
    expect(code).toContain('style="color:var(--shiki-token-keyword)">const<');
    expect(code).toContain("style=\"color:var(--shiki-token-string-expression)\"> 'b'<");
    expect(code).toContain("var(--shiki-token-comment)");
    // No colour is fixed in the markup: the page's theme decides every one.
    expect(code).not.toMatch(/#[0-9a-f]{6}/i);
  });

  it("leaves the theme in Astro's config as it was, once Shiki has highlighted with it", async () => {
    // `astro dev` clears every collection when its config differs from the last sync's, and
    // Shiki normalises a theme partly in place: the labs vanished after a back-office change.
    await render("```sh\nnpm run dev\n```\n");
    expect(JSON.stringify(shikiConfig)).toBe(configAsSynced);
  });
});

describe("MDX with our plugins", () => {
  // @astrojs/mdx runs the processor's hast plugins before Astro's heading-ids plugin, as here.
  const compile = (source: string) =>
    mdxToJs(source, {
      features: { math: true },
      hastPlugins: [mathPlugin, headingAnchorsPlugin, satteriHeadingIdsPlugin()],
      jsxImportSource: "astro",
      elementAttributeNameCase: "html",
      data: {
        astro: {
          frontmatter: {},
          headings: [],
          localImagePaths: new Set(),
          remoteImagePaths: new Set(),
        },
      },
    });

  it("adds the same anchors, keeping # out of the contents", async () => {
    const { code, data } = await compile("## Say hello\n\nText.\n");
    expect(code).toMatch(/id: "say-hello"/);
    expect(code).toMatch(
      /href: "#say-hello",\s*class: "heading-anchor",\s*"aria-hidden": "true",\s*tabindex: "-1",\s*children: "#"/,
    );
    expect(data.astro?.headings).toEqual([{ depth: 2, slug: "say-hello", text: "Say hello" }]);
  });

  it("renders math to elements (MDX output cannot hold raw HTML)", async () => {
    const { code } = await compile("Area $\\pi r^2$.\n");
    expect(code).toContain('class: "katex"');
    expect(code).not.toContain("xmlns");
  });
});
