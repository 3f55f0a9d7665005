import { count, ilike, or, type SQL } from "drizzle-orm";
import type { PgColumn, PgTable } from "drizzle-orm/pg-core";
import type { Page } from "../../shared/auth.ts";
import type { Db } from "./client.ts";

/**
 * What the repositories' queries share: the one row a query finds (or null), a page of a
 * table's rows with how many match (and that page as the API answers it), and a text search
 * over columns.
 */

/** The first row a query returns, or null when it returns none. */
export async function firstRow<T>(query: PromiseLike<T[]>): Promise<T | null> {
  const [row] = await query;
  return row ?? null;
}

/** Which page of a list, and how long a page is. */
export interface PageQuery {
  page: number;
  pageSize: number;
}

/** Rows of a list, and how many rows match in all. */
export interface RowPage<T> {
  rows: T[];
  total: number;
}

/** One page of the rows of `table` matching `where`, in `order`, and how many match in all. */
export async function pageOfRows<T extends PgTable>(
  db: Db,
  table: T,
  where: SQL | undefined,
  order: Array<PgColumn | SQL>,
  { page, pageSize }: PageQuery,
): Promise<RowPage<T["$inferSelect"]>> {
  // Drizzle cannot type a query on a table that is a type parameter: the query is built on it
  // as a table of any columns, and what it selects (every column) is a row of `table`.
  const source: PgTable = table;
  const [totalRow] = await db.select({ total: count() }).from(source).where(where);
  const rows = await db
    .select()
    .from(source)
    .where(where)
    .orderBy(...order)
    .limit(pageSize)
    .offset((page - 1) * pageSize);
  return { rows: rows as T["$inferSelect"][], total: totalRow?.total ?? 0 };
}

/** A page of rows as the API answers it: each row made an item, with the query's paging. */
export function answerPage<Row, Item>(
  query: PageQuery,
  { rows, total }: RowPage<Row>,
  item: (row: Row) => Item,
): Page<Item> {
  return { items: rows.map(item), total, page: query.page, pageSize: query.pageSize };
}

/** `value` as a literal part of a LIKE pattern. */
export function escapeLike(value: string): string {
  return value.replace(/[\\%_]/g, (ch) => `\\${ch}`);
}

/**
 * Rows where one of `columns` (or expressions, as a JSON column read as text) holds `q`,
 * case-insensitively; no `q` matches every row.
 */
export function search(q: string | undefined, columns: Array<PgColumn | SQL>): SQL | undefined {
  if (!q) return undefined;
  const pattern = `%${escapeLike(q)}%`;
  return or(...columns.map((column) => ilike(column, pattern)));
}

/** Fields to change; undefined ones are left alone (Drizzle skips them). */
export type Patch<T> = {
  [K in keyof Omit<T, "id" | "createdAt" | "updatedAt">]?: T[K] | undefined;
};
