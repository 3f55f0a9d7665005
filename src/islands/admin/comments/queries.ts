import { api, byId, send } from "../../../shared/api-client.ts";
import type { CommentStatus, ModeratedComment } from "../../../shared/comment-rules.ts";
import { eachInTurn } from "../app/bulk.ts";
import { dataOf, usePageQuery, useWrite } from "../app/query.ts";

// The comments screen's server state: one query per page of the list, one mutation per status
// change (one comment, or the selected ones in turn) and per answer. Every write invalidates
// the feature's key, so the list shows what the server holds.

const commentsKey = ["comments"] as const;

export type CommentFilters = Record<"status" | "kind" | "item" | "author", string>;

/** One page of comments, newest first, filtered ("" for any). */
export const useCommentsPage = (filters: CommentFilters, page: number) =>
  usePageQuery(commentsKey, filters, page, (query) => send(api.admin.comments.$get({ query })));

const move = (id: string, status: CommentStatus) =>
  dataOf(send(api.admin.comments[":id"].status.$put({ ...byId(id), json: { status } })));

/** Approves, holds, marks as spam or deletes one comment. */
export const useModerate = () =>
  useWrite(commentsKey, ({ id, status }: { id: string; status: CommentStatus }) =>
    move(id, status),
  );

/** Moves each selected comment to `status`, one call each in turn. */
export const useModerateEach = () =>
  useWrite(
    commentsKey,
    ({ items, status }: { items: readonly ModeratedComment[]; status: CommentStatus }) =>
      eachInTurn(items, (item) => move(item.id, status)),
  );

/** The owner's answer under a comment, shown at once with the "author" mark. */
export const useAnswer = () =>
  useWrite(commentsKey, ({ to, body }: { to: ModeratedComment; body: string }) =>
    dataOf(
      send(
        api.comments.$post({
          json: { kind: to.kind, item: to.item, body, lang: to.lang, replyTo: to.id },
        }),
      ),
    ),
  );
