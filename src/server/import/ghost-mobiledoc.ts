import type { Element, ElementContent } from "hast";
import { toHtml } from "hast-util-to-html";
import { h } from "hastscript";
import { z } from "zod";
import { htmlNodes, htmlToMarkdown } from "./html.ts";

// Ghost's editor format before Lexical (Ghost 1-4): mobiledoc, a JSON document of sections,
// each a run of text markers with their markups, a list, an image, or a card (Markdown, HTML,
// an image, code, an embed …). An export of a post written then may hold only this form. It is
// read here as an element tree (hast), then made Markdown like any HTML; a Markdown card is
// Markdown already and kept as it is. A card or atom this does not know keeps its text, named.

const markerSchema = z.tuple([
  z.number(),
  z.array(z.number()),
  z.number(),
  z.union([z.string(), z.number()]),
]);
const docSchema = z.object({
  atoms: z.array(z.tuple([z.string(), z.string()]).rest(z.unknown())).default([]),
  cards: z.array(z.tuple([z.string()]).rest(z.unknown())).default([]),
  markups: z.array(z.tuple([z.string()]).rest(z.array(z.string()))).default([]),
  sections: z.array(z.array(z.unknown())).default([]),
});
type Doc = z.output<typeof docSchema>;

/** The tags a markup section may have, as the site shows them. */
const SECTION_TAGS: Record<string, string> = {
  p: "p",
  h1: "h1",
  h2: "h2",
  h3: "h3",
  h4: "h4",
  h5: "h5",
  h6: "h6",
  blockquote: "blockquote",
  aside: "blockquote",
  "pull-quote": "blockquote",
};
const MARKUP_TAGS = new Set(["a", "b", "strong", "i", "em", "u", "s", "code", "sub", "sup"]);

const text = (value: unknown): string => (typeof value === "string" ? value : "");
const record = (value: unknown): Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value) ? { ...value } : {};

/** A run of markers as elements: each opens its markups, adds its text, closes some. */
function markersOf(raw: unknown, doc: Doc, unknown: Set<string>): ElementContent[] {
  const markers = z.array(markerSchema).catch([]).parse(raw);
  const root = h("span");
  const open: Element[] = [root];
  for (const [type, opens, closed, value] of markers) {
    for (const index of opens) {
      const [tag = "span", attributes = []] = doc.markups[index] ?? [];
      const name = MARKUP_TAGS.has(tag) ? tag : "span";
      const properties: Record<string, string> = {};
      for (let i = 0; i + 1 < attributes.length; i += 2) {
        if (attributes[i] === "href") properties.href = attributes[i + 1] ?? "";
      }
      const element = h(name, properties);
      open.at(-1)?.children.push(element);
      open.push(element);
    }
    const parent = open.at(-1) ?? root;
    if (type === 0) parent.children.push({ type: "text", value: String(value) });
    else {
      const [name = "", shown = ""] = doc.atoms[Number(value)] ?? [];
      if (name === "soft-return") parent.children.push(h("br"));
      else {
        if (shown === "") unknown.add(name);
        parent.children.push({ type: "text", value: shown });
      }
    }
    for (let i = 0; i < closed && open.length > 1; i += 1) open.pop();
  }
  return root.children;
}

/** A card as elements, or as Markdown (a Markdown card). */
function cardOf(
  [name, payload]: Doc["cards"][number],
  unknown: Set<string>,
): ElementContent[] | { markdown: string } {
  const data = record(payload);
  switch (name) {
    case "markdown":
    case "card-markdown":
      return { markdown: text(data.markdown) };
    case "html":
      return htmlNodes(text(data.html));
    case "image": {
      const image = h("img", { src: text(data.src), alt: text(data.alt) });
      const caption = text(data.caption);
      return [caption ? h("figure", [image, h("figcaption", caption)]) : image];
    }
    case "gallery":
      return z
        .array(z.object({ src: z.string(), alt: z.string().default("") }))
        .catch([])
        .parse(data.images)
        .map(({ src, alt }) => h("p", [h("img", { src, alt })]));
    case "code":
      return [
        h("pre", [
          h(
            "code",
            { className: data.language ? [`language-${text(data.language)}`] : [] },
            text(data.code),
          ),
        ]),
      ];
    case "hr":
      return [h("hr")];
    case "embed":
    case "bookmark": {
      const meta = record(data.metadata);
      const url = text(data.url) || text(meta.url);
      return url ? [h("p", [h("a", { href: url }, text(meta.title) || url)])] : [];
    }
    default:
      // Its content, where it has some: its HTML as HTML, its Markdown or text as they are.
      unknown.add(name);
      if (text(data.html)) return cardOf(["html", { html: text(data.html) }], unknown);
      if (text(data.markdown)) return { markdown: text(data.markdown) };
      return text(data.text) ? [h("p", text(data.text))] : [];
  }
}

/**
 * A mobiledoc document as Markdown, and the names of cards and atoms it could only keep as
 * text. Null when it is not a mobiledoc document.
 */
export function mobiledocMarkdown(json: string): { markdown: string; unknown: string[] } | null {
  let parsed: unknown;
  try {
    parsed = JSON.parse(json);
  } catch {
    return null;
  }
  const read = docSchema.safeParse(parsed);
  if (!read.success) return null;
  const doc = read.data;
  const unknown = new Set<string>();
  const blocks: string[] = [];
  let run: ElementContent[] = [];
  const flush = () => {
    if (run.length > 0) blocks.push(htmlToMarkdown(toHtml(run)));
    run = [];
  };
  for (const section of doc.sections) {
    const [type, first, second] = section;
    if (type === 1) {
      run.push(h(SECTION_TAGS[text(first)] ?? "p", markersOf(second, doc, unknown)));
    } else if (type === 2) {
      run.push(h("p", [h("img", { src: text(first), alt: "" })]));
    } else if (type === 3) {
      const items = Array.isArray(second) ? second : [];
      const tag = first === "ol" ? "ol" : "ul";
      run.push(
        h(
          tag,
          items.map((item) => h("li", markersOf(item, doc, unknown))),
        ),
      );
    } else if (type === 10) {
      const card = doc.cards[Number(first)];
      if (!card) continue;
      const made = cardOf(card, unknown);
      if (Array.isArray(made)) run.push(...made);
      else {
        flush();
        blocks.push(made.markdown.trim());
      }
    }
  }
  flush();
  return { markdown: blocks.filter(Boolean).join("\n\n"), unknown: [...unknown] };
}
