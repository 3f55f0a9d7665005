import type { MarkdownHeading } from "astro";
import type { Root } from "hast";
import { fromHtml } from "hast-util-from-html";
import { defaultSchema, type Schema, sanitize } from "hast-util-sanitize";
import { toHtml } from "hast-util-to-html";

// Markdown written in the back office is rendered by the same pipeline as the files under
// content/ (raw HTML included) and then passes through this allowlist before it reaches a page.
// It starts from GitHub's rules (hast-util-sanitize's default: no script, style, iframe, form
// or event handler attributes; href and src only http, https, mailto or relative) and adds what
// the pipeline itself emits: Shiki's highlighted code, KaTeX's HTML and MathML, heading anchors
// and lazy images. Then, as GitHub does, every id and name gets the `user-content-` prefix (so
// none can shadow a DOM property such as `document.getElementById` or one of the page's own
// ids such as `#main`), and every inline style keeps only the declarations Shiki and KaTeX write.

/** GitHub's prefix for ids and names written by authors. */
const USER_CONTENT = "user-content-";

/** `id` in the authors' namespace. Prefixed once: the pipeline's footnote ids already are. */
const userContentId = (id: string) => (id.startsWith(USER_CONTENT) ? id : USER_CONTENT + id);

/** Properties naming an element (`id`, `name`) or pointing at one by id. */
const ID_PROPERTIES = ["id", "name", "ariaDescribedBy", "ariaLabelledBy", "htmlFor", "headers"];

// The declarations the pipeline writes, found by running Shiki (CSS-variables theme) and KaTeX
// over code in many languages and over most of KaTeX's commands: property, and a pattern its
// whole value must match. Lengths have at most three digits before the point, so nothing is
// sized or moved by thousands of ems; `position` is only ever KaTeX's `relative`, and nothing
// else that places a box (`fixed`, `absolute`, `sticky`, `z-index`, `inset`, `transform`) or
// loads anything (`url(`) can match.
const LENGTH = String.raw`-?(?:\d{1,3}(?:\.\d{1,8})?|\.\d{1,8})(?:em|px)?`;
const COLOR = String.raw`#[0-9a-f]{3,8}|[a-z]{1,20}|var\(--shiki-[a-z0-9-]{1,40}\)`;
const BORDER_STYLE = "solid|dashed";
const value = (pattern: string) => new RegExp(`^(?:${pattern})$`, "i");
const STYLE_VALUES = new Map<string, RegExp>([
  // Shiki: colours as variables, font styles, diff markers, and the block's scrolling.
  ["color", value(COLOR)],
  ["background-color", value(COLOR)],
  ["font-style", value("italic")],
  ["font-weight", value("bold")],
  ["text-decoration", value("underline|line-through|underline line-through")],
  ["user-select", value("none")],
  ["overflow-x", value("auto")],
  // Line numbers that start elsewhere than 1 (src/lib/code-blocks.mjs).
  ["counter-reset", value(String.raw`line \d{1,6}`)],
  // Table column alignment.
  ["text-align", value("left|center|right")],
  // KaTeX: sizes and offsets in ems, `\colorbox`, `\fcolorbox`, array rules, `\pmb`.
  ...[
    "height",
    "width",
    "min-width",
    "top",
    "bottom",
    "left",
    "vertical-align",
    "margin-left",
    "margin-right",
    "margin-top",
    "padding-left",
    "border-width",
    "border-top-width",
    "border-bottom-width",
    "border-right-width",
  ].map((property): [string, RegExp] => [property, value(LENGTH)]),
  ["margin", value(`${LENGTH}(?: ${LENGTH}){0,3}`)],
  ["position", value("relative")],
  ["border-color", value(COLOR)],
  ["border-style", value(BORDER_STYLE)],
  ["border-right-style", value(BORDER_STYLE)],
  ["text-shadow", value(`${LENGTH} ${LENGTH} ${LENGTH}`)],
]);

/** Whether one `property: value` declaration is one the pipeline writes. */
function allowedDeclaration(declaration: string): boolean {
  const colon = declaration.indexOf(":");
  if (colon < 0) return false;
  const pattern = STYLE_VALUES.get(declaration.slice(0, colon).trim().toLowerCase());
  return pattern?.test(declaration.slice(colon + 1).trim()) ?? false;
}

