import type { Element, ElementContent, Root, RootContent } from "hast";
import { fromHtml } from "hast-util-from-html";
import type { Locale } from "../i18n/core.ts";
import type { ChatPassage, PassageKind } from "../shared/chat-rules.ts";

// One rendered page (the HTML the build made of an article's, a note's or a chapter's Markdown,
// the same the page prints) cut into the chat index's passages. It reads the HTML rather than
// the Markdown so that each section's anchor is the id the page really gives its heading: a
// file's heading ids come from the site's slugger (src/lib/markdown-plugins.mjs), a database
// row's are prefixed `user-content-` by the sanitiser (src/lib/sanitize-html.ts), and a heading
// written in raw HTML keeps its own. Pure: no Astro, no files, so it is tested on its own.

/** What every passage of one piece shares. */
export interface PieceInfo {
  kind: PassageKind;
  title: string;
  /** The page's path, `/articles/x/`. */
  path: string;
  lang: Locale;
  /** ISO 8601. */
  date: string;
  pair: string | null;
}

export interface SplitOptions {
  /** Cut at `##` and `###` headings (false: a note, one passage whatever it holds). */
  byHeading?: boolean;
  /** A section longer than this is cut at paragraph boundaries (a paragraph longer, at sentences). */
  maxChars?: number;
  /** Text the page shows above the body (a subtitle, a book's description): the lead's first paragraph. */
  intro?: string;
}

/** About a screenful: long enough to answer from, short enough to quote. */
export const PASSAGE_MAX_CHARS = 1200;

/** Elements whose content is never read text. */
const SKIPPED = new Set([
  "script",
  "style",
  "template",
  "noscript",
  "svg",
  "img",
  "picture",
  "video",
  "audio",
  "iframe",
  "button",
  "input",
  "select",
  "textarea",
]);

/** Elements that end a paragraph of text before and after them. */
const BLOCKS = new Set([
  "p",
  "div",
  "section",
  "article",
  "aside",
  "header",
  "footer",
  "blockquote",
  "ul",
  "ol",
  "li",
  "dl",
  "dt",
  "dd",
  "table",
  "thead",
  "tbody",
  "tfoot",
  "tr",
  "figure",
  "figcaption",
  "details",
  "summary",
  "h1",
  "h2",
  "h3",
  "h4",
  "h5",
  "h6",
  "hr",
]);

const SECTION_HEADINGS = new Set(["h2", "h3"]);

/** Chinese and Japanese characters and their full-width punctuation. */
const CJK = "\\u3000-\\u303f\\u3400-\\u9fff\\uf900-\\ufaff\\uff00-\\uffef";
/** The space a soft line break leaves between two CJK characters, which the browser shows as none. */
const CJK_GAP = new RegExp(`([${CJK}])\\s+(?=[${CJK}])`, "g");

/** A hast element's classes. */
export function classes(node: Element): string[] {
  const name = node.properties.className;
  return Array.isArray(name) ? name.map(String) : [];
}

/** A paragraph's text on one line. */
function prose(text: string): string {
  return text.replace(/\s+/g, " ").trim().replace(CJK_GAP, "$1");
}

/** A code block's text: its lines kept, runs of spaces one. */
function code(text: string): string {
  return text
    .split("\n")
    .map((line) => line.replace(/[ \t]+/g, " ").trim())
    .filter((line) => line !== "")
    .join("\n");
}

function textOf(node: ElementContent | RootContent): string {
  if (node.type === "text") return node.value;
  if (node.type !== "element") return "";
  if (classes(node).includes("heading-anchor")) return "";
  return node.children.map(textOf).join("");
}

/** A KaTeX formula as its TeX source (its HTML half is glyphs in boxes, its MathML one symbols). */
function texOf(node: Element): string | undefined {
  for (const child of node.children) {
    if (child.type !== "element") continue;
    if (child.tagName === "annotation") return textOf(child);
    const found = texOf(child);
    if (found !== undefined) return found;
  }
  return undefined;
}

interface Section {
  heading: string;
  id: string | undefined;
  blocks: string[];
}

