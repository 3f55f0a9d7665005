import { and, desc, eq, exists, ilike, inArray, not, or, type SQL, sql } from "drizzle-orm";
import type { PgColumn } from "drizzle-orm/pg-core";
import type { ListMediaQuery, MediaUse } from "../../shared/kinds/media.ts";
import type { Db } from "../db/client.ts";
import { firstRow, pageOfRows, type RowPage, search } from "../db/queries.ts";
import {
  contentArticles,
  contentBanners,
  contentBooks,
  contentNotes,
  contentPhotos,
  media,
  navLinks,
  siteSettings,
} from "../db/schema.ts";
import { MEDIA_PATH } from "./store.ts";

export type MediaRow = typeof media.$inferSelect;
export type NewMediaRow = typeof media.$inferInsert;

export async function insertMedia(db: Db, row: NewMediaRow): Promise<MediaRow> {
  const [inserted] = await db.insert(media).values(row).returning();
  if (!inserted) throw new Error("the media row was not inserted");
  return inserted;
}

export const findMedia = (db: Db, id: string) =>
  firstRow(db.select().from(media).where(eq(media.id, id)));

/**
 * A page of the library, newest first; `q` searches the name, alt texts, captions and tags,
 * `tag` and `type` keep the images that have them, `unused` those no content row names, `ids`
 * those images.
 */
export function listMedia(db: Db, query: ListMediaQuery): Promise<RowPage<MediaRow>> {
  const asText = (column: PgColumn) => sql`${column}::text`;
  const where = and(
    search(query.q, [media.name, asText(media.alt), asText(media.caption), asText(media.tags)]),
    query.tag ? sql`${media.tags} @> ${JSON.stringify([query.tag])}::jsonb` : undefined,
    query.type ? eq(media.type, query.type) : undefined,
    query.unused ? not(used(db, sql`${media.id}::text`)) : undefined,
    query.ids ? inArray(media.id, query.ids) : undefined,
  );
  return pageOfRows(db, media, where, [desc(media.createdAt), desc(media.id)], query);
}

/** Every tag the library's images carry, each once, in order. */
export async function mediaTags(db: Db): Promise<string[]> {
  const tag = sql<string>`jsonb_array_elements_text(${media.tags})`;
  const rows = await db.selectDistinct({ tag }).from(media).orderBy(sql`1`);
  return rows.map((row) => row.tag);
}

export async function updateMedia(
  db: Db,
  id: string,
  patch: { [K in "alt" | "caption" | "tags"]?: MediaRow[K] | undefined },
): Promise<MediaRow | null> {
  return firstRow(
    db
      .update(media)
      .set({ ...patch, updatedAt: new Date() })
      .where(eq(media.id, id))
      .returning(),
  );
}

export const deleteMedia = (db: Db, id: string) =>
  firstRow(db.delete(media).where(eq(media.id, id)).returning());

// Where an image is used: the content rows whose cover, images or body name one of its files
// (`/api/media/m-{id}-…`). Files under content/ name images by path too, but are the owner's to
// edit in the repository; only the database's rows are looked at. `id` is the image's id as
// text, a value or a column; the conditions are the same for the list's `unused` filter and
// for the uses of a page of images.

/** What a content column holds when it names one of the files of the image `id`. */
const nameOf = (id: SQL) => sql`${`%${MEDIA_PATH}m-`} || ${id} || '-%'`;

const articleNames = (id: SQL) =>
  or(ilike(contentArticles.cover, nameOf(id)), ilike(contentArticles.body, nameOf(id)));
const noteNames = (id: SQL) =>
  or(ilike(sql`${contentNotes.images}::text`, nameOf(id)), ilike(contentNotes.body, nameOf(id)));
const bookNames = (id: SQL) => ilike(contentBooks.cover, nameOf(id));
const photoNames = (id: SQL) => ilike(contentPhotos.image, nameOf(id));
const bannerNames = (id: SQL) => ilike(contentBanners.image, nameOf(id));
const navLinkNames = (id: SQL) => ilike(navLinks.icon, nameOf(id));
const settingsNames = (id: SQL) => ilike(sql`${siteSettings.value}->>'authorAvatar'`, nameOf(id));

