import { readFileSync } from "node:fs";
import { beforeAll, describe, expect, it } from "vitest";
import { noteText, type SiteRead } from "./items.ts";
import { reportOf } from "./report.ts";
import { readWordPressExport } from "./wordpress.ts";

// WordPress's own importer's test exports (tests/fixtures/import/wordpress-importer/SOURCE).
const fixture = (name: string) =>
  readFileSync(`tests/fixtures/import/wordpress-importer/${name}`, "utf8");
/** How often `element` holds `value` in an export's text: its own count, to compare with. */
const countIn = (xml: string, element: string, value: string) =>
  xml.split(`<${element}>${value}</${element}>`).length -
  1 +
  xml.split(`<${element}><![CDATA[${value}]]></${element}>`).length -
  1;

describe("the theme test data (a11y-unit-test-data.xml)", () => {
  const xml = fixture("a11y-unit-test-data.xml");
  let read: SiteRead = { tool: "wordpress", items: [], skipped: [] };
  beforeAll(async () => {
    read = await readWordPressExport(xml);
  });
  const item = (sourceId: string) => read.items.find((each) => each.sourceId === sourceId);

  it("brings every post and page, and every comment but pingbacks", () => {
    const counts = reportOf(read).counts;
    expect(counts.articles).toBe(countIn(xml, "wp:post_type", "post"));
    expect(counts.pages).toBe(countIn(xml, "wp:post_type", "page"));
    const pingbacks = countIn(xml, "wp:comment_type", "pingback");
    expect(counts.comments + pingbacks).toBe(xml.split("<wp:comment>").length - 1);
    // The draft, and the post behind a password (the site has none: it must not go public).
    expect(read.items.filter((each) => each.draft).map((each) => each.sourceId)).toEqual([
      "post:1164",
      "post:1168",
    ]);
    expect(item("post:1168")?.problems.map((n) => noteText(n))).toEqual([
      "behind a password: brought as a draft",
    ]);
  });

  it("keeps comments with their thread, state and time, joining those listed apart", () => {
    const comments = item("post:1148")?.comments ?? [];
    expect(comments).toHaveLength(19);
    expect(comments.filter((comment) => comment.replyTo !== null).length).toBeGreaterThan(0);
    for (const comment of comments.filter((each) => each.replyTo)) {
      expect(comments.map((each) => each.sourceId)).toContain(comment.replyTo);
    }
    // Page 156's comments are listed in an entry of their own before the page.
    expect(item("page:156")?.comments.map((each) => each.name)).toContain("tellyworthtest2");
  });

  it("keeps the old permalink and ?p= address, tags and categories", () => {
    expect(item("post:1148")).toMatchObject({
      slug: "template-comments",
      title: "Template: Comments",
      publishedAt: "2012-01-03T17:11:37.000Z",
      categories: [["Template"], ["Uncategorized"]],
      oldPaths: ["/2012/01/03/template-comments/", "/?p=1148"],
    });
    expect(item("page:174")?.oldPaths).toEqual(["/level-1/", "/?page_id=174"]);
  });

  it("keeps the categories' tree: every one listed, a post's deepest first", () => {
    const listed = xml.split("<wp:category>").length - 1;
    expect(read.categories).toHaveLength(listed);
    expect(reportOf(read).counts.categories).toBe(listed);
    expect(read.categories).toContainEqual([
      "Parent Category",
      "Child Category 03",
      "Grandchild Category",
    ]);
    // The same name under another parent is another category.
    expect(read.categories).toContainEqual(["Foo A"]);
    expect(read.categories).toContainEqual(["Foo Parent", "Foo A"]);
    const categories = item("post:1152")?.categories ?? [];
    expect(categories[0]).toEqual(["Parent", "Child 1", "Child 2"]);
    // A category another of the post's sits under is shown by that one.
    expect(categories).not.toContainEqual(["Parent Category"]);
    expect(categories).toContainEqual(["Parent Category", "Child Category 01"]);
  });

  it("turns HTML and media shortcodes into Markdown", () => {
    const markup = item("post:1178")?.body ?? "";
    expect(markup).toContain("# Headings");
    expect(markup).toMatch(/^> /m);
    // The gallery shows the images uploaded to its post; a caption stays under its image.
    const gallery = item("post:555");
    expect(gallery?.images.remote).toHaveLength(countIn(xml, "wp:post_parent", "555"));
    expect(gallery?.body).not.toContain("[gallery");
    expect(item("post:1163")?.body).toContain("Bell on wharf in San Francisco");
    expect(
      read.items.flatMap((each) => each.problems).filter((p) => p.key === "keptAsText"),
    ).toEqual([]);
    expect(item("post:1169")).toMatchObject({ title: "Untitled 1169", slug: "edge-case-no-title" });
  });
});

describe("a small export (small-export.xml)", () => {
  it("keeps drafts and private posts as drafts, and a category's own name", async () => {
    const read = await readWordPressExport(fixture("small-export.xml"));
    const item = (sourceId: string) => read.items.find((each) => each.sourceId === sourceId);
    expect(reportOf(read).counts).toMatchObject({ articles: 6, pages: 5, drafts: 2, comments: 1 });
    expect(item("post:13")).toMatchObject({ draft: true, tags: ["Tag1", "Tag2", "Tag3"] });
    expect(item("post:1")?.comments).toEqual([
      expect.objectContaining({
        name: "Mr WordPress",
        status: "approved",
        replyTo: null,
        publishedAt: "2011-01-18T07:40:14.000Z",
      }),
    ]);
  });

  it("refuses what is no WordPress export", async () => {
    await expect(readWordPressExport("<html><body>no</body></html>")).rejects.toThrow(
      "Not a WordPress export: no rss channel of items",
    );
  });
});
