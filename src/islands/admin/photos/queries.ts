import { api, bySlug, send } from "../../../shared/api-client.ts";
import type { PhotoRecord } from "../../../shared/content.ts";
import { CONTENT_LIMITS } from "../../../shared/content-rules.ts";
import type { SavePhotoTagInput } from "../../../shared/kinds/photo.ts";
import { type BulkRequest, eachBulk } from "../app/content/bulk.ts";
import { useOpenItem, useSaveItem } from "../app/content/editor-save.ts";
import { dataOf, usePageQuery, useWrite } from "../app/query.ts";
import type { AlbumValues } from "./album-schema.ts";
import type { PhotoValues } from "./schema.ts";

// The photos' and albums' server state: a query per page of each list and one per photo opened
// in the editor (their library images are read by media/queries.ts); a mutation per write (bulk
// actions one call per photo); every write invalidates its feature's key.

/**
 * What the photo list is filtered by ("" for any): words, a status, an album's slug, a tag, and
 * `true` or `false` for featured photos or the others.
 */
export interface PhotoFilters extends Record<string, string> {
  q: string;
  status: string;
  album: string;
  tag: string;
  featured: string;
  /** One of `PHOTO_SORTS`; empty for the default, newest published. */
  sort: string;
}

export const photosKey = ["photos"] as const;
const albumsKey = ["albums"] as const;

/** One page of photos (database rows and files), filtered: drafts first, then newest. */
export const usePhotoPage = (filters: PhotoFilters, page: number) =>
  usePageQuery(photosKey, filters, page, (query) => send(api.admin.photos.$get({ query })));

/** The photo the editor opens (`useOpenItem`): the one just `created` as the create answered. */
export const usePhoto = (id: string, created: PhotoRecord | undefined) =>
  useOpenItem(photosKey, api.admin.photos, id, created);

/**
 * Saves a new photo with the status of the button pressed, or an edit: its content first
 * (always for Save, else when changed), then Publish now, Schedule or Unpublish.
 */
export const useSavePhoto = () =>
  useSaveItem<PhotoRecord, PhotoValues>(photosKey, api.admin.photos);

/**
 * Publishes, unpublishes, deletes or moves to an album each selected photo, one call each in
 * turn; the outcome says which were refused and why.
 */
export const useBulkPhotos = () =>
  useWrite(photosKey, (request: BulkRequest<PhotoRecord>) =>
    eachBulk(api.admin.photos[":id"], request),
  );

// --- Albums ---------------------------------------------------------------------------------

/** One page of every album, files' and the database's, by order (as long as the API allows). */
export const useAlbumPage = (page: number) =>
  usePageQuery(
    albumsKey,
    {},
    page,
    (query) => send(api.admin.albums.$get({ query })),
    CONTENT_LIMITS.pageSize,
  );

/**
 * Every album, for the photo list's filter and names and the editor's select: the first page,
 * which holds them all (albums are few; a page holds the most the API gives).
 */
export const useAlbums = () => useAlbumPage(1);

export const useAddAlbum = () =>
  useWrite(albumsKey, (album: AlbumValues) =>
    dataOf(send(api.admin.albums.$post({ json: album }))),
  );

/** Renames an album, rewrites its description or moves it in the order; its slug stays. */
export const useUpdateAlbum = () =>
  useWrite(albumsKey, ({ slug, ...changes }: AlbumValues) =>
    dataOf(send(api.admin.albums[":slug"].$put({ ...bySlug(slug), json: changes }))),
  );

/** Deletes an album; the server refuses one a photo is still kept in (409). */
export const useDeleteAlbum = () =>
  useWrite(albumsKey, (slug: string) =>
    dataOf(send(api.admin.albums[":slug"].$delete(bySlug(slug)))),
  );

// --- Tag names ------------------------------------------------------------------------------

const photoTagsKey = ["photo-tags"] as const;
const byTag = (tag: string) => ({ param: { tag: encodeURIComponent(tag) } });

/** One page of the gallery's tags, by tag, with their photos and names. */
export const usePhotoTagPage = (page: number) =>
  usePageQuery(
    photoTagsKey,
    {},
    page,
    (query) => send(api.admin["photo-tags"].$get({ query })),
    CONTENT_LIMITS.pageSize,
  );

/** Names a tag in both languages, or renames it. */
export const useSavePhotoTag = () =>
  useWrite(photoTagsKey, ({ tag, name }: { tag: string; name: SavePhotoTagInput["name"] }) =>
    dataOf(send(api.admin["photo-tags"][":tag"].$put({ ...byTag(tag), json: { name } }))),
  );

/** Clears a tag's names: it shows as written again. */
export const useClearPhotoTag = () =>
  useWrite(photoTagsKey, (tag: string) =>
    dataOf(send(api.admin["photo-tags"][":tag"].$delete(byTag(tag)))),
  );
