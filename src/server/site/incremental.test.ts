import { createHash } from "node:crypto";
import { cpSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync } from "node:fs";
import { join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, describe, expect, it } from "vitest";
import {
  type ContentSnapshot,
  emptySnapshot,
  writeSnapshotFile,
} from "../../lib/content-snapshot.ts";
import {
  articleSnapshotSchema,
  bookSnapshotSchema,
  categorySnapshotSchema,
  chapterSnapshotSchema,
  noteSnapshotSchema,
} from "../../shared/content.ts";
import { samplePicture } from "../../shared/kinds/media.test-support.ts";
import {
  albumSnapshotSchema,
  photoSnapshotSchema,
  photoTagSnapshotSchema,
} from "../../shared/kinds/photo.ts";
import { settingsSnapshotSchema } from "../../shared/kinds/settings.ts";
import { stagingDir, workerBuilds } from "./build-workers.ts";

// The oracle of incremental builds (src/lib/cache-key.ts): after each kind of change, the site
// built from the previous build's cache must be the site built from scratch, byte for byte,
// every file. A key that misses what a page shows fails here with the page's path. Slow: two
// builds per change, each the whole pipeline of npm start's (Astro, search, precompression).

const project = fileURLToPath(new URL("../../../", import.meta.url));
const work = join(stagingDir(project), `incremental-test-${process.pid}`);

/**
 * The files of the site built here: part of content/, at least one of each kind and every
 * page kind (a lab, a book with chapters, photos with their albums and banners), in a folder
 * beside it (a lab imports components by a path relative to it). 96 pages instead of 244: a
 * third less CPU for each build.
 */
const contentFolder = `.incremental-content-${process.pid}`;
const CONTENT_PARTS = [
  "about",
  "albums.json",
  "banners.json",
  "categories.json",
  "photo-tags.json",
  "site-nav.json",
  "articles/images",
  "articles/image-policy-notes.md",
  "articles/static-first.md",
  "articles/static-first-zh.md",
  "articles/west-lake-in-the-rain.md",
  "notes/2026-10-12-islands-audit.md",
  "notes/2026-10-12-osmanthus.md",
  "books/the-quiet-page",
  "labs/hookslab/use-debounced-value.mdx",
  "labs/mixlab/blend-playground.mdx",
  // The blend playground's photo, the banners' three, and one more.
  ...[
    "colorful-cups",
    "blue-hour-lake",
    "forest-path",
    "rowing-boats-at-sunset",
    "fallen-maple-leaf",
  ].flatMap((photo) => [`photos/${photo}.md`, `photos/files/${photo}.jpg`]),
];

function copyContent(): void {
  for (const part of CONTENT_PARTS) {
    cpSync(join(project, "content", part), join(project, contentFolder, part), {
      recursive: true,
    });
  }
}

const T = "2026-11-20T10:00:00.000Z";
const uuid = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, "0")}`;

const article = (n: number, slug: string, extra: Record<string, unknown> = {}) =>
  articleSnapshotSchema.parse({
    id: uuid(n),
    slug,
    lang: "en-US",
    title: `Title of ${slug}`,
    summary: `Summary of ${slug}.`,
    body: `The text of ${slug}.\n\n## A part\n\nMore of ${slug}.`,
    category: "incremental",
    tags: ["incremental-tag"],
    status: "published",
    publishedAt: T,
    updatedAt: T,
    ...extra,
  });

