import {
  type CreatePhotoInput,
  type ListPhotosQuery,
  libraryImageId,
  NO_ALBUM,
  type PhotoSort,
  type UpdatePhotoInput,
} from "../../shared/content.ts";
import { photoRecord } from "../content/records.ts";
import { itemService } from "../content/service/items.ts";
import {
  type ContentContext,
  invalid,
  laterFirst,
  latestChangeFirst,
  matches,
  newestFirst,
  type Sortable,
} from "../content/service/shared.ts";
import { mediaExists } from "../media/service.ts";
import { assertAlbumExists } from "./albums.ts";
import * as repo from "./repository.ts";

/** The photo list's orders, as the repository's `photoOrder` sorts the rows. */
const PHOTO_ORDERS: Record<PhotoSort, (a: Listed, b: Listed) => number> = {
  published: newestFirst,
  taken: (a, b) => laterFirst(a.takenAt, b.takenAt) || newestFirst(a, b),
  updated: latestChangeFirst,
};
type Listed = Sortable & { takenAt: string | null };

/**
 * A photo's image is an image of the media library that is still there (the body's rule already
 * refused any other path).
 */
export async function assertLibraryImage(ctx: ContentContext, src: string) {
  const id = libraryImageId(src);
  if (id && (await mediaExists(ctx.db, id))) return;
  throw invalid(
    "image",
    `no image ${id ?? src} in the media library`,
    "bmsPhotos.problems.imageMissing",
  );
}

/**
 * Photos of the gallery: a library image, kept in an album that must exist (or none), listed by
 * album, tag, featured and text.
 */
export const photos = itemService<CreatePhotoInput, UpdatePhotoInput, ListPhotosQuery>()({
  name: "photo",
  rows: repo.photos,
  files: (files) => files.photos(),
  record: photoRecord,
  async check(ctx, input, current) {
    if (input.image !== undefined && input.image !== current?.image) {
      await assertLibraryImage(ctx, input.image);
    }
    if (input.album && input.album !== current?.album) {
      await assertAlbumExists(ctx, input.album);
    }
  },
  list: {
    fromRow: photoRecord,
    fromFile: (item) => item,
    keep: (query, item) =>
      (!query.album || item.album === (query.album === NO_ALBUM ? null : query.album)) &&
      (query.featured === undefined || item.featured === query.featured) &&
      (!query.tag || item.tags.includes(query.tag)) &&
      matches(
        query.q,
        item.slug,
        ...Object.values(item.title),
        ...Object.values(item.caption),
        ...item.tags,
      ),
    order: (query) => PHOTO_ORDERS[query.sort],
    facet: (item) => ({ group: item.album, tags: item.tags }),
  },
});