/**
 * The style attribute with only allowed declarations: as written when all are, else those
 * joined again. Each kept declaration matches its pattern whole, so no comment, escape, quote
 * or bracket survives to change how a browser splits them.
 */
function allowedStyle(style: string): string {
  const declarations = style.split(";").filter((d) => d.trim() !== "");
  const kept = declarations.filter(allowedDeclaration);
  return kept.length === declarations.length ? style : kept.map((d) => d.trim()).join(";");
}

const MATHML = [
  "math",
  "semantics",
  "annotation",
  "mrow",
  "mi",
  "mo",
  "mn",
  "ms",
  "mtext",
  "mspace",
  "msup",
  "msub",
  "msubsup",
  "mfrac",
  "msqrt",
  "mroot",
  "mover",
  "munder",
  "munderover",
  "mtable",
  "mtr",
  "mtd",
  "mlabeledtr",
  "mstyle",
  "mpadded",
  "mphantom",
  "menclose",
];
const MATHML_ATTRIBUTES = [
  "xmlns",
  "display",
  "encoding",
  "mathvariant",
  "stretchy",
  "fence",
  "separator",
  "lspace",
  "rspace",
  "accent",
  "accentunder",
  "columnalign",
  "columnspacing",
  "rowspacing",
  "columnlines",
  "rowlines",
  "width",
  "height",
  "depth",
  "minsize",
  "maxsize",
  "movablelimits",
  "scriptlevel",
  "displaystyle",
  "linethickness",
  "notation",
  "symmetric",
  "largeop",
  "voffset",
];
const SVG = ["svg", "path", "line", "g"];
const SVG_ATTRIBUTES = [
  "xmlns",
  "width",
  "height",
  "viewBox",
  "preserveAspectRatio",
  "d",
  "x1",
  "x2",
  "y1",
  "y2",
  "strokeWidth",
];

const schema: Schema = {
  ...defaultSchema,
  // Ids and names are prefixed after sanitising (`scope`), not here: hast-util-sanitize would
  // prefix the pipeline's footnote ids a second time and leave same-page links pointing at the
  // unprefixed ones.
  clobberPrefix: "",
  clobber: [],
  tagNames: [...(defaultSchema.tagNames ?? []), "span", "figure", "figcaption", ...MATHML, ...SVG],
  attributes: {
    ...defaultSchema.attributes,
    "*": [
      ...(defaultSchema.attributes?.["*"] ?? []),
      "className",
      "ariaHidden",
      "ariaLabel",
      "role",
    ],
    // GitHub's rule limits a link's class to footnotes; ours also carries heading-anchor.
    a: [
      ...(defaultSchema.attributes?.a ?? []).filter(
        (d) => !(Array.isArray(d) && d[0] === "className"),
      ),
      "className",
      "ariaLabel",
    ],
    code: ["className", "dataLanguage"],
    pre: ["className", "dataLanguage", "tabIndex", "style"],
    span: ["style"],
    // Table column alignment arrives as `style="text-align: right"`.
    th: [...(defaultSchema.attributes?.th ?? []), "style"],
    td: [...(defaultSchema.attributes?.td ?? []), "style"],
    img: [...(defaultSchema.attributes?.img ?? []), "loading", "decoding", "width", "height"],
    ...Object.fromEntries(MATHML.map((tag) => [tag, MATHML_ATTRIBUTES])),
    ...Object.fromEntries(SVG.map((tag) => [tag, [...SVG_ATTRIBUTES, "style"]])),
  },
  protocols: { href: ["http", "https", "mailto"], src: ["http", "https"], cite: ["http", "https"] },
  // Not a list item checkbox's `disabled` default: GitHub's schema forces it; keep theirs.
  required: defaultSchema.required,
  strip: ["script", "style", "template", "noscript", "iframe", "object", "embed"],
};

type Node = Root | Root["children"][number];

/** Puts ids, names and same-page links in the authors' namespace and filters inline styles. */
function scope(node: Node): void {
  if (node.type === "element") {
    const properties = node.properties;
    for (const key of ID_PROPERTIES) {
      const current = properties[key];
      if (typeof current === "string") properties[key] = userContentId(current);
      else if (Array.isArray(current)) {
        properties[key] = current.map((v) => (typeof v === "string" ? userContentId(v) : v));
      }
    }
    const href = properties.href;
    if (typeof href === "string" && href.startsWith("#") && href.length > 1) {
      properties.href = `#${userContentId(href.slice(1))}`;
    }
    if (typeof properties.style === "string") {
      const style = allowedStyle(properties.style);
      if (style) properties.style = style;
      else delete properties.style;
    }
  }
  if ("children" in node) for (const child of node.children) scope(child);
}

