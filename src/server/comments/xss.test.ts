import type { Element, Nodes } from "hast";
import { fromHtml } from "hast-util-from-html";
import { describe, expect, it } from "vitest";
import { XSS_CORPUS } from "../../lib/xss-corpus.test-support.ts";
import type { CommentRecord } from "../../shared/comments.ts";
import { renderCommentsPage } from "./page.ts";
import { renderComment } from "./render.ts";

// Readers write what they like into a comment's text and a guest's name: every payload of the
// XSS corpus comes out as HTML that can run nothing, in the stored comment and on the page
// without JavaScript. (The island shows the stored HTML and the name as text:
// tests/e2e/comments-live.spec.ts loads the same payloads in the browser.)

/** Every element of a tree. */
function elements(node: Nodes): Element[] {
  const own = node.type === "element" ? [node] : [];
  return [...own, ...("children" in node ? node.children.flatMap(elements) : [])];
}

const RUNS = new Set([
  "script",
  "iframe",
  "object",
  "embed",
  "svg",
  "math",
  "img",
  "style",
  "form",
]);

/** What in a piece of HTML could run: elements that can, handlers, and URLs of other schemes. */
function runnable(html: string, { document = false } = {}): string[] {
  const tree = fromHtml(html, { fragment: !document });
  return elements(tree).flatMap((el) => {
    const found: string[] = [];
    if (RUNS.has(el.tagName)) found.push(`<${el.tagName}>`);
    for (const [name, value] of Object.entries(el.properties)) {
      if (/^on/i.test(name)) found.push(`${el.tagName}[${name}]`);
      const url = String(value ?? "")
        .trim()
        .toLowerCase();
      if ((name === "href" || name === "src") && !/^(https?:|mailto:|#|\/)/.test(url))
        found.push(`${el.tagName}[${name}=${url}]`);
    }
    return found;
  });
}

describe("comments and the XSS corpus", () => {
  it("the check finds what could run", () => {
    expect(runnable('<a href="javascript:x()" onclick="y()">a</a><svg></svg>')).toEqual([
      "a[href=javascript:x()]",
      "a[onClick]",
      "<svg>",
    ]);
  });

  it.each(XSS_CORPUS.map((payload, i) => [i, payload] as const))(
    "payload %i as a comment's text is stored as HTML that runs nothing",
    (_i, payload) => {
      expect(runnable(renderComment(payload).html)).toEqual([]);
    },
  );

  it("every payload as a guest's name, a reply's name and a text: the page runs nothing", () => {
    const records: CommentRecord[] = XSS_CORPUS.map((payload, i) => ({
      id: `00000000-0000-4000-8000-${String(i).padStart(12, "0")}`,
      threadId: i === 0 ? null : "00000000-0000-4000-8000-000000000000",
      replyTo: i > 1 ? { id: "00000000-0000-4000-8000-000000000001", name: payload } : null,
      author: { name: payload, avatar: null, owner: i % 2 === 0, gone: false },
      html: renderComment(payload).html,
      lang: "en-US",
      status: "approved",
      createdAt: new Date(0).toISOString(),
      editedAt: null,
      mine: false,
    }));
    const html = renderCommentsPage({
      locale: "en-US",
      title: XSS_CORPUS[0] ?? "",
      href: "/articles/x/",
      comments: records,
    });
    // The page's own link and stylesheet are the only URLs it has besides the comments'.
    expect(
      runnable(html, { document: true }).filter((found) => !found.startsWith("link[")),
    ).toEqual([]);
    // Each name is there as text.
    expect(html).toContain("&#x3C;script>alert(1)&#x3C;/script>");
  });
});