/** A site with one of each kind the database holds, beside part of the seed files. */
function base(): ContentSnapshot {
  return {
    ...emptySnapshot(),
    categories: [
      categorySnapshotSchema.parse({
        slug: "incremental",
        name: { "zh-CN": "增量", "en-US": "Incremental" },
        order: 9,
      }),
    ],
    articles: [
      article(1, "incremental-one", { translationKey: "incremental" }),
      article(2, "incremental-two", {
        lang: "zh-CN",
        title: "第二篇",
        translationKey: "incremental",
        publishedAt: "2026-11-21T10:00:00.000Z",
      }),
      article(3, "incremental-three", { publishedAt: "2026-11-22T10:00:00.000Z" }),
    ],
    notes: [
      noteSnapshotSchema.parse({
        id: uuid(10),
        slug: "incremental-note",
        lang: "en-US",
        body: "A note of the incremental test.",
        status: "published",
        publishedAt: T,
        updatedAt: T,
      }),
    ],
    books: [
      bookSnapshotSchema.parse({
        id: uuid(20),
        slug: "incremental-book",
        lang: "en-US",
        title: "A book of the test",
        description: "Its description.",
        status: "published",
        publishedAt: T,
        updatedAt: T,
      }),
    ],
    chapters: [1, 2].map((n) =>
      chapterSnapshotSchema.parse({
        id: uuid(20 + n),
        book: "incremental-book",
        slug: `chapter-${n}`,
        parent: null,
        body: `Chapter ${n}'s text.`,
        title: `Chapter ${n}`,
        order: n,
        status: "published",
        updatedAt: T,
      }),
    ),
    albums: [
      albumSnapshotSchema.parse({
        slug: "incremental-album",
        name: { "zh-CN": "测试相册", "en-US": "Test album" },
      }),
    ],
    photos: [
      photoSnapshotSchema.parse({
        id: uuid(30),
        slug: "incremental-photo",
        title: { "zh-CN": "测试照片", "en-US": "A test photo" },
        image: `/api/media/m-${uuid(31)}-640.webp`,
        album: "incremental-album",
        tags: ["incremental-tag"],
        status: "published",
        publishedAt: T,
        updatedAt: T,
        picture: samplePicture({
          width: 640,
          height: 480,
          color: "#336655",
          variants: [
            {
              format: "webp",
              width: 640,
              height: 480,
              bytes: 1000,
              src: `/api/media/m-${uuid(31)}-640.webp`,
            },
          ],
        }),
      }),
    ],
    photoTags: [
      photoTagSnapshotSchema.parse({
        tag: "incremental-tag",
        name: { "zh-CN": "增量标签", "en-US": "Incremental tag" },
      }),
    ],
    settings: settingsSnapshotSchema.parse({}),
  };
}

type Change = (s: ContentSnapshot) => ContentSnapshot;

const editArticle =
  (slug: string, patch: Record<string, unknown>): Change =>
  (s) => ({
    ...s,
    articles: s.articles.map((a) => (a.slug === slug ? { ...a, ...patch } : a)),
  });

/**
 * Each kind of change, applied in turn to the site the one before left, with the share of the
 * keyed pages it must copy at least.
 */
const CHANGES: Array<[string, Change, number]> = [
  [
    "an article's text",
    editArticle("incremental-one", { body: "New text, and nothing else." }),
    0.9,
  ],
  ["an article's title", editArticle("incremental-three", { title: "A new title for three" }), 0.5],
  [
    "a note",
    (s) => ({ ...s, notes: s.notes.map((n) => ({ ...n, body: "The note, written again." })) }),
    0.9,
  ],
  [
    "a chapter",
    (s) => ({
      ...s,
      chapters: s.chapters.map((c) =>
        c.slug === "chapter-2" ? { ...c, title: "The second, renamed" } : c,
      ),
    }),
    0.9,
  ],
  [
    "a category's name",
    (s) => ({
      ...s,
      categories: s.categories.map((c) => ({
        ...c,
        name: { "zh-CN": "改名", "en-US": "Renamed" },
      })),
    }),
    0.5,
  ],
  [
    "a photo tag's name",
    (s) => ({
      ...s,
      photoTags: [{ tag: "incremental-tag", name: { "zh-CN": "改了", "en-US": "Renamed tag" } }],
    }),
    0.4,
  ],
  [
    "the settings",
    (s) => ({
      ...s,
      settings: s.settings && {
        ...s.settings,
        title: { "zh-CN": "新名字", "en-US": "A New Name" },
      },
    }),
    // Every page prints the site's name.
    0,
  ],
  [
    "a new article",
    (s) => ({
      ...s,
      articles: [...s.articles, article(4, "incremental-four", { publishedAt: T })],
    }),
    0.5,
  ],
  [
    "a deleted article",
    (s) => ({ ...s, articles: s.articles.filter((a) => a.slug !== "incremental-two") }),
    0.5,
  ],
];

/** The changes rendered at once (hot-render.ts); the others touch too many pages. */
const HOT = [
  "an article's text",
  "an article's title",
  "a note",
  "a chapter",
  "a photo tag's name",
  "a new article",
  "a deleted article",
];

