import type { Loader, LoaderContext } from "astro/loaders";
import { pageEntryId } from "../shared/kinds/page.ts";
import { SETTINGS_ID } from "../shared/kinds/settings.ts";
import type { ContentSnapshot, SourceResult } from "./content-snapshot.ts";
import {
  DATABASE_LOADER,
  loadContentSnapshot,
  noteRefreshLoaded,
  ROWS_ONLY,
} from "./content-source.ts";
import { codeDigest } from "./page-cache.ts";

// Each content collection has two sources: its files under content/ (Astro's own loader) and
// the rows written in /bms. This loader runs the file loader first (which drops every entry it
// did not load, so the database's entries are added fresh each time), then adds the rows.
// A slug used by a file and a row stops the build, naming both. The rows come through the
// interface to the server, src/lib/content-source.ts: this file imports no server code.

export type Kind =
  | "categories"
  | "articles"
  | "notes"
  | "books"
  | "chapters"
  | "albums"
  | "photos"
  | "photoTags"
  | "banners"
  | "pages"
  | "navigation"
  | "settings"
  | "redirects";

let pending: { key: unknown; snapshot: Promise<SourceResult> } | null = null;

/**
 * One read per content sync, shared by the collections. In `astro dev` the database is
 * the dev server's own open one (a process may open the embedded database only once); a build
 * reads it as `loadSnapshotForBuild` (src/server/site/source.ts) explains.
 */
async function snapshotFor(context: LoaderContext): Promise<ContentSnapshot> {
  const key = context.refreshContextData?.changedAt ?? (context.watcher ? "dev" : "build");
  if (pending?.key !== key) {
    pending = { key, snapshot: loadContentSnapshot({ dev: !!context.watcher }) };
    void pending.snapshot.then(
      ({ snapshot, from }) =>
        context.logger.info(
          `Database content from ${from}: ${snapshot.articles.length} articles, ${snapshot.notes.length} notes, ${snapshot.books.length} books, ${snapshot.chapters.length} chapters, ${snapshot.categories.length} categories, ${snapshot.photos.length} photos, ${snapshot.albums.length} albums, ${snapshot.photoTags.length} tag names, ${snapshot.banners.length} banners, ${snapshot.pages.length} pages, ${snapshot.navigation.length} navigation groups${snapshot.settings ? ", the site's settings" : ""}`,
        ),
      () => {},
    );
  }
  return (await pending.snapshot).snapshot;
}

export interface DatabaseEntry {
  table: string;
  rowId: string;
  label: string;
  id: string;
  data: Record<string, unknown>;
  body?: string;
}

/**
 * A snapshot's rows as collection entries. A row's fields have the collection's names (both
 * come from the kind's module, src/shared/kinds/<kind>.ts), so the entry's data is the row but
 * for its id, slug and body: no field is named here, and the collection's schema checks them.
 */
