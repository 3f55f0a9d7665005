import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api, byId, send } from "../../../shared/api-client.ts";
import { dataOf, refreshAfterWrite, useWrite } from "../app/query.ts";
import type { GroupValues, LinkValues } from "./schema.ts";

// The site navigation's server state: one query for every group with its links (few: one page),
// a mutation per write; every write invalidates the feature's key, so the list shows what the
// server holds. Checking links reads the addresses, not the list: it changes nothing.

const navKey = ["nav"] as const;

export const useNav = () =>
  useQuery({ queryKey: [...navKey, "all"], queryFn: () => dataOf(send(api.admin.nav.$get())) });

export const useAddGroup = () =>
  useWrite(navKey, (values: GroupValues) =>
    dataOf(send(api.admin.nav.groups.$post({ json: values }))),
  );

export const useUpdateGroup = () =>
  useWrite(navKey, ({ id, values }: { id: string; values: GroupValues }) =>
    dataOf(send(api.admin.nav.groups[":id"].$put({ ...byId(id), json: values }))),
  );

export const useDeleteGroup = () =>
  useWrite(navKey, (id: string) => dataOf(send(api.admin.nav.groups[":id"].$delete(byId(id)))));

/** Puts the database's groups in a new order, moved from the one this tab shows (`seen`). */
export const useOrderGroups = () =>
  useWrite(navKey, (order: { ids: string[]; seen: string[] }) =>
    dataOf(send(api.admin.nav.groups.order.$put({ json: order }))),
  );

/** Puts one group's links in a new order, moved from the one this tab shows (`seen`). */
export const useOrderLinks = (group: string) =>
  useWrite(navKey, (order: { ids: string[]; seen: string[] }) =>
    dataOf(send(api.admin.nav.groups[":id"].links.order.$put({ ...byId(group), json: order }))),
  );

export const useAddLink = () =>
  useWrite(navKey, (values: LinkValues) =>
    dataOf(send(api.admin.nav.links.$post({ json: values }))),
  );

/** Edits a link: every field of its form, or only its `hidden` flag. */
export const useUpdateLink = () =>
  useWrite(navKey, ({ id, values }: { id: string; values: Partial<LinkValues> }) =>
    dataOf(send(api.admin.nav.links[":id"].$put({ ...byId(id), json: values }))),
  );

export const useDeleteLink = () =>
  useWrite(navKey, (id: string) => dataOf(send(api.admin.nav.links[":id"].$delete(byId(id)))));

/** Requests every link's address (on the server, within its timeouts). */
export const useCheckLinks = () =>
  useMutation({ mutationFn: () => dataOf(send(api.admin.nav.check.$post({ json: {} }))) });

/** Reads the navigation again (after an order the server refused: another tab changed it). */
export function useRefreshNav() {
  const client = useQueryClient();
  return () => refreshAfterWrite(client, navKey);
}
