import { and, asc, count, eq, getTableColumns, ilike, ne, or, type SQL, sql } from "drizzle-orm";
import { alias, type PgColumn } from "drizzle-orm/pg-core";
import type { Db } from "../db/client.ts";
import {
  contentArticles,
  contentBooks,
  contentCategories,
  contentChapters,
  contentNotes,
} from "../db/schema.ts";

export type ArticleRow = typeof contentArticles.$inferSelect;
export type NoteRow = typeof contentNotes.$inferSelect;
export type BookRow = typeof contentBooks.$inferSelect;
export type ChapterRow = typeof contentChapters.$inferSelect;
export type CategoryRow = typeof contentCategories.$inferSelect;

export type NewArticle = typeof contentArticles.$inferInsert;
export type NewNote = typeof contentNotes.$inferInsert;
export type NewBook = typeof contentBooks.$inferInsert;
export type NewChapter = typeof contentChapters.$inferInsert;
export type NewCategory = typeof contentCategories.$inferInsert;

/** Fields to change; undefined ones are left alone (Drizzle skips them). */
type Patch<T> = { [K in keyof Omit<T, "id" | "createdAt" | "updatedAt">]?: T[K] | undefined };

/** A list row: everything but the body, and the body's first characters for an excerpt. */
export type Listed<T extends { body: string }> = Omit<T, "body"> & { bodyStart: string };

export interface RowPage<T> {
  rows: T[];
  total: number;
}

export interface ListFilter {
  q?: string | undefined;
  status?: string | undefined;
  lang?: string | undefined;
  category?: string | undefined;
  tag?: string | undefined;
}

const BODY_START = 400;

function escapeLike(value: string): string {
  return value.replace(/[\\%_]/g, (ch) => `\\${ch}`);
}

function search(q: string | undefined, columns: PgColumn[]): SQL | undefined {
  if (!q) return undefined;
  const pattern = `%${escapeLike(q)}%`;
  return or(...columns.map((column) => ilike(column, pattern)));
}

function hasTag(column: PgColumn, tag: string | undefined): SQL | undefined {
  return tag ? sql`${column} @> ${JSON.stringify([tag])}::jsonb` : undefined;
}

/**
 * Newest first, as the service sorts the merged list: publishedAt descending with none
 * (drafts) first, then the latest change (to the millisecond, as JavaScript compares), then slug.
 */
function newestFirst(table: { publishedAt: PgColumn; updatedAt: PgColumn; slug: PgColumn }) {
  return [
    sql`${table.publishedAt} desc nulls first`,
    sql`date_trunc('milliseconds', ${table.updatedAt}) desc`,
    sql`${table.slug} collate "C"`,
  ];
}

function listedColumns<T extends typeof contentArticles | typeof contentNotes>(table: T) {
  const { body: _body, ...columns } = getTableColumns(table);
  return { ...columns, bodyStart: sql<string>`left(${table.body}, ${BODY_START})` };
}

// --- Articles -------------------------------------------------------------------------------

export async function findArticleById(db: Db, id: string): Promise<ArticleRow | null> {
  const [row] = await db.select().from(contentArticles).where(eq(contentArticles.id, id));
  return row ?? null;
}

/** The article using `slug`, other than `exceptId`. */
export async function findArticleBySlug(
  db: Db,
  slug: string,
  exceptId?: string,
): Promise<{ id: string } | null> {
  const [row] = await db
    .select({ id: contentArticles.id })
    .from(contentArticles)
    .where(
      and(eq(contentArticles.slug, slug), exceptId ? ne(contentArticles.id, exceptId) : undefined),
    );
  return row ?? null;
}

export async function insertArticle(db: Db, values: NewArticle): Promise<ArticleRow> {
  const [row] = await db.insert(contentArticles).values(values).returning();
  if (!row) throw new Error("insert returned no row");
  return row;
}

export async function updateArticle(
  db: Db,
  id: string,
  patch: Patch<ArticleRow>,
): Promise<ArticleRow | null> {
  const [row] = await db
    .update(contentArticles)
    .set({ ...patch, updatedAt: new Date() })
    .where(eq(contentArticles.id, id))
    .returning();
  return row ?? null;
}

export async function deleteArticle(db: Db, id: string): Promise<ArticleRow | null> {
  const [row] = await db.delete(contentArticles).where(eq(contentArticles.id, id)).returning();
  return row ?? null;
}

