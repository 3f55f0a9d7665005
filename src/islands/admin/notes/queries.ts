import { useQueryClient } from "@tanstack/react-query";
import { api, byId, send } from "../../../shared/api-client.ts";
import type { NoteListItem, NoteRecord } from "../../../shared/content.ts";
import { type BulkRequest, eachBulk } from "../app/content/bulk.ts";
import type { ContentFilterValues } from "../app/content/filters.tsx";
import type { PublishAction } from "../app/content/ItemActions.tsx";
import { saveHeaders } from "../app/content/keeping.ts";
import { publishCall } from "../app/content/publishing.ts";
import { dataOf, usePageQuery, useWrite } from "../app/query.ts";
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
  /** The note edited, as the form read or last saved it; none for a new one. */
  editing?: Pick<NoteRecord, "id" | "updatedAt"> | null | undefined;
  action: NoteAction;
  values: NoteValues;
  /** Save over a version saved since the note was read (else such a save is refused). */
  force?: boolean;
  /** Made by the form after a pause in typing (a run of them is one revision). */
  autosave?: boolean;
}

/**
 * Saves a new note or an edit (over the version the form read: one saved elsewhere since is
 * refused with 409); an edit's Publish now publishes it once saved.
 */
export const useSaveNote = () =>
  useWrite(notesKey, async ({ editing, action, values, ...save }: NoteSave) => {
    if (!editing) {
      return dataOf(send(api.admin.notes.$post({ json: createRequest(values, action) })));
    }
    const one = api.admin.notes[":id"];
    const saved = await dataOf(
      send(
        one.$put(
          { ...byId(editing.id), json: updateRequest(values, action) },
          { headers: saveHeaders({ ...save, updatedAt: editing.updatedAt }) },
        ),
      ),
    );
    if (action !== "publish") return saved;
    return dataOf(send(publishCall(one, editing.id, "publish")));
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