export function entriesOf(kind: Kind, s: ContentSnapshot): DatabaseEntry[] {
  switch (kind) {
    case "categories":
      return s.categories.map(({ slug, ...data }) => ({
        table: "content_categories",
        rowId: slug,
        label: data.name["en-US"],
        id: slug,
        data: { id: slug, ...data },
      }));
    case "articles":
      return s.articles.map(({ id, slug, body, ...data }) => ({
        table: "content_articles",
        rowId: id,
        label: data.title,
        id: slug,
        body,
        data,
      }));
    case "notes":
      return s.notes.map(({ id, slug, body, ...data }) => ({
        table: "content_notes",
        rowId: id,
        label: slug,
        id: slug,
        body,
        data,
      }));
    case "books":
      return s.books.map(({ id, slug, ...data }) => ({
        table: "content_books",
        rowId: id,
        label: data.title,
        id: slug,
        body: "",
        data,
      }));
    case "chapters":
      return s.chapters.map(({ id, book, slug, body, ...data }) => ({
        table: "content_chapters",
        rowId: id,
        label: data.title,
        id: `${book}/${slug}`,
        body,
        data,
      }));
    case "albums":
      return s.albums.map(({ slug, ...data }) => ({
        table: "content_albums",
        rowId: slug,
        label: data.name["en-US"],
        id: slug,
        data: { id: slug, ...data },
      }));
    case "photos":
      return s.photos.map(({ id, slug, ...data }) => ({
        table: "content_photos",
        rowId: id,
        label: data.title["en-US"],
        id: slug,
        data,
      }));
    case "photoTags":
      return s.photoTags.map(({ tag, ...data }) => ({
        table: "photo_tag_names",
        rowId: tag,
        label: data.name["en-US"],
        id: tag,
        data: { id: tag, ...data },
      }));
    case "banners":
      return s.banners.map(({ id, ...data }) => ({
        table: "content_banners",
        rowId: id,
        label: data.title["en-US"],
        id,
        data,
      }));
    case "navigation":
      return s.navigation.map(({ id, ...data }) => ({
        table: "nav_groups",
        rowId: id,
        label: data.name["en-US"],
        id,
        data,
      }));
    case "settings":
      return s.settings
        ? [
            {
              table: "site_settings",
              rowId: SETTINGS_ID,
              label: "the site's settings",
              id: SETTINGS_ID,
              data: s.settings,
            },
          ]
        : [];
    case "redirects":
      return s.redirects.map(({ from, to }) => ({
        table: "redirects",
        rowId: from,
        label: from,
        id: from,
        data: { from, to },
      }));
    case "pages":
      return s.pages.map(({ slug, lang, body }) => ({
        table: "site_pages",
        rowId: pageEntryId(slug, lang),
        label: `${slug} (${lang})`,
        id: pageEntryId(slug, lang),
        body,
        data: {},
      }));
  }
}

/** The ids a file entry may have for the same slug (a book's file entry may keep `/index`). */
const idsOf = (kind: Kind, id: string) => (kind === "books" ? [id, `${id}/index`] : [id]);

/** A body rendered, as Astro's store keeps it. */
type RenderedContent = Awaited<ReturnType<LoaderContext["renderMarkdown"]>>;

/** A row's entry as the last sync stored it: its digest and its rendered, sanitised body. */
export type EarlierRender = { digest: string; rendered: RenderedContent };

/**
 * What a row's rendered body depends on beside the body: the Markdown pipeline, the sanitiser,
 * Astro's config and the installed packages. Their digest is kept in the collection's meta; a
 * sync whose code differs renders every row again.
 */
const RENDER_CODE = [
  new URL("./markdown-plugins.mjs", import.meta.url),
  new URL("./sanitize-html.ts", import.meta.url),
  new URL("../../astro.config.mjs", import.meta.url),
  new URL("../../package-lock.json", import.meta.url),
];

/** Read once per process: every collection of every sync asks, and the code stays the same. */
let renderCodeDigest: string | undefined;
const renderCode = () => {
  renderCodeDigest ??= codeDigest(RENDER_CODE);
  return renderCodeDigest;
};

/**
 * The rows the last sync rendered, read before the file loader drops them: a row whose digest
 * is unchanged keeps its rendered body instead of going through Markdown and Shiki again.
 */
function earlierRenders(context: LoaderContext): Map<string, EarlierRender> {
  const code = renderCode();
  const same = context.meta.get("render-code") === code;
  context.meta.set("render-code", code);
  const earlier = new Map<string, EarlierRender>();
  if (!same) return earlier;
  for (const [id, entry] of context.store.entries()) {
    if (entry.filePath || !entry.digest || !entry.rendered) continue;
    earlier.set(id, { digest: String(entry.digest), rendered: entry.rendered });
  }
  return earlier;
}

