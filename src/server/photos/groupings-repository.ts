import { asc, eq } from "drizzle-orm";
import type { ContentLang, ContentStatus } from "../../shared/content-rules.ts";
import type { Db } from "../db/client.ts";
import type { AlbumRow, NewAlbum } from "../db/items.ts";
import { firstRow, type Patch } from "../db/queries.ts";
import { contentAlbums, contentPhotos, photoTagNames } from "../db/schema.ts";

// The SQL of what photos are grouped by: albums and tag names.

// --- Albums ---------------------------------------------------------------------------------

export async function listAlbums(db: Db): Promise<AlbumRow[]> {
  return db.select().from(contentAlbums).orderBy(asc(contentAlbums.order), asc(contentAlbums.slug));
}

export function findAlbum(db: Db, slug: string): Promise<AlbumRow | null> {
  return firstRow(db.select().from(contentAlbums).where(eq(contentAlbums.slug, slug)));
}

/** Inserts an album; null when the slug is taken. */
export function insertAlbum(db: Db, values: NewAlbum): Promise<AlbumRow | null> {
  return firstRow(db.insert(contentAlbums).values(values).onConflictDoNothing().returning());
}

export function updateAlbum(
  db: Db,
  slug: string,
  patch: Patch<Omit<AlbumRow, "slug">>,
): Promise<AlbumRow | null> {
  return firstRow(
    db
      .update(contentAlbums)
      .set({ ...patch, updatedAt: new Date() })
      .where(eq(contentAlbums.slug, slug))
      .returning(),
  );
}

export function deleteAlbum(db: Db, slug: string): Promise<AlbumRow | null> {
  return firstRow(db.delete(contentAlbums).where(eq(contentAlbums.slug, slug)).returning());
}

/** The slug of a photo in the database kept in `album`, if any. */
export async function photoInAlbum(db: Db, album: string): Promise<string | null> {
  const [row] = await db
    .select({ slug: contentPhotos.slug })
    .from(contentPhotos)
    .where(eq(contentPhotos.album, album))
    .orderBy(asc(contentPhotos.slug))
    .limit(1);
  return row?.slug ?? null;
}

// --- Photo tag names ------------------------------------------------------------------------

export type PhotoTagRow = typeof photoTagNames.$inferSelect;

export function listPhotoTagNames(db: Db): Promise<PhotoTagRow[]> {
  return db.select().from(photoTagNames).orderBy(asc(photoTagNames.tag));
}

/** Names a tag, or renames it. */
export function savePhotoTagName(
  db: Db,
  tag: string,
  name: Record<ContentLang, string>,
): Promise<PhotoTagRow | null> {
  const updatedAt = new Date();
  return firstRow(
    db
      .insert(photoTagNames)
      .values({ tag, name, updatedAt })
      .onConflictDoUpdate({ target: photoTagNames.tag, set: { name, updatedAt } })
      .returning(),
  );
}

export function deletePhotoTagName(db: Db, tag: string): Promise<PhotoTagRow | null> {
  return firstRow(db.delete(photoTagNames).where(eq(photoTagNames.tag, tag)).returning());
}

/** Every photo's tags in the database with its status, drafts included. */
export function photoTagLists(
  db: Db,
): Promise<{ tags: string[]; status: ContentStatus; publishedAt: Date | null }[]> {
  return db
    .select({
      tags: contentPhotos.tags,
      status: contentPhotos.status,
      publishedAt: contentPhotos.publishedAt,
    })
    .from(contentPhotos);
}
