import { createHash } from "node:crypto";
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import type { Element, Root } from "hast";
import { fromHtml } from "hast-util-from-html";
import { describe, expect, it } from "vitest";
import { tempFolders } from "../../tests/support/test-folders.ts";
import {
  cspHash,
  directiveSources,
  hashesOf,
  htmlFilesIn,
  inlineBlocks,
  unallowedInlineBlocks,
  urlPathOf,
  writeHeadersFile,
} from "./inline-hashes.ts";
import { HEADERS_FILE, headersForPath, parseHeadersFile } from "./security-headers.ts";

/** A built site of the files given, in a folder removed after the test. */
const site = tempFolders("blog-hashes-");

const HEAD = "(()=>{document.documentElement.lang='en-US'})()";
const page = (body: string) =>
  `<!doctype html><html><head><script>${HEAD}</script><style>a{color:red}</style></head><body>${body}</body></html>`;

/**
 * An independent reading of a page: a real HTML parser's inline scripts and styles, each as a
 * browser hashes it (the text between the tags, UTF-8).
 */
function parsedBlocks(html: string): Array<{ kind: "script" | "style"; text: string }> {
  const found: Array<{ kind: "script" | "style"; text: string }> = [];
  const walk = (node: Root | Element) => {
    for (const child of node.children) {
      if (child.type !== "element") continue;
      if (child.tagName === "script" || child.tagName === "style") {
        const type = String(child.properties.type ?? "").toLowerCase();
        const data = type === "application/json" || type.endsWith("+json");
        if (child.tagName === "style" || (child.properties.src === undefined && !data)) {
          const text = child.children.map((c) => (c.type === "text" ? c.value : "")).join("");
          found.push({ kind: child.tagName === "script" ? "script" : "style", text });
        }
      }
      walk(child);
      if (child.content) walk(child.content);
    }
  };
  walk(fromHtml(html));
  return found;
}

describe("inline blocks", () => {
  it("are every inline script and style, not scripts with src or JSON data", () => {
    const html = `<SCRIPT type="module">import "/a.js"</SCRIPT>
      <script src="/b.js"></script>
      <script type="application/ld+json">{"a":1}</script>
      <script data-x="a>b">let x = "</scr" + "ipt>";</script>
      <style media="print">p{}</style>
      <script type="speculationrules">{"prefetch":[]}</script>`;
    expect(inlineBlocks(html)).toEqual([
      { kind: "script", text: 'import "/a.js"' },
      { kind: "script", text: 'let x = "</scr" + "ipt>";' },
      { kind: "style", text: "p{}" },
      { kind: "script", text: '{"prefetch":[]}' },
    ]);
    expect(inlineBlocks(html)).toEqual(parsedBlocks(html));
  });

  it("are read as a browser reads them, whatever a title or setting holds", () => {
    // Astro leaves `<` and `>` as they are inside attribute values: a title holding `<script`
    // was read as a script by a pattern, and the page's own scripts were hashed wrongly.
    const title = "Why 2 > 1 <script>alert(1)</script> <!-- <style>";
    const json = JSON.stringify({ "en-US": title }).replace(/&/g, "&amp;").replace(/"/g, "&quot;");
    const html = `<!doctype html><html data-titles="${json}"><head><title>${title.replace(/</g, "&lt;")}</title><script>theme()</script></head><body><p title="<style>">a &lt;script&gt; b</p><!-- <script>no()</script> --><textarea><script>no()</script></textarea><template><script>copied()</script></template><style>p{}</style></body></html>`;
    expect(inlineBlocks(html)).toEqual([
      { kind: "script", text: "theme()" },
      { kind: "script", text: "copied()" },
      { kind: "style", text: "p{}" },
    ]);
  });

  it("are hashed as a browser hashes them", () => {
    expect(cspHash("")).toBe("'sha256-47DEQpj8HBSa+/TImW+5JCeuQeRkm5NMpJWZG3hSuFU='");
    const text = "document.title='中文'";
    const digest = createHash("sha256").update(Buffer.from(text, "utf8")).digest("base64");
    expect(cspHash(text)).toBe(`'sha256-${digest}'`);
  });

  it("give each distinct hash once, sorted", () => {
    const hashes = hashesOf([page("<p>a</p>"), page("<script>2</script>")]);
    expect(hashes.scripts).toEqual([cspHash(HEAD), cspHash("2")].sort());
    expect(hashes.styles).toEqual([cspHash("a{color:red}")]);
  });
});

describe("the _headers file of a build", () => {
  it("allows exactly the inline blocks of the build's pages", () => {
    const dir = site({
      "index.html": page("<p>home</p>"),
      "about/index.html": page("<script type=module>customElements.define('x-a',class{})</script>"),
      "404.html": page(""),
      "_astro/app.js": "console.log(1)",
    });
    writeHeadersFile(dir);
    expect(existsSync(join(dir, HEADERS_FILE))).toBe(true);
    expect(unallowedInlineBlocks(dir)).toEqual([]);
    expect(urlPathOf("about/index.html")).toBe("/about/");
    expect(htmlFilesIn(dir)).toEqual(["404.html", "about/index.html", "index.html"]);
  });

  it("no longer allows a script changed by one byte after the build", () => {
    const dir = site({ "index.html": page("<p>home</p>") });
    writeHeadersFile(dir);
    const file = join(dir, "index.html");
    writeFileSync(file, readFileSync(file, "utf8").replace("en-US", "en-GB"));
    const problems = unallowedInlineBlocks(dir);
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatch(/^index\.html: inline script 'sha256-/);
    // The next build puts it right.
    writeHeadersFile(dir);
    expect(unallowedInlineBlocks(dir)).toEqual([]);
  });

  it("reads a directive as browsers do, falling back to default-src", () => {
    const csp = "default-src 'self'; script-src 'sha256-a' 'self'";
    expect(directiveSources(csp, "script-src")).toEqual(["'sha256-a'", "'self'"]);
    expect(directiveSources(csp, "style-src")).toEqual(["'self'"]);
  });
});

// The real build, when there is one (CI builds before the unit tests).
const dist = "dist";
describe.runIf(existsSync(join(dist, "index.html")))("the built site", () => {
  it("has a _headers whose policy allows every inline block of every page, by an HTML parser's reading", () => {
    const rules = parseHeadersFile(readFileSync(join(dist, HEADERS_FILE), "utf8"));
    const missing: string[] = [];
    let blocks = 0;
    for (const file of htmlFilesIn(dist)) {
      const csp = headersForPath(rules, urlPathOf(file))["Content-Security-Policy"] ?? "";
      const allowed = {
        script: new Set(directiveSources(csp, "script-src")),
        style: new Set(directiveSources(csp, "style-src")),
      };
      for (const block of parsedBlocks(readFileSync(join(dist, file), "utf8"))) {
        blocks++;
        if (!allowed[block.kind].has(cspHash(block.text))) missing.push(`${file} ${block.kind}`);
      }
    }
    expect(blocks).toBeGreaterThan(0);
    expect(missing).toEqual([]);
    expect(unallowedInlineBlocks(dist, rules)).toEqual([]);
  });
});
