import { createHash } from "node:crypto";
import { type Article, allCategories, filtersOf } from "./content.ts";
import { type Experiment, labSource } from "./labs.ts";
import type { Gallery } from "./photos.ts";
import { siteSettings } from "./settings.ts";

// The keys of incremental builds (astro.config.mjs, `experimental.incrementalBuild`). A page
// that getStaticPaths() returns with a `cacheKey` is copied from the previous build when its
// key and its code are both unchanged. So a key names everything the page shows: the entries
// it prints (by their digest, which covers their data and body) and what every page prints,
// the site's settings. A key that misses something shows stale text, which is worse than a
// slow build: src/server/site/incremental.test.ts compares incremental builds with ones from scratch.

/** What a key may be made of: entries (named by their digest), and plain JSON values. */
type Part = unknown;

interface Digested {
  id: string;
  digest?: string | undefined;
  data?: unknown;
}

const isEntry = (value: unknown): value is Digested =>
  typeof value === "object" &&
  value !== null &&
  "id" in value &&
  typeof value.id === "string" &&
  "collection" in value;

/** An entry as its id and digest; anything else as it is (JSON). */
function replacer(_key: string, value: unknown): unknown {
  if (isEntry(value)) return { id: value.id, digest: value.digest ?? value.data };
  if (value instanceof Map) return [...value];
  if (value instanceof Set) return [...value];
  return value;
}

/** The key of a page that shows `parts`: their digest with the site's settings'. */
export async function cacheKey(...parts: Part[]): Promise<string> {
  const settings = await siteSettings();
  return (
    createHash("sha256")
      // The schemas' code (set by astro.config.mjs): an entry's digest is its file's, so a field
      // added to a kind changes what a page shows but no entry's digest.
      .update(JSON.stringify([settings, process.env.CONTENT_SCHEMA_DIGEST ?? "", parts], replacer))
      .digest("base64url")
  );
}

/**
 * The key of a page of an article list: its cards (each card's article and its translation)
 * and the filters every list shows (the categories' names, the tags), with `more` (the page's
 * number and count, its tag or language).
 */
export async function articleListKey(
  items: unknown,
  all: readonly Article[],
  ...more: Part[]
): Promise<string> {
  return cacheKey(items, await allCategories(), filtersOf(all), ...more);
}

const galleryKeys = new WeakMap<Gallery, Promise<string>>();

/**
 * The key of every gallery page: each shows the filters (every album, tag and year), and a
 * photo's page its neighbours, so a photo, an album or a tag's name changes them all.
 */
export function galleryKey(gallery: Gallery): Promise<string> {
  let key = galleryKeys.get(gallery);
  if (!key) {
    key = cacheKey(
      gallery.photos,
      gallery.albums.map(({ photos: _photos, cover, ...album }) => ({
        ...album,
        cover: cover.slug,
      })),
      gallery.tags.map(({ key, name }) => [key, name]),
    );
    galleryKeys.set(gallery, key);
  }
  return key;
}

/** The key of a lab experiment's page: its entry and the source it shows. */
export function labKey(experiment: Experiment): Promise<string> {
  const { entry } = experiment;
  return cacheKey(entry, entry.data.sources.map(labSource));
}
