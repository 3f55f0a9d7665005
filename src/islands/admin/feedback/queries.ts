import { useQuery } from "@tanstack/react-query";
import { api, byId, send } from "../../../shared/api-client.ts";
import type { FeedbackReplyInput, FeedbackStatusUpdate } from "../../../shared/auth.ts";
import type { FeedbackRecord, FeedbackStatus } from "../../../shared/feedback-rules.ts";
import { eachInTurn } from "../app/bulk.ts";
import { dataOf, usePageQuery, useWrite } from "../app/query.ts";

// The feedback center's server state: one query per page of the list and per record's replies,
// one mutation per status change, reply or note, and deletion. Every write invalidates the feature's key, so the list shows what the server holds.

const feedbackKey = ["feedback"] as const;

/** One page of feedback, filtered by type and status ("" for any). */
export const useFeedbackPage = (filters: Record<"type" | "status", string>, page: number) =>
  usePageQuery(feedbackKey, filters, page, (query) => send(api.getAllFeedback.$get({ query })));

/** Moves one piece of feedback to another status (the server checks the transition). */
export const useChangeStatus = () =>
  useWrite(feedbackKey, ({ id, change }: { id: string; change: FeedbackStatusUpdate }) =>
    dataOf(send(api.feedback[":id"].status.$put({ ...byId(id), json: change }))),
  );

/**
 * Moves each selected piece of feedback to `status`, one call each in turn; a transition the
 * server refuses (a closed one reopened, say) is kept with its reason.
 */
export const useChangeEachStatus = () =>
  useWrite(
    feedbackKey,
    ({ items, status }: { items: readonly FeedbackRecord[]; status: FeedbackStatus }) =>
      eachInTurn(items, (item) =>
        dataOf(send(api.feedback[":id"].status.$put({ ...byId(item.id), json: { status } }))),
      ),
  );

/** What was written on one piece of feedback, oldest first, while it is shown. */
export const useFeedbackReplies = (id: string, enabled: boolean) =>
  useQuery({
    queryKey: [...feedbackKey, "replies", id],
    queryFn: () => dataOf(send(api.feedback[":id"].replies.$get(byId(id)))),
    enabled,
  });

/** A reply mailed to the writer, or a note kept here. */
export const useAnswerFeedback = () =>
  useWrite(feedbackKey, ({ id, answer }: { id: string; answer: FeedbackReplyInput }) =>
    dataOf(send(api.feedback[":id"].replies.$post({ ...byId(id), json: answer }))),
  );

/** Deletes a piece of feedback with its history, replies and notes. */
export const useDeleteFeedback = () =>
  useWrite(feedbackKey, (id: string) => dataOf(send(api.feedback[":id"].$delete(byId(id)))));