/** The page's text as sections (the lead first, then one per heading), each as its paragraphs. */
function sectionsOf(html: string, byHeading: boolean, intro: string | undefined): Section[] {
  const tree: Root = fromHtml(html, { fragment: true });
  const sections: Section[] = [];
  let current: Section = { heading: "", id: undefined, blocks: [] };
  if (intro && prose(intro)) current.blocks.push(prose(intro));
  let buffer = "";
  const flush = () => {
    const text = prose(buffer);
    if (text) current.blocks.push(text);
    buffer = "";
  };
  const visit = (node: RootContent | ElementContent) => {
    if (node.type === "text") {
      buffer += node.value;
      return;
    }
    if (node.type !== "element") return;
    const tag = node.tagName;
    const names = classes(node);
    if (SKIPPED.has(tag) || names.includes("heading-anchor")) return;
    if (names.includes("katex")) {
      buffer += ` ${texOf(node) ?? ""} `;
      return;
    }
    if (byHeading && SECTION_HEADINGS.has(tag)) {
      flush();
      sections.push(current);
      const id = node.properties.id;
      current = {
        heading: prose(textOf(node)),
        id: typeof id === "string" && id ? id : undefined,
        blocks: [],
      };
      return;
    }
    if (tag === "pre") {
      flush();
      const text = code(textOf(node));
      if (text) current.blocks.push(text);
      return;
    }
    if (tag === "br") {
      buffer += "\n";
      return;
    }
    const block = BLOCKS.has(tag);
    if (block) flush();
    for (const child of node.children) visit(child);
    if (block) flush();
    // Cells of a row read apart.
    else if (tag === "td" || tag === "th") buffer += " ";
  };
  for (const child of tree.children) visit(child);
  flush();
  sections.push(current);
  return sections;
}

/** Sentence ends of both languages, the mark kept with its sentence. */
const SENTENCES = /[^。！？!?；;.]+(?:[。！？!?；;]+|\.(?=\s|$)|$)\s*/gu;

/** A paragraph longer than `max` as pieces of at most `max`, cut at sentences, else at a space. */
function cutParagraph(text: string, max: number): string[] {
  const pieces: string[] = [];
  let piece = "";
  const sentences = text.match(SENTENCES) ?? [text];
  for (const sentence of sentences) {
    if (piece && piece.length + sentence.length > max) {
      pieces.push(piece.trim());
      piece = "";
    }
    piece += sentence;
    while (piece.length > max) {
      const space = piece.lastIndexOf(" ", max);
      const at = space > max / 2 ? space : max;
      pieces.push(piece.slice(0, at).trim());
      piece = piece.slice(at);
    }
  }
  if (piece.trim()) pieces.push(piece.trim());
  return pieces;
}

/** A section's paragraphs packed into texts of at most `max` characters, whole paragraphs where they fit. */
export function packParagraphs(blocks: readonly string[], max: number): string[] {
  const texts: string[] = [];
  let text = "";
  for (const block of blocks) {
    for (const paragraph of block.length > max ? cutParagraph(block, max) : [block]) {
      if (text && text.length + 2 + paragraph.length > max) {
        texts.push(text);
        text = "";
      }
      text = text ? `${text}\n\n${paragraph}` : paragraph;
    }
  }
  if (text) texts.push(text);
  return texts;
}

/**
 * One piece's passages in reading order: the text before the first heading (section ""), then
 * one per `##` or `###` heading with its anchor in the url, a long section cut into several that
 * share its url (ids `<url>~2`, `<url>~3`…). Sections without text are left out.
 */
export function passagesOfHtml(
  html: string,
  piece: PieceInfo,
  options: SplitOptions = {},
): ChatPassage[] {
  const { byHeading = true, maxChars = PASSAGE_MAX_CHARS, intro } = options;
  const passages: ChatPassage[] = [];
  // A heading without an id (raw HTML) shares the page's url: its passages still get ids of their own.
  const used = new Set<string>();
  const uniqueId = (base: string) => {
    let id = base;
    for (let n = 2; used.has(id); n++) id = `${base}~${n}`;
    used.add(id);
    return id;
  };
  for (const section of sectionsOf(html, byHeading, intro)) {
    const url = section.id ? `${piece.path}#${section.id}` : piece.path;
    const texts = byHeading
      ? packParagraphs(section.blocks, maxChars)
      : [section.blocks.join("\n\n")].filter(Boolean);
    for (const text of texts) {
      passages.push({
        id: uniqueId(url),
        kind: piece.kind,
        title: piece.title,
        section: section.heading,
        url,
        lang: piece.lang,
        date: piece.date,
        pair: piece.pair,
        text,
      });
    }
  }
  return passages;
}
