import {
  type ContentSnapshot,
  SNAPSHOT_VERSION,
  type Visible,
} from "../../lib/content-snapshot.ts";
import type { SiteChange } from "../../shared/build-status.ts";
import { fromCategoryColumns } from "../../shared/content.ts";
import { libraryImageId, type Picture } from "../../shared/kinds/photo.ts";
import { settingsFrom } from "../../shared/kinds/settings.ts";
import type { Db } from "../db/client.ts";
import { toMediaRecord } from "../media/service.ts";
import {
  bannerTimes,
  readMedia,
  readPublishedChapters,
  readRedirects,
  readSettingsRow,
  readVisible,
  scheduledTimes,
} from "./repository.ts";

// The snapshot's shape and file live with the loader that reads them (src/lib/content-snapshot.ts),
// re-exported here for the server code that writes them.
export * from "../../lib/content-snapshot.ts";

// What the site build needs from the database: every row that is published or scheduled
// (drafts never leave the database), as plain JSON. The build's content loader reads it
// straight from the database, or from a file written by the process that holds the embedded
// database (one process at a time may open a PGlite folder).

const isVisible = <R extends { status: string }>(row: R): row is R & { status: Visible } =>
  row.status === "published" || row.status === "scheduled";

/**
 * A row as the build gets it. A column has its field's name (src/shared/kinds/<kind>.ts), so a
 * row is its snapshot entry but for its times (ISO strings; no publish time counts as published
 * at the last edit) and what the build never needs (its author, its creation time): no field is
 * named here.
 */
function entry<
  R extends { status: Visible; publishedAt: Date | null; createdAt: Date; updatedAt: Date },
