import type { Root } from "hast";
import { fromHtml } from "hast-util-from-html";
import { defaultSchema, type Schema, sanitize } from "hast-util-sanitize";
import { toHtml } from "hast-util-to-html";

// Markdown written in the back office is rendered by the same pipeline as the files under
// content/ (raw HTML included) and then passes through this allowlist before it reaches a page.
// It starts from GitHub's rules (hast-util-sanitize's default: no script, style, iframe, form
// or event handler attributes; href and src only http, https, mailto or relative) and adds what
// the pipeline itself emits: Shiki's highlighted code, KaTeX's HTML and MathML, heading anchors
// and lazy images.

/** Inline styles Shiki and KaTeX write: properties with plain values, never url(), expression() or escapes. */
const SAFE_STYLE = /^(?:\s*[-a-z]+\s*:\s*[-#%.,()\w\s]*;?)*\s*$/i;
const safeStyle = (value: string) =>
  SAFE_STYLE.test(value) && !/url\s*\(|expression\s*\(|@import|\\/i.test(value);

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
  // Heading ids are the table of contents' targets; keep them as the pipeline made them.
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

/** Drops style attributes that are not plain Shiki or KaTeX declarations. */
function dropUnsafeStyles(node: Root | Root["children"][number]): void {
  if ("properties" in node && node.properties && typeof node.properties.style === "string") {
    if (!safeStyle(node.properties.style)) delete node.properties.style;
  }
  if ("children" in node) for (const child of node.children) dropUnsafeStyles(child);
}

/** Sanitises rendered HTML from the database; the result is safe to place in a page as is. */
export function sanitizeHtml(html: string): string {
  const tree = fromHtml(html, { fragment: true });
  const clean = sanitize(tree, schema) as Root;
  dropUnsafeStyles(clean);
  return toHtml(clean);
}
