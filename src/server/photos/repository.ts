import { and, eq, isNull, type SQL, sql } from "drizzle-orm";
import type { PgColumn } from "drizzle-orm/pg-core";
import { NO_ALBUM } from "../../shared/content.ts";
import type { Db } from "../db/client.ts";
import type { PhotoRow } from "../db/items.ts";
import {
  facetRows,
  hasTag,
  inEach,
  itemRows,
  type ListFilter,
  latestChangeFirst,
  newestFirst,
  statusIs,
} from "../db/items.ts";
import { pageOfRows, type RowPage, search } from "../db/queries.ts";
import { contentPhotos } from "../db/schema.ts";

// The SQL of photos: their rows and their list. Albums and tag names: ./groupings-repository.ts.

/** The photo list's orders, as the service sorts the merged list (`photoOrder`). */
function photoOrder(sort: ListFilter["sort"]): Array<PgColumn | SQL> {
  const t = contentPhotos;
  if (sort === "taken") return [sql`${t.takenAt} collate "C" desc nulls last`, ...newestFirst(t)];
  if (sort === "updated") return latestChangeFirst(t);
  return newestFirst(t);
}

function listPhotos(db: Db, filter: ListFilter, limit: number): Promise<RowPage<PhotoRow>> {
  const t = contentPhotos;
  const where = and(
    statusIs(t, filter.status),
    filter.album === NO_ALBUM
      ? isNull(t.album)
      : filter.album
        ? eq(t.album, filter.album)
        : undefined,
    filter.featured === undefined ? undefined : eq(t.featured, filter.featured),
    hasTag(t.tags, filter.tag),
    search(filter.q, [t.slug, ...inEach(t.title), ...inEach(t.caption), sql`${t.tags}::text`]),
  );
  return pageOfRows(db, t, where, photoOrder(filter.sort), { page: 1, pageSize: limit });
}

/** The photo rows, their list and their facets (for counts). */
export const photos = {
  ...itemRows(contentPhotos),
  list: listPhotos,
  facets: facetRows(contentPhotos, contentPhotos.album),
};
