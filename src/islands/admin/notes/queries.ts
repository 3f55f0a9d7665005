import { useQuery, useQueryClient } from "@tanstack/react-query";
import { api, byId, send } from "../../../shared/api-client.ts";
import type { NoteRecord } from "../../../shared/content.ts";
import { dataOf, useWrite } from "../app/query.ts";
import { createRequest, updateRequest } from "./request.ts";
import type { NoteAction, NoteValues } from "./schema.ts";

// The notes' server state: a query per page of the list and one per note opened to edit, a
// mutation per write; every write invalidates the feature's key.

export const PAGE_SIZE = 20;

export interface NoteFilters {
  q: string;
  status: string;
  lang: string;
  page: number;
}

const notesKey = ["notes"] as const;

/** One page of notes, filtered. */
export function useNotePage({ page, ...filters }: NoteFilters) {
  return useQuery({
    queryKey: [...notesKey, "list", filters, page],
    queryFn: () =>
      dataOf(
        send(
          api.admin.notes.$get({
            query: { ...filters, page: String(page), pageSize: String(PAGE_SIZE) },
          }),
        ),
      ),
  });
}

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
    return dataOf(send(one.publish.$post({ ...byId(id), json: {} })));
  });

export const usePublishNote = () =>
  useWrite(notesKey, ({ id, publish }: { id: string; publish: boolean }) => {
    const one = api.admin.notes[":id"];
    return dataOf(
      send(publish ? one.publish.$post({ ...byId(id), json: {} }) : one.unpublish.$post(byId(id))),
    );
  });

export const useDeleteNote = () =>
  useWrite(notesKey, (id: string) => dataOf(send(api.admin.notes[":id"].$delete(byId(id)))));