/** Every file under `dir` by its path, as a hash of its bytes. */
function filesOf(dir: string): Map<string, string> {
  const files = new Map<string, string>();
  for (const entry of readdirSync(dir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const path = join(entry.parentPath, entry.name);
    files.set(
      relative(dir, path),
      createHash("sha256").update(readFileSync(path)).digest("base64url"),
    );
  }
  return files;
}

/** The paths that differ between two sets of files: missing from one, or other bytes. */
function differences(
  built: string | Map<string, string>,
  scratch: string | Map<string, string>,
): string[] {
  const a = typeof built === "string" ? filesOf(built) : built;
  const b = typeof scratch === "string" ? filesOf(scratch) : scratch;
  return [...new Set([...a.keys(), ...b.keys()])]
    .filter((path) => a.get(path) !== b.get(path))
    .sort();
}

/**
 * What the server serves of a build with a hot render's overlay over it (static-site.ts), but
 * for what a hot render leaves to the whole build after it: the search indexes, `_headers` and
 * the files without a key that list the whole site.
 */
function servedWithOverlay(siteDir: string, overlayDir: string, removed: string[]) {
  const files = new Map([...filesOf(siteDir), ...filesOf(overlayDir)]);
  for (const file of removed) {
    for (const suffix of ["", ".br", ".gz"]) files.delete(file + suffix);
  }
  return withoutCatchUp(files);
}

const withoutCatchUp = (files: Map<string, string>) =>
  new Map([...files].filter(([path]) => !LEFT_TO_THE_BUILD.test(path)));

const LEFT_TO_THE_BUILD =
  /^(pagefind-[^/]+\/|_headers|sitemap\.xml|[a-z]{2}-[A-Z]{2}\/(rss\.xml|feed\.json)|articles\/(category|tag)\/[^/]+\/rss\.xml|d-chat\/passages\.json|robots\.txt)/;

describe("incremental builds", () => {
  const builds = workerBuilds({ projectDir: project });
  afterAll(() => {
    builds.close();
    rmSync(work, { recursive: true, force: true });
    rmSync(join(project, contentFolder), { recursive: true, force: true });
  });

  it(
    "give the site a build from scratch gives, file for file, after each kind of change",
    async () => {
      mkdirSync(work, { recursive: true });
      copyContent();
      let n = 0;
      async function build(snapshot: ContentSnapshot, cache: string, fresh: boolean) {
        n += 1;
        const file = join(work, `snapshot-${n}.json`);
        writeSnapshotFile(file, snapshot);
        // One output folder, as npm start builds into (rebuild.ts), then moved aside.
        const staged = join(work, "out");
        const outDir = join(work, `build-${n}`);
        // From scratch: no record of an earlier build, and no content store, but the drawn
        // images (named by their content) kept, as every build keeps them.
        if (fresh) {
          rmSync(join(cache, "incremental-build.json"), { force: true });
          rmSync(join(cache, "dist"), { recursive: true, force: true });
          rmSync(join(cache, "data-store.json"), { force: true });
        }
        const pages = await builds.build(staged, {
          CONTENT_SNAPSHOT: file,
          CONTENT_DIR: contentFolder,
          ASTRO_CACHE_DIR: cache,
          ASTRO_TELEMETRY_DISABLED: "1",
        });
        renameSync(staged, outDir);
        return { outDir, pages };
      }
      const incremental = join(work, "cache-incremental");
      const scratch = join(work, "cache-scratch");
      // The incremental builds first, one after the other as npm start's are; then each
      // site again from scratch.
      let site = base();
      let last = await build(site, incremental, false);
      const runs = [];
      for (const [name, change, reusedAtLeast] of CHANGES) {
        site = change(site);
        // First at once, by the worker of the last build, as npm start does (hot-render.ts).
        n += 1;
        const snapshot = join(work, `snapshot-${n}.json`);
        writeSnapshotFile(snapshot, site);
        const overlayDir = join(work, `hot-${n}`);
        const env = { CONTENT_SNAPSHOT: snapshot };
        const overlay = await builds.hot({ env, siteDir: last.outDir, overlayDir });
        const hot = overlay && servedWithOverlay(last.outDir, overlayDir, overlay.removed);
        const built = await build(site, incremental, false);
        runs.push({ name, site, reusedAtLeast, built, hot });
        last = built;
      }
      for (const { name, site, reusedAtLeast, built, hot } of runs) {
        const fromScratch = await build(site, scratch, true);
        expect(differences(built.outDir, fromScratch.outDir), name).toEqual([]);
        if (HOT.includes(name)) {
          expect(hot, `${name}: rendered at once`).not.toBeNull();
          const scratchFiles = withoutCatchUp(filesOf(fromScratch.outDir));
          expect(differences(hot ?? new Map(), scratchFiles), `${name}, at once`).toEqual([]);
        }
        // The point of it all: most pages were copied, not rendered again.
        expect(fromScratch.pages?.reused, name).toBe(0);
        const { keyed = 0, reused = 0, rendered = [] } = built.pages ?? {};
        const said = `${name}: ${reused} of ${keyed} pages copied; rendered ${rendered.join(", ")}`;
        expect(reused / keyed, said).toBeGreaterThanOrEqual(reusedAtLeast);
        rmSync(fromScratch.outDir, { recursive: true, force: true });
      }
    },
    60 * 60_000,
  );
});
