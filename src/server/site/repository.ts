import { and, asc, eq, gt, inArray, isNull, lte, or } from "drizzle-orm";
import type { Visible } from "../../lib/content-snapshot.ts";
import type { Db } from "../db/client.ts";
import { bannerOrder, navGroupOrder, navLinkOrder } from "../db/orders.ts";
import {
  contentAlbums,
  contentArticles,
  contentBanners,
  contentBooks,
  contentCategories,
  contentChapters,
  contentNotes,
  contentPhotos,
  media,
  navGroups,
  navLinks,
  photoTagNames,
  redirects,
  sitePages,
  siteSettings,
} from "../db/schema.ts";

// The SQL of the site build and of scheduled publishing: what a build reads (published and
// scheduled rows only; drafts never leave the database) and when the site must rebuild by itself.

const VISIBLE: Visible[] = ["published", "scheduled"];

/** The kinds whose items can be scheduled. */
const SCHEDULABLE = [contentArticles, contentNotes, contentBooks, contentPhotos];

/**
 * Every published or scheduled row a build shows, with the groupings, banners and pages: the
 * categories, articles, notes, books, albums, photos, photo tags, banners, pages, navigation
 * groups and links, in that order.
 */
export async function readVisible(db: Db, now: Date) {
  return Promise.all([
    db.select().from(contentCategories).orderBy(asc(contentCategories.order)),
    db.select().from(contentArticles).where(inArray(contentArticles.status, VISIBLE)),
    db.select().from(contentNotes).where(inArray(contentNotes.status, VISIBLE)),
    db.select().from(contentBooks).where(inArray(contentBooks.status, VISIBLE)),
    db.select().from(contentAlbums).orderBy(asc(contentAlbums.order)),
    db.select().from(contentPhotos).where(inArray(contentPhotos.status, VISIBLE)),
    db.select().from(photoTagNames).orderBy(asc(photoTagNames.tag)),
    // Banners switched on and not ended; one still to start is rebuilt in when it starts.
    db
      .select()
      .from(contentBanners)
      .where(
        and(
          eq(contentBanners.enabled, true),
          or(isNull(contentBanners.endsAt), gt(contentBanners.endsAt, now)),
        ),
      )
      .orderBy(...bannerOrder),
    // A page saved in /bms is live at once: it replaces its file.
    db.select().from(sitePages),
    db
      .select()
      .from(navGroups)
      .orderBy(...navGroupOrder),
    // Hidden links never leave the database.
    db
      .select()
      .from(navLinks)
      .where(eq(navLinks.hidden, false))
      .orderBy(...navLinkOrder),
  ]);
}

/** The site's settings row, or undefined before the first save. */
/** Every old address an import left, with the page it leads to. */
export function readRedirects(db: Db) {
  return db
    .select({ from: redirects.fromPath, to: redirects.toPath })
    .from(redirects)
    .orderBy(asc(redirects.fromPath));
}

export async function readSettingsRow(db: Db) {
  const [row] = await db.select().from(siteSettings);
  return row;
}

/** The published chapters of the books `bookIds`. */
export function readPublishedChapters(db: Db, bookIds: string[]) {
  if (bookIds.length === 0) return Promise.resolve([]);
  return db
    .select()
    .from(contentChapters)
    .where(and(inArray(contentChapters.bookId, bookIds), eq(contentChapters.status, "published")));
}

/** The library's rows of the images `ids`. */
export function readMedia(db: Db, ids: string[]) {
  return db.select().from(media).where(inArray(media.id, ids));
}

/** The publish times of every scheduled item. */
export async function scheduledTimes(db: Db): Promise<Date[]> {
  const times = await Promise.all(
    SCHEDULABLE.map((table) =>
      db.select({ at: table.publishedAt }).from(table).where(eq(table.status, "scheduled")),
    ),
  );
  return times.flat().flatMap((r) => (r.at ? [r.at] : []));
}

/** When a banner that is switched on starts or ends: the home page changes then. */
export async function bannerTimes(db: Db): Promise<Date[]> {
  const rows = await db
    .select({ startsAt: contentBanners.startsAt, endsAt: contentBanners.endsAt })
    .from(contentBanners)
    .where(eq(contentBanners.enabled, true));
  return rows.flatMap((row) => [row.startsAt, row.endsAt]).filter((at): at is Date => !!at);
}

/** How many scheduled items have their time in `(since, now]`. */
export async function countDue(db: Db, since: Date, now: Date): Promise<number> {
  const due = await Promise.all(
    SCHEDULABLE.map(async (table) => {
      const rows = await db
        .select({ id: table.id })
        .from(table)
        .where(
          and(
            eq(table.status, "scheduled"),
            gt(table.publishedAt, since),
            lte(table.publishedAt, now),
          ),
        );
      return rows.length;
    }),
  );
  return due.reduce((a, b) => a + b, 0);
}
