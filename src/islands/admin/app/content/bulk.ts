import type { ClientResponse } from "hono/client";
import type { MessageKey, Translate } from "../../../../i18n/core.ts";
import { byId, send } from "../../../../shared/api-client.ts";
import { type BulkOutcome, type BulkWords, bulkLine, eachInTurn } from "../bulk.ts";
import { dataOf } from "../query.ts";
import type { PublishAction } from "./ItemActions.tsx";
import { type Publishable, publishCall } from "./publishing.ts";

// What a content list (articles, notes, photos) does to the items selected: publish, unpublish,
// delete, or move each to a group (an article's category, a photo's album), one call per item
// in turn through the kind's own routes, each refusal kept with its reason (`eachInTurn`).

export type BulkAction = PublishAction | "delete" | "move";

/** Any answer of the API, as `send` reads it. */
type Answer = Promise<
  ClientResponse<{ code: number; message: string; data: unknown }, number, "json">
>;

/** An item's own routes (`api.admin.<kind>[":id"]`): publish, unpublish, delete, update. */
export interface BulkRoutes extends Publishable<Answer> {
  $delete(args: { param: { id: string } }): Answer;
  // A method, so the kind's update (a narrower body) fits: only `move`'s one field is sent.
  $put(args: { param: { id: string }; json: Record<string, unknown> }): Answer;
}

/** What a bulk action sends for each item: `move` names the field and its new value. */
export interface BulkRequest<T> {
  items: readonly T[];
  action: BulkAction;
  move?: { field: string; value: string | null };
}

/** Does `request.action` to each item in turn; the outcome keeps the refused ones with why. */
export function eachBulk<T extends { id: string }>(
  routes: BulkRoutes,
  { items, action, move }: BulkRequest<T>,
) {
  return eachInTurn(items, (item) => {
    if (action === "delete") return dataOf(send(routes.$delete(byId(item.id))));
    if (action === "move") {
      if (!move) throw new Error("a move names its field");
      return dataOf(send(routes.$put({ ...byId(item.id), json: { [move.field]: move.value } })));
    }
    return dataOf(send(publishCall(routes, item.id, action)));
  });
}

/** Where a content list's bulk words stand (`<ns>.legend`, `.published`, `.notDeleted`, …). */
export type ContentBulkWords =
  | "bmsArticles.bulk"
  | "bmsNotes.bulk"
  | "bmsBooks.bulk"
  | "bmsPhotos.bulk";

/** A move's summary words ("Moved {{count}} of {{total}}.", "Not moved: {{list}}"). */
export interface MoveWords {
  done: MessageKey;
  refused: MessageKey;
}

/**
 * The one line after a bulk action of a content list (`bulkLine`), each refused item by its
 * `name` ("Published 3 of 5. Not published: “Fog”: … “Lake”: …").
 */
export function contentBulkLine<T>(
  t: Translate,
  words: ContentBulkWords,
  action: BulkAction,
  outcome: BulkOutcome<T>,
  name: (item: T) => string,
  move?: MoveWords,
): string {
  const item = `${words}.item` as const;
  let lines: BulkWords;
  if (action === "move") {
    if (!move) throw new Error("a move names its words");
    lines = { ...move, item };
  } else if (action === "publish") {
    lines = { done: `${words}.published`, refused: `${words}.notPublished`, item };
  } else if (action === "unpublish") {
    lines = { done: `${words}.unpublished`, refused: `${words}.notUnpublished`, item };
  } else {
    lines = { done: `${words}.deleted`, refused: `${words}.notDeleted`, item };
  }
  return bulkLine(t, lines, outcome, name);
}
