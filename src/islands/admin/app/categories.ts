import { api, send } from "../../../shared/api-client.ts";
import { CONTENT_LIMITS } from "../../../shared/content-rules.ts";
import { usePageQuery } from "./query.ts";

// The categories as the back office reads them: a query per page of the list (a page as long as
// the API allows, so nearly always one). Articles pick theirs from it; the categories screen
// writes them (categories/queries.ts), each write invalidating this key.

/** The longest page the API gives. */
const PAGE_SIZE = CONTENT_LIMITS.pageSize;

export const categoriesKey = ["categories"] as const;

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
