// @ts-check
// Code blocks as readers of technical blogs expect, as Shiki transformers run by Astro's
// highlighter (src/lib/markdown-plugins.mjs): the block in a <figure> whose caption names its
// language and, when the fence gives one, its title; marked lines; inserted and deleted lines;
// line numbers on request. What the fence's meta may say, the words Expressive Code uses:
//
//   ```ts title="src/app.ts" {2,4-5} ins={7} del={6} showLineNumbers startLineNumber=10
//
// and in the code itself, Shiki's notation comments: `// [!code highlight]`, `// [!code ++]`,
// `// [!code --]`. A ```diff block marks its "+" and "-" lines by itself. Numbers are a CSS
// counter and markers are classes and <ins>/<del>, so the copy button copies only the code.
// Why these and not Expressive Code: docs/decisions/reading.md.
import { transformerNotationDiff, transformerNotationHighlight } from "@shikijs/transformers";

/**
 * @typedef {import("shiki").ShikiTransformer} ShikiTransformer
 * @typedef {import("shiki").ShikiTransformerContext} Context
 * @typedef {import("hast").Element} Element
 * @typedef {{ title?: string, marked: Set<number>, inserted: Set<number>,
 *   deleted: Set<number>, lineNumbers: boolean, start: number }} FenceMeta
 */

/** Languages with nothing to name: the caption shows no language for them. */
const UNNAMED = new Set(["text", "txt", "plaintext", "plain", "ansi"]);

/**
 * The meta of a fence split into words, as a shell would: spaces part words, quotes ("…" or
 * '…') and braces ({…}) hold spaces inside one. `title="a b" {1,3}` gives `title=a b`, `{1,3}`.
 * @param {string} raw
 * @returns {string[]}
 */
export function metaWords(raw) {
  /** @type {string[]} */
  const words = [];
  let word = "";
  let started = false;
  /** @type {string | null} */
  let closing = null;
  for (const char of raw) {
    if (closing !== null) {
      if (char === closing) {
        if (closing === "}") word += char;
        closing = null;
      } else word += char;
    } else if (char === '"' || char === "'") {
      closing = char;
      started = true;
    } else if (char === "{") {
      closing = "}";
      word += char;
      started = true;
    } else if (char === " " || char === "\t") {
      if (started) words.push(word);
      word = "";
      started = false;
    } else {
      word += char;
      started = true;
    }
  }
  if (started) words.push(word);
  return words;
}

/** The most lines a fence may mark: more is a typo, and would cost memory. */
const MAX_LINE = 10_000;

/**
 * Line numbers from `{1,3-5}`; a part that is not a number or a range is left out. (Shiki's
 * own reader, parseMetaHighlightString, builds any range it is given: `{1-999999999}` would
 * fill the memory.)
 * @param {string} braces
 * @returns {Set<number>}
 */
function lineSet(braces) {
  /** @type {Set<number>} */
  const lines = new Set();
  if (!braces.startsWith("{") || !braces.endsWith("}")) return lines;
  for (const part of braces.slice(1, -1).split(",")) {
    const bounds = part.split("-").map((n) => Number(n.trim()));
    const from = bounds[0] ?? Number.NaN;
    const to = bounds[1] ?? from;
    if (bounds.length > 2 || !Number.isInteger(from) || !Number.isInteger(to)) continue;
    if (from < 1 || to < from || to > MAX_LINE) continue;
    for (let line = from; line <= to; line++) lines.add(line);
  }
  return lines;
}

/**
 * What a fence's meta asks of its block.
 * @param {string | undefined} raw
 * @returns {FenceMeta}
 */
export function parseFenceMeta(raw) {
  /** @type {FenceMeta} */
  const meta = {
    marked: new Set(),
    inserted: new Set(),
    deleted: new Set(),
    lineNumbers: false,
    start: 1,
  };
  for (const word of metaWords(raw ?? "")) {
    const equals = word.indexOf("=");
    const key = equals < 0 ? word : word.slice(0, equals);
    const value = equals < 0 ? "" : word.slice(equals + 1);
    if (word.startsWith("{")) meta.marked = lineSet(word);
    else if (key === "title" && value.trim() !== "") meta.title = value.trim().slice(0, 200);
    else if (key === "mark" && value.startsWith("{")) meta.marked = lineSet(value);
    else if (key === "ins" && value.startsWith("{")) meta.inserted = lineSet(value);
    else if (key === "del" && value.startsWith("{")) meta.deleted = lineSet(value);
    else if (key === "showLineNumbers") meta.lineNumbers = value !== "false";
    else if (key === "startLineNumber") {
      const start = Number(value);
      if (Number.isInteger(start) && start >= 0 && start <= 999_999) {
        meta.start = start;
        meta.lineNumbers = true;
      }
    }
  }
  return meta;
}

