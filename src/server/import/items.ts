import { DateTime } from "luxon";
import type { Nodes, Root } from "mdast";
import { fromMarkdown } from "mdast-util-from-markdown";
import { toString as plainText } from "mdast-util-to-string";
import { translator } from "../../i18n/core.ts";
import type { Locale } from "../../i18n/locale.ts";
import { CONTENT_LIMITS, SLUG } from "../../shared/content-rules.ts";
import type { ImportNote, ImportNoteKey } from "../../shared/import-rules.ts";
import { RESERVED_ARTICLE_SLUGS } from "../../shared/kinds/article.ts";
import { HAN, suggestSlug } from "../../shared/slug.ts";

// What an import reads from another blog, whatever the tool: one item per post or page, in the
// site's terms (language, slug, times in UTC), with what the source called it and where it was.

export type Note = ImportNote;

export const note = (key: ImportNoteKey, values?: Note["values"]): Note =>
  values ? { key, values } : { key };

/** A note in words: English for the command line and the tests, either language in /bms. */
export const noteText = (n: Note, locale: Locale = "en-US"): string =>
  translator(locale)(`bmsImport.notes.${n.key}`, n.values);

/** A source that cannot be read as a blog, and why (said to the owner as it is). */
export class SourceRefused extends Error {
  override name = "SourceRefused";
}

export type ImportLang = "zh-CN" | "en-US";

export type Tool = "hexo" | "hugo" | "jekyll" | "astro" | "wordpress" | "ghost";

/** What a source gave: its items, and the files or entries left out, with the reason. */
export interface SiteRead {
  tool: Tool;
  /** The site it was (a WordPress export's address), when the source says: told apart on import. */
  origin?: string;
  items: ImportItem[];
  /** Every category the source has, used or not, as its names from the outermost in. */
  categories?: string[][];
  skipped: Array<{ file: string; reason: Note }>;
}

export interface ImportItem {
  kind: "article" | "page";
  /** Where it came from, the same on every run: its file's path in the source. */
  sourceId: string;
  title: string;
  slug: string;
  lang: ImportLang;
  /** Shared by the translations of one text; null when the source names none. */
  translationKey: string | null;
  /** ISO times in UTC; null when the source gives none. */
  publishedAt: string | null;
  updatedAt: string | null;
  draft: boolean;
  /**
   * The categories it is in, each as its names from the outermost in; the first is where it is
   * filed here (the site files an article under one).
   */
  categories: string[][];
  tags: string[];
  summary: string;
  /** The Markdown body as the source wrote it. */
  body: string;
  /** The paths it answered at before: `/a/b/`, a file's `/a.html`, WordPress's `/?p=12`. */
  oldPaths: string[];
  /** The images its body shows: files of the source, and addresses on the web. */
  images: { files: string[]; remote: string[] };
  /** Its cover (featured) image as the source names it: an address, or a file of the source. */
  cover: string | null;
  /** Who wrote it, as the source names them; null when it does not. */
  author: { name: string; email: string | null } | null;
  /** Readers' comments the source kept with it (WordPress), oldest first. */
  comments: ImportComment[];
  /** What could not be read as it was, and what was done instead. */
  problems: Note[];
}

export interface ImportComment {
  /** Its id in the source, and the id of the comment it answers. */
  sourceId: string;
  replyTo: string | null;
  name: string;
  email: string;
  /** ISO time in UTC. */
  publishedAt: string | null;
  /** Markdown. */
  body: string;
  status: "approved" | "pending" | "spam";
}

/** An address with a scheme or a host (`https://…`, `//…`, `__GHOST_URL__/…`): not a file. */
export const isWebAddress = (src: string) =>
  URL.canParse(src) || src.startsWith("//") || src.startsWith("__GHOST_URL__");

/** The values of a field that may be a list, a single value, or missing. */
export function listOf(value: unknown): string[] {
  if (value === null || value === undefined || value === "") return [];
  const values = Array.isArray(value) ? value.flat(Infinity) : [value];
  return values
    .filter((v) => typeof v === "string" || typeof v === "number")
    .map((v) => String(v).trim())
    .filter(Boolean);
}

/** A field's text, if it is one. */
export const textOf = (value: unknown): string | null =>
  typeof value === "string" && value.trim() ? value.trim() : null;

/** Times ISO and SQL do not read: with an offset after a space, or unpadded (Hexo's moment). */
const FORMATS = [
  "yyyy-MM-dd HH:mm:ss ZZZ",
  "yyyy-MM-dd HH:mm:ss ZZ",
  "yyyy-MM-dd HH:mm ZZZ",
  "yyyy-M-d H:mm:ss",
  "yyyy-M-d H:mm",
  "yyyy-M-d",
];

