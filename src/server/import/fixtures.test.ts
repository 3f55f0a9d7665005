import { readFileSync } from "node:fs";
import { XMLParser } from "fast-xml-parser";
import type { Nodes } from "hast";
import { fromHtml } from "hast-util-from-html";
import { expect, it } from "vitest";
import { describeEachDatabase } from "../../../tests/support/test-db.ts";
import { tempFolders } from "../../../tests/support/test-folders.ts";
import { renderMarkdown } from "../../lib/markdown-render.ts";
import { sanitizeHtml } from "../../lib/sanitize-html.ts";
import { contentFiles } from "../content/files.ts";
import { noPublisher } from "../content/publisher.ts";
import {
  blogImportRows,
  comments,
  contentArticles,
  contentCategories,
  redirects,
} from "../db/schema.ts";
import { localStorage } from "../storage/storage.ts";
import { articlePath } from "./plan.ts";
import { openSource } from "./source.ts";
import { importBlog } from "./writer.ts";

// Each tool's real test data (tests/fixtures/import, with their licences) imported into the
// database: every item and comment the source holds is written, every old address leads to a
// page, a second run changes nothing, and five chosen posts render with their headings, code,
// tables and images.

const F = "tests/fixtures/import";
const folders = tempFolders("blog-import-fixtures-");

/** The structure a page shows: its headings, code blocks, tables and images. */
function structure(html: string) {
  const found = { headings: 0, code: 0, tables: 0, images: 0 };
  const walk = (node: Nodes) => {
    if (node.type === "element") {
      if (/^h[1-6]$/.test(node.tagName)) found.headings += 1;
      if (node.tagName === "pre") found.code += 1;
      if (node.tagName === "table") found.tables += 1;
      if (node.tagName === "img") found.images += 1;
    }
    if ("children" in node) for (const child of node.children) walk(child);
  };
  walk(fromHtml(html, { fragment: true }));
  return found;
}

/** An article's body as the site shows it: the build's pipeline, then its sanitiser. */
const shown = async (body: string) => sanitizeHtml((await renderMarkdown(body)).html);

/** Each WordPress item's own HTML, as the export holds it, by the reader's source id. */
function wordpressHtml(path: string): Map<string, string> {
  const parser = new XMLParser({ isArray: (name) => name === "item" });
  const xml = parser.parse(readFileSync(path, "utf8"));
  const items: Array<Record<string, unknown>> = xml.rss.channel.item;
  return new Map(
    items.map((item) => [
      `${String(item["wp:post_type"])}:${String(item["wp:post_id"])}`,
      String(item["content:encoded"] ?? ""),
    ]),
  );
}

/** Each Ghost post's own HTML, by the reader's source id. */
function ghostHtml(path: string): Map<string, string> {
  const data = JSON.parse(readFileSync(path, "utf8"));
  const posts: Array<{ id: string; type?: string; html?: string | null }> = data.db[0].data.posts;
  return new Map(posts.flatMap((p) => (p.html ? [[`${p.type ?? "post"}:${p.id}`, p.html]] : [])));
}

const CASES: Array<{ fixture: string; posts: string[]; html?: Map<string, string> }> = [
  {
    fixture: "hexo-theme-unit-test",
    posts: ["code-highlight", "elements", "images", "markdown", "tag-plugins"].map(
      (name) => `source/_posts/${name}.md`,
    ),
  },
  {
    fixture: "hugo-basic-example",
    posts: [
      "emoji-support",
      "markdown-syntax",
      "math-typesetting",
      "placeholder-text",
      "rich-content",
    ].map((name) => `content/post/${name}.md`),
  },
  {
    fixture: "fuwari",
    posts: [
      "expressive-code.md",
      "guide/index.md",
      "markdown-extended.md",
      "markdown.md",
      "video.md",
    ].map((name) => `src/content/posts/${name}`),
  },
  {
    // Minima's example site has two posts with structure; the third is a paragraph.
    fixture: "minima",
    posts: [
      "_posts/2016-05-19-codeblocks-ahoy.md",
      "_posts/2016-05-20-this-post-demonstrates-post-content-styles.md",
    ],
  },
  {
    fixture: "wordpress-importer/a11y-unit-test-data.xml",
    posts: ["page:1134", "post:1174", "post:1175", "post:1178", "post:1732"],
    html: wordpressHtml(`${F}/wordpress-importer/a11y-unit-test-data.xml`),
  },
  {
    fixture: "ghost-migrate/ghost.json",
    posts: ["post:9b7114425bee6e3b17baf7c0", "post:a22153483431b691fd0178a8"],
    html: ghostHtml(`${F}/ghost-migrate/ghost.json`),
  },
];

