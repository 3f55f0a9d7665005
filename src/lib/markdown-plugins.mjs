// @ts-check
// Our two additions to Astro's native Markdown processor (Sätteri), as hast plugins: KaTeX math
// rendered to HTML at build time, and a "#" link on every h2-h4. They run for .md files, .mdx
// files and the content loaders' renderMarkdown() alike, since all three use the processor set in
// astro.config.mjs.
//
// Both run before Astro's own heading-ids plugin (Sätteri's order: highlighting, these, then
// Astro's), which names each heading by its text and lists it for the table of contents. So the
// anchor plugin gives headings their ids itself, the same way (github-slugger over the heading's
// text, one slugger per document), and keeps its "#" out of that text: a raw node in Markdown,
// the link's `children` attribute in MDX (neither counts as text, both render as "#").
import { satteri, satteriCollectHastText } from "@astrojs/markdown-satteri";
import Slugger from "github-slugger";
import katex from "katex";
import { htmlToHast } from "satteri";
import { createCssVariablesTheme, normalizeTheme } from "shiki";
import { codeBlockTransformers } from "./code-blocks.mjs";

/**
 * @typedef {import("satteri").HastPluginEntry} HastPluginEntry
 * @typedef {import("satteri").HastPluginDefinition} HastPluginDefinition
 * @typedef {import("satteri").HastVisitorContext} Context
 * @typedef {import("hast").Element} Element
 * @typedef {import("hast").ElementContent} ElementContent
 */

/** @param {Element} node */
const classes = (node) => {
  const value = node.properties?.className;
  return Array.isArray(value) ? value : [];
};

/**
 * KaTeX's HTML for one formula. Like rehype-katex: strict first; on an error, KaTeX's own
 * error rendering (red source), and if even that throws, the source in a `katex-error` span.
 * @param {string} tex
 * @param {boolean} displayMode
 */
