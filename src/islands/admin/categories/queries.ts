import { api, bySlug, send } from "../../../shared/api-client.ts";
import { categoriesKey } from "../app/categories.ts";
import { dataOf, useWrite } from "../app/query.ts";
import type { CategoryValues } from "./schema.ts";

// The categories' writes: a mutation each, every one invalidating the categories' key.

export const useAddCategory = () =>
  useWrite(categoriesKey, (category: CategoryValues) =>
    dataOf(send(api.admin.categories.$post({ json: category }))),
  );

/** Renames a category or moves it in the order; its slug stays. */
export const useUpdateCategory = () =>
  useWrite(categoriesKey, ({ slug, ...changes }: CategoryValues) =>
    dataOf(send(api.admin.categories[":slug"].$put({ ...bySlug(slug), json: changes }))),
  );

/** Deletes a category; the server refuses one an article still files under (409). */
export const useDeleteCategory = () =>
  useWrite(categoriesKey, (slug: string) =>
    dataOf(send(api.admin.categories[":slug"].$delete(bySlug(slug)))),
  );