/**
 * A source's time as ISO in UTC: a date, or a date and time with or without its offset; one
 * without an offset is read in `zone` (the source's time zone, IANA name). Null when unreadable.
 */
export function timeOf(value: unknown, zone: string): string | null {
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? null : value.toISOString();
  const text = typeof value === "number" ? String(value) : textOf(value);
  if (!text) return null;
  const options = { zone, setZone: false };
  const candidates = [
    DateTime.fromISO(text, options),
    DateTime.fromSQL(text, options),
    ...FORMATS.map((format) => DateTime.fromFormat(text, format, options)),
  ];
  const found = candidates.find((time) => time.isValid);
  return found ? found.toUTC().toISO() : null;
}

/** A language the source names ("zh", "zh-Hans", "en_US" …) as the site's, if it is one. */
export function langOf(value: unknown): ImportLang | null {
  const text = textOf(value)?.toLowerCase();
  if (!text) return null;
  if (text.startsWith("zh")) return "zh-CN";
  if (text.startsWith("en")) return "en-US";
  return null;
}

/** Chinese when over a fifth of its letters are Chinese characters, else English. */
export function detectLang(text: string): ImportLang {
  let han = 0;
  let letters = 0;
  for (const char of text) {
    if (HAN.test(char)) han += 1;
    else if (char.toLowerCase() !== char.toUpperCase()) letters += 1;
  }
  return han > 0 && han * 4 > letters ? "zh-CN" : "en-US";
}

/** A slug for the site: the source's own when it is one, else made from each candidate in turn. */
export function slugOf(candidates: Array<string | null | undefined>): string | null {
  for (const candidate of candidates) {
    if (!candidate) continue;
    if (SLUG.test(candidate) && candidate.length <= CONTENT_LIMITS.slug) return candidate;
    const made = suggestSlug(candidate);
    if (made) return made;
  }
  return null;
}

/** Hexo's and Hugo's "read more" mark: what comes before it is the summary. */
const isMoreMark = (node: Nodes) =>
  node.type === "html" && node.value.replaceAll(" ", "").toLowerCase() === "<!--more-->";

function walk(node: Nodes, visit: (node: Nodes) => void) {
  visit(node);
  if ("children" in node) for (const child of node.children) walk(child, visit);
}

/** What the body gives: a summary of its opening, and the images it shows. */
export function readBody(body: string): Pick<ImportItem, "summary" | "images"> {
  const tree: Root = fromMarkdown(body);
  const more = tree.children.findIndex(isMoreMark);
  const opening = more > 0 ? tree.children.slice(0, more) : tree.children.slice(0, 1);
  const words = opening
    .filter((node) => node.type === "paragraph" || node.type === "heading")
    .map((node) => plainText(node))
    .join(" ")
    .trim();
  const files = new Set<string>();
  const remote = new Set<string>();
  walk(tree, (node) => {
    if (node.type !== "image" || !node.url) return;
    const web = /^(?:https?:)?\/\//i.test(node.url);
    if (web) remote.add(node.url);
    else if (!node.url.startsWith("data:")) files.add(decodeURI(node.url));
  });
  return {
    summary: cut(words, CONTENT_LIMITS.summary),
    images: { files: [...files], remote: [...remote] },
  };
}

/** `text` in at most `max` characters, cut at a space when one is near, with an ellipsis. */
export function cut(text: string, max: number): string {
  const chars = [...text.replace(/\s+/g, " ").trim()];
  if (chars.length <= max) return chars.join("");
  const kept = chars.slice(0, max - 1).join("");
  const space = kept.lastIndexOf(" ");
  return `${space > max * 0.6 ? kept.slice(0, space) : kept}…`;
}

/**
 * Makes each item's slug unique among its kind and language ("hello", "hello-2"), saying so in
 * its problems: two tools' files may share a name in different folders. An article may not take
 * the slug of a page of the site (RESERVED_ARTICLE_SLUGS).
 */
export function uniqueSlugs(items: ImportItem[]): ImportItem[] {
  const taken = new Map<string, string>();
  for (const lang of ["zh-CN", "en-US"]) {
    for (const slug of RESERVED_ARTICLE_SLUGS)
      taken.set(`article:${lang}:${slug}`, `/articles/${slug}/`);
  }
  return items.map((item) => {
    const key = (slug: string) => `${item.kind}:${item.lang}:${slug}`;
    let slug = item.slug;
    for (let n = 2; taken.has(key(slug)); n += 1) slug = `${item.slug}-${n}`;
    taken.set(key(slug), item.sourceId);
    if (slug === item.slug) return item;
    const first = taken.get(key(item.slug));
    return {
      ...item,
      slug,
      problems: [
        ...item.problems,
        note("slugShared", { slug: item.slug, first: first ?? "", used: slug }),
      ],
    };
  });
}