>(row: R & { authorId?: string | null }) {
  const { authorId: _author, createdAt: _created, ...fields } = row;
  return {
    ...fields,
    publishedAt: (row.publishedAt ?? row.updatedAt).toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** Reads every published or scheduled item; rows without a publish time count as published at their last edit. */
export async function takeSnapshot(db: Db): Promise<ContentSnapshot> {
  const [categories, articles, notes, books, albums, photos, tags, banners, pages, groups, links] =
    await readVisible(db, new Date());
  const settingsRow = await readSettingsRow(db);
  const settings = settingsRow ? settingsFrom(settingsRow.value) : null;
  const pictures = await picturesOf(db, [
    ...photos.map((p) => p.image),
    ...banners.map((b) => b.image),
    ...(settings?.authorAvatar ? [settings.authorAvatar] : []),
  ]);
  const bookSlugs = new Map(books.map((b) => [b.id, b.slug]));
  const visibleArticles = articles.filter(isVisible);
  // An old address leads only to a page the site shows.
  const shown = new Set(visibleArticles.map((a) => `/articles/${a.slug}/`));
  const redirects = (await readRedirects(db)).filter((r) => shown.has(r.to));
  const chapterRows = await readPublishedChapters(db, [...bookSlugs.keys()]);
  const chapterSlugs = new Map(chapterRows.map((c) => [c.id, c.slug]));
  return {
    version: SNAPSHOT_VERSION,
    takenAt: new Date().toISOString(),
    categories: categories.map(({ createdAt: _created, updatedAt: _updated, ...row }) =>
      fromCategoryColumns(row),
    ),
    articles: visibleArticles.map(entry),
    notes: notes.filter(isVisible).map(entry),
    books: books.filter(isVisible).map(entry),
    albums: albums.map(({ createdAt: _created, updatedAt: _updated, ...row }) => row),
    photos: photos
      .filter(isVisible)
      .map((row) => ({ ...entry(row), picture: pictures.get(row.image) ?? null })),
    photoTags: tags.map(({ tag, name }) => ({ tag, name })),
    banners: banners.map(({ createdAt: _created, updatedAt: _updated, ...row }) => ({
      ...row,
      startsAt: row.startsAt?.toISOString() ?? null,
      endsAt: row.endsAt?.toISOString() ?? null,
      picture: pictures.get(row.image) ?? null,
    })),
    pages: pages.map(({ slug, lang, body, updatedAt }) => ({
      slug,
      lang,
      body,
      updatedAt: updatedAt.toISOString(),
    })),
    navigation: groups.map(({ createdAt: _created, updatedAt: _updated, ...group }) => ({
      ...group,
      links: links
        .filter((link) => link.group === group.id)
        .map(({ group: _group, order: _order, createdAt: _c, updatedAt: _u, ...link }) => link),
    })),
    settings: settings && {
      ...settings,
      avatarPicture: pictures.get(settings.authorAvatar) ?? null,
    },
    chapters: chapterRows
      // A chapter under a draft parent stays out with its parent.
      .filter((c) => !c.parentId || chapterSlugs.has(c.parentId))
      .flatMap(({ bookId, parentId, createdAt: _created, status, ...c }) => {
        const book = bookSlugs.get(bookId);
        if (!book || status !== "published") return [];
        const parent = parentId ? (chapterSlugs.get(parentId) ?? null) : null;
        return [{ ...c, book, parent, status, updatedAt: c.updatedAt.toISOString() }];
      }),
    redirects,
  };
}

/** The pictures of the library images `sources` name, by source, in one query. */
async function picturesOf(db: Db, sources: string[]): Promise<Map<string, Picture>> {
  const ids = new Map(
    sources.flatMap((src) => {
      const id = libraryImageId(src);
      return id ? [[id, src] as const] : [];
    }),
  );
  if (ids.size === 0) return new Map();
  const rows = await readMedia(db, [...ids.keys()]);
  return new Map(
    rows.map((row) => {
      const { width, height, color, placeholder, exif, variants } = toMediaRecord(row, []);
      return [ids.get(row.id) ?? "", { width, height, color, placeholder, exif, variants }];
    }),
  );
}

/** The earliest scheduled time still in the future, or null: when the site must next rebuild by itself. */
export async function nextScheduledAt(db: Db, now = new Date()): Promise<Date | null> {
  const future = [...(await scheduledTimes(db)), ...(await bannerTimes(db))]
    .filter((at) => at.getTime() > now.getTime())
    .sort((a, b) => a.getTime() - b.getTime());
  return future[0] ?? null;
}

/** Writes the snapshot atomically (a reader never sees half a file). */

/** The kinds of change that name one item a build can leave out (`<kind>.<verb>` actions). */
const LEAVABLE = ["articles", "notes", "books", "photos", "chapters"] as const;
type Leavable = (typeof LEAVABLE)[number];

/** The item a change names, as `<kind>:<item>`, when a build can leave it out; else null. */
export function leavableItem(change: SiteChange): string | null {
  const kind = change.action.slice(0, change.action.lastIndexOf("."));
  if (!change.item || !LEAVABLE.some((k) => k === kind)) return null;
  return `${kind}:${change.item}`;
}

/**
 * The snapshot without the items `keys` name (`leavableItem`'s): a book left out takes its
 * chapters with it; a chapter is named `<book>/<chapter>`.
 */
export function leaveOut(snapshot: ContentSnapshot, keys: ReadonlySet<string>): ContentSnapshot {
  if (keys.size === 0) return snapshot;
  const out = (kind: Leavable, item: string) => keys.has(`${kind}:${item}`);
  return {
    ...snapshot,
    articles: snapshot.articles.filter((a) => !out("articles", a.slug)),
    notes: snapshot.notes.filter((n) => !out("notes", n.slug)),
    books: snapshot.books.filter((b) => !out("books", b.slug)),
    photos: snapshot.photos.filter((p) => !out("photos", p.slug)),
    chapters: snapshot.chapters.filter(
      (c) => !out("books", c.book) && !out("chapters", `${c.book}/${c.slug}`),
    ),
  };
}
