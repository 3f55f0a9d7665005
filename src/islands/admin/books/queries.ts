import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api, byId, send } from "../../../shared/api-client.ts";
import type { BookRecord } from "../../../shared/content.ts";
import { CONTENT_LIMITS } from "../../../shared/content-rules.ts";
import { type BulkRequest, eachBulk } from "../app/content/bulk.ts";
import type { ContentFilterValues } from "../app/content/filters.tsx";
import type { PublishAction } from "../app/content/ItemActions.tsx";
import { saveHeaders } from "../app/content/keeping.ts";
import { publishCall } from "../app/content/publishing.ts";
import { dataOf, refreshAfterWrite, usePageQuery, useWrite } from "../app/query.ts";
import type { BookValues, ChapterValues } from "./schema.ts";
import type { OrderWrite } from "./tree.ts";

// Book documents' server state: a query per page of the book list, per book and per book's
// chapters; a mutation per write. A book's write invalidates the books (the list and the book's
// page), a chapter's write its book's chapters.

const booksKey = ["books"] as const;

/** Publishes, unpublishes or deletes (with its chapters) each selected book in turn. */
export const useBulkBooks = () =>
  useWrite(booksKey, (request: BulkRequest<BookRecord>) =>
    eachBulk(api.admin.books[":id"], request),
  );
/** A book's chapters, and each of them opened for editing. */
export const chaptersKey = (bookId: string) => ["chapters", bookId] as const;

/** One page of books, filtered. */
export const useBookPage = (filters: ContentFilterValues, page: number) =>
  usePageQuery(booksKey, filters, page, (query) => send(api.admin.books.$get({ query })));

/** One book, for its page. */
export function useBook(id: string) {
  return useQuery({
    queryKey: [...booksKey, "one", id],
    queryFn: () => dataOf(send(api.admin.books[":id"].$get(byId(id)))),
  });
}

/** A book's chapters in reading order (all of them: one page of the most the API gives). */
export function useChapters(bookId: string) {
  return useQuery({
    queryKey: [...chaptersKey(bookId), "list"],
    queryFn: () =>
      dataOf(
        send(
          api.admin.chapters.$get({
            query: { book: bookId, pageSize: String(CONTENT_LIMITS.pageSize) },
          }),
        ),
      ),
  });
}

/**
 * Reads a chapter whole (the list holds excerpts) when its editor opens: the Edit button waits
 * for it (one read through the query client, cached under the book's chapters), and a failure
 * shows on the chapter's row.
 */
export function useChapterReader(bookId: string) {
  const client = useQueryClient();
  return (id: string) =>
    client.query({
      queryKey: [...chaptersKey(bookId), "one", id],
      queryFn: () => dataOf(send(api.admin.chapters[":id"].$get(byId(id)))),
    });
}

/** A new book: a draft, or published at once (`publish`). */
export const useCreateBook = () =>
  useWrite(booksKey, ({ book, publish }: { book: BookValues; publish: boolean }) =>
    dataOf(
      send(api.admin.books.$post({ json: { ...book, status: publish ? "published" : "draft" } })),
    ),
  );

/** A book's fields changed; its status stays. */
export const useUpdateBook = () =>
  useWrite(booksKey, ({ id, book }: { id: string; book: BookValues }) =>
    dataOf(send(api.admin.books[":id"].$put({ ...byId(id), json: book }))),
  );

/** Deletes a book and its chapters. */
export const useDeleteBook = () =>
  useWrite(booksKey, (id: string) => dataOf(send(api.admin.books[":id"].$delete(byId(id)))));

export const usePublishBook = () =>
  useWrite(booksKey, ({ id, action }: { id: string; action: PublishAction }) =>
    dataOf(send(publishCall(api.admin.books[":id"], id, action))),
  );

/** A new chapter of the book: a draft, or published (`publish`). */
export const useCreateChapter = (bookId: string) =>
  useWrite(
    chaptersKey(bookId),
    ({ chapter, publish }: { chapter: ChapterValues; publish: boolean }) =>
      dataOf(
        send(
          api.admin.chapters.$post({
            json: { ...chapter, bookId, status: publish ? "published" : "draft" },
          }),
        ),
      ),
  );

/** What a chapter's edit sends: over `updatedAt`, the version the form read (see `saveHeaders`). */
interface ChapterSave {
  id: string;
  updatedAt: string | null;
  chapter: ChapterValues;
  force?: boolean;
  autosave?: boolean;
}

/** Saves a chapter's edit; one saved elsewhere since it was read is refused (409). */
export const useUpdateChapter = (bookId: string) =>
  useWrite(chaptersKey(bookId), ({ id, chapter, ...save }: ChapterSave) =>
    dataOf(
      send(
        api.admin.chapters[":id"].$put(
          { ...byId(id), json: chapter },
          { headers: saveHeaders(save) },
        ),
      ),
    ),
  );

/** Deletes a chapter (the server refuses one with sub-chapters: a 409). */
export const useDeleteChapter = (bookId: string) =>
  useWrite(chaptersKey(bookId), (id: string) =>
    dataOf(send(api.admin.chapters[":id"].$delete(byId(id)))),
  );

export const usePublishChapter = (bookId: string) =>
  useWrite(chaptersKey(bookId), ({ id, action }: { id: string; action: PublishAction }) =>
    dataOf(send(publishCall(api.admin.chapters[":id"], id, action))),
  );

/**
 * Moves a chapter: its order writes (`moveWrites`) one after another, then one reload of the
 * chapters, also after a write failed half-way, so the tree shows what the server holds.
 */
export function useMoveChapter(bookId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (writes: readonly OrderWrite[]) => {
      for (const { id, order } of writes) {
        await dataOf(send(api.admin.chapters[":id"].$put({ ...byId(id), json: { order } })));
      }
    },
    onSettled: () => refreshAfterWrite(client, chaptersKey(bookId)),
  });
}
