import type { ContentSource } from "./content-snapshot.ts";

// The one interface between the site's build (Astro's content layer, astro.config.mjs) and the
// server, in both directions:
//   - the content loader (database-loader.ts) asks for the database's content with
//     `loadContentSnapshot`; the server implements `ContentSource` (its type is in
//     content-snapshot.ts, with the snapshot's shape) in src/server/site/source.ts;
//   - in `astro dev`, the config hands Astro's `refreshContent` over with `setRefreshContent`,
//     and the server's dev publisher (src/server/site/publishers.ts) calls it after a change.
// Nothing else in src/lib, the components, pages, layouts or content config names server
// code; the server uses this module's names and the snapshot's types (content-snapshot.ts),
// never the loader itself, so no import runs both ways.
//
// Why a dynamic import and not a registration: in a build no server runs that could register
// itself, and reading the database (drivers, the embedded database's lock, the queries) is
// server code. So `loadContentSnapshot` is the door, opened only when a collection loads
// (src/architecture.test.ts names it as the build's one allowed way into src/server). In
// `astro dev` the same door leads to the dev server's own open database.
//
// What crosses is kept on globalThis: astro.config.mjs, the content layer and the dev API may
// each hold their own instance of this module (Vite loads them in separate module graphs).

/**
 * The refresh context's flag of a sync that reads only the database's rows, not the files: the
 * build worker's render at once after a change (src/server/site/hot-render.ts).
 */
export const ROWS_ONLY = "rowsOnly";

/** The name of the collections' loader: a dev refresh reloads the collections it loads. */
export const DATABASE_LOADER = "blog-files-and-database";

/**
 * The database's content for the collections (the door to server code, see above). A build
 * keeps the loaded function: the build worker syncs content again after its build
 * (src/server/site/hot-render.ts), when the Vite runner that imported it is closed. `astro dev`
 * imports it each time, so an edit of the server code is seen.
 */
export const loadContentSnapshot: ContentSource = async (options) => {
  const kept = options.dev ? undefined : bridge.__blogLoadSnapshot;
  if (kept) return kept(options);
  const { loadSnapshot } = await import("../server/site/source.ts");
  if (!options.dev) bridge.__blogLoadSnapshot = loadSnapshot;
  return loadSnapshot(options);
};

/** Astro's `refreshContent` (the `astro:server:setup` hook's), as far as we call it. */
export type RefreshContent = (options: {
  loaders?: string[];
  context?: Record<string, unknown>;
}) => Promise<void>;

// Adds our two names to globalThis's type; the values are ours.
const bridge = globalThis as typeof globalThis & {
  __blogRefreshContent?: RefreshContent;
  __blogLoadSnapshot?: ContentSource;
  __blogRefreshLoaded?: number;
};

/** `astro dev`: the integration in astro.config.mjs leaves Astro's refreshContent here. */
export function setRefreshContent(refresh: RefreshContent): void {
  bridge.__blogRefreshContent = refresh;
}

/** The refreshContent left by `astro dev`; undefined anywhere else. */
export function refreshContent(): RefreshContent | undefined {
  return bridge.__blogRefreshContent;
}

/**
 * Called by the loader when it has loaded the rows of a refresh (its context's `changedAt`).
 * Astro may skip a sync and still resolve `refreshContent` (its content config was reloading
 * and did not settle in 5 s): the dev publisher asks again when no loader saw its refresh.
 */
export function noteRefreshLoaded(changedAt: unknown): void {
  if (typeof changedAt !== "number") return;
  bridge.__blogRefreshLoaded = Math.max(bridge.__blogRefreshLoaded ?? 0, changedAt);
}

/** The latest refresh (its `changedAt`) whose rows a collection has loaded; 0 before any. */
export function lastRefreshLoaded(): number {
  return bridge.__blogRefreshLoaded ?? 0;
}
