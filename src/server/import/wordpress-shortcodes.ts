import { parseFragment, serializeOuter } from "parse5";
import { closerOf, words } from "./template-tags.ts";

// WordPress's media shortcodes in a post's HTML, before it becomes Markdown: `[caption]` a
// figure with its caption, `[gallery]` the images it shows (listed by id, or those attached to
// the post), `[embed]`, `[audio]` and `[video]` links. Other bracketed text is the post's own.

/** An image in the export's media library. */
export interface Attachment {
  url: string;
  title: string;
  /** The post it was uploaded to. */
  parent: string;
}

const KNOWN = new Set(["caption", "wp_caption", "gallery", "embed", "audio", "video"]);
/** The ones that enclose text until `[/name]`. */
const ENCLOSING = new Set(["caption", "wp_caption", "embed"]);

/**
 * Text from a shortcode's words, put into the post's HTML: the words are that HTML's already, so
 * their entities (`&amp;`) stay; only what would open a tag or end an attribute is escaped.
 */
const inHtml = (text: string) =>
  text.replaceAll("<", "&lt;").replaceAll(">", "&gt;").replaceAll('"', "&quot;");

/** A caption's image (an `<img>`, maybe in a link) and its text after it. */
function captioned(inner: string, caption: string | undefined): string {
  const nodes = parseFragment(inner).childNodes;
  const media = nodes.filter((node) => node.nodeName === "img" || node.nodeName === "a");
  const text = nodes
    .filter((node) => node.nodeName === "#text")
    .map((node) => ("value" in node ? node.value : ""))
    .join("")
    .trim();
  const shown = media.map((node) => serializeOuter(node)).join("");
  const words = caption ?? text;
  return `<figure>${shown}${words ? `<figcaption>${inHtml(words)}</figcaption>` : ""}</figure>`;
}

function gallery(ids: string | undefined, post: string, attachments: Map<string, Attachment>) {
  const chosen = ids
    ? ids.split(",").flatMap((id) => attachments.get(id.trim()) ?? [])
    : [...attachments.values()].filter((attachment) => attachment.parent === post);
  const images = chosen.map(
    (image) => `<img src="${inHtml(image.url)}" alt="${inHtml(image.title)}">`,
  );
  return `<p>${images.join("\n")}</p>`;
}

/** `html` with the media shortcodes expanded, and those it could not (an embed without address). */
export function expandShortcodes(
  html: string,
  post: string,
  attachments: Map<string, Attachment>,
): { html: string; kept: string[] } {
  const kept: string[] = [];
  let out = "";
  let at = 0;
  for (let start = html.indexOf("[", at); start >= 0; start = html.indexOf("[", at)) {
    const close = html.indexOf("]", start + 1);
    const { args, named } = words(close < 0 ? "" : html.slice(start + 1, close));
    const name = args.shift() ?? "";
    if (close < 0 || !KNOWN.has(name)) {
      out += html.slice(at, start + 1);
      at = start + 1;
      continue;
    }
    let end = close + 1;
    let inner = "";
    const closing = ENCLOSING.has(name) ? closerOf(html, end, "[", "]", `/${name}`) : null;
    if (closing) {
      inner = html.slice(end, closing.start);
      end = closing.end;
    }
    const src = named.src ?? named.mp3 ?? named.mp4 ?? (name === "embed" ? inner.trim() : "");
    let expanded: string | null = null;
    if (name === "caption" || name === "wp_caption") expanded = captioned(inner, named.caption);
    else if (name === "gallery") expanded = gallery(named.ids ?? named.include, post, attachments);
    else if (src) expanded = `<p><a href="${inHtml(src)}">${inHtml(src)}</a></p>`;
    if (expanded === null) kept.push(html.slice(start, close + 1));
    out += html.slice(at, start) + (expanded ?? html.slice(start, end));
    at = end;
  }
  return { html: out + html.slice(at), kept };
}
