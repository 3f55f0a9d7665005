// What the item tables (articles, notes, books, chapters, photos) share in SQL: find, insert,
// update and delete by id, a list page, status as readers see it now, the lists' orders and
// facets. Each aggregate's repository builds its own rows from these.

import {
  and,
  count,
  eq,
  getTableColumns,
  gt,
  lte,
  ne,
  notExists,
  or,
  type SQL,
  sql,
} from "drizzle-orm";
import type { PgColumn } from "drizzle-orm/pg-core";
import type { ItemSort, PhotoSort } from "../../shared/content.ts";
import type { ContentLang, ContentStatus } from "../../shared/content-rules.ts";
import type { Db } from "./client.ts";
import type { Patch, RowPage } from "./queries.ts";
import {
  blogImportRows,
  type contentAlbums,
  contentArticles,
  type contentBooks,
  type contentCategories,
  type contentChapters,
  type contentNotes,
  type contentPhotos,
} from "./schema.ts";

export type ArticleRow = typeof contentArticles.$inferSelect;
export type NoteRow = typeof contentNotes.$inferSelect;
export type BookRow = typeof contentBooks.$inferSelect;
export type ChapterRow = typeof contentChapters.$inferSelect;
export type CategoryRow = typeof contentCategories.$inferSelect;
export type PhotoRow = typeof contentPhotos.$inferSelect;
export type AlbumRow = typeof contentAlbums.$inferSelect;

export type NewArticle = typeof contentArticles.$inferInsert;
export type NewNote = typeof contentNotes.$inferInsert;
export type NewBook = typeof contentBooks.$inferInsert;
export type NewChapter = typeof contentChapters.$inferInsert;
export type NewCategory = typeof contentCategories.$inferInsert;
export type NewAlbum = typeof contentAlbums.$inferInsert;

/** A list row: everything but the body, and the body's first characters for an excerpt. */
export type Listed<T extends { body: string }> = Omit<T, "body"> & { bodyStart: string };

export interface ListFilter {
  q?: string | undefined;
  status?: ContentStatus | undefined;
  lang?: ContentLang | undefined;
  category?: string | undefined;
  tag?: string | undefined;
  album?: string | undefined;
  featured?: boolean | undefined;
  sort?: PhotoSort | ItemSort | undefined;
}

export const BODY_START = 400;

export function hasTag(column: PgColumn, tag: string | undefined): SQL | undefined {
  return tag ? sql`${column} @> ${JSON.stringify([tag])}::jsonb` : undefined;
}

/**
 * Newest first, as the service sorts the merged list: publishedAt descending with none
 * (drafts) first, then the latest change (to the millisecond, as JavaScript compares), then slug.
 */
export function newestFirst(table: { publishedAt: PgColumn; updatedAt: PgColumn; slug: PgColumn }) {
  return [
    sql`${table.publishedAt} desc nulls first`,
    sql`date_trunc('milliseconds', ${table.updatedAt}) desc`,
    sql`${table.slug} collate "C"`,
  ];
}

/** The latest change first (to the millisecond, as JavaScript compares), then slug. */
export function latestChangeFirst(table: { updatedAt: PgColumn; slug: PgColumn }) {
  return [sql`date_trunc('milliseconds', ${table.updatedAt}) desc`, sql`${table.slug} collate "C"`];
}

/**
 * The article, note and book lists' orders (`ITEM_SORTS`), as the service sorts the merged list
 * (`itemOrder` in service/shared.ts): by title, the lower-cased title in code-point order, then
 * slug (a note, without a title, by slug).
 */
export function itemOrder(
  table: { publishedAt: PgColumn; updatedAt: PgColumn; slug: PgColumn; title?: PgColumn },
  sort: ListFilter["sort"],
): SQL[] {
  if (sort === "updated") return latestChangeFirst(table);
  if (sort === "title") {
    const title = table.title ? [sql`lower(${table.title}) collate "C"`] : [];
    return [...title, sql`${table.slug} collate "C"`];
  }
  return newestFirst(table);
}

export function listedColumns<T extends typeof contentArticles | typeof contentNotes>(table: T) {
  const { body: _body, ...columns } = getTableColumns(table);
  return { ...columns, bodyStart: sql<string>`left(${table.body}, ${BODY_START})` };
}

/** The tables of items kept by id with a slug: articles, notes, books, chapters and photos. */
export type ItemTable =
  | typeof contentArticles
  | typeof contentNotes
  | typeof contentBooks
  | typeof contentChapters
  | typeof contentPhotos;

/**
 * Drizzle cannot type a query on a table that is a type parameter, so the helpers below build
 * their queries on one of the tables' types (the columns they use are in all of them) and give
 * the results the row type of the table they were called with.
 */
export const asQueried = (table: ItemTable) => table as typeof contentArticles;

/** The item of `table` using `slug` (within `scope`, if any), other than `exceptId`. */
export async function findBySlug<T extends ItemTable>(
  db: Db,
  table: T,
  slug: string,
  exceptId?: string,
  scope?: SQL,
): Promise<T["$inferSelect"] | null> {
  const t = asQueried(table);
  const [row] = await db
    .select()
    .from(t)
    .where(and(scope, eq(t.slug, slug), exceptId ? ne(t.id, exceptId) : undefined));
  return (row as T["$inferSelect"] | undefined) ?? null;
}