/** Sanitises rendered HTML from the database; the result is safe to place in a page as is. */
export function sanitizeHtml(html: string): string {
  const tree = fromHtml(html, { fragment: true });
  const clean = sanitize(tree, schema);
  scope(clean);
  return toHtml(clean);
}

const VOID = new Set([
  "area",
  "base",
  "br",
  "col",
  "embed",
  "hr",
  "img",
  "input",
  "link",
  "meta",
  "source",
  "track",
  "wbr",
]);
/** Elements whose content is text until their end tag, whatever it holds. */
const RAW_TEXT = new Set(["script", "style", "textarea", "title", "xmp", "iframe", "noscript"]);
const TAG = /<!--[\s\S]*?-->|<(\/?)([A-Za-z][^\s/>]*)((?:[^>"']|"[^"]*"|'[^']*')*)>/g;

/**
 * The top-level pieces of a fragment of HTML as the renderer prints it (each block element with
 * everything inside it, and the text between them), or null when its tags do not balance.
 */
export function topLevelPieces(html: string): string[] | null {
  const pieces: string[] = [];
  let depth = 0;
  let start = 0;
  TAG.lastIndex = 0;
  for (let match = TAG.exec(html); match; match = TAG.exec(html)) {
    const [whole, closing, name = "", rest = ""] = match;
    if (!name) continue; // a comment
    const tag = name.toLowerCase();
    if (depth === 0 && match.index > start) {
      pieces.push(html.slice(start, match.index));
      start = match.index;
    }
    if (closing) depth--;
    else if (!VOID.has(tag) && !rest.endsWith("/")) {
      depth++;
      if (RAW_TEXT.has(tag)) {
        const end = html.toLowerCase().indexOf(`</${tag}`, TAG.lastIndex);
        if (end < 0) return null;
        TAG.lastIndex = end;
      }
    }
    if (depth < 0) return null;
    if (depth === 0) {
      pieces.push(html.slice(start, match.index + whole.length));
      start = match.index + whole.length;
    }
  }
  if (depth !== 0) return null;
  if (start < html.length) pieces.push(html.slice(start));
  return pieces;
}

/** Sanitised pieces by their HTML, most recently used last. */
const sanitizedPieces = new Map<string, string>();
const MAX_PIECES = 4000;

/**
 * `sanitizeHtml`, a top-level piece at a time, each remembered: a long text edited in one
 * paragraph is parsed again only there (the editors' preview, on every pause in typing). Each
 * piece is sanitised whole, so a fragment whose tags do not balance is as safe as any; it is
 * sanitised in one go instead.
 */
export function sanitizeInPieces(html: string): string {
  const pieces = topLevelPieces(html);
  if (!pieces) return sanitizeHtml(html);
  return pieces
    .map((piece) => {
      if (!/[^\s]/.test(piece)) return piece;
      const known = sanitizedPieces.get(piece);
      if (known !== undefined) {
        sanitizedPieces.delete(piece);
        sanitizedPieces.set(piece, known);
        return known;
      }
      const clean = sanitizeHtml(piece);
      sanitizedPieces.set(piece, clean);
      if (sanitizedPieces.size > MAX_PIECES) {
        const oldest = sanitizedPieces.keys().next().value;
        if (oldest !== undefined) sanitizedPieces.delete(oldest);
      }
      return clean;
    })
    .join("");
}

/** What renderMarkdown gives: the HTML and the headings a table of contents links to. */
interface Rendered {
  html: string;
  metadata?: { headings?: MarkdownHeading[] };
}

/**
 * A rendered row sanitised: its HTML, and its headings' slugs prefixed like the ids they name,
 * so the table of contents still finds them. The preview sanitises `sanitizeInPieces`.
 */
export function sanitizeRendered<T extends Rendered>(
  rendered: T,
  sanitize: (html: string) => string = sanitizeHtml,
): T {
  const { metadata } = rendered;
  return {
    ...rendered,
    html: sanitize(rendered.html),
    ...(metadata?.headings && {
      metadata: {
        ...metadata,
        headings: metadata.headings.map((h) => ({ ...h, slug: userContentId(h.slug) })),
      },
    }),
  };
}
