import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { LoaderContext } from "astro/loaders";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import {
  articleSnapshotSchema,
  bookSnapshotSchema,
  chapterSnapshotSchema,
  type SnapshotArticle,
} from "../shared/content.ts";
import { type ContentSnapshot, emptySnapshot, writeSnapshotFile } from "./content-snapshot.ts";
import { addDatabaseRows, filesAndDatabase } from "./database-loader.ts";

// The loader against a fake Astro context: which entries it stores, what it renders, and how
// it fails. (The real pipeline and Astro's store are exercised by the build and the e2e tests.)

interface Stored {
  id: string;
  data: Record<string, unknown>;
  body?: string;
  rendered?: { html: string; metadata?: { headings?: { slug: string }[] } };
  filePath?: string;
}

function fakeContext(files: Stored[] = []) {
  const entries = new Map(files.map((f) => [f.id, f]));
  const context = {
    collection: "test",
    store: {
      get: (id: string) => entries.get(id),
      set: (entry: Stored) => {
        entries.set(entry.id, entry);
        return true;
      },
      delete: (id: string) => entries.delete(id),
      entries: () => [...entries],
    },
    meta: new Map<string, string>(),
    logger: { info: vi.fn(), warn: vi.fn() },
    parseData: async ({ data }: { data: Record<string, unknown> }) => {
      if (typeof data.title === "string" && data.title.length > 120) {
        throw new Error("title: Too big: expected string to have <=120 characters");
      }
      return data;
    },
    generateDigest: (value: unknown) => JSON.stringify(value).length.toString(16),
    renderMarkdown: vi.fn(async (markdown: string) =>
      markdown.includes("## ")
        ? {
            html: '<h2 id="main">Main<a href="#main">#</a></h2>',
            metadata: { headings: [{ depth: 2, slug: "main", text: "Main" }] },
          }
        : {
            html: markdown.includes("<script>")
              ? `<p>ok</p><script>alert(1)</script>`
              : `<p>${markdown.trim()}</p>`,
            metadata: { headings: [] },
          },
    ),
  };
  return { context: context as unknown as LoaderContext, entries };
}

/** An article row of the snapshot: what a test names, the kind's defaults for the rest. */
const row = (slug: string, extra: Partial<SnapshotArticle> = {}): SnapshotArticle => ({
  ...articleSnapshotSchema.parse({
    id: `00000000-0000-4000-8000-${slug.length.toString().padStart(12, "0")}`,
    slug,
    lang: "en-US",
    title: `Title of ${slug}`,
    summary: "s",
    body: "Body",
    category: "tools",
    status: "published",
    publishedAt: "2026-11-20T10:00:00.000Z",
    updatedAt: "2026-11-21T10:00:00.000Z",
  }),
  ...extra,
});

let dir: string;
let counter = 0;
/** Each test reads its own snapshot (the loader reads once per sync key). */
function useSnapshot(snapshot: ContentSnapshot) {
  const file = join(dir, `s${counter++}.json`);
  writeSnapshotFile(file, snapshot);
  vi.stubEnv("CONTENT_SNAPSHOT", file);
  return { changedAt: file };
}

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), "blog-loader-"));
});
afterAll(() => {
  vi.unstubAllEnvs();
  rmSync(dir, { recursive: true, force: true });
});

