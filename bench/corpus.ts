// The generated corpus of the content bench (bench/content.ts) and the publish bench's large
// site (bench/publish.ts): seeded pseudo-random articles in both languages, the same on every
// run, and scratch copies of the project (or a bare Astro project) that hold them.
import { cpSync, mkdirSync, readdirSync, readFileSync, symlinkSync, writeFileSync } from "node:fs";
import { dirname, join, relative, sep } from "node:path";
import { fileURLToPath } from "node:url";

const ROOT = dirname(dirname(fileURLToPath(import.meta.url)));
export const LOCALES = ["zh-CN", "en-US"] as const;
export type Locale = (typeof LOCALES)[number];
/** The scratch site's npm script for the astro build step alone (see makeSite). */
export const ASTRO_ONLY_SCRIPT = "bench:astro-build";

/** The seed site's category ids, which generated articles are spread over. */
export function seedCategories(): string[] {
  return (
    JSON.parse(readFileSync(join(ROOT, "content", "categories.json"), "utf8")) as Array<{
      id: string;
    }>
  ).map((c) => c.id);
}

// ---------------------------------------------------------------------------------------------
// The corpus: seeded pseudo-random text, the same on every run.

/** mulberry32: a small, fast 32-bit generator; good enough for filler text. */
function seeded(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

type Random = () => number;
const between = (rand: Random, min: number, max: number) =>
  min + Math.floor(rand() * (max - min + 1));
function pick<T>(rand: Random, list: readonly T[]): T {
  const item = list[Math.floor(rand() * list.length)];
  if (item === undefined) throw new Error("pick from an empty list");
  return item;
}
function pickSome<T>(rand: Random, list: readonly T[], count: number): T[] {
  const chosen = new Set<T>();
  while (chosen.size < Math.min(count, list.length)) chosen.add(pick(rand, list));
  return [...chosen];
}

const EN_WORDS =
  `the a of to and in that is for it with as on was be by this are from or at an have not
they which one you had all were their there can more would been when will about if some what into
time only other new so could than people these also two first then way may like well after years
work because any most over should must through where much before between page build site reader
text browser server static cache index search language article chapter note book draft week light
dark theme font image script style layout header footer link list table code test review release
version change small large quick slow simple careful clear quiet early late every each never often
always rarely usually write read keep leave open close start finish measure count compare choose
follow learn teach explain remember forget carry bring hold send receive answer question problem
reason idea habit rule budget number minute second hour morning evening river lake mountain city
street window desk train station market garden kitchen table paper pencil notebook letter story
history detail surface edge corner middle center shape color sound voice silence weather rain wind
autumn winter spring summer walk run sit stand wait watch listen speak think believe notice
decide prefer avoid allow expect happen matter seem become remain grow turn move stay return
friend neighbour teacher student writer editor engineer designer owner visitor guest team
project plan goal step part piece whole half most least enough almost already still again
instead perhaps quite rather really nearly together alone outside inside above below behind
during until since while although unless whether either neither both several many few`
    .split(/\s+/)
    .filter(Boolean);

const ZH_WORDS =
  `我们 今天 时间 问题 页面 文章 读者 作者 网站 服务器 浏览器 缓存 索引 搜索 语言 中文 英文
标题 段落 代码 表格 样式 字体 图片 脚本 主题 暗色 亮色 构建 发布 草稿 版本 修改 测试 检查 记录
习惯 规则 预算 数字 分钟 早上 晚上 河边 湖面 山上 城市 街道 窗户 书桌 火车 车站 市场 花园 厨房
纸张 铅笔 笔记本 信件 故事 历史 细节 边缘 角落 中间 颜色 声音 安静 天气 下雨 刮风 秋天 冬天
春天 夏天 散步 等待 观察 倾听 思考 相信 注意 决定 喜欢 避免 允许 期待 发生 变成 保持 回来 朋友
邻居 老师 学生 编辑 工程师 设计师 访客 团队 项目 计划 目标 步骤 部分 整体 一半 足够 几乎 已经
仍然 再次 也许 相当 确实 一起 独自 外面 里面 上面 下面 后面 期间 直到 虽然 除非 无论 慢慢 很快
简单 仔细 清楚 安静地 早一点 每一次 从来不 经常 总是 很少 通常 写下 读完 留下 打开 关上 开始
结束 衡量 比较 选择 跟着 学习 解释 记得 忘记 带来 拿着 寄出 收到 回答 理由 想法 其实 所以 因为
但是 而且 如果 然后 于是 不过 只是 还是 或者 甚至 终于 原来 一直 已经 正在 可以 应该 需要 能够
一个 这个 那个 这些 那些 每个 所有 一些 很多 不少 自己 大家 别人 东西 地方 时候 样子 办法
HTML CSS JavaScript Node.js Markdown`
    .split(/\s+/)
    .filter(Boolean);

const EN_TAGS =
  `performance accessibility html css javascript typescript markdown search caching fonts
images testing databases postgres tooling editors keyboard reading writing travel walking cooking
photography books notes habits design typography static-sites i18n security`
    .split(/\s+/)
    .filter(Boolean);
const ZH_TAGS =
  `性能 无障碍 前端 样式 脚本 类型 写作 阅读 搜索 缓存 字体 图片 测试 数据库 工具 编辑器 键盘
旅行 散步 做饭 摄影 读书 笔记 习惯 设计 排版 静态网站 国际化 安全 生活`
    .split(/\s+/)
    .filter(Boolean);

const CODE_LANGUAGES = ["ts", "js", "python", "bash", "css", "json"] as const;

const IDENTIFIERS = EN_WORDS.filter((word) => word.length > 3);

function codeBlock(rand: Random): string {
  const language = pick(rand, CODE_LANGUAGES);
  const w = () => pick(rand, IDENTIFIERS);
  const lines: string[] = [];
  const count = between(rand, 5, 12);
  for (let i = 0; i < count; i++) {
    const n = between(rand, 1, 999);
    switch (language) {
      case "ts":
        lines.push(`const ${w()}${i}: number = measure("${w()}", ${n}); // ${w()} ${w()}`);
        break;
      case "js":
        lines.push(`export function ${w()}${i}(${w()}) { return ${w()}.length * ${n}; }`);
        break;
      case "python":
        lines.push(`def ${w()}_${i}(${w()}):\n    return len(${w()}) + ${n}  # ${w()}`);
        break;
      case "bash":
        lines.push(`grep -rn "${w()}" ./${w()} | head -n ${n}  # ${w()} ${w()}`);
        break;
      case "css":
        lines.push(`.${w()}-${i} { margin: ${n % 40}px; color: var(--${w()}); }`);
        break;
      case "json":
        lines.push(`${i === 0 ? "{" : ""}"${w()}${i}": ${n}${i === count - 1 ? "}" : ","}`);
        break;
    }
  }
  return `\`\`\`${language}\n${lines.join("\n")}\n\`\`\``;
}

function table(rand: Random, locale: Locale): string {
  const cell = () => (locale === "zh-CN" ? pick(rand, ZH_WORDS) : capital(pick(rand, EN_WORDS)));
  const head = [cell(), cell(), cell()];
  const rows = Array.from({ length: between(rand, 4, 6) }, () => [
    cell(),
    String(between(rand, 1, 9999)),
    cell(),
  ]);
  return [head, ["---", "--:", "---"], ...rows].map((r) => `| ${r.join(" | ")} |`).join("\n");
}

const capital = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

function enSentence(rand: Random, min: number, max: number): string {
  const words = Array.from({ length: between(rand, min, max) }, () => pick(rand, EN_WORDS));
  return `${capital(words.join(" "))}.`;
}

function zhSentence(rand: Random, min: number, max: number): string {
  const count = between(rand, min, max);
  let out = "";
  let sinceComma = 0;
  for (let i = 0; i < count; i++) {
    out += pick(rand, ZH_WORDS);
    sinceComma++;
    if (i < count - 1 && sinceComma >= 3 && rand() < 0.35) {
      out += "，";
      sinceComma = 0;
    }
  }
  return `${out}${rand() < 0.9 ? "。" : "？"}`;
}

const HAN = /[\u3400-\u9fff]/g;
const countHan = (s: string) => s.match(HAN)?.length ?? 0;
const countWords = (s: string) => s.match(/\S+/g)?.length ?? 0;

export interface Generated {
  file: string;
  text: string;
  /** Words (English) or Chinese characters (Chinese) of running text. */
  size: number;
  headings: number;
  publishedAt: string;
  code: boolean;
  table: boolean;
}

const DATE_FROM = Date.UTC(2020, 0, 1);
const DATE_TO = Date.UTC(2026, 9, 31);

function article(rand: Random, locale: Locale, n: number, categories: string[]): Generated {
  const zh = locale === "zh-CN";
  // Running text of 900-1800 Chinese characters or 600-1200 English words, sentence by sentence.
  const [min, max] = zh ? [900, 1800] : [600, 1200];
  const target = between(rand, min, max);
  const paragraphs: string[] = [];
  let size = 0;
  let full = false;
  while (size < target && !full) {
    const sentences: string[] = [];
    const wanted = between(rand, 2, 5);
    while (sentences.length < wanted && size < target) {
      const sentence = zh ? zhSentence(rand, 6, 14) : enSentence(rand, 8, 18);
      const length = zh ? countHan(sentence) : countWords(sentence);
      full = size + length > max;
      if (full) break;
      sentences.push(sentence);
      size += length;
    }
    if (sentences.length > 0) paragraphs.push(sentences.join(zh ? "" : " "));
  }
  const headings = between(rand, 3, 5);
  const heading = () =>
    zh
      ? Array.from({ length: between(rand, 2, 4) }, () => pick(rand, ZH_WORDS)).join("")
      : capital(Array.from({ length: between(rand, 2, 5) }, () => pick(rand, EN_WORDS)).join(" "));
  // Headings split the paragraphs into sections of about the same length, after an introduction.
  const blocks: string[] = [];
  const headingAt = new Set(
    Array.from({ length: headings }, (_, h) =>
      Math.max(1, Math.floor(((h + 1) * paragraphs.length) / (headings + 1))),
    ),
  );
  let placed = 0;
  paragraphs.forEach((p, i) => {
    if (headingAt.has(i)) {
      blocks.push(`## ${heading()}`);
      placed++;
    }
    blocks.push(p);
  });
  // Too few paragraphs to give every heading its own section: the rest go at the end.
  while (placed < headings) {
    blocks.push(`## ${heading()}`, zh ? zhSentence(rand, 6, 14) : enSentence(rand, 8, 18));
    placed++;
  }
  const code = n % 5 === 0;
  const hasTable = n % 10 === 0;
  if (code) blocks.splice(between(rand, 2, blocks.length - 1), 0, codeBlock(rand));
  if (hasTable) blocks.splice(between(rand, 2, blocks.length - 1), 0, table(rand, locale));

  const title = zh
    ? Array.from({ length: between(rand, 3, 6) }, () => pick(rand, ZH_WORDS)).join("")
    : capital(Array.from({ length: between(rand, 4, 9) }, () => pick(rand, EN_WORDS)).join(" "));
  const summary = (zh ? zhSentence(rand, 10, 24) : enSentence(rand, 15, 30)).slice(0, 300);
  const publishedAt = new Date(DATE_FROM + Math.floor(rand() * (DATE_TO - DATE_FROM)))
    .toISOString()
    .slice(0, 10);
  const tags = pickSome(rand, zh ? ZH_TAGS : EN_TAGS, between(rand, 1, 4));
  const frontmatter = [
    "---",
    `title: ${JSON.stringify(title.slice(0, 120))}`,
    `summary: ${JSON.stringify(summary)}`,
    `lang: ${locale}`,
    `category: ${pick(rand, categories)}`,
    `tags: ${JSON.stringify(tags)}`,
    "status: published",
    `publishedAt: ${publishedAt}`,
    "---",
  ];
  return {
    file: `gen-${locale}-${n}.md`,
    text: `${frontmatter.join("\n")}\n\n${blocks.join("\n\n")}\n`,
    size,
    headings,
    publishedAt,
    code,
    table: hasTable,
  };
}

/** `count` articles a language; the first of a larger corpus are the same articles. */
export function corpus(categories: string[], count: number): Generated[] {
  const out: Generated[] = [];
  for (const [i, locale] of LOCALES.entries()) {
    const rand = seeded(0x5eed + i);
    for (let n = 1; n <= count; n++) out.push(article(rand, locale, n, categories));
  }
  return out;
}

// ---------------------------------------------------------------------------------------------
// Scratch projects.

/** Top-level entries of the project that a build neither needs nor should see. */
const NOT_COPIED = new Set([
  "node_modules",
  "dist",
  ".astro",
  ".git",
  "test-results",
  "reports",
  ".data",
  ".tools",
]);
/** Caches inside node_modules: kept per scratch project (see linkNodeModules). */
const NOT_LINKED = new Set([".astro", ".vite", ".vite-build", ".cache"]);

/**
 * node_modules as a real folder holding one symlink per installed package. Linking the folder
 * itself would make the scratch builds read and write the project's own build caches (Astro's
 * content layer store is node_modules/.astro/data-store.json; Vite uses node_modules/.vite), and
 * a cold build would have to delete them.
 */
export function linkNodeModules(project: string): void {
  const target = join(project, "node_modules");
  mkdirSync(target);
  for (const name of readdirSync(join(ROOT, "node_modules"))) {
    if (!NOT_LINKED.has(name)) symlinkSync(join(ROOT, "node_modules", name), join(target, name));
  }
}

export function writeArticles(dir: string, articles: Generated[]): void {
  mkdirSync(dir, { recursive: true });
  for (const a of articles) writeFileSync(join(dir, a.file), a.text);
}

export function makeSite(dir: string, articles: Generated[]): void {
  cpSync(ROOT, dir, {
    recursive: true,
    filter: (source) => {
      const rel = relative(ROOT, source);
      if (rel === "") return true;
      const top = rel.split(sep)[0] ?? "";
      return !NOT_COPIED.has(top) && rel !== join("content", "articles");
    },
  });
  linkNodeModules(dir);
  writeArticles(join(dir, "content", "articles"), articles);
  // The astro build step alone, for the repeated cold builds that are only compared with the
  // bare build (whose `npm run build` is the astro build alone too).
  const packageFile = join(dir, "package.json");
  const manifest = JSON.parse(readFileSync(packageFile, "utf8")) as {
    scripts: Record<string, string>;
  };
  // The build script's first step, as it is (its environment included).
  const astroStep = manifest.scripts.build?.split(" && ")[0];
  if (!astroStep?.includes("astro build"))
    throw new Error("package.json: build starts with astro build");
  manifest.scripts[ASTRO_ONLY_SCRIPT] = astroStep;
  writeFileSync(packageFile, `${JSON.stringify(manifest, null, 2)}\n`);
}

const BARE_FILES: Record<string, string> = {
  "package.json": `${JSON.stringify(
    {
      name: "bare-astro-baseline",
      private: true,
      type: "module",
      scripts: { build: "ASTRO_TELEMETRY_DISABLED=1 astro build" },
    },
    null,
    2,
  )}\n`,
  "tsconfig.json": '{ "extends": "astro/tsconfigs/base" }\n',
  "astro.config.mjs": `import { defineConfig } from "astro/config";

export default defineConfig({ output: "static" });
`,
  "src/content.config.ts": `import { defineCollection } from "astro:content";
import { glob } from "astro/loaders";
import { z } from "astro/zod";

const articles = defineCollection({
  loader: glob({ base: "content/articles", pattern: "**/*.md" }),
  schema: z.looseObject({ title: z.string() }),
});

export const collections = { articles };
`,
  "src/pages/[...slug].astro": `---
import { getCollection, render } from "astro:content";

export async function getStaticPaths() {
  const entries = await getCollection("articles");
  return entries.map((entry) => ({ params: { slug: entry.id }, props: { entry } }));
}

const { entry } = Astro.props;
const { Content } = await render(entry);
---
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <title>{entry.data.title}</title>
  </head>
  <body>
    <h1>{entry.data.title}</h1>
    <Content />
  </body>
</html>
`,
};

export function makeBare(dir: string, articles: Generated[]): void {
  for (const [path, text] of Object.entries(BARE_FILES)) {
    mkdirSync(dirname(join(dir, path)), { recursive: true });
    writeFileSync(join(dir, path), text);
  }
  linkNodeModules(dir);
  writeArticles(join(dir, "content", "articles"), articles);
}
