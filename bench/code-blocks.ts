// Code blocks, two ways (issue 43: "Expressive Code … measure its build cost and page bytes
// against today's Shiki setup"): every fenced block of the seed (content/**/*.md, *.mdx)
// rendered `ROUNDS` times
//   - by the site's setup: Shiki with its CSS-variable theme and src/lib/code-blocks.mjs;
//   - by Expressive Code, if installed (it is not a dependency):
//       npm install --no-save expressive-code@0.44.2 @expressive-code/plugin-line-numbers@0.44.2
// Prints CPU and wall time per block, the HTML of all blocks (raw and brotli), and what a page
// with code also loads: CSS and JavaScript. The verdict: docs/decisions/reading.md.
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";
import type { Root } from "hast";
import { toHtml } from "hast-util-to-html";
import type { Code } from "mdast";
import { fromMarkdown } from "mdast-util-from-markdown";
import { createHighlighter } from "shiki";
import { codeTheme, shikiConfig } from "../src/lib/markdown-plugins.mjs";

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 10);

interface Block {
  code: string;
  lang: string;
  meta: string;
}

function blocksOf(dir: string): Block[] {
  return readdirSync(dir, { recursive: true, encoding: "utf8" })
    .filter((file) => /\.mdx?$/.test(file))
    .flatMap((file) => {
      const found: Block[] = [];
      const visit = (node: { type: string; children?: unknown[] }) => {
        if (node.type === "code") {
          const code = node as Code; // the mdast node type its `type` names
          if (code.lang && code.lang !== "math")
            found.push({ code: code.value, lang: code.lang, meta: code.meta ?? "" });
        }
        for (const child of node.children ?? []) visit(child as { type: string });
      };
      visit(fromMarkdown(readFileSync(join(dir, file), "utf8")));
      return found;
    });
}

const brotli = (text: string) =>
  brotliCompressSync(text, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length;

interface Result {
  name: string;
  cpuMsPerBlock: number;
  wallMsPerBlock: number;
  htmlBytes: number;
  htmlBrotli: number;
  cssBrotli: number;
  jsGzip: number;
}

async function measure(
  name: string,
  blocks: Block[],
  render: (block: Block) => Promise<string>,
  extras: { css: string; js: string },
): Promise<Result> {
  let html = "";
  for (const block of blocks) html += await render(block); // warm: grammars loaded
  const cpu = process.cpuUsage();
  const started = performance.now();
  for (let round = 0; round < ROUNDS; round++) for (const block of blocks) await render(block);
  const wall = performance.now() - started;
  const used = process.cpuUsage(cpu);
  const count = ROUNDS * blocks.length;
  return {
    name,
    cpuMsPerBlock: (used.user + used.system) / 1000 / count,
    wallMsPerBlock: wall / count,
    htmlBytes: Buffer.byteLength(html),
    htmlBrotli: brotli(html),
    cssBrotli: extras.css ? brotli(extras.css) : 0,
    jsGzip: extras.js ? gzipSync(extras.js, { level: 9 }).length : 0,
  };
}

const blocks = blocksOf("content");
const langs = [...new Set(blocks.map((b) => b.lang))];
console.log(`${blocks.length} code blocks in the seed (${langs.join(", ")}), ${ROUNDS} rounds`);

const highlighter = await createHighlighter({ themes: [codeTheme], langs });
// The site's CSS for code: the part of prose.css that styles it, from its "Code:" comment to the
// tables' rules (the file keeps them together).
const prose = readFileSync("src/styles/prose.css", "utf8");
const codeCss = prose.slice(prose.indexOf("/* Code:"), prose.indexOf(".prose table"));
const render =
  (transformers: typeof shikiConfig.transformers) =>
  async ({ code, lang, meta }: Block) =>
    toHtml(
      highlighter.codeToHast(code, {
        lang,
        theme: codeTheme,
        meta: { __raw: meta },
        transformers,
      }),
    );
const results = [
  await measure(
    "Shiki alone (before code-blocks.mjs)",
    blocks,
    render(shikiConfig.transformers.slice(0, 1)),
    { css: codeCss.slice(0, codeCss.indexOf(".code-block")), js: "" },
  ),
  await measure(
    "site (Shiki + code-blocks.mjs)",
    blocks,
    render(shikiConfig.transformers),
    // The copy button's script loads when a reader reaches for the page (ProseTools.astro).
    { css: codeCss, js: "" },
  ),
];

// The parts of Expressive Code this file uses; it is imported by name, as it may be absent.
interface EcEngine {
  render(input: { code: string; language: string; meta: string }): Promise<{
    renderedGroupAst: Root["children"][number];
    styles: Set<string>;
  }>;
  getBaseStyles(): Promise<string>;
  getThemeStyles(): Promise<string>;
  getJsModules(): Promise<string[]>;
}
interface EcModules {
  ExpressiveCode: new (config: object) => EcEngine;
  toHtml: (node: Root["children"][number]) => string;
  pluginLineNumbers: () => object;
}
const load = (name: string): Promise<object> => import(name);

try {
  // Typed by the interfaces above: the packages are not dependencies, so not in the lockfile.
  const ec = {
    ...(await load("expressive-code")),
    ...(await load("expressive-code/hast")),
    ...(await load("@expressive-code/plugin-line-numbers")),
  } as EcModules;
  const { pluginLineNumbers, toHtml: ecToHtml } = ec;
  // Its default themes: github-dark and github-light, as the site's colours are.
  const engine = new ec.ExpressiveCode({
    plugins: [pluginLineNumbers()],
    defaultProps: { showLineNumbers: false },
  });
  const styles = new Set<string>();
  const result = await measure(
    "Expressive Code 0.44",
    blocks,
    async ({ code, lang, meta }) => {
      const rendered = await engine.render({ code, language: lang, meta });
      for (const style of rendered.styles) styles.add(style);
      return ecToHtml(rendered.renderedGroupAst);
    },
    { css: "", js: (await engine.getJsModules()).join("\n") },
  );
  const css = [await engine.getBaseStyles(), await engine.getThemeStyles(), ...styles].join("\n");
  results.push({ ...result, cssBrotli: brotli(css) });
} catch (error) {
  const missing =
    error instanceof Error && "code" in error && error.code === "ERR_MODULE_NOT_FOUND";
  if (!missing) throw error;
  console.log("Expressive Code is not installed; to compare, see this file's first lines.");
}

console.table(
  results.map((r) => ({
    setup: r.name,
    "CPU ms/block": r.cpuMsPerBlock.toFixed(2),
    "wall ms/block": r.wallMsPerBlock.toFixed(2),
    "HTML B": r.htmlBytes,
    "HTML brotli B": r.htmlBrotli,
    "CSS brotli B": r.cssBrotli,
    "JS at load gzip B": r.jsGzip,
  })),
);
