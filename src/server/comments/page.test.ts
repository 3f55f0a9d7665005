import type { Element, Nodes, Root } from "hast";
import { fromHtml } from "hast-util-from-html";
import { expect, it } from "vitest";
import { call, callJson, describeEachDb, userWithSession } from "../test-support.ts";

// An item's comments as a page of the API's, for readers without JavaScript.

/** Every element of a tree, in document order. */
function elements(node: Nodes): Element[] {
  const own = node.type === "element" ? [node] : [];
  const children = "children" in node ? node.children.flatMap((child) => elements(child)) : [];
  return [...own, ...children];
}

/** The elements named `tag`, with `className` when given. */
const selectAll = (tree: Root, tag: string, className?: string) =>
  elements(tree).filter(
    (el) =>
      el.tagName === tag &&
      (!className ||
        (Array.isArray(el.properties.className) && el.properties.className.includes(className))),
  );

/** An element's text. */
const textOf = (node: Nodes | undefined): string =>
  !node
    ? ""
    : node.type === "text"
      ? node.value
      : "children" in node
        ? node.children.map(textOf).join("")
        : "";

const page = (query: string) => call(ctxApp(), "GET", `/api/comments/page?${query}`);
let ctxApp: () => Parameters<typeof call>[0];

describeEachDb("the comments' page without JavaScript", (ctx) => {
  it("shows the approved comments in threads, escaped, cacheable, under the API's HTML policy", async () => {
    const { app, database } = ctx();
    ctxApp = () => app;
    const reader = await userWithSession(database.db, { userName: "<b>ana</b>" });
    const owner = await userWithSession(database.db, { userName: "owner", role: "admin" });
    const post = (token: string | undefined, body: Record<string, unknown>, ip: string) =>
      callJson(app, "POST", "/api/comments", {
        token,
        ip,
        body: { kind: "article", item: "commit-messages", lang: "en-US", ...body },
      });
    const root = (
      await post(reader.token, { body: "Hi <script>alert(1)</script> *there*" }, "203.0.113.1")
    ).body.data;
    await post(owner.token, { body: "Hello back", replyTo: root.id }, "203.0.113.2");
    await post(
      undefined,
      { body: "A guest waits", name: "Lin", email: "l@example.com" },
      "203.0.113.3",
    );

    const res = await page("kind=article&item=commit-messages&lang=zh-CN");
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toMatch(/^text\/html/);
    expect(res.headers.get("cache-control")).toBe("public, max-age=60");
    expect(res.headers.get("content-security-policy")).toContain("style-src 'self'");
    expect(res.headers.get("content-security-policy")).not.toContain("script-src");
    const tree: Root = fromHtml(await res.text());
    expect(selectAll(tree, "script")).toEqual([]);
    expect(textOf(selectAll(tree, "h1")[0])).toBe(
      "Commit messages are letters to a stranger 的评论",
    );
    const comments = selectAll(tree, "article", "comment");
    expect(comments.map((c) => textOf(c))).toEqual([
      // Raw HTML in a comment stays text: the tree has no script element (above).
      expect.stringContaining("Hi <script>alert(1)</script> there"),
      expect.stringContaining("Hello back"),
    ]);
    expect(textOf(comments[0])).toContain("<b>ana</b>");
    expect(
      selectAll(tree, "ol", "replies").flatMap((list) =>
        elements(list).filter((el) => el.tagName === "article"),
      ),
    ).toHaveLength(1);
    expect(textOf(selectAll(tree, "span", "mark")[0])).toBe("作者");
    expect(JSON.stringify(tree)).not.toContain("A guest waits");
  });

  it("says so for an item that is not on the site, and refuses a malformed query", async () => {
    const { app } = ctx();
    ctxApp = () => app;
    const missing = await page("kind=article&item=no-such-thing&lang=en-US");
    expect(missing.status).toBe(404);
    expect(await missing.text()).toContain("This page is not on the site");
    expect((await page("kind=video&item=x")).status).toBe(400);
    expect((await page("kind=article&item=../x")).status).toBe(400);
  });
});
