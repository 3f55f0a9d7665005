import { readFileSync } from "node:fs";
import { expect, it } from "vitest";
import { readGhostExport } from "./ghost.ts";
import { noteText } from "./items.ts";
import { reportOf } from "./report.ts";

// A test export of Ghost's own migration tools (tests/fixtures/import/ghost-migrate/SOURCE).
const fixture = readFileSync("tests/fixtures/import/ghost-migrate/ghost.json", "utf8");

/** A one-post export holding `post`'s fields over a published public post's. */
const exportOf = (post: Record<string, unknown>) =>
  JSON.stringify({
    db: [
      {
        data: {
          posts: [{ id: "p1", title: "T", slug: "t", type: "post", status: "published", ...post }],
        },
      },
    ],
  });
const lexical = (...children: unknown[]) => JSON.stringify({ root: { type: "root", children } });
const text = (value: string, format = 0) => ({ type: "text", text: value, format });

it("brings the export's posts with their tags, text, images and addresses", async () => {
  const read = await readGhostExport(fixture);
  expect(read.tool).toBe("ghost");
  expect(reportOf(read).counts).toMatchObject({ articles: 3, pages: 0, drafts: 0, tags: 2 });
  expect(read.items[0]).toMatchObject({
    slug: "post-1",
    tags: ["News"],
    publishedAt: "2025-01-01T00:00:00.000Z",
    body: "Hello world\n\n![](https://example.com/images/photo-1.jpg)\n\nMore text",
    oldPaths: ["/post-1/"],
    author: { name: "Alice Johnson", email: "alice@example.com" },
  });
  expect(read.items[1]?.author?.name).toBe("Bob Smith");
  // The third is only in Lexical, Ghost's editor's form.
  expect(read.items[2]?.body).toBe("![](https://example.com/images/lexical-image.jpg)");
});

it("draws Lexical's blocks and formats as Markdown, a Markdown card as it was", async () => {
  const read = await readGhostExport(
    exportOf({
      lexical: lexical(
        { type: "heading", tag: "h2", children: [text("Title")] },
        { type: "paragraph", children: [text("bold", 1), text(" and "), text("code", 16)] },
        {
          type: "list",
          listType: "number",
          children: [{ type: "listitem", children: [text("one")] }],
        },
        {
          type: "paragraph",
          children: [{ type: "link", url: "https://a.example/", children: [text("a link")] }],
        },
        { type: "codeblock", language: "ts", code: "a < b" },
        { type: "markdown", markdown: "| A |\n| --- |\n| 1 |" },
        { type: "paywall" },
        { type: "callout", children: [text("inside")] },
      ),
    }),
  );
  expect(read.items[0]?.body).toBe(
    "## Title\n\n**bold** and `code`\n\n1.  one\n\n[a link](https://a.example/)\n\n```ts\na < b\n```\n\n| A |\n| --- |\n| 1 |\n\ninside",
  );
  expect(read.items[0]?.problems.map((n) => noteText(n))).toEqual([
    'Lexical "paywall" kept as its text',
    'Lexical "callout" kept as its text',
  ]);
});

it("keeps a post for members only as a draft, and says what it could not read", async () => {
  const members = await readGhostExport(exportOf({ html: "<p>Paid</p>", visibility: "paid" }));
  expect(members.items[0]?.draft).toBe(true);
  expect(members.items[0]?.problems.map((n) => noteText(n))).toEqual([
    "for paid readers: brought as a draft",
  ]);
  expect(members.items[0]?.problems.map((n) => noteText(n, "zh-CN"))).toEqual([
    "仅对 paid 读者可见：作为草稿导入",
  ]);
  const old = await readGhostExport(exportOf({ mobiledoc: "{not json" }));
  expect(old.items[0]?.problems.map((n) => noteText(n))).toEqual([
    "its mobiledoc text (Ghost's old form) is not readable: left empty",
  ]);
  await expect(readGhostExport("{}")).rejects.toThrow("Not a Ghost export: no db with posts");
});

it("reads a post Ghost 1–4 kept only as mobiledoc: sections, markups, lists and cards", async () => {
  // The shape Ghost's editor wrote before Lexical (mobiledoc 0.3.1).
  const mobiledoc = {
    version: "0.3.1",
    atoms: [["soft-return", "", {}]],
    markups: [["strong"], ["a", ["href", "https://ghost.org/"]], ["code"]],
    cards: [
      ["markdown", { markdown: "| A | B |\n| --- | --- |\n| 1 | 2 |" }],
      ["image", { src: "https://a.example/p.jpg", alt: "A pier", caption: "Fog" }],
      ["code", { code: "const a = 1 < 2;", language: "ts" }],
      ["callout", { html: "<p>Careful</p>" }],
      ["hr", {}],
    ],
    sections: [
      [1, "h2", [[0, [], 0, "Title"]]],
      [
        1,
        "p",
        [
          [0, [0], 1, "bold"],
          [0, [], 0, " then "],
          [0, [1], 1, "a link"],
          [1, [], 0, 0],
          [0, [2], 1, "x < y"],
        ],
      ],
      [3, "ol", [[[0, [], 0, "one"]], [[0, [], 0, "two"]]]],
      [10, 0],
      [10, 1],
      [10, 2],
      [10, 3],
      [10, 4],
      [1, "blockquote", [[0, [], 0, "Quoted"]]],
    ],
  };
  const read = await readGhostExport(exportOf({ mobiledoc: JSON.stringify(mobiledoc) }));
  expect(read.items[0]?.body).toBe(
    [
      "## Title",
      "**bold** then [a link](https://ghost.org/)  \n`x < y`",
      "1.  one\n2.  two",
      "| A | B |\n| --- | --- |\n| 1 | 2 |",
      "![A pier](https://a.example/p.jpg)\n\nFog",
      "```ts\nconst a = 1 < 2;\n```",
      "Careful",
      "* * *",
      "> Quoted",
    ].join("\n\n"),
  );
  expect(read.items[0]?.problems.map((n) => noteText(n))).toEqual([
    'mobiledoc card "callout" kept as its text',
  ]);
});