function renderMath(tex, displayMode) {
  try {
    return katex.renderToString(tex, { displayMode, throwOnError: true });
  } catch (error) {
    try {
      return katex.renderToString(tex, { displayMode, throwOnError: false, strict: "ignore" });
    } catch {
      const escaped = tex.replace(/&/g, "&amp;").replace(/</g, "&lt;");
      const title = String(error).replace(/&/g, "&amp;").replace(/"/g, "&quot;");
      return `<span class="katex-error" style="color:#cc0000" title="${title}">${escaped}</span>`;
    }
  }
}

/**
 * Puts the formula's HTML in place of `node`: a raw node in Markdown (no parsing), real
 * elements in MDX (its JSX output cannot hold raw HTML).
 * @param {Element} node
 * @param {string} html
 * @param {Context} ctx
 */
function replaceWithHtml(node, html, ctx) {
  if (ctx.sourceFormat !== "mdx") {
    ctx.replaceNode(node, { type: "raw", value: html });
    return;
  }
  const tree = htmlToHast(html, { fragment: true });
  const children = "children" in tree ? /** @type {ElementContent[]} */ (tree.children) : [];
  // MathML's xmlns comes out of htmlToHast as a ":xmlns" property, which JSX would print as is;
  // HTML needs no xmlns on <math>.
  /** @param {ElementContent} n */
  const dropXmlns = (n) => {
    if (n.type !== "element") return;
    if (n.tagName === "math") {
      delete n.properties.xmlns;
      delete n.properties[":xmlns"];
    }
    for (const child of n.children) dropXmlns(/** @type {ElementContent} */ (child));
  };
  for (const child of children) dropXmlns(child);
  ctx.replaceNode(node, children);
}

/** @type {HastPluginDefinition} */
const katexPlugin = {
  name: "blog-katex",
  element: {
    filter: ["pre", "code"],
    visit(node, ctx) {
      if (node.tagName === "pre") {
        // `$$…$$` blocks and ```math fences: <pre><code class="language-math …">.
        const code = node.children.find(
          (c) =>
            c.type === "element" && c.tagName === "code" && classes(c).includes("language-math"),
        );
        if (code?.type === "element")
          replaceWithHtml(node, renderMath(ctx.textContent(code), true), ctx);
      } else if (classes(node).includes("math-inline")) {
        replaceWithHtml(node, renderMath(ctx.textContent(node), false), ctx);
      }
    },
  },
};

const MATH_FENCE = /^ {0,3}(?:`{3,}|~{3,}) *math\b/m;

/**
 * Math rendered by KaTeX, for documents that can hold any: without a "$" or a ```math fence the
 * plugin is left out, so a document without math pays nothing for it.
 * @type {HastPluginEntry}
 */
export const mathPlugin = ({ source }) =>
  source.includes("$") || MATH_FENCE.test(source) ? katexPlugin : null;

const HEADINGS = ["h1", "h2", "h3", "h4", "h5", "h6"];
const ANCHORED = new Set(["h2", "h3", "h4"]);

/**
 * Ids on every heading (as Astro's heading-ids plugin would give them) and a "#" link on each
 * h2-h4, so readers can share a section. The link is hidden from screen readers: the heading
 * itself is the name. One slugger per document.
 * @type {HastPluginEntry}
 */
export const headingAnchorsPlugin = () => {
  const slugger = new Slugger();
  return {
    name: "blog-heading-anchors",
    element: {
      filter: HEADINGS,
      visit(node, ctx) {
        let id = node.properties?.id;
        if (typeof id !== "string") {
          // Astro's own rule: text, or frontmatter expressions resolved in MDX.
          const text = ctx.textContent(node);
          const astro = /** @type {{ frontmatter?: Record<string, unknown> } | undefined} */ (
            ctx.data.astro
          );
          id = slugger.slug(
            text.includes("frontmatter")
              ? satteriCollectHastText(node, astro?.frontmatter ?? {})
              : text,
          );
          ctx.setProperty(node, "id", id);
        }
        if (!ANCHORED.has(node.tagName)) return;
        const href = `#${id}`;
        if (ctx.sourceFormat === "mdx") {
          /** @param {string} name @param {string} value */
          const attribute = (name, value) => ({ type: "mdxJsxAttribute", name, value });
          ctx.appendChild(
            node,
            /** @type {any} */ ({
              type: "mdxJsxTextElement",
              name: "a",
              attributes: [
                attribute("href", href),
                attribute("class", "heading-anchor"),
                attribute("aria-hidden", "true"),
                attribute("tabindex", "-1"),
                attribute("children", "#"),
              ],
              children: [],
            }),
          );
        } else {
          ctx.appendChild(node, {
            type: "element",
            tagName: "a",
            properties: {
              href,
              className: ["heading-anchor"],
              ariaHidden: "true",
              tabIndex: -1,
            },
            children: [{ type: "raw", value: "#" }],
          });
        }
      },
    },
  };
};

/**
 * Shiki's theme for every code block: colours as CSS variables (`--shiki-foreground`,
 * `--shiki-token-keyword`, …), which global.css sets for the light and the dark theme. One
 * theme means each block is tokenised once; two themes (github-light and github-dark) made
 * Shiki tokenise every block twice, half a second per thousand articles with code.
 *
 * Given normalised: Shiki normalises a theme the first time it highlights with it, and does it
 * partly in place (its colours and settings), and this object is part of Astro's config. In
 * `astro dev` the config then differed from the one the content store was synced with, so the
 * next content refresh cleared every collection and reloaded only the back office's: the labs
 * vanished until a restart. A theme normalised once is left alone (same colours out).
 */
export const codeTheme = normalizeTheme(createCssVariablesTheme());

/**
 * Shiki stops tokenising a line after 500 ms by default and leaves the rest of the block in the
 * last state it reached (a whole block coloured as a comment): on a busy machine, such as
 * `npm start` rebuilding beside its traffic, a build came out wrong without a word. No limit:
 * a slow build is better than a wrong page. (Astro passes no tokenise options; a transformer's
 * preprocess hook sees the options before tokenising.)
 */
/** @type {import("shiki").ShikiTransformer} */
export const noTokenizeTimeLimit = {
  name: "no-tokenize-time-limit",
  preprocess(code, options) {
    options.tokenizeTimeLimit = 0;
    return code;
  },
};

/** What astro.config.mjs and the tests give Astro as `markdown.shikiConfig`. */
export const shikiConfig = {
  theme: codeTheme,
  // Captions, marked and changed lines, line numbers: src/lib/code-blocks.mjs.
  transformers: [noTokenizeTimeLimit, ...codeBlockTransformers],
};

/**
 * The site's Markdown processor: Sätteri with math parsing on and our two hast plugins. Astro's
 * config, the back office's preview (src/lib/markdown-render.ts) and the sanitiser's tests all
 * take it from here, so a preview is rendered exactly as the build renders.
 */
export const siteMarkdown = () => ({
  processor: satteri({
    features: { math: true },
    hastPlugins: [mathPlugin, headingAnchorsPlugin],
  }),
  // Colours as CSS variables; global.css sets them for <html data-theme> light and dark.
  shikiConfig,
});