/** The first `limit` matching articles in list order, and how many match. */
export async function listArticles(
  db: Db,
  filter: ListFilter,
  limit: number,
): Promise<RowPage<Listed<ArticleRow>>> {
  const t = contentArticles;
  const where = and(
    filter.status ? eq(t.status, filter.status) : undefined,
    filter.lang ? eq(t.lang, filter.lang) : undefined,
    filter.category ? eq(t.category, filter.category) : undefined,
    hasTag(t.tags, filter.tag),
    search(filter.q, [t.title, t.summary, t.body]),
  );
  const [totalRow] = await db.select({ total: count() }).from(t).where(where);
  const rows = await db
    .select(listedColumns(t))
    .from(t)
    .where(where)
    .orderBy(...newestFirst(t))
    .limit(limit);
  return { rows, total: totalRow?.total ?? 0 };
}

/** The slug of an article in the database filed under `category`, if any. */
export async function articleInCategory(db: Db, category: string): Promise<string | null> {
  const [row] = await db
    .select({ slug: contentArticles.slug })
    .from(contentArticles)
    .where(eq(contentArticles.category, category))
    .orderBy(asc(contentArticles.slug))
    .limit(1);
  return row?.slug ?? null;
}

// --- Notes ----------------------------------------------------------------------------------

export async function findNoteById(db: Db, id: string): Promise<NoteRow | null> {
  const [row] = await db.select().from(contentNotes).where(eq(contentNotes.id, id));
  return row ?? null;
}

export async function findNoteBySlug(
  db: Db,
  slug: string,
  exceptId?: string,
): Promise<{ id: string } | null> {
  const [row] = await db
    .select({ id: contentNotes.id })
    .from(contentNotes)
    .where(and(eq(contentNotes.slug, slug), exceptId ? ne(contentNotes.id, exceptId) : undefined));
  return row ?? null;
}

export async function insertNote(db: Db, values: NewNote): Promise<NoteRow> {
  const [row] = await db.insert(contentNotes).values(values).returning();
  if (!row) throw new Error("insert returned no row");
  return row;
}

export async function updateNote(
  db: Db,
  id: string,
  patch: Patch<NoteRow>,
): Promise<NoteRow | null> {
  const [row] = await db
    .update(contentNotes)
    .set({ ...patch, updatedAt: new Date() })
    .where(eq(contentNotes.id, id))
    .returning();
  return row ?? null;
}

export async function deleteNote(db: Db, id: string): Promise<NoteRow | null> {
  const [row] = await db.delete(contentNotes).where(eq(contentNotes.id, id)).returning();
  return row ?? null;
}

export async function listNotes(
  db: Db,
  filter: ListFilter,
  limit: number,
): Promise<RowPage<Listed<NoteRow>>> {
  const t = contentNotes;
  const where = and(
    filter.status ? eq(t.status, filter.status) : undefined,
    filter.lang ? eq(t.lang, filter.lang) : undefined,
    hasTag(t.tags, filter.tag),
    search(filter.q, [t.body]),
  );
  const [totalRow] = await db.select({ total: count() }).from(t).where(where);
  const rows = await db
    .select(listedColumns(t))
    .from(t)
    .where(where)
    .orderBy(...newestFirst(t))
    .limit(limit);
  return { rows, total: totalRow?.total ?? 0 };
}

// --- Books ----------------------------------------------------------------------------------

export async function findBookById(db: Db, id: string): Promise<BookRow | null> {
  const [row] = await db.select().from(contentBooks).where(eq(contentBooks.id, id));
  return row ?? null;
}

export async function findBookBySlug(
  db: Db,
  slug: string,
  exceptId?: string,
): Promise<BookRow | null> {
  const [row] = await db
    .select()
    .from(contentBooks)
    .where(and(eq(contentBooks.slug, slug), exceptId ? ne(contentBooks.id, exceptId) : undefined));
  return row ?? null;
}

export async function insertBook(db: Db, values: NewBook): Promise<BookRow> {
  const [row] = await db.insert(contentBooks).values(values).returning();
  if (!row) throw new Error("insert returned no row");
  return row;
}

export async function updateBook(
  db: Db,
  id: string,
  patch: Patch<BookRow>,
): Promise<BookRow | null> {
  const [row] = await db
    .update(contentBooks)
    .set({ ...patch, updatedAt: new Date() })
    .where(eq(contentBooks.id, id))
    .returning();
  return row ?? null;
}

