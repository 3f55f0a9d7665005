// Built pages read with an HTML parser (parse5, the parser hast uses), never with patterns: what
// the build's passes over its own HTML need (the CSP hashes, the module preloads, the search
// indexer). parse5's own tree, not hast: converting a page costs three times the parse (238
// seed pages: 0.28 s against 0.94 s), and these passes run on every build.
import { type DefaultTreeAdapterMap, parse } from "parse5";

export type ParsedElement = DefaultTreeAdapterMap["element"];
export type ParsedPage = DefaultTreeAdapterMap["document"];
type Parent = DefaultTreeAdapterMap["parentNode"];

/** A page parsed as a browser parses it; with `offsets`, each element knows where it starts. */
export const parsePage = (html: string, offsets = false) =>
  parse(html, { sourceCodeLocationInfo: offsets });

/** Every element under `node` in document order, a template's content included. */
export function* elementsOf(node: Parent): Generator<ParsedElement> {
  for (const child of node.childNodes) {
    if (!("tagName" in child)) continue;
    yield child;
    yield* elementsOf(child);
    if ("content" in child) yield* elementsOf(child.content);
  }
}

/** The first element named `tagName` under `node`, if any. */
export function firstElement(node: Parent, tagName: string): ParsedElement | undefined {
  for (const element of elementsOf(node)) if (element.tagName === tagName) return element;
  return undefined;
}

/** An attribute's value, as the parser decoded it. */
export const attribute = (element: ParsedElement, name: string): string | undefined =>
  element.attrs.find((a) => a.name === name)?.value;

/** An element's own text: a script's or a style's raw text, a title's decoded one. */
export const ownText = (element: ParsedElement): string =>
  element.childNodes
    .map((child) => ("value" in child && child.nodeName === "#text" ? child.value : ""))
    .join("");
