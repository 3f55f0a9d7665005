import type { Nodes } from "mdast";
import { fromMarkdown } from "mdast-util-from-markdown";

// Hexo's tag plugins (`{% codeblock %}`) and Hugo's shortcodes (`{{< figure >}}`) in a post's
// Markdown, turned into plain Markdown: code blocks, quotes, images and links. A tag without a
// Markdown form is kept visibly, in a fenced block, and listed; none is dropped. Tags inside
// code are the post's text, not tags: they are left alone.

export type TagSyntax = "hexo" | "hugo";

interface Tag {
  name: string;
  args: string[];
  /** Named arguments (Hugo's `src="…"`). */
  named: Record<string, string>;
  /** What stands between the tag and its end tag, if it has one. */
  inner: string | null;
}

/** The tags' delimiters: Hexo's `{% … %}`, Hugo's `{{< … >}}` and `{{% … %}}`. */
const DELIMITERS: Record<TagSyntax, Array<[string, string]>> = {
  hexo: [["{%", "%}"]],
  hugo: [
    ["{{<", ">}}"],
    ["{{%", "%}}"],
  ],
};

/** Hexo's tags that enclose text until `{% end<name> %}`. */
const HEXO_BLOCKS = new Set(["blockquote", "codeblock", "code", "pullquote", "raw", "quote"]);

/** Splits a tag's words, keeping quoted ones ("a b", `a b`) whole; `k="v"` is a named one. */
export function words(source: string): { args: string[]; named: Record<string, string> } {
  const args: string[] = [];
  const named: Record<string, string> = {};
  let at = 0;
  while (at < source.length) {
    if (source[at] === " " || source[at] === "\t" || source[at] === "\n") {
      at += 1;
      continue;
    }
    let key: string | null = null;
    let value = "";
    const equals = source.indexOf("=", at);
    const space = [" ", "\t", "\n"].map((c) => source.indexOf(c, at)).filter((i) => i >= 0);
    const nextSpace = space.length ? Math.min(...space) : source.length;
    if (equals > at && equals < nextSpace) {
      key = source.slice(at, equals);
      at = equals + 1;
    }
    const quote = source[at];
    if (quote === '"' || quote === "`" || quote === "'") {
      const end = source.indexOf(quote, at + 1);
      value = source.slice(at + 1, end < 0 ? source.length : end);
      at = end < 0 ? source.length : end + 1;
    } else {
      const stop = [" ", "\t", "\n"].map((c) => source.indexOf(c, at)).filter((i) => i >= 0);
      const end = stop.length ? Math.min(...stop) : source.length;
      value = source.slice(at, end);
      at = end;
    }
    if (key) named[key] = value;
    else args.push(value);
  }
  return { args, named };
}

/** Where the post's code is (fenced, indented and inline): offsets a tag there is text in. */
function codeRanges(markdown: string): Array<[number, number]> {
  const ranges: Array<[number, number]> = [];
  const visit = (node: Nodes) => {
    if ((node.type === "code" || node.type === "inlineCode") && node.position) {
      ranges.push([node.position.start.offset ?? 0, node.position.end.offset ?? 0]);
    }
    if ("children" in node) for (const child of node.children) visit(child);
  };
  visit(fromMarkdown(markdown));
  return ranges;
}

const fence = (lang: string, text: string, meta = "") => {
  const mark = text.includes("```") ? "~~~~" : "```";
  // The info string's first word is the language: a title alone follows `text`.
  const info = meta ? `${lang || "text"} ${meta}` : lang;
  return `${mark}${info}\n${text.replace(/^\n+|\n+$/g, "")}\n${mark}`;
};
const quote = (text: string) =>
  text
    .trim()
    .split("\n")
    .map((line) => (line ? `> ${line}` : ">"))
    .join("\n");
const link = (text: string, href: string) => `[${text}](${href})`;

const isUrl = (word: string) => word.startsWith("http://") || word.startsWith("https://");

/** A tag's words before its address, the address, and the words after it. */
function aroundUrl(args: string[]) {
  const at = args.findIndex(isUrl);
  return at < 0
    ? { before: args, url: null, after: [] }
    : { before: args.slice(0, at), url: args[at] ?? null, after: args.slice(at + 1) };
}

/** Hexo's `{% blockquote [author[, source]] [link] [link title] %}`: the quote, attributed. */
function hexoQuote(tag: Tag): string {
  // A pullquote's words are its side (left, right), not whom it quotes.
  const { before, url, after } = aroundUrl(tag.name === "pullquote" ? [] : tag.args);
  const author = before.join(" ");
  const title = after.join(" ");
  const source = url
    ? title
      ? `${author ? `${author}, ` : ""}${link(title, url)}`
      : link(author || url, url)
    : author;
  return `${quote(tag.inner ?? "")}${source ? `\n>\n> — ${source}` : ""}`;
}

/** Hexo's `{% codeblock [title] [lang:x] [url [link text]] [mark:1,3] %}`. */
function hexoCode(tag: Tag): string {
  const lang = tag.args.find((word) => word.startsWith("lang:"))?.slice(5) ?? "";
  const { before } = aroundUrl(tag.args);
  const title = before.filter((word) => !word.includes(":")).join(" ");
  return fence(lang, tag.inner ?? "", title ? `title="${title.replaceAll('"', "'")}"` : "");
}

