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
import { contentNotes } from "../db/schema.ts";

// The SQL of notes: their rows and their list.

function listNotes(db: Db, filter: ListFilter, limit: number) {
  const t = contentNotes;
  const where = and(
    statusIs(t, filter.status),
    filter.lang ? eq(t.lang, filter.lang) : undefined,
    hasTag(t.tags, filter.tag),
    search(filter.q, [t.slug, t.body]),
  );
  return listPage(db, t, where, itemOrder(t, filter.sort), limit);
}

/** The note rows, their list and their facets (for counts). */
export const notes = {
  ...itemRows(contentNotes),
  list: listNotes,
  facets: facetRows(contentNotes),
};
