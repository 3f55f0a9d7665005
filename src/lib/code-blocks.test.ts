import { Window } from "happy-dom";
import { describe, expect, it } from "vitest";
import { metaWords, parseFenceMeta } from "./code-blocks.mjs";
import { renderMarkdown } from "./markdown-render.ts";
import { sanitizeHtml } from "./sanitize-html.ts";

// The fence's meta read as Expressive Code's words, and the blocks the site renders from it,
// after the sanitiser every stored article passes through (the page, the feed, the preview).

const { document } = new Window();

/** A rendered and sanitised Markdown text, parsed to be queried. */
async function rendered(markdown: string) {
  const body = document.createElement("div");
  body.innerHTML = sanitizeHtml((await renderMarkdown(markdown)).html);
  return body;
}

const fence = (meta: string, ...lines: string[]) =>
  [`\`\`\`ts ${meta}`, ...lines, "```"].join("\n");

describe("metaWords", () => {
  it("parts words at spaces, and keeps quoted and braced spaces in one word", () => {
    expect(metaWords(`title="src/a b.ts" {1, 3-4} ins={5} showLineNumbers`)).toEqual([
      "title=src/a b.ts",
      "{1, 3-4}",
      "ins={5}",
      "showLineNumbers",
    ]);
    expect(metaWords(`title='它的 标题'  del={2}`)).toEqual(["title=它的 标题", "del={2}"]);
    expect(metaWords("")).toEqual([]);
    expect(metaWords(`title=""`)).toEqual(["title="]);
    // An unclosed quote runs to the end, as a shell would read it.
    expect(metaWords(`title="open {1}`)).toEqual(["title=open {1}"]);
  });
});

describe("parseFenceMeta", () => {
  it("reads a title, marked, inserted and deleted lines, and line numbers", () => {
    const meta = parseFenceMeta(`title="src/app.ts" {1,3-4} ins={6} del={5} startLineNumber=10`);
    expect(meta.title).toBe("src/app.ts");
    expect([...meta.marked]).toEqual([1, 3, 4]);
    expect([...meta.inserted]).toEqual([6]);
    expect([...meta.deleted]).toEqual([5]);
    expect(meta.lineNumbers).toBe(true);
    expect(meta.start).toBe(10);
  });

  it("ignores what it does not know or cannot use, and caps what could cost", () => {
    const meta = parseFenceMeta(`frame=terminal {x} startLineNumber=-3 title="   " mark={a-b}`);
    expect(meta).toEqual({
      marked: new Set(),
      inserted: new Set(),
      deleted: new Set(),
      lineNumbers: false,
      start: 1,
    });
    expect(parseFenceMeta(undefined).lineNumbers).toBe(false);
    expect(parseFenceMeta(`title="${"x".repeat(500)}"`).title).toHaveLength(200);
    const started = performance.now();
    expect(parseFenceMeta("{1-999999999}").marked.size).toBe(0);
    expect(performance.now() - started).toBeLessThan(1000);
  });
});

describe("code blocks as the site renders them", () => {
  it("puts a titled block in a figure captioned by its title and language", async () => {
    const doc = await rendered(fence(`title="src/app.ts"`, "const a = 1;"));
    const figure = doc.querySelector("figure.code-figure");
    expect(figure?.querySelector("figcaption .code-title")?.textContent).toBe("src/app.ts");
    expect(figure?.querySelector("figcaption .code-lang")?.textContent).toBe("ts");
    expect(figure?.querySelector("pre code")?.textContent).toBe("const a = 1;");
  });

  it("names the language alone without a title, and leaves plain text unframed", async () => {
    const doc = await rendered("```sql\nselect 1;\n```\n\n```\nplain words\n```");
    const figures = doc.querySelectorAll("figure.code-figure");
    expect(figures).toHaveLength(1);
    expect(figures[0]?.querySelector("figcaption")?.textContent).toBe("sql");
    expect(doc.querySelectorAll("pre")).toHaveLength(2);
  });

  it("marks lines from the meta and from Shiki's notation comments", async () => {
    const doc = await rendered(
      fence(
        "{2} ins={3} del={4}",
        "one();",
        "two();",
        "three();",
        "four();",
        "five(); // [!code ++]",
      ),
    );
    const lines = [...doc.querySelectorAll("code > .line")];
    expect(lines.map((l) => l.tagName.toLowerCase())).toEqual([
      "span",
      "span",
      "ins",
      "del",
      "ins",
    ]);
    expect(lines[1]?.classList.contains("highlighted")).toBe(true);
    expect(lines[4]?.textContent?.trim()).toBe("five();");
    expect(doc.querySelector("code")?.classList.contains("has-marks")).toBe(true);
  });

  it("marks a diff block's added and removed lines", async () => {
    const doc = await rendered("```diff\n+ new\n- old\n  same\n```");
    expect(doc.querySelector("ins.line")?.textContent).toBe("+ new");
    expect(doc.querySelector("del.line")?.textContent).toBe("- old");
    expect(doc.querySelectorAll("span.line")).toHaveLength(1);
  });

  it("numbers lines on request, from where the fence says, as a counter the text lacks", async () => {
    const doc = await rendered(fence("startLineNumber=41", "a();", "b();"));
    const pre = doc.querySelector("pre");
    expect(pre?.classList.contains("line-numbers")).toBe(true);
    expect(pre?.getAttribute("style")).toContain("counter-reset:line 40");
    expect(pre?.textContent).toBe("a();\nb();");
    const plain = await rendered(fence("showLineNumbers", "a();"));
    expect(plain.querySelector("pre")?.getAttribute("style") ?? "").not.toContain("counter");
  });

  it("keeps a hostile title as text", async () => {
    const doc = await rendered(fence(`title="<img src=x onerror=alert(1)>"`, "x"));
    expect(doc.querySelector("img")).toBeNull();
    expect(doc.querySelector(".code-title")?.textContent).toBe("<img src=x onerror=alert(1)>");
  });
});