/**
 * Find, insert, update and delete by id, and find by slug, for one of the item tables; whether
 * its rows keep their author is whether it has the column.
 */
export function itemRows<T extends ItemTable, Fixed extends string = never>(table: T) {
  type Row = T["$inferSelect"];
  const t = asQueried(table);
  return {
    authored: "authorId" in getTableColumns(table),
    findBySlug: (db: Db, slug: string, exceptId?: string) => findBySlug(db, table, slug, exceptId),
    async findById(db: Db, id: string): Promise<Row | null> {
      const [row] = await db.select().from(t).where(eq(t.id, id));
      return (row as Row | undefined) ?? null;
    },
    async insert(db: Db, values: T["$inferInsert"]): Promise<Row> {
      const [row] = await db
        .insert(t)
        .values(values as NewArticle)
        .returning();
      if (!row) throw new Error("insert returned no row");
      return row as Row;
    },
    /**
     * Changes a row; with `expected`, only while its last change is still that one (none
     * answered otherwise: another tab or person saved meanwhile), checked in the same statement.
     */
    async update(
      db: Db,
      id: string,
      patch: Patch<Omit<Row, Fixed>>,
      expected?: Date,
    ): Promise<Row | null> {
      const unchanged = expected
        ? sql`date_trunc('milliseconds', ${t.updatedAt}) = ${expected.toISOString()}::timestamptz`
        : undefined;
      const [row] = await db
        .update(t)
        .set({ ...(patch as Patch<ArticleRow>), updatedAt: new Date() })
        .where(and(eq(t.id, id), unchanged))
        .returning();
      return (row as Row | undefined) ?? null;
    },
    async remove(db: Db, id: string): Promise<Row | null> {
      const [row] = await db.delete(t).where(eq(t.id, id)).returning();
      return (row as Row | undefined) ?? null;
    },
  };
}

/** The first `limit` rows of `table` matching `where`, in list order, and how many match. */
export async function listPage<T extends typeof contentArticles | typeof contentNotes>(
  db: Db,
  table: T,
  where: SQL | undefined,
  order: SQL[],
  limit: number,
): Promise<RowPage<Listed<T["$inferSelect"]>>> {
  const t = asQueried(table);
  const [totalRow] = await db.select({ total: count() }).from(t).where(where);
  const rows = await db
    .select(listedColumns(t))
    .from(t)
    .where(where)
    .orderBy(...order)
    .limit(limit);
  return { rows: rows as unknown as Listed<T["$inferSelect"]>[], total: totalRow?.total ?? 0 };
}

/**
 * Items of a status as readers see it now (`statusNow`): a scheduled row whose time has come
 * counts as published, and only those still to come as scheduled.
 */
export function statusIs(
  t: { status: PgColumn; publishedAt: PgColumn },
  status: ContentStatus | undefined,
): SQL | undefined {
  if (status === "published") {
    return or(
      eq(t.status, "published"),
      and(eq(t.status, "scheduled"), lte(t.publishedAt, sql`now()`)),
    );
  }
  if (status === "scheduled") return and(eq(t.status, "scheduled"), gt(t.publishedAt, sql`now()`));
  return status ? eq(t.status, status) : undefined;
}

/**
 * Articles on the site at `now` (published, or scheduled and due) that no import wrote: what
 * followers are sent, by email and in the fediverse.
 */
export function articlesOnSiteAt(db: Db, now: Date): SQL | undefined {
  const a = contentArticles;
  const imported = db
    .select({ one: sql`1` })
    .from(blogImportRows)
    .where(and(eq(blogImportRows.kind, "article"), eq(blogImportRows.rowKey, sql`${a.id}::text`)));
  return and(
    or(eq(a.status, "published"), and(eq(a.status, "scheduled"), lte(a.publishedAt, now))),
    lte(a.publishedAt, now),
    notExists(imported),
  );
}

/** One language of a text kept in both (a JSON column), as text. */
export const inEach = (column: PgColumn) => [sql`${column}->>'zh-CN'`, sql`${column}->>'en-US'`];

/** What the lists' counts count of a row: its status and time, its group (if any), its tags. */
export interface FacetRow {
  status: ContentStatus;
  publishedAt: Date | null;
  group: string | null;
  tags: string[];
}

/** The facets of every row of `table`; `group` is its category or album, if it has one. */
export function facetRows(
  table: typeof contentArticles | typeof contentNotes | typeof contentPhotos,
  group?: PgColumn,
) {
  return (db: Db): Promise<FacetRow[]> =>
    db
      .select({
        status: table.status,
        publishedAt: table.publishedAt,
        group: group ? sql<string | null>`${group}` : sql<string | null>`null`,
        tags: table.tags,
      })
      .from(table);
}

/** A chapter list row, with its parent's order and slug for sorting in reading order. */
export type ListedChapter = Listed<ChapterRow> & {
  parentOrder: number | null;
  parentSlug: string | null;
};
