import { type QueryKey, useQuery } from "@tanstack/react-query";
import type { ClientResponse } from "hono/client";
import type { MessageKey } from "../../../../i18n/core.ts";
import { byId, send } from "../../../../shared/api-client.ts";
import type { ContentStatus } from "../../../../shared/content.ts";
import { dataOf, useWrite } from "../query.ts";
import { localToIso } from "../time.ts";
import { saveHeaders } from "./keeping.ts";

// What the content editors (articles, photos) share of a save: the button pressed, the API's
// requests made from the form's values, the line that says what happened, the write itself, and
// the read of the item an editor opens.

/**
 * What a button of an editor asks for: a new item's Save draft, Publish now or Schedule; an
 * edited one's Save changes, Publish now, Schedule, or Unpublish (`draft`: a draft again).
 */
export type EditorAction = "draft" | "save" | "publish" | "schedule";

/** An editor's values: its content, and the local time to schedule for (`at`). */
interface Timed {
  at: string;
}

/** The time Schedule asks for, as the API takes it; none for the other buttons. */
const scheduledAt = (action: EditorAction, at: string) =>
  action === "schedule" ? localToIso(at) : null;

/**
 * `POST /api/admin/<kind>`: a new item, a draft unless Publish now (published now) or Schedule
 * (scheduled for the form's time) was pressed.
 */
export function createRequest<Values extends Timed>(values: Values, action: EditorAction) {
  const { at, ...content } = values;
  const publishedAt = scheduledAt(action, at);
  const status: ContentStatus =
    action === "publish" ? "published" : publishedAt ? "scheduled" : "draft";
  return { ...content, status, publishedAt };
}

/** `PUT /api/admin/<kind>/:id`: the content; the status changes by publishing. */
export function updateRequest<Values extends Timed>(values: Values): Omit<Values, "at"> {
  const { at: _at, ...content } = values;
  return content;
}

/** `POST /api/admin/<kind>/:id/publish`: now, or at the form's time for Schedule. */
export function publishRequest({ at }: Timed, action: EditorAction): { at?: string } {
  const time = scheduledAt(action, at);
  return time ? { at: time } : {};
}

/**
 * The message namespace of a content editor's kind: its own words for a new item in each status
 * (`createdPublished`, `createdScheduled`, `createdDraft`), an Unpublish (`unpublishedNow`) and
 * its screen (`backToList`, `editorNew`, `editorEdit`, `editorView`, `loadFailed`).
 */
export type EditorWords = "bmsArticles" | "bmsPhotos";

/**
 * What the status line says once an item of the kind `words` names is saved (`{{time}}` is its
 * publish time): a new one's status, an edit's Save (the site shows the change once live), or
 * the publish step.
 */
export const savedMessageIn =
  (words: EditorWords) =>
  ({ status }: { status: ContentStatus }, action: EditorAction, created: boolean): MessageKey => {
    if (created) {
      if (status === "published") return `${words}.createdPublished`;
      return status === "scheduled" ? `${words}.createdScheduled` : `${words}.createdDraft`;
    }
    if (action === "save")
      return status === "draft" ? "bmsArticles.saved" : "bmsArticles.savedLive";
    if (action === "draft") return `${words}.unpublishedNow`;
    return status === "scheduled" ? "bmsArticles.scheduledFor" : "bmsArticles.publishedNow";
  };

/** A typed call answering with an item (`send` settles it). */
export type Answer<Item> = Promise<
  ClientResponse<{ code: number; message: string; data: Item }, number, "json">
>;

/** A kind's routes under `/api/admin/<kind>` (`api.admin.<kind>`) that an editor's save calls. */
export interface EditorRoutes<Item, Create, Update> {
  $post: (args: { json: Create }) => Answer<Item>;
  ":id": {
    $put: (
      args: { param: { id: string }; json: Update },
      options?: { headers?: Record<string, string> },
    ) => Answer<Item>;
    publish: { $post: (args: { param: { id: string }; json: { at?: string } }) => Answer<Item> };
    unpublish: { $post: (args: { param: { id: string } }) => Answer<Item> };
  };
}

/** What an editor's save takes. */
export interface EditorSave<Item, Values> {
  /** The item edited, as the form shows it; none for a new one. */
  record: Item | null;
  action: EditorAction;
  values: Values;
  /** Whether the form's content differs from the record's (a publish saves it first). */
  changed: boolean;
  /** Save over a version saved since the record was read (else such a save is refused). */
  force?: boolean;
  /** Made by the editor after a pause in typing (a run of them is one revision). */
  autosave?: boolean;
}

/**
 * Saves a new item through `routes` with the status of the button pressed, or an edit: its
 * content first (always for Save, else when changed), then Publish now, Schedule or Unpublish.
 * Every save invalidates the kind's `key`.
 */
export function useSaveItem<
  Item extends { id: string; updatedAt: string | null },
  Values extends Timed,
>(
  key: QueryKey,
  routes: EditorRoutes<Item, ReturnType<typeof createRequest<Values>>, Omit<Values, "at">>,
) {
  return useWrite(key, async (save: EditorSave<Item, Values>) => {
    const { record, action, values, changed } = save;
    if (!record) return dataOf(send(routes.$post({ json: createRequest(values, action) })));
    const one = routes[":id"];
    const id = byId(record.id);
    const saved =
      changed || action === "save"
        ? await dataOf(
            send(
              one.$put(
                { ...id, json: updateRequest(values) },
                // The version the editor opened: a save made elsewhere since is not overwritten.
                { headers: saveHeaders({ ...save, updatedAt: record.updatedAt }) },
              ),
            ),
          )
        : record;
    if (action === "save") return saved;
    return dataOf(
      send(
        action === "draft"
          ? one.unpublish.$post(id)
          : one.publish.$post({ ...id, json: publishRequest(values, action) }),
      ),
    );
  });
}

/**
 * The item an editor opens through its kind's `routes`, under the kind's `key`: read afresh each
 * time it opens (a list holds an excerpt, and a copy kept from an earlier visit may be old), but
 * for the one just `created`, which the create's answer holds already.
 */
export function useOpenItem<Item>(
  key: QueryKey,
  routes: { ":id": { $get: (args: { param: { id: string } }) => Answer<Item> } },
  id: string,
  created: Item | undefined,
) {
  return useQuery({
    queryKey: [...key, "one", id],
    queryFn: () => dataOf(send(routes[":id"].$get(byId(id)))),
    initialData: () => created,
    refetchOnMount: created ? false : "always",
  });
}