/** Deletes a book; its chapters go with it (foreign key cascade). */
export async function deleteBook(db: Db, id: string): Promise<BookRow | null> {
  const [row] = await db.delete(contentBooks).where(eq(contentBooks.id, id)).returning();
  return row ?? null;
}

export async function listBooks(
  db: Db,
  filter: ListFilter,
  limit: number,
): Promise<RowPage<BookRow>> {
  const t = contentBooks;
  const where = and(
    filter.status ? eq(t.status, filter.status) : undefined,
    filter.lang ? eq(t.lang, filter.lang) : undefined,
    search(filter.q, [t.title, t.description]),
  );
  const [totalRow] = await db.select({ total: count() }).from(t).where(where);
  const rows = await db
    .select()
    .from(t)
    .where(where)
    .orderBy(...newestFirst(t))
    .limit(limit);
  return { rows, total: totalRow?.total ?? 0 };
}

// --- Chapters -------------------------------------------------------------------------------

export async function findChapterById(db: Db, id: string): Promise<ChapterRow | null> {
  const [row] = await db.select().from(contentChapters).where(eq(contentChapters.id, id));
  return row ?? null;
}

export async function findChapterBySlug(
  db: Db,
  bookId: string,
  slug: string,
  exceptId?: string,
): Promise<{ id: string } | null> {
  const [row] = await db
    .select({ id: contentChapters.id })
    .from(contentChapters)
    .where(
      and(
        eq(contentChapters.bookId, bookId),
        eq(contentChapters.slug, slug),
        exceptId ? ne(contentChapters.id, exceptId) : undefined,
      ),
    );
  return row ?? null;
}

export async function chapterHasChildren(db: Db, id: string): Promise<boolean> {
  const [row] = await db
    .select({ id: contentChapters.id })
    .from(contentChapters)
    .where(eq(contentChapters.parentId, id))
    .limit(1);
  return Boolean(row);
}

export async function insertChapter(db: Db, values: NewChapter): Promise<ChapterRow> {
  const [row] = await db.insert(contentChapters).values(values).returning();
  if (!row) throw new Error("insert returned no row");
  return row;
}

export async function updateChapter(
  db: Db,
  id: string,
  patch: Patch<Omit<ChapterRow, "bookId">>,
): Promise<ChapterRow | null> {
  const [row] = await db
    .update(contentChapters)
    .set({ ...patch, updatedAt: new Date() })
    .where(eq(contentChapters.id, id))
    .returning();
  return row ?? null;
}

export async function deleteChapter(db: Db, id: string): Promise<ChapterRow | null> {
  const [row] = await db.delete(contentChapters).where(eq(contentChapters.id, id)).returning();
  return row ?? null;
}

/** A chapter list row, with its parent's order and slug for sorting in reading order. */
export type ListedChapter = Listed<ChapterRow> & {
  parentOrder: number | null;
  parentSlug: string | null;
};

/** The chapters of a book (without bodies), matching `q` in the title or the body. */
export async function listChaptersOfBook(
  db: Db,
  bookId: string,
  filter: { q?: string | undefined; status?: string | undefined },
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
        search(filter.q, [t.title, t.body]),
      ),
    );
}

// --- Categories -----------------------------------------------------------------------------

export async function listCategories(db: Db): Promise<CategoryRow[]> {
  return db
    .select()
    .from(contentCategories)
    .orderBy(asc(contentCategories.order), asc(contentCategories.slug));
}

export async function findCategory(db: Db, slug: string): Promise<CategoryRow | null> {
  const [row] = await db.select().from(contentCategories).where(eq(contentCategories.slug, slug));
  return row ?? null;
}

/** Inserts a category; null when the slug is taken. */
export async function insertCategory(db: Db, values: NewCategory): Promise<CategoryRow | null> {
  const [row] = await db.insert(contentCategories).values(values).onConflictDoNothing().returning();
  return row ?? null;
}

export async function updateCategory(
  db: Db,
  slug: string,
  patch: Partial<Pick<CategoryRow, "nameZh" | "nameEn" | "order">>,
): Promise<CategoryRow | null> {
  const [row] = await db
    .update(contentCategories)
    .set({ ...patch, updatedAt: new Date() })
    .where(eq(contentCategories.slug, slug))
    .returning();
  return row ?? null;
}

export async function deleteCategory(db: Db, slug: string): Promise<CategoryRow | null> {
  const [row] = await db
    .delete(contentCategories)
    .where(eq(contentCategories.slug, slug))
    .returning();
  return row ?? null;
}
