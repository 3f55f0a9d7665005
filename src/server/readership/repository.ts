import { and, asc, between, desc, ne, type SQL, sql } from "drizzle-orm";
import type { Db } from "../db/client.ts";
import { pageViews } from "../db/schema.ts";

// Readership's SQL: one view counted in one statement, and a span's views summed by one column.
// Every read names a range of days, which the primary key leads with.

export type ViewKey = Omit<typeof pageViews.$inferInsert, "views">;

/**
 * Counts one view: a new row at 1, or its `views` one more, in one upsert. Concurrent views of
 * one key serialise on its row, so none is lost.
 */
export async function countView(db: Db, key: ViewKey): Promise<void> {
  await db
    .insert(pageViews)
    .values({ ...key, views: 1 })
    .onConflictDoUpdate({
      target: [
        pageViews.day,
        pageViews.path,
        pageViews.referrer,
        pageViews.locale,
        pageViews.device,
      ],
      set: { views: sql`${pageViews.views} + 1` },
    });
}

/** Days `from` to `to`, both included (`YYYY-MM-DD`, which sorts as text). */
export interface DaySpan {
  from: string;
  to: string;
}

export interface ViewsBy {
  key: string;
  views: number;
}

/**
 * The span's views summed by `column`, most first (ties by the key), at most `limit` of them;
 * `exceptEmpty` leaves out the empty key (no referrer).
 */
export function viewsBy(
  db: Db,
  by: "day" | "path" | "referrer" | "locale" | "device",
  span: DaySpan,
  options: { limit?: number; exceptEmpty?: boolean } = {},
): Promise<ViewsBy[]> {
  const column = pageViews[by];
  const views = sql<number>`sum(${pageViews.views})`.mapWith(Number);
  const where: SQL[] = [between(pageViews.day, span.from, span.to)];
  if (options.exceptEmpty) where.push(ne(column, ""));
  const query = db
    .select({ key: sql<string>`${column}`, views })
    .from(pageViews)
    .where(and(...where))
    .groupBy(column)
    .orderBy(desc(views), asc(column));
  return options.limit ? query.limit(options.limit) : query;
}
