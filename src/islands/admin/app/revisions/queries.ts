import { useQuery } from "@tanstack/react-query";
import { send } from "../../../../shared/api-client.ts";
import type { Page } from "../../../../shared/auth.ts";
import type { RevisionListItem, RevisionRecord } from "../../../../shared/content.ts";
import type { Answer } from "../content/editor-save.ts";
import { dataOf, useWrite } from "../query.ts";

// An item's history on the server: its revisions a page at a time, one revision with its
// fields, and putting one back (a save like any other: it invalidates the kind's key).

/** A kind's revision routes (`api.admin.<kind>[":id"].revisions`). */
export interface RevisionRoutes<Item> {
  ":id": {
    revisions: {
      $get: (args: {
        param: { id: string };
        query: { page: string; pageSize: string };
      }) => Answer<Page<RevisionListItem>>;
      ":revision": {
        $get: (args: { param: { id: string; revision: string } }) => Answer<RevisionRecord>;
        restore: {
          $post: (
            args: { param: { id: string; revision: string } },
            options?: { headers?: Record<string, string> },
          ) => Answer<Item>;
        };
      };
    };
  };
}

/** How many saves the panel lists at a time. */
export const HISTORY_PAGE = 10;

const revisionsKey = (kind: string, id: string) => [kind, "revisions", id] as const;

/** The newest `pages × HISTORY_PAGE` revisions of an item, while the panel is open. */
export function useRevisions<Item>(
  kind: string,
  routes: RevisionRoutes<Item>,
  id: string,
  pages: number,
  open: boolean,
) {
  return useQuery({
    queryKey: [...revisionsKey(kind, id), pages],
    queryFn: () =>
      dataOf(
        send(
          routes[":id"].revisions.$get({
            param: { id: encodeURIComponent(id) },
            query: { page: "1", pageSize: String(pages * HISTORY_PAGE) },
          }),
        ),
      ),
    enabled: open,
  });
}

/** One revision with its fields, once chosen. */
export function useRevision<Item>(
  kind: string,
  routes: RevisionRoutes<Item>,
  id: string,
  revision: string | null,
) {
  return useQuery({
    queryKey: [...revisionsKey(kind, id), "one", revision],
    queryFn: () =>
      dataOf(
        send(
          routes[":id"].revisions[":revision"].$get({
            param: { id: encodeURIComponent(id), revision: revision ?? "" },
          }),
        ),
      ),
    enabled: revision !== null,
    // A revision never changes.
    staleTime: Number.POSITIVE_INFINITY,
  });
}

/** Puts a revision back over the version the editor holds (`updatedAt`, sent as If-Match). */
export const useRestoreRevision = <Item>(kind: string, routes: RevisionRoutes<Item>) =>
  useWrite(
    [kind],
    ({ id, revision, updatedAt }: { id: string; revision: string; updatedAt: string | null }) =>
      dataOf(
        send(
          routes[":id"].revisions[":revision"].restore.$post(
            { param: { id: encodeURIComponent(id), revision } },
            updatedAt ? { headers: { "if-match": `"${updatedAt}"` } } : {},
          ),
        ),
      ),
  );