/** Each block's meta, read once: keyed by the block's context's `meta`, one object per block. */
/** @type {WeakMap<object, FenceMeta>} */
const parsed = new WeakMap();

/**
 * @param {Context} ctx
 * @returns {FenceMeta}
 */
function fenceMeta(ctx) {
  let meta = parsed.get(ctx.meta);
  if (!meta) {
    meta = parseFenceMeta(ctx.options.meta?.__raw);
    // A ```diff block's own "+" and "-" lines, read from its source once.
    if (ctx.options.lang === "diff") {
      for (const [at, text] of ctx.source.split("\n").entries()) {
        if (text.startsWith("+")) meta.inserted.add(at + 1);
        else if (text.startsWith("-")) meta.deleted.add(at + 1);
      }
    }
    parsed.set(ctx.meta, meta);
  }
  return meta;
}

/**
 * @param {Element} node
 * @returns {string[]}
 */
const classesOf = (node) => {
  const value = node.properties.class;
  return typeof value === "string"
    ? value.split(" ")
    : Array.isArray(value)
      ? value.map(String)
      : [];
};

/** @type {ShikiTransformer} */
const fenceTransformer = {
  name: "blog-code-blocks",
  line(node, line) {
    const meta = fenceMeta(this);
    if (meta.marked.has(line)) this.addClassToHast(node, "highlighted");
    const change = meta.inserted.has(line) ? "add" : meta.deleted.has(line) ? "remove" : null;
    if (change) this.addClassToHast(node, ["diff", change]);
  },
  // After the notation comments' transformers, which mark lines in their `code` hook.
  code(node) {
    let marks = false;
    for (const line of node.children) {
      if (line.type !== "element") continue;
      const classes = classesOf(line);
      if (classes.includes("highlighted") || classes.includes("diff")) marks = true;
      // Inserted and deleted lines say so to a screen reader too, not by colour alone.
      if (classes.includes("add")) line.tagName = "ins";
      else if (classes.includes("remove")) line.tagName = "del";
    }
    if (marks) this.addClassToHast(node, "has-marks");
  },
  pre(node) {
    const meta = fenceMeta(this);
    if (meta.lineNumbers) {
      this.addClassToHast(node, "line-numbers");
      if (meta.start !== 1) {
        const style = typeof node.properties.style === "string" ? node.properties.style : "";
        const separator = style && !style.trimEnd().endsWith(";") ? ";" : "";
        node.properties.style = `${style}${separator}counter-reset:line ${meta.start - 1}`;
      }
    }
  },
  root(root) {
    const pre = root.children.find((child) => child.type === "element" && child.tagName === "pre");
    if (pre?.type !== "element") return;
    const { title } = fenceMeta(this);
    const lang = this.options.lang;
    /** @type {Element[]} */
    const caption = [];
    if (title) {
      caption.push({
        type: "element",
        tagName: "span",
        properties: { class: "code-title" },
        children: [{ type: "text", value: title }],
      });
    }
    if (lang && !UNNAMED.has(lang)) {
      caption.push({
        type: "element",
        tagName: "span",
        properties: { class: "code-lang" },
        children: [{ type: "text", value: lang }],
      });
    }
    if (caption.length === 0) return;
    /** @type {Element} */
    const figure = {
      type: "element",
      tagName: "figure",
      properties: { class: "code-figure" },
      children: [
        { type: "element", tagName: "figcaption", properties: {}, children: caption },
        pre,
      ],
    };
    root.children = root.children.map((child) => (child === pre ? figure : child));
  },
};

/** The transformers, in order: notation comments first, then the fence's meta and the frame. */
export const codeBlockTransformers = [
  transformerNotationHighlight(),
  transformerNotationDiff(),
  fenceTransformer,
];
