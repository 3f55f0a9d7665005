import { useQuery, useQueryClient } from "@tanstack/react-query";
import { api, byId, send } from "../../../shared/api-client.ts";
import { dataOf, refreshAfterWrite, useWrite } from "../app/query.ts";
import type { BannerValues } from "./schema.ts";

// The banners' server state: one query for the whole list (content/banners.json's, then the
// database's in order: banners are few, one page), a mutation per write (add, edit, switch,
// delete, order); every write invalidates the feature's key, so the list shows what the server
// holds.

const bannersKey = ["banners"] as const;

/** Every banner, in the carousel's order. */
export const useBanners = () =>
  useQuery({
    queryKey: [...bannersKey, "all"],
    queryFn: () => dataOf(send(api.admin.banners.$get())),
  });

export const useAddBanner = () =>
  useWrite(bannersKey, (values: BannerValues) =>
    dataOf(send(api.admin.banners.$post({ json: values }))),
  );

/** Edits a banner: every field of its form, or only its switch (`enabled`). */
export const useUpdateBanner = () =>
  useWrite(bannersKey, ({ id, values }: { id: string; values: Partial<BannerValues> }) =>
    dataOf(send(api.admin.banners[":id"].$put({ ...byId(id), json: values }))),
  );

export const useDeleteBanner = () =>
  useWrite(bannersKey, (id: string) => dataOf(send(api.admin.banners[":id"].$delete(byId(id)))));

/**
 * Puts the database's banners in a new order (`ids`), every one named once, moved from the order
 * this tab shows (`seen`); the server refuses (409) an order made from a list another tab has
 * changed meanwhile, and nothing moves.
 */
export const useOrderBanners = () =>
  useWrite(bannersKey, (order: { ids: string[]; seen: string[] }) =>
    dataOf(send(api.admin.banners.order.$put({ json: order }))),
  );

/** Reads the banners again (after an order the server refused: another tab changed them). */
export function useRefreshBanners() {
  const client = useQueryClient();
  return () => refreshAfterWrite(client, bannersKey);
}
