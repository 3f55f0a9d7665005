import { useQuery } from "@tanstack/react-query";
import { api, byId, send } from "../../../shared/api-client.ts";
import { dataOf, saveFile, usePageQuery, useWrite } from "../app/query.ts";

// The followers screen's server state: the counts and growth, a page of subscribers under the
// filters, a page of mailings, the CSV export, and removing a subscriber. A removal invalidates
// the feature's key, so the counts and the list show what the server holds.

const followersKey = ["followers"] as const;

export type SubscriberFilters = Record<"lang" | "q", string>;

export const useSummary = () =>
  useQuery({
    queryKey: [...followersKey, "summary"],
    queryFn: () => dataOf(send(api.admin.subscribers.summary.$get())),
  });

/** One page of subscribers, newest first, filtered ("" for any). */
export const useSubscribersPage = (filters: SubscriberFilters, page: number) =>
  usePageQuery([...followersKey, "subscribers"], filters, page, (query) =>
    send(api.admin.subscribers.$get({ query })),
  );

/** One page of mailings, newest first: each with its progress and failures. */
export const useMailingsPage = (page: number) =>
  usePageQuery([...followersKey, "mailings"], {}, page, (query) =>
    send(api.admin.mailings.$get({ query })),
  );

/** The subscribers of the filters as a CSV file the browser saves; answers its name. */
export const downloadSubscribers = (filters: SubscriberFilters) =>
  saveFile(api.admin.subscribers.export.$get({ query: filters }), "subscribers.csv");

/** Removes one subscriber: no more mails to them. */
export const useRemove = () =>
  useWrite(followersKey, (id: string) =>
    dataOf(send(api.admin.subscribers[":id"].$delete(byId(id)))),
  );

/** One page of the fediverse accounts that follow, newest first. */
export const useFediverseFollowersPage = (page: number) =>
  usePageQuery([...followersKey, "fediverse"], {}, page, (query) =>
    send(api.admin.fediverse.followers.$get({ query })),
  );
