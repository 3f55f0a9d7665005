import { and, eq, getTableColumns, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { ChapterStatus } from "../../shared/content-rules.ts";
import type { Db } from "../db/client.ts";
import type { BookRow, ListedChapter } from "../db/items.ts";
import {
  BODY_START,
  findBySlug,
  itemOrder,
  itemRows,
  type ListFilter,
  statusIs,
} from "../db/items.ts";
import { pageOfRows, type RowPage, search } from "../db/queries.ts";
import { contentBooks, contentChapters } from "../db/schema.ts";

// The SQL of books and their chapters.

function listBooks(db: Db, filter: ListFilter, limit: number): Promise<RowPage<BookRow>> {
  const t = contentBooks;
  const where = and(
    statusIs(t, filter.status),
    filter.lang ? eq(t.lang, filter.lang) : undefined,
    search(filter.q, [t.slug, t.title, t.description]),
  );
  return pageOfRows(db, t, where, itemOrder(t, filter.sort), { page: 1, pageSize: limit });
}

/** Deleting a book deletes its chapters (foreign key cascade). */
export const books = { ...itemRows(contentBooks), list: listBooks };

export const chapters = itemRows<typeof contentChapters, "bookId">(contentChapters);

export const findChapterBySlug = (db: Db, bookId: string, slug: string, exceptId?: string) =>
  findBySlug(db, contentChapters, slug, exceptId, eq(contentChapters.bookId, bookId));

export async function chapterHasChildren(db: Db, id: string): Promise<boolean> {
  const [row] = await db
    .select({ id: contentChapters.id })
    .from(contentChapters)
    .where(eq(contentChapters.parentId, id))
    .limit(1);
  return Boolean(row);
}

/** The chapters of a book (without bodies), matching `q` in the slug, the title or the body. */
export async function listChaptersOfBook(
  db: Db,
  bookId: string,
  filter: { q?: string | undefined; status?: ChapterStatus | undefined },
): Promise<ListedChapter[]> {
  const t = contentChapters;
  const parent = alias(contentChapters, "parent");
  const { body: _body, ...columns } = getTableColumns(t);
  return db
    .select({
      ...columns,
      bodyStart: sql<string>`left(${t.body}, ${BODY_START})`,
      parentOrder: parent.order,
      parentSlug: parent.slug,
    })
    .from(t)
    .leftJoin(parent, eq(parent.id, t.parentId))
    .where(
      and(
        eq(t.bookId, bookId),
        filter.status ? eq(t.status, filter.status) : undefined,
        search(filter.q, [t.slug, t.title, t.body]),
      ),
    );
}
