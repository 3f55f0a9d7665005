import { useQueryClient } from "@tanstack/react-query";
import { api, byId, send } from "../../../shared/api-client.ts";
import type { NoteListItem, NoteRecord } from "../../../shared/content.ts";
import { dataOf, usePageQuery, useWrite } from "../app/query.ts";
import { type BulkRequest, eachBulk } from "../content/bulk.ts";
import type { ContentFilterValues } from "../content/filters.tsx";
import type { PublishAction } from "../content/ItemActions.tsx";
import { publishCall } from "../content/publishing.ts";
import { createRequest, updateRequest } from "./request.ts";
import type { NoteAction, NoteValues } from "./schema.ts";

// The notes' server state: a query per page of the list and one per note opened to edit, a
// mutation per write; every write invalidates the feature's key.

export const notesKey = ["notes"] as const;

/** One page of notes, filtered (by a tag too) and sorted. */
export const useNotePage = (filters: ContentFilterValues & { tag: string }, page: number) =>
  usePageQuery(notesKey, filters, page, (query) => send(api.admin.notes.$get({ query })));

/** Reads one note afresh to edit it (what the list holds is an excerpt). */
export function useOpenNote() {
  const client = useQueryClient();
  return (id: string): Promise<NoteRecord> =>
    client.query({
      queryKey: [...notesKey, "one", id],
      queryFn: () => dataOf(send(api.admin.notes[":id"].$get(byId(id)))),
    });
}

export interface NoteSave {
  /** The note edited; none for a new one. */
  id?: string | undefined;
  action: NoteAction;
  values: NoteValues;
}

/** Saves a new note or an edit; an edit's Publish now publishes it once saved. */
export const useSaveNote = () =>
  useWrite(notesKey, async ({ id, action, values }: NoteSave) => {
    if (!id) return dataOf(send(api.admin.notes.$post({ json: createRequest(values, action) })));
    const one = api.admin.notes[":id"];
    const saved = await dataOf(
      send(one.$put({ ...byId(id), json: updateRequest(values, action) })),
    );
    if (action !== "publish") return saved;
    return dataOf(send(publishCall(one, id, "publish")));
  });

export const usePublishNote = () =>
  useWrite(notesKey, ({ id, action }: { id: string; action: PublishAction }) =>
    dataOf(send(publishCall(api.admin.notes[":id"], id, action))),
  );

export const useDeleteNote = () =>
  useWrite(notesKey, (id: string) => dataOf(send(api.admin.notes[":id"].$delete(byId(id)))));

/** Publishes, unpublishes or deletes each selected note in turn. */
export const useBulkNotes = () =>
  useWrite(notesKey, (request: BulkRequest<NoteListItem>) =>
    eachBulk(api.admin.notes[":id"], request),
  );