describe("the files-and-database loader", () => {
  it("renders again only the rows whose digest changed, and all when its code changed", async () => {
    const { context, entries } = fakeContext();
    // A file loader drops every entry it did not load, as Astro's do: the rows' among them.
    const files = {
      name: "files",
      load: async ({ store }: LoaderContext) => {
        for (const [id, entry] of store.entries()) if (!entry.filePath) store.delete(id);
      },
    };
    const loader = filesAndDatabase("articles", files);
    const sync = async (snapshot: ContentSnapshot) => {
      Object.assign(context, { refreshContextData: useSnapshot(snapshot) });
      vi.mocked(context.renderMarkdown).mockClear();
      await loader.load(context);
      return vi.mocked(context.renderMarkdown).mock.calls.map(([markdown]) => markdown.trim());
    };
    const a = row("a", { body: "First" });
    const bb = row("bb", { body: "Second" });
    expect(await sync({ ...emptySnapshot(), articles: [a, bb] })).toEqual(["First", "Second"]);
    const kept = entries.get("bb")?.rendered;
    // One body changed: it alone is rendered; the other keeps its earlier render.
    expect(await sync({ ...emptySnapshot(), articles: [{ ...a, body: "Changed" }, bb] })).toEqual([
      "Changed",
    ]);
    expect(entries.get("a")?.rendered?.html).toBe("<p>Changed</p>");
    expect(entries.get("bb")?.rendered).toBe(kept);
    // The Markdown pipeline or the sanitiser changed since (another digest of their code).
    context.meta.set("render-code", "an older pipeline");
    expect(await sync({ ...emptySnapshot(), articles: [a, bb] })).toEqual(["First", "Second"]);
  });

  it("stores rows beside the files, rendered and sanitised", async () => {
    const refresh = useSnapshot({
      ...emptySnapshot(),
      articles: [
        row("from-a-row", {
          body: "<script>alert(1)</script>",
          cover: "https://example.com/c.jpg",
          coverAlt: "c",
        }),
      ],
    });
    const { context, entries } = fakeContext([
      { id: "from-a-file", data: {}, filePath: "content/articles/from-a-file.md" },
    ]);
    Object.assign(context, { refreshContextData: refresh });
    await addDatabaseRows("articles", context);
    const stored = entries.get("from-a-row");
    // The row's fields under their own names, for the collection's schema to check (and to turn
    // the times into dates).
    expect(stored?.data).toMatchObject({
      title: "Title of from-a-row",
      cover: "https://example.com/c.jpg",
      coverAlt: "c",
      category: "tools",
      publishedAt: "2026-11-20T10:00:00.000Z",
    });
    expect(stored?.data).not.toHaveProperty("slug");
    expect(stored?.data).not.toHaveProperty("body");
    expect(stored?.rendered?.html).toBe("<p>ok</p>");
    expect(entries.has("from-a-file")).toBe(true);
  });

  it("puts a page saved in the back office in place of its file, rendered and sanitised", async () => {
    const refresh = useSnapshot({
      ...emptySnapshot(),
      pages: [
        {
          slug: "about",
          lang: "en-US",
          body: "Saved <script>alert(1)</script>",
          updatedAt: "2026-11-26T10:00:00.000Z",
        },
      ],
    });
    const { context, entries } = fakeContext([
      { id: "about/en-US", data: {}, filePath: "content/about/en-US.mdx" },
      { id: "about/zh-CN", data: {}, filePath: "content/about/zh-CN.mdx" },
    ]);
    Object.assign(context, { refreshContextData: refresh });
    await addDatabaseRows("pages", context);
    const saved = entries.get("about/en-US");
    expect(saved?.filePath).toBeUndefined();
    expect(saved?.body).toBe("Saved <script>alert(1)</script>");
    expect(saved?.rendered?.html).toBe("<p>ok</p>");
    // The other language keeps its file.
    expect(entries.get("about/zh-CN")?.filePath).toBe("content/about/zh-CN.mdx");
  });

  it("prefixes a row's ids and its table of contents alike", async () => {
    const refresh = useSnapshot({
      ...emptySnapshot(),
      articles: [row("headed", { body: "## Main" })],
    });
    const { context, entries } = fakeContext();
    Object.assign(context, { refreshContextData: refresh });
    await addDatabaseRows("articles", context);
    const rendered = entries.get("headed")?.rendered;
    expect(rendered?.html).toBe(
      '<h2 id="user-content-main">Main<a href="#user-content-main">#</a></h2>',
    );
    expect(rendered?.metadata?.headings).toEqual([
      { depth: 2, slug: "user-content-main", text: "Main" },
    ]);
  });

  it("a slug used by a file and a row stops the build, naming both", async () => {
    const refresh = useSnapshot({ ...emptySnapshot(), articles: [row("static-first")] });
    const { context } = fakeContext([
      { id: "static-first", data: {}, filePath: "content/articles/static-first.md" },
    ]);
    Object.assign(context, { refreshContextData: refresh });
    await expect(addDatabaseRows("articles", context)).rejects.toThrow(
      /static-first.*content\/articles\/static-first\.md.*content_articles 0{8}-0{4}-4000-8000-0{10}12 \("Title of static-first"\)/,
    );
  });

  it("a book row clashes with a book folder too", async () => {
    const refresh = useSnapshot({
      ...emptySnapshot(),
      books: [
        bookSnapshotSchema.parse({
          id: "b1",
          slug: "the-quiet-page",
          lang: "en-US",
          title: "Q",
          description: "d",
          status: "published",
          publishedAt: "2026-11-20T10:00:00.000Z",
          updatedAt: "2026-11-20T10:00:00.000Z",
        }),
      ],
    });
    const { context } = fakeContext([
      { id: "the-quiet-page/index", data: {}, filePath: "content/books/the-quiet-page/index.md" },
    ]);
    Object.assign(context, { refreshContextData: refresh });
    await expect(addDatabaseRows("books", context)).rejects.toThrow(
      "content/books/the-quiet-page/index.md",
    );
  });

  it("a row that breaks the schema stops the build, naming the row", async () => {
    const refresh = useSnapshot({
      ...emptySnapshot(),
      articles: [row("too-long", { title: "x".repeat(200) })],
    });
    const { context } = fakeContext();
    Object.assign(context, { refreshContextData: refresh });
    await expect(addDatabaseRows("articles", context)).rejects.toThrow(
      /content_articles .* does not match the articles schema: title/,
    );
  });

  it("chapters take their book's slug in the id and name their parent", async () => {
    const chapter = (id: string, slug: string, parent: string | null) =>
      chapterSnapshotSchema.parse({
        id,
        book: "db-book",
        slug,
        parent,
        order: 1,
        title: slug,
        body: slug,
        status: "published",
        updatedAt: "2026-11-20T10:00:00.000Z",
      });
    const one = chapter("c1", "one", null);
    const refresh = useSnapshot({
      ...emptySnapshot(),
      chapters: [one, chapter("c2", "one-a", "one")],
    });
    const { context, entries } = fakeContext();
    Object.assign(context, { refreshContextData: refresh });
    await addDatabaseRows("chapters", context);
    // The row's fields but those that make the entry's id and body.
    const { id: _id, book: _book, slug: _slug, body: _body, ...data } = one;
    expect(entries.get("db-book/one")).toMatchObject({ data, body: "one" });
    expect(entries.get("db-book/one-a")?.data).toMatchObject({ parent: "one" });
  });
});
