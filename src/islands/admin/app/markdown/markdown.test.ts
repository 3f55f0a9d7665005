import { EditorSelection, EditorState } from "@codemirror/state";
import { describe, expect, it } from "vitest";
import {
  block,
  type Edit,
  imageMarkdown,
  insertBlock,
  linePrefix,
  link,
  table,
  wrap,
} from "./commands.ts";
import { countText } from "./count.ts";
import { headingLines, landmarks, lineForTop, topForLine } from "./scroll-sync.ts";
import { shortcutLabel, TOOLS } from "./tools.ts";

/** A state of `text` where `[` and `]` mark the selection (removed), or `|` the cursor. */
function stateOf(marked: string): EditorState {
  const from = marked.search(/[[|]/);
  const text = marked.replace(/[[\]|]/g, "");
  const to = marked.includes("]") ? marked.indexOf("]") - 1 : from;
  return EditorState.create({
    doc: text,
    selection: EditorSelection.single(from, to),
    extensions: EditorState.allowMultipleSelections.of(true),
  });
}

/** The text after `edit`, with the selection marked as `stateOf` reads it. */
function edited(edit: Edit, marked: string): string {
  const state = stateOf(marked);
  const spec = edit(state);
  if (!spec) return marked;
  const next = state.update(spec).state;
  const { from, to } = next.selection.main;
  const doc = next.doc.toString();
  return from === to
    ? `${doc.slice(0, from)}|${doc.slice(from)}`
    : `${doc.slice(0, from)}[${doc.slice(from, to)}]${doc.slice(to)}`;
}

describe("countText", () => {
  it("counts each CJK character as a word and Latin runs as one word each", () => {
    expect(countText("")).toEqual({ words: 0, characters: 0 });
    expect(countText("静态优先")).toEqual({ words: 4, characters: 4 });
    expect(countText("Static first, 静态优先!")).toEqual({ words: 6, characters: 17 });
    expect(countText("don't e-mail 3.14 a_b")).toEqual({ words: 4, characters: 18 });
    expect(countText("end. Next")).toEqual({ words: 2, characters: 8 });
    expect(countText("かな カナ 한국")).toEqual({ words: 6, characters: 6 });
  });

  it("counts what a person sees as one character once, spaces and breaks not at all", () => {
    expect(countText("👍🏽 🇨🇳\n\né").characters).toBe(3);
    expect(countText("  \n\t ").characters).toBe(0);
    expect(countText("**bold** `code`").words).toBe(2);
  });
});

describe("formatting commands", () => {
  it("wraps a selection in a mark, and unwraps it again", () => {
    expect(edited(wrap("**", "bold"), "a [word] b")).toBe("a **[word]** b");
    expect(edited(wrap("**", "bold"), "a **[word]** b")).toBe("a [word] b");
    expect(edited(wrap("_", "italic"), "a | b")).toBe("a _[italic]_ b");
  });

  it("wraps every selected range at once", () => {
    const state = EditorState.create({
      doc: "one two",
      selection: EditorSelection.create([EditorSelection.range(0, 3), EditorSelection.range(4, 7)]),
      extensions: EditorState.allowMultipleSelections.of(true),
    });
    const spec = wrap("`", "code")(state);
    expect(spec && state.update(spec).state.doc.toString()).toBe("`one` `two`");
  });

  it("puts code and math of several lines in a fence, of one line inline", () => {
    expect(edited(block("`", "```", "code"), "x [a = 1] y")).toBe("x `[a = 1]` y");
    expect(edited(block("`", "```", "code"), "[a = 1\nb = 2]")).toBe("```\n[a = 1\nb = 2]\n```");
    expect(edited(block("$", "$$", "x"), "[a\n+ b]")).toBe("$$\n[a\n+ b]\n$$");
  });

  it("toggles a line mark on every line touched, and replaces another heading level", () => {
    expect(edited(linePrefix("> "), "[one\ntwo]")).toBe("> [one\n> two]");
    expect(edited(linePrefix("> "), "> [one\n> two]")).toBe("[one\ntwo]");
    expect(edited(linePrefix("## "), "### Ti|tle")).toBe("## Ti|tle");
    expect(edited(linePrefix("- "), "a|")).toBe("- a|");
  });

  it("makes a link of the selection with its address selected, or a placeholder to type over", () => {
    expect(edited(link("text"), "see [docs] now")).toBe("see [docs]([https://]) now");
    expect(edited(link("text"), "see | now")).toBe("see [[text]](https://) now");
  });

  it("puts a table and an image on lines of their own", () => {
    expect(edited(table("Col"), "intro|")).toBe(
      "intro\n\n| [Col] | Col |\n| --- | --- |\n|  |  |\n",
    );
    expect(edited(table("Col"), "|")).toBe("| [Col] | Col |\n| --- | --- |\n|  |  |\n");
    const state = stateOf("a|\nb");
    const spec = insertBlock(state, "![x](/m.webp)");
    expect(state.update(spec).state.doc.toString()).toBe("a\n\n![x](/m.webp)\n\n\nb");
    expect(insertBlock(stateOf("ab"), "X", 1).changes).toEqual({
      from: 1,
      to: 1,
      insert: "\n\nX\n\n",
    });
  });

  it("escapes an image's description and address so the Markdown stays whole", () => {
    expect(imageMarkdown("a [b] c\\", "/api/media/m-1-800.webp")).toBe(
      "![a \\[b\\] c\\\\](/api/media/m-1-800.webp)",
    );
    expect(imageMarkdown("x", "/a b(1).webp")).toBe("![x](/a%20b%281%29.webp)");
  });
});

describe("shortcuts", () => {
  it("names each tool's shortcut for people and for aria-keyshortcuts on either platform", () => {
    expect(shortcutLabel("Mod-b", false)).toEqual({ text: "Ctrl+B", aria: "Control+B" });
    expect(shortcutLabel("Mod-Shift-m", true)).toEqual({ text: "⌘⇧M", aria: "Meta+Shift+M" });
    expect(shortcutLabel("Mod-Shift-.", false).aria).toBe("Control+Shift+.");
    const keys = TOOLS.flatMap((tool) => (tool.key ? [tool.key] : []));
    expect(new Set(keys).size).toBe(keys.length);
    expect(TOOLS.map((tool) => tool.name)).toEqual([
      "bold",
      "italic",
      "heading",
      "link",
      "image",
      "code",
      "math",
      "table",
      "quote",
      "list",
    ]);
  });
});

describe("scroll sync", () => {
  it("finds ATX headings outside code fences", () => {
    const lines = [
      "# A",
      "text",
      "```",
      "# not",
      "```",
      "## B",
      "~~~~",
      "# no",
      "~~~",
      "x",
      "~~~~",
      "###C",
      "### D",
    ];
    expect(headingLines(lines)).toEqual([1, 6, 13]);
  });

  it("maps lines to preview heights between headings, and back", () => {
    const marks = landmarks([1, 11], [0, 500], 20, 1000);
    expect(marks).toEqual([
      [1, 0],
      [11, 500],
      [21, 1000],
    ]);
    expect(topForLine(marks, 6)).toBe(250);
    expect(topForLine(marks, 16)).toBe(750);
    expect(lineForTop(marks, 750)).toBe(16);
    expect(lineForTop(marks, 5000)).toBe(21);
  });

  it("falls back to the two ends when the sides disagree on the headings", () => {
    expect(landmarks([3, 5], [100], 9, 400)).toEqual([
      [1, 0],
      [10, 400],
    ]);
  });
});
