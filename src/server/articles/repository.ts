import { and, eq } from "drizzle-orm";
import type { Db } from "../db/client.ts";
import {
  facetRows,
  hasTag,
  itemOrder,
  itemRows,
  type ListFilter,
  listPage,
  statusIs,
} from "../db/items.ts";
import { search } from "../db/queries.ts";
import { contentArticles } from "../db/schema.ts";

// The SQL of articles: their rows and their list.

function listArticles(db: Db, filter: ListFilter, limit: number) {
  const t = contentArticles;
  const where = and(
    statusIs(t, filter.status),
    filter.lang ? eq(t.lang, filter.lang) : undefined,
    filter.category ? eq(t.category, filter.category) : undefined,
    hasTag(t.tags, filter.tag),
    search(filter.q, [t.slug, t.title, t.summary, t.body]),
  );
  return listPage(db, t, where, itemOrder(t, filter.sort), limit);
}

/** The article rows, their list and their facets (for counts). */
export const articles = {
  ...itemRows(contentArticles),
  list: listArticles,
  facets: facetRows(contentArticles, contentArticles.category),
};
