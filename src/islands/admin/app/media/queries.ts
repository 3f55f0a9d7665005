import { useQuery, useQueryClient } from "@tanstack/react-query";
import { api, byId, send } from "../../../../shared/api-client.ts";
import { libraryImageId } from "../../../../shared/content.ts";
import { CONTENT_LIMITS } from "../../../../shared/content-rules.ts";
import type { MediaRecord, UpdateMediaInput } from "../../../../shared/kinds/media.ts";
import { eachInTurn } from "../bulk.ts";
import { CallFailure, dataOf, usePageQuery, useWrite } from "../query.ts";
import { withTags } from "./schema.ts";
import { type UploadOptions, uploadImage } from "./upload.ts";

// The library's server state: a query per page of the grid, one for its tags and one per image
// opened; a mutation per write (an upload, an edit, a delete, a bulk action). Every write
// invalidates the feature's key, so the grid, the tags and an open image show what the server
// holds.

const mediaKey = ["media"] as const;

/** How many images a page of the grid holds: whole rows of 2, 3, 5 or 6. */
export const MEDIA_PAGE_SIZE = 30;

/** What the grid is filtered by ("" for any): words, a tag, a type, "1" for unused only. */
export interface MediaFilterValues {
  q: string;
  tag: string;
  type: string;
  unused: string;
}

/** One page of the library, newest first, filtered. */
export const useMediaPage = (filters: MediaFilterValues, page: number) =>
  usePageQuery(
    mediaKey,
    filters,
    page,
    (query) => send(api.admin.media.$get({ query })),
    MEDIA_PAGE_SIZE,
  );

/** Every tag of the library, for the tag filter. */
export const useMediaTags = () =>
  useQuery({
    queryKey: [...mediaKey, "tags"],
    queryFn: () => dataOf(send(api.admin.media.tags.$get())),
  });

/** One image, read afresh when opened (where it is used may have changed); the grid's meanwhile. */
export const useMediaItem = (record: MediaRecord) =>
  useQuery({
    queryKey: [...mediaKey, "one", record.id],
    queryFn: () => dataOf(send(api.admin.media[":id"].$get(byId(record.id)))),
    placeholderData: record,
  });

/** Uploads one image, telling its progress (`upload.ts`). */
export const useUploadMedia = () =>
  useWrite(mediaKey, ({ file, onProgress }: { file: File } & Pick<UploadOptions, "onProgress">) =>
    uploadImage(file, onProgress ? { onProgress } : {}),
  );

export const useSaveMedia = () =>
  useWrite(mediaKey, ({ id, values }: { id: string; values: UpdateMediaInput }) =>
    dataOf(send(api.admin.media[":id"].$put({ ...byId(id), json: values }))),
  );

const deleteOne = (id: string) => dataOf(send(api.admin.media[":id"].$delete(byId(id))));

/** Deletes an image; refused (409, `media.problems.inUse`) while content uses it. */
export const useDeleteMedia = () => useWrite(mediaKey, deleteOne);

/** Deletes each image, one call each; the outcome says which were refused and why. */
export const useDeleteEach = () =>
  useWrite(mediaKey, (items: MediaRecord[]) => eachInTurn(items, (item) => deleteOne(item.id)));

/** The refusal of tags an image has no room for, in the form a server's refusal has. */
const tooManyTags = () =>
  new CallFailure(400, "Too many tags", {
    kind: "validation",
    issues: [{ field: "tags", message: "too many tags", key: "media.problems.tooManyTags" }],
  });

/** Adds `tags` to each image (after its own), one call each; an image with no room is refused. */
export const useTagEach = () =>
  useWrite(mediaKey, ({ items, tags }: { items: MediaRecord[]; tags: string[] }) =>
    eachInTurn(items, async (item) => {
      const all = withTags(item.tags, tags);
      if (all.length > CONTENT_LIMITS.tags) throw tooManyTags();
      return dataOf(send(api.admin.media[":id"].$put({ ...byId(item.id), json: { tags: all } })));
    }),
  );

// --- Library images shown by other screens (a photo's, a banner's) ------------------------------

/**
 * Apart from the library's key: no write of a photo or a banner, nor an edit of an image's
 * words, changes an image's served files, which is all these reads are for.
 */
const imageKey = (id: string) => ["libraryImages", id];

/**
 * The library image at `src` (a photo's or a banner's), for its preview and its size: its served
 * files never change, so it is read once. Nothing for an address that is not the library's (a
 * file's own image).
 */
export function useLibraryImage(src: string) {
  const id = libraryImageId(src);
  return useQuery({
    queryKey: imageKey(id ?? ""),
    queryFn: () => dataOf(send(api.admin.media[":id"].$get(byId(id ?? "")))),
    enabled: id !== null,
    staleTime: Number.POSITIVE_INFINITY,
  });
}

/**
 * The picture of a photo or banner written in a file: where the site serves its narrowest
 * WebP (`GET /api/admin/file-images/:id`). Not asked again: a file changes with a new build.
 */
export const useFileThumbnail = (id: string) =>
  useQuery({
    queryKey: ["fileImages", id],
    queryFn: () => dataOf(send(api.admin["file-images"][":id"].$get(byId(id)))),
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
  });

/**
 * The library images at `srcs` (a page of photos, the banners), read in one call (the library's
 * `ids` filter), by id: an image missing from the answer was deleted. Addresses that are not the
 * library's are left out. Their served files never change, so they are read once.
 */
export function useLibraryImages(srcs: readonly string[]) {
  const ids = [
    ...new Set(
      srcs.flatMap((src) => {
        const id = libraryImageId(src);
        return id ? [id] : [];
      }),
    ),
  ].sort();
  return useQuery({
    queryKey: ["libraryImages", "some", ids],
    queryFn: async () => {
      const query = { ids: ids.join(","), pageSize: String(ids.length) };
      const page = await dataOf(send(api.admin.media.$get({ query })));
      return new Map(page.items.map((media) => [media.id, media]));
    },
    enabled: ids.length > 0,
    staleTime: Number.POSITIVE_INFINITY,
  });
}

/**
 * Keeps an image just chosen in the picker, so its preview shows at once (and not the image it
 * replaces, which the query would show while the new one loads).
 */
export function useKeepImage() {
  const client = useQueryClient();
  return (media: MediaRecord) => client.setQueryData(imageKey(media.id), media);
}