export async function addDatabaseRows(
  kind: Kind,
  context: LoaderContext,
  earlier: ReadonlyMap<string, EarlierRender> = new Map(),
): Promise<void> {
  const snapshot = await snapshotFor(context);
  for (const row of entriesOf(kind, snapshot)) {
    const taken = idsOf(kind, row.id)
      .map((id) => context.store.get(id))
      .find((entry) => entry);
    // A page saved in /bms replaces its file (content/about/<lang>.mdx): that is how the owner
    // edits it. Every other kind keeps one source per slug.
    if (taken && kind === "pages") context.store.delete(row.id);
    else if (taken) {
      throw new Error(
        `The ${kind} slug "${row.id}" is used twice: by ${taken.filePath ?? "a file"} and by the database row ${row.table} ${row.rowId} ("${row.label}"). Rename one of them.`,
      );
    }
    let data: Record<string, unknown>;
    try {
      data = await context.parseData({ id: row.id, data: row.data });
    } catch (error) {
      throw new Error(
        `The database row ${row.table} ${row.rowId} ("${row.label}") does not match the ${kind} schema: ${error instanceof Error ? error.message : String(error)}`,
      );
    }
    const digest = context.generateDigest({ data: row.data, body: row.body ?? "" });
    if (row.body === undefined) {
      context.store.set({ id: row.id, data, digest });
      continue;
    }
    const before = earlier.get(row.id);
    context.store.set({
      id: row.id,
      data,
      body: row.body,
      digest,
      rendered: before?.digest === digest ? before.rendered : await render(context, row.body),
    });
  }
}

/** A row's body rendered: sanitised, ids prefixed, and the contents' slugs prefixed to match. */
async function render(context: LoaderContext, body: string): Promise<RenderedContent> {
  // A leading newline: a body that starts with --- is a thematic break, not frontmatter.
  const rendered = await context.renderMarkdown(`\n${body}`);
  const { sanitizeRendered } = await loadSanitizer();
  return sanitizeRendered(rendered);
}

let sanitizer: Promise<typeof import("./sanitize-html.ts")> | undefined;

/**
 * Loaded on the first row with a body: most builds have none (a fresh clone, a site written in
 * files), and the sanitiser brings an HTML parser along. A build worker that renders later
 * changes itself (HOT_RENDERS=1, src/server/site/hot-render.ts) loads it with the first
 * collection: its later syncs run after Vite's runner, the only way to import it, has closed.
 */
function loadSanitizer() {
  sanitizer ??= import("./sanitize-html.ts");
  return sanitizer;
}

const keepForLaterSyncs = async () => {
  if (process.env.HOT_RENDERS === "1") await loadSanitizer();
};

/** A collection of the database alone (the settings): its rows, the last load's dropped first. */
export function databaseOnly(kind: Kind): Loader {
  return {
    name: DATABASE_LOADER,
    load: async (context) => {
      await keepForLaterSyncs();
      const earlier = earlierRenders(context);
      context.store.clear();
      await addDatabaseRows(kind, context, earlier);
      noteRefreshLoaded(context.refreshContextData?.changedAt);
    },
  };
}

/** The rows of the last sync, which the file loader drops when it runs. */
function dropRows(context: LoaderContext): void {
  for (const [id, entry] of context.store.entries()) {
    if (!entry.filePath) context.store.delete(id);
  }
}

/** The collection's file loader, then its database rows. */
export function filesAndDatabase(kind: Kind, files: Loader): Loader {
  return {
    name: DATABASE_LOADER,
    load: async (context) => {
      await keepForLaterSyncs();
      const earlier = earlierRenders(context);
      // A render at once after a change in the database (src/server/site/hot-render.ts) reads
      // no files: what changed is in the rows, and the whole build after it reads the files.
      if (context.refreshContextData?.[ROWS_ONLY] === true) dropRows(context);
      else await files.load(context);
      await addDatabaseRows(kind, context, earlier);
      noteRefreshLoaded(context.refreshContextData?.changedAt);
    },
  };
}