/** Whether a content row names the image `id`. */
function used(db: Db, id: SQL): SQL {
  const one = sql`1`;
  return sql`(${exists(db.select({ one }).from(contentArticles).where(articleNames(id)))}
    or ${exists(db.select({ one }).from(contentNotes).where(noteNames(id)))}
    or ${exists(db.select({ one }).from(contentBooks).where(bookNames(id)))}
    or ${exists(db.select({ one }).from(contentPhotos).where(photoNames(id)))}
    or ${exists(db.select({ one }).from(contentBanners).where(bannerNames(id)))}
    or ${exists(db.select({ one }).from(navLinks).where(navLinkNames(id)))}
    or ${exists(db.select({ one }).from(siteSettings).where(settingsNames(id)))})`;
}

/**
 * Where each of `ids` is used, in seven queries whatever their number (one per kind of content,
 * and the settings, whose author's avatar may be one):
 * each table joined to the ids, a row once per image it names.
 */
export async function usesOfEach(db: Db, ids: readonly string[]): Promise<Map<string, MediaUse[]>> {
  const uses = new Map<string, MediaUse[]>(ids.map((id) => [id, []]));
  if (ids.length === 0) return uses;
  const named = sql`(values ${sql.join(
    ids.map((id) => sql`(${id}::text)`),
    sql`, `,
  )}) as named(id)`;
  const mediaId = sql<string>`named.id`;
  const [articles, notes, books, photos, banners, links, settings] = await Promise.all([
    db
      .select({ mediaId, id: contentArticles.id, title: contentArticles.title })
      .from(contentArticles)
      .innerJoin(named, articleNames(mediaId))
      .orderBy(contentArticles.createdAt, contentArticles.id),
    db
      // A note has no title: its first words stand for it.
      .select({ mediaId, id: contentNotes.id, title: sql<string>`left(${contentNotes.body}, 60)` })
      .from(contentNotes)
      .innerJoin(named, noteNames(mediaId))
      .orderBy(contentNotes.createdAt, contentNotes.id),
    db
      .select({ mediaId, id: contentBooks.id, title: contentBooks.title })
      .from(contentBooks)
      .innerJoin(named, bookNames(mediaId))
      .orderBy(contentBooks.createdAt, contentBooks.id),
    db
      // A photo's title in both languages: the English one stands for it.
      .select({
        mediaId,
        id: contentPhotos.id,
        title: sql<string>`${contentPhotos.title}->>'en-US'`,
      })
      .from(contentPhotos)
      .innerJoin(named, photoNames(mediaId))
      .orderBy(contentPhotos.createdAt, contentPhotos.id),
    db
      // A banner's title in both languages: the English one stands for it.
      .select({
        mediaId,
        id: contentBanners.id,
        title: sql<string>`${contentBanners.title}->>'en-US'`,
      })
      .from(contentBanners)
      .innerJoin(named, bannerNames(mediaId))
      .orderBy(contentBanners.createdAt, contentBanners.id),
    db
      // A navigation link's icon; its English title stands for it.
      .select({ mediaId, id: navLinks.id, title: sql<string>`${navLinks.title}->>'en-US'` })
      .from(navLinks)
      .innerJoin(named, navLinkNames(mediaId))
      .orderBy(navLinks.createdAt, navLinks.id),
    db
      // The site's settings: the author's avatar; the author's name stands for it.
      .select({
        mediaId,
        id: siteSettings.id,
        title: sql<string>`coalesce(${siteSettings.value}->'authorName'->>'en-US', '')`,
      })
      .from(siteSettings)
      .innerJoin(named, settingsNames(mediaId)),
  ]);
  const rows = [
    ...articles.map((row) => ({ ...row, kind: "article" as const })),
    ...notes.map((row) => ({ ...row, kind: "note" as const })),
    ...books.map((row) => ({ ...row, kind: "book" as const })),
    ...photos.map((row) => ({ ...row, kind: "photo" as const })),
    ...banners.map((row) => ({ ...row, kind: "banner" as const })),
    ...links.map((row) => ({ ...row, kind: "navLink" as const })),
    ...settings.map((row) => ({ ...row, kind: "settings" as const })),
  ];
  for (const { mediaId: of, kind, id, title } of rows) uses.get(of)?.push({ kind, id, title });
  return uses;
}

/** Deletes those of `ids` that no content row names; answers the rows deleted. */
export function deleteUnusedMedia(db: Db, ids: readonly string[]): Promise<MediaRow[]> {
  if (ids.length === 0) return Promise.resolve([]);
  return db
    .delete(media)
    .where(and(inArray(media.id, [...ids]), not(used(db, sql`${media.id}::text`))))
    .returning();
}

/** Where one image is used. */
export async function usesOf(db: Db, id: string): Promise<MediaUse[]> {
  return (await usesOfEach(db, [id])).get(id) ?? [];
}
