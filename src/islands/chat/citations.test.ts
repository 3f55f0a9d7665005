import { describe, expect, it } from "vitest";
import type { ChatSource } from "../../shared/chat-rules.ts";
import { linkCitations } from "./citations.ts";

const source = (n: number, url = `/articles/a${n}/#s`): ChatSource => ({
  n,
  kind: "article",
  title: `Title ${n}`,
  section: n === 1 ? "Why <this>" : "",
  url,
  lang: "en-US",
  date: "2026-01-01",
  excerpt: "",
});
const sources = [source(1), source(2)];
const link = (n: number, title: string) =>
  `<a class="chat-cite" href="/articles/a${n}/#s" title="${title}" data-source="${n}">[${n}]</a>`;

describe("linkCitations", () => {
  it("links each citation in the text to its source, the title escaped", () => {
    expect(linkCitations("<p>Static first [1] and tests [2].</p>", sources)).toBe(
      `<p>Static first ${link(1, "Title 1 · Why &lt;this&gt;")} and tests ${link(2, "Title 2")}.</p>`,
    );
  });

  it("links a list of numbers in one pair of brackets, commas of either language", () => {
    expect(linkCitations("<p>a [1, 2] b [1，2]</p>", sources)).toBe(
      `<p>a ${link(1, "Title 1 · Why &lt;this&gt;")}${link(2, "Title 2")} b ${link(1, "Title 1 · Why &lt;this&gt;")}${link(2, "Title 2")}</p>`,
    );
  });

  it("leaves code, links and attributes alone", () => {
    const html =
      '<pre><code><span style="color:var(--x)">a[1]</span></code></pre><p><code>x[2]</code> <a href="/y">[1]</a> <img alt="[1]"> <span title="[2] >">t</span></p>';
    expect(linkCitations(html, sources)).toBe(html);
  });

  it("links again after code closes", () => {
    expect(linkCitations("<p><code>[1]</code> then [1]</p>", sources)).toBe(
      `<p><code>[1]</code> then ${link(1, "Title 1 · Why &lt;this&gt;")}</p>`,
    );
  });

  it("leaves numbers that name no source, and a source that is not a path of this site", () => {
    expect(linkCitations("<p>[3] [1, 3] [x]</p>", sources)).toBe("<p>[3] [1, 3] [x]</p>");
    expect(linkCitations("<p>[1]</p>", [source(1, "javascript:alert(1)")])).toBe("<p>[1]</p>");
    expect(linkCitations("<p>[1]</p>", [source(1, "//evil.example/")])).toBe("<p>[1]</p>");
  });

  it("changes nothing without sources", () => {
    expect(linkCitations("<p>[1]</p>", [])).toBe("<p>[1]</p>");
  });
});
