import { useQuery } from "@tanstack/react-query";
import { api, byId, send } from "../../../shared/api-client.ts";
import type { FeedbackStatusUpdate } from "../../../shared/auth.ts";
import { dataOf, useWrite } from "../app/query.ts";

// The feedback center's server state: one query per page of the list, one mutation per status
// change. Every write invalidates the feature's key, so the list shows what the server holds.

export const PAGE_SIZE = 20;

export interface FeedbackFilters {
  type: string;
  status: string;
  page: number;
}

const feedbackKey = ["feedback"] as const;

/** One page of feedback, filtered. */
export function useFeedbackPage(filters: FeedbackFilters) {
  return useQuery({
    queryKey: [...feedbackKey, filters],
    queryFn: () =>
      dataOf(
        send(
          api.getAllFeedback.$get({
            query: {
              type: filters.type,
              status: filters.status,
              page: String(filters.page),
              pageSize: String(PAGE_SIZE),
            },
          }),
        ),
      ),
  });
}

/** Moves one piece of feedback to another status (the server checks the transition). */
export const useChangeStatus = () =>
  useWrite(feedbackKey, ({ id, change }: { id: string; change: FeedbackStatusUpdate }) =>
    dataOf(send(api.feedback[":id"].status.$put({ ...byId(id), json: change }))),
  );
