// What every test of the port reads: one response's headers, its <meta http-equiv> values and
// its parsed HTML, and the shape of a test's outcome.
import type { Element, Root } from "hast";

export const CSP = "content-security-policy";
export const REFERRER_POLICY = "referrer-policy";

export interface Response {
  headers: Headers;
  /** <meta http-equiv> values (retriever/utils.js parseHttpEquivHeaders). */
  httpEquiv: Map<string, string[]>;
  url: URL;
  html: Root | null;
}

/** A test's result name and whether the Observatory counts it as passed. */
export interface Outcome {
  result: string;
  pass: boolean;
}

/** The outcome of `result`, passed when it is one of the test's passing results. */
export const outcome = (result: string, passing: readonly string[]): Outcome => ({
  result,
  pass: passing.includes(result),
});

export const headerList = (headers: Headers, name: string): string[] => {
  const value = headers.get(name);
  return value === null ? [] : [value];
};

/** Every element with this tag name, <template> contents included (htmlparser2 sees them too). */
export function* elements(node: Root | Element, tag: string): Generator<Element> {
  for (const child of node.children) {
    if (child.type !== "element") continue;
    if (child.tagName === tag) yield child;
    yield* elements(child, tag);
    if (child.content) yield* elements(child.content, tag);
  }
}

export const attribute = (element: Element, name: string): string | undefined => {
  const value = element.properties[name];
  if (value === undefined || value === null || value === false) return undefined;
  return Array.isArray(value) ? value.join(" ") : String(value);
};

export function parseHttpEquiv(html: Root | null): Map<string, string[]> {
  const equiv = new Map<string, string[]>([[CSP, []]]);
  if (!html) return equiv;
  for (const meta of elements(html, "meta")) {
    const httpEquiv = attribute(meta, "httpEquiv");
    const content = attribute(meta, "content");
    if (httpEquiv !== undefined && content !== undefined) {
      if (content && httpEquiv.toLowerCase().trim() === CSP) equiv.get(CSP)?.push(content);
    } else if (attribute(meta, "name")?.toLowerCase().trim() === "referrer") {
      if (content) equiv.set(REFERRER_POLICY, [content]);
    }
  }
  return equiv;
}
