import type { Locale } from "../../../i18n/locale.ts";

// The Markdown playground's samples and where its text is kept. The samples are rendered by the
// blog's own pipeline when the site is built (src/components/labs/MarkdownPlayground.astro: the
// same renderMarkdown and sanitiser the back office's preview runs), so what the playground
// shows for them is what an article would show.

export const SAMPLE_IDS = ["table", "code", "footnote", "math"] as const;
export type SampleId = (typeof SAMPLE_IDS)[number];

export const SAMPLES: Record<SampleId, Record<Locale, string>> = {
  table: {
    "zh-CN": `## 三种主题

| 主题 | 背景 | 对比度 |
| :--- | :---: | ---: |
| 浅色 | \`#fbfaf7\` | 15.2 |
| 深色 | \`#14161a\` | 14.9 |
| 打印 | 白纸 | — |

对齐方式写在分隔行里：\`:---\` 靠左，\`:---:\` 居中，\`---:\` 靠右。`,
    "en-US": `## Three themes

| Theme | Background | Contrast |
| :--- | :---: | ---: |
| Light | \`#fbfaf7\` | 15.2 |
| Dark | \`#14161a\` | 14.9 |
| Print | paper | — |

The alignment is written in the separator row: \`:---\` left, \`:---:\` centred, \`---:\` right.`,
  },
  code: {
    "zh-CN": `## 高亮的代码

\`\`\`ts
// 由 Shiki 在构建时着色，颜色是 CSS 变量，随主题切换。
export function greet(name: string): string {
  return \`你好，\${name}！\`;
}
\`\`\`

行内代码也可以：\`npm run build\`。`,
    "en-US": `## Highlighted code

\`\`\`ts
// Coloured by Shiki at build time, in CSS variables that follow the theme.
export function greet(name: string): string {
  return \`Hello, \${name}!\`;
}
\`\`\`

Inline code too: \`npm run build\`.`,
  },
  footnote: {
    "zh-CN": `## 脚注

静态优先的网站更快[^1]，也更容易缓存[^cache]。

[^1]: 没有服务器渲染，第一个字节来自 CDN。
[^cache]: 每个页面都是一个文件，内容不变地址就不变。`,
    "en-US": `## Footnotes

A static-first site is faster[^1] and easier to cache[^cache].

[^1]: Nothing renders on a server: the first byte comes from a CDN.
[^cache]: Each page is a file, whose address stays as long as its content does.`,
  },
  math: {
    "zh-CN": `## 公式

行内公式 $E = mc^2$，以及一个独立的公式：

$$
\\sum_{k=1}^{n} k = \\frac{n(n+1)}{2}
$$

由 KaTeX 在构建时排版，页面上不运行任何脚本。`,
    "en-US": `## Maths

Inline $E = mc^2$, and a formula on its own:

$$
\\sum_{k=1}^{n} k = \\frac{n(n+1)}{2}
$$

Typeset by KaTeX at build time: no script runs on the page.`,
  },
};

/** A sample's text in a language. */
export const sampleText = (id: SampleId, locale: Locale) => SAMPLES[id][locale];

/** Which sample (and language) a text is, if it is one unchanged. */
export function sampleOf(text: string): { id: SampleId; locale: Locale } | null {
  for (const id of SAMPLE_IDS) {
    for (const locale of ["zh-CN", "en-US"] as const) {
      if (SAMPLES[id][locale] === text) return { id, locale };
    }
  }
  return null;
}

/** The address keeps a text up to this long (encoded); a longer one is kept in localStorage. */
export const URL_TEXT_MAX = 400;
/** The playground's own key in localStorage: nothing else on the site reads it. */
export const STORAGE_KEY = "mixlab-markdown";

/** Where a text is kept: a sample by its name, a short text in the address, a long one locally. */
export function placeOf(text: string): "sample" | "url" | "storage" {
  if (sampleOf(text)) return "sample";
  return encodeURIComponent(text).length <= URL_TEXT_MAX ? "url" : "storage";
}

/**
 * HTML for the sanitiser, which runs in the browser: what it removes (a script, a frame, an event
 * handler, a `javascript:` address, a style that would cover the page) and what it keeps, prefixed.
 */
export const HTML_SAMPLE: Record<Locale, string> = {
  "zh-CN": `<p id="main" onclick="alert('点击')">一个段落，里面有一个<a href="javascript:alert(1)">脚本链接</a>和一个<a href="https://example.com">普通链接</a>。</p>
<iframe src="https://example.com"></iframe>
<script>alert("永远不会运行")</script>
<p><span style="font-weight: bold; position: fixed; inset: 0">只有加粗留了下来。</span></p>`,
  "en-US": `<p id="main" onclick="alert('click')">A paragraph with a <a href="javascript:alert(1)">script link</a> and a <a href="https://example.com">plain one</a>.</p>
<iframe src="https://example.com"></iframe>
<script>alert("never runs")</script>
<p><span style="font-weight: bold; position: fixed; inset: 0">Only the bold survives.</span></p>`,
};