/** Hexo's `{% img [class] src [w] [h] [title [alt]] %}` and `{% asset_img %}` (from the post's folder). */
function hexoImage(tag: Tag, folder: string): string {
  const args = tag.args.filter((word) => !/^\d+$/.test(word));
  const at = args.findIndex((word) => word.includes("/") || word.includes("."));
  const src = args[at] ?? "";
  const alt = args.slice(at + 1).join(" ");
  const path = tag.name === "asset_img" && !src.startsWith("/") ? `${folder}/${src}` : src;
  return `![${alt}](${encodeURI(path)})`;
}

/** Hugo's `{{< figure src="" alt="" caption="" >}}`: the image and its caption below. */
function hugoFigure(tag: Tag): string {
  const src = tag.named.src ?? tag.args[0] ?? "";
  const alt = tag.named.alt ?? tag.named.title ?? tag.named.caption ?? "";
  const caption = tag.named.caption ?? tag.named.title;
  const image = `![${alt}](${src})`;
  return caption && caption !== alt ? `${image}\n\n*${caption}*` : image;
}

/** Links for the embeds both tools know, by name and first argument. */
const EMBEDS: Record<string, (id: string, tag: Tag) => string> = {
  youtube: (id) => link("YouTube", `https://www.youtube.com/watch?v=${id}`),
  vimeo: (id) => link("Vimeo", `https://vimeo.com/${id}`),
  gist: (id, tag) =>
    link("Gist", `https://gist.github.com/${tag.args.length > 1 ? `${id}/${tag.args[1]}` : id}`),
  jsfiddle: (id) => link("JSFiddle", `https://jsfiddle.net/${id}/`),
  tweet: (id, tag) =>
    link("Post on X", `https://x.com/${tag.named.user ?? "i"}/status/${tag.named.id ?? id}`),
  twitter: (id, tag) =>
    link("Post on X", `https://x.com/${tag.named.user ?? "i"}/status/${tag.named.id ?? id}`),
  instagram: (id) => link("Instagram", `https://www.instagram.com/p/${id}/`),
};

/** One tag as Markdown, or null when it has no Markdown form. */
function converted(syntax: TagSyntax, tag: Tag, folder: string): string | null {
  const first = tag.named.id ?? tag.args[0] ?? "";
  // Hugo's privacy-friendly `_simple` embeds are the same embeds.
  const embed = EMBEDS[tag.name.endsWith("_simple") ? tag.name.slice(0, -7) : tag.name];
  if (embed && first) return embed(first, tag);
  if (syntax === "hexo") {
    if (tag.name === "blockquote" || tag.name === "quote" || tag.name === "pullquote")
      return hexoQuote(tag);
    if (tag.name === "codeblock" || tag.name === "code") return hexoCode(tag);
    if (tag.name === "raw") return tag.inner ?? "";
    if (tag.name === "img" || tag.name === "image" || tag.name === "asset_img")
      return hexoImage(tag, folder);
    return null;
  }
  if (tag.name === "highlight") return fence(first, tag.inner ?? "");
  if (tag.name === "figure") return hugoFigure(tag);
  return null;
}

/**
 * Where the tag closing one opened before `from` is: Hugo's `{{< /name >}}` (or `{{</ name >}}`),
 * Hexo's `{% endname %}`. `head` is the closing tag's words, spaces aside.
 */
export function closerOf(
  markdown: string,
  from: number,
  open: string,
  close: string,
  head: string,
) {
  for (let at = markdown.indexOf(open, from); at >= 0; at = markdown.indexOf(open, at + 1)) {
    const end = markdown.indexOf(close, at + open.length);
    if (end < 0) return null;
    if (markdown.slice(at + open.length, end).replaceAll(" ", "") === head) {
      return { start: at, end: end + close.length };
    }
  }
  return null;
}

/**
 * `markdown` with its tags turned into Markdown, and the tags it kept as text. `folder` is the
 * post's own folder, where Hexo's `asset_img` finds its images.
 */
export function convertTemplateTags(
  markdown: string,
  syntax: TagSyntax,
  folder = "",
): { markdown: string; kept: string[] } {
  const code = codeRanges(markdown);
  const inCode = (at: number) => code.some(([start, end]) => at >= start && at < end);
  const kept: string[] = [];
  let out = "";
  let at = 0;
  for (;;) {
    const next = DELIMITERS[syntax]
      .map(([open, close]) => ({ open, close, start: markdown.indexOf(open, at) }))
      .filter((found) => found.start >= 0)
      .sort((a, b) => a.start - b.start)[0];
    if (!next) break;
    const headEnd = markdown.indexOf(next.close, next.start + next.open.length);
    if (headEnd < 0 || inCode(next.start)) {
      out += markdown.slice(at, next.start + next.open.length);
      at = next.start + next.open.length;
      continue;
    }
    const head = markdown.slice(next.start + next.open.length, headEnd).trim();
    const { args, named } = words(head);
    const name = args.shift() ?? "";
    let end = headEnd + next.close.length;
    let inner: string | null = null;
    const closing =
      syntax === "hugo" || HEXO_BLOCKS.has(name)
        ? closerOf(
            markdown,
            end,
            next.open,
            next.close,
            syntax === "hugo" ? `/${name}` : `end${name}`,
          )
        : null;
    if (closing) {
      inner = markdown.slice(end, closing.start);
      end = closing.end;
    }
    const tag = { name, args, named, inner };
    const whole = markdown.slice(next.start, end);
    const markdownForm = name.startsWith("/") ? null : converted(syntax, tag, folder);
    if (markdownForm === null) kept.push(whole.split("\n")[0] ?? whole);
    out += markdown.slice(at, next.start) + (markdownForm ?? fence("text", whole));
    at = end;
  }
  return { markdown: out + markdown.slice(at), kept };
}