describeEachDatabase("importing each tool's test data", (database) => {
  for (const { fixture, posts, html } of CASES) {
    it(`brings all of ${fixture}, once, its posts shown whole`, async () => {
      const { db } = database();
      const deps = {
        db,
        storage: localStorage(folders()),
        files: contentFiles(),
        publisher: noPublisher,
        actor: null,
      };
      const source = await openSource(`${F}/${fixture}`);
      const outcome = await importBlog(deps, source);
      const { counts } = outcome.report;

      // Every item and comment of the source, every image file it has.
      expect(outcome.refused).toEqual([]);
      expect(outcome.written).toMatchObject({
        articles: counts.articles,
        pages: counts.pages,
        drafts: counts.drafts,
        images: counts.images,
      });
      const spam = source.read.items.flatMap((i) => i.comments).filter((c) => c.status === "spam");
      expect(await db.$count(comments)).toBe(counts.comments - spam.length);
      const rows = await db.select().from(blogImportRows);
      expect(rows.filter((r) => r.kind === "article")).toHaveLength(source.read.items.length);

      // Every category of the source is one of the site's, under the one its source sits under.
      const site = [
        ...(await db.select().from(contentCategories)),
        ...(await deps.files.categories()),
      ];
      const slugOf = (path: string[]) => {
        let parent: string | null = null;
        for (const name of path) {
          const found = site.find(
            (c) =>
              c.parent === parent &&
              [c.slug, "nameEn" in c ? c.nameEn : c.name["en-US"]].some(
                (n) => n.toLowerCase() === name.trim().toLowerCase(),
              ),
          );
          parent = found?.slug ?? "?";
        }
        return parent;
      };
      const paths = [
        ...(source.read.categories ?? []),
        ...source.read.items.flatMap((item) => item.categories),
      ];
      const slugs = new Set(paths.map(slugOf));
      expect(slugs.has("?"), fixture).toBe(false);
      const outer = new Set(
        paths.flatMap((path) => path.slice(0, -1).map((_, i) => slugOf(path.slice(0, i + 1)))),
      );
      expect(new Set([...slugs, ...outer]).size).toBe(counts.categories);

      // Every tag of the source is on its article (WordPress's "Many Tags" post has 45).
      const imported = await db.select().from(contentArticles);
      for (const item of source.read.items) {
        const id = rows.find((r) => r.sourceKey.endsWith(`:${item.sourceId}`))?.rowKey;
        const tags = imported.find((a) => a.id === id)?.tags;
        expect(tags, item.sourceId).toEqual(expect.arrayContaining(item.tags.map((t) => t.trim())));
      }
      const onSite = new Set(imported.flatMap((a) => a.tags.map((t) => t.toLowerCase())));
      const sourceTags = new Set(
        source.read.items.flatMap((i) => i.tags.map((t) => t.trim().toLowerCase())),
      );
      expect([...sourceTags].filter((t) => !onSite.has(t))).toEqual([]);
      expect(sourceTags.size).toBe(counts.tags);

      // Every old address leads to an article's page.
      const articles = await db.select().from(contentArticles);
      const pages = new Set(articles.map((a) => articlePath(a.slug)));
      const moved = await db.select().from(redirects);
      expect(moved.length).toBeGreaterThan(0);
      for (const row of moved) expect(pages.has(row.toPath), row.fromPath).toBe(true);

      // A second run writes nothing.
      const again = await importBlog(deps, source);
      expect(again.importId).toBeNull();
      expect(await db.$count(contentArticles)).toBe(articles.length);

      // Chosen posts as the site shows them: what the source's own text holds, nothing lost.
      const keys = new Map(rows.map((r) => [r.rowKey, r.sourceKey]));
      for (const sourceId of posts) {
        const item = source.read.items.find((i) => i.sourceId === sourceId);
        const row = articles.find((a) => keys.get(a.id)?.endsWith(`:${sourceId}`));
        expect(item && row, sourceId).toBeTruthy();
        const got = structure(await shown(row?.body ?? ""));
        // WordPress and Ghost wrote HTML: the page shows what that HTML held. A Markdown
        // source's text is shown as its own Markdown renders.
        const own = html?.get(sourceId);
        const expected = structure(own ?? (await shown(item?.body ?? "")));
        expect(got, sourceId).toEqual(expected);
        expect(
          Object.values(got).some((n) => n > 0),
          sourceId,
        ).toBe(true);
        if (item?.images.files.length) {
          expect(row?.body, sourceId).toContain("/api/media/m-");
        }
      }
      await source.close();
    }, 60_000);
  }
});
