import { api, bySlug, send } from "../../../shared/api-client.ts";
import { CONTENT_LIMITS } from "../../../shared/content-rules.ts";
import { dataOf, usePageQuery, useWrite } from "../app/query.ts";
import type { CategoryValues } from "./schema.ts";

// The categories' server state: a query per page of the list (a page as long as the API
// allows, so nearly always one), a mutation per write; every write invalidates the feature's key.

/** The longest page the API gives. */
const PAGE_SIZE = CONTENT_LIMITS.pageSize;

const categoriesKey = ["categories"] as const;

/** One page of every category, files' and the database's, by order. */
export const useCategoryPage = (page: number) =>
  usePageQuery(
    categoriesKey,
    {},
    page,
    (query) => send(api.admin.categories.$get({ query })),
    PAGE_SIZE,
  );

/**
 * Every category, for an article's category select and the article list's names: the first
 * page, which holds them all (categories are few; a page holds the most the API gives).
 */
export const useCategories = () => useCategoryPage(1);

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
