import {
  and,
  asc,
  count,
  eq,
  getTableColumns,
  gt,
  isNull,
  lte,
  ne,
  or,
  type SQL,
  sql,
} from "drizzle-orm";
import { alias, type PgColumn, type PgTable } from "drizzle-orm/pg-core";
import { type ItemSort, NO_ALBUM, type PageSlug, type PhotoSort } from "../../shared/content.ts";
import type { ChapterStatus, ContentLang, ContentStatus } from "../../shared/content-rules.ts";
import type { Db } from "../db/client.ts";
import { firstRow, pageOfRows, type RowPage, search } from "../db/queries.ts";
import {
  contentAlbums,
  contentArticles,
  contentBanners,
  contentBooks,
  contentCategories,
  contentChapters,
  contentNotes,
  contentPhotos,
  contentRevisions,
  draftLinks,
  navGroups,
  navLinks,
  photoTagNames,
  type RevisedKind,
  sitePages,
  users,
} from "../db/schema.ts";

export type ArticleRow = typeof contentArticles.$inferSelect;
export type NoteRow = typeof contentNotes.$inferSelect;
export type BookRow = typeof contentBooks.$inferSelect;
export type ChapterRow = typeof contentChapters.$inferSelect;
export type CategoryRow = typeof contentCategories.$inferSelect;
export type PhotoRow = typeof contentPhotos.$inferSelect;
export type AlbumRow = typeof contentAlbums.$inferSelect;
export type BannerRow = typeof contentBanners.$inferSelect;

export type NewArticle = typeof contentArticles.$inferInsert;
export type NewNote = typeof contentNotes.$inferInsert;
export type NewBook = typeof contentBooks.$inferInsert;
export type NewChapter = typeof contentChapters.$inferInsert;
export type NewCategory = typeof contentCategories.$inferInsert;
export type NewAlbum = typeof contentAlbums.$inferInsert;
export type NewBanner = Omit<typeof contentBanners.$inferInsert, "order">;

/** Fields to change; undefined ones are left alone (Drizzle skips them). */
type Patch<T> = { [K in keyof Omit<T, "id" | "createdAt" | "updatedAt">]?: T[K] | undefined };

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

const BODY_START = 400;

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

/** The latest change first (to the millisecond, as JavaScript compares), then slug. */
function latestChangeFirst(table: { updatedAt: PgColumn; slug: PgColumn }) {
  return [sql`date_trunc('milliseconds', ${table.updatedAt}) desc`, sql`${table.slug} collate "C"`];
}

/**
 * The article, note and book lists' orders (`ITEM_SORTS`), as the service sorts the merged list
 * (`itemOrder` in service/shared.ts): by title, the lower-cased title in code-point order, then
 * slug (a note, without a title, by slug).
 */
function itemOrder(
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

function listedColumns<T extends typeof contentArticles | typeof contentNotes>(table: T) {
  const { body: _body, ...columns } = getTableColumns(table);
  return { ...columns, bodyStart: sql<string>`left(${table.body}, ${BODY_START})` };
}

/** The tables of items kept by id with a slug: articles, notes, books, chapters and photos. */
type ItemTable =
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
const asQueried = (table: ItemTable) => table as typeof contentArticles;

/** The item of `table` using `slug` (within `scope`, if any), other than `exceptId`. */
async function findBySlug<T extends ItemTable>(
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
function itemRows<T extends ItemTable, Fixed extends string = never>(table: T) {
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

export const chapters = itemRows<typeof contentChapters, "bookId">(contentChapters);

export const findChapterBySlug = (db: Db, bookId: string, slug: string, exceptId?: string) =>
  findBySlug(db, contentChapters, slug, exceptId, eq(contentChapters.bookId, bookId));

/** The first `limit` rows of `table` matching `where`, in list order, and how many match. */
async function listPage<T extends typeof contentArticles | typeof contentNotes>(
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
function statusIs(
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

function listBooks(db: Db, filter: ListFilter, limit: number): Promise<RowPage<BookRow>> {
  const t = contentBooks;
  const where = and(
    statusIs(t, filter.status),
    filter.lang ? eq(t.lang, filter.lang) : undefined,
    search(filter.q, [t.slug, t.title, t.description]),
  );
  return pageOfRows(db, t, where, itemOrder(t, filter.sort), { page: 1, pageSize: limit });
}

/** One language of a text kept in both (a JSON column), as text. */
const inEach = (column: PgColumn) => [sql`${column}->>'zh-CN'`, sql`${column}->>'en-US'`];

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

/** What the lists' counts count of a row: its status and time, its group (if any), its tags. */
export interface FacetRow {
  status: ContentStatus;
  publishedAt: Date | null;
  group: string | null;
  tags: string[];
}

/** The facets of every row of `table`; `group` is its category or album, if it has one. */
function facetRows(
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

/** The rows of each kind with a publish time, with their list (and facets, for counts). */
export const articles = {
  ...itemRows(contentArticles),
  list: listArticles,
  facets: facetRows(contentArticles, contentArticles.category),
};
export const notes = {
  ...itemRows(contentNotes),
  list: listNotes,
  facets: facetRows(contentNotes),
};
/** Deleting a book deletes its chapters (foreign key cascade). */
export const books = { ...itemRows(contentBooks), list: listBooks };
export const photos = {
  ...itemRows(contentPhotos),
  list: listPhotos,
  facets: facetRows(contentPhotos, contentPhotos.album),
};

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

export async function chapterHasChildren(db: Db, id: string): Promise<boolean> {
  const [row] = await db
    .select({ id: contentChapters.id })
    .from(contentChapters)
    .where(eq(contentChapters.parentId, id))
    .limit(1);
  return Boolean(row);
}

/** A chapter list row, with its parent's order and slug for sorting in reading order. */
export type ListedChapter = Listed<ChapterRow> & {
  parentOrder: number | null;
  parentSlug: string | null;
};

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

// --- Categories -----------------------------------------------------------------------------

export async function listCategories(db: Db): Promise<CategoryRow[]> {
  return db
    .select()
    .from(contentCategories)
    .orderBy(asc(contentCategories.order), asc(contentCategories.slug));
}

export function findCategory(db: Db, slug: string): Promise<CategoryRow | null> {
  return firstRow(db.select().from(contentCategories).where(eq(contentCategories.slug, slug)));
}

/** Inserts a category; null when the slug is taken. */
export function insertCategory(db: Db, values: NewCategory): Promise<CategoryRow | null> {
  return firstRow(db.insert(contentCategories).values(values).onConflictDoNothing().returning());
}

export function updateCategory(
  db: Db,
  slug: string,
  patch: Patch<Omit<CategoryRow, "slug">>,
): Promise<CategoryRow | null> {
  return firstRow(
    db
      .update(contentCategories)
      .set({ ...patch, updatedAt: new Date() })
      .where(eq(contentCategories.slug, slug))
      .returning(),
  );
}

export function deleteCategory(db: Db, slug: string): Promise<CategoryRow | null> {
  return firstRow(db.delete(contentCategories).where(eq(contentCategories.slug, slug)).returning());
}

// --- Albums ---------------------------------------------------------------------------------

export async function listAlbums(db: Db): Promise<AlbumRow[]> {
  return db.select().from(contentAlbums).orderBy(asc(contentAlbums.order), asc(contentAlbums.slug));
}

export function findAlbum(db: Db, slug: string): Promise<AlbumRow | null> {
  return firstRow(db.select().from(contentAlbums).where(eq(contentAlbums.slug, slug)));
}

/** Inserts an album; null when the slug is taken. */
export function insertAlbum(db: Db, values: NewAlbum): Promise<AlbumRow | null> {
  return firstRow(db.insert(contentAlbums).values(values).onConflictDoNothing().returning());
}

export function updateAlbum(
  db: Db,
  slug: string,
  patch: Patch<Omit<AlbumRow, "slug">>,
): Promise<AlbumRow | null> {
  return firstRow(
    db
      .update(contentAlbums)
      .set({ ...patch, updatedAt: new Date() })
      .where(eq(contentAlbums.slug, slug))
      .returning(),
  );
}

export function deleteAlbum(db: Db, slug: string): Promise<AlbumRow | null> {
  return firstRow(db.delete(contentAlbums).where(eq(contentAlbums.slug, slug)).returning());
}

/** The slug of a photo in the database kept in `album`, if any. */
export async function photoInAlbum(db: Db, album: string): Promise<string | null> {
  const [row] = await db
    .select({ slug: contentPhotos.slug })
    .from(contentPhotos)
    .where(eq(contentPhotos.album, album))
    .orderBy(asc(contentPhotos.slug))
    .limit(1);
  return row?.slug ?? null;
}

// --- Photo tag names ------------------------------------------------------------------------

export type PhotoTagRow = typeof photoTagNames.$inferSelect;

export function listPhotoTagNames(db: Db): Promise<PhotoTagRow[]> {
  return db.select().from(photoTagNames).orderBy(asc(photoTagNames.tag));
}

/** Names a tag, or renames it. */
export function savePhotoTagName(
  db: Db,
  tag: string,
  name: Record<ContentLang, string>,
): Promise<PhotoTagRow | null> {
  const updatedAt = new Date();
  return firstRow(
    db
      .insert(photoTagNames)
      .values({ tag, name, updatedAt })
      .onConflictDoUpdate({ target: photoTagNames.tag, set: { name, updatedAt } })
      .returning(),
  );
}

export function deletePhotoTagName(db: Db, tag: string): Promise<PhotoTagRow | null> {
  return firstRow(db.delete(photoTagNames).where(eq(photoTagNames.tag, tag)).returning());
}

/** Every photo's tags in the database with its status, drafts included. */
export function photoTagLists(
  db: Db,
): Promise<{ tags: string[]; status: ContentStatus; publishedAt: Date | null }[]> {
  return db
    .select({
      tags: contentPhotos.tags,
      status: contentPhotos.status,
      publishedAt: contentPhotos.publishedAt,
    })
    .from(contentPhotos);
}

// --- Banners --------------------------------------------------------------------------------

/** The banners' one order: the carousel's, the list's and the build snapshot's. */
export const bannerOrder = [
  asc(contentBanners.order),
  asc(contentBanners.createdAt),
  asc(contentBanners.id),
];

export function listBanners(db: Db): Promise<BannerRow[]> {
  return db
    .select()
    .from(contentBanners)
    .orderBy(...bannerOrder);
}

export function findBanner(db: Db, id: string): Promise<BannerRow | null> {
  return firstRow(db.select().from(contentBanners).where(eq(contentBanners.id, id)));
}

export async function countBanners(db: Db): Promise<number> {
  const [row] = await db.select({ n: count() }).from(contentBanners);
  return row?.n ?? 0;
}

/** Inserts a banner after every other (one statement: two at once may share a place, kept apart by their times). */
export function insertBanner(db: Db, values: NewBanner): Promise<BannerRow | null> {
  const last = sql<number>`(select coalesce(max(${contentBanners.order}), -1) + 1 from ${contentBanners})`;
  return firstRow(
    db
      .insert(contentBanners)
      .values({ ...values, order: last })
      .returning(),
  );
}

export function updateBanner(
  db: Db,
  id: string,
  patch: Patch<Omit<BannerRow, "order">>,
): Promise<BannerRow | null> {
  return firstRow(
    db
      .update(contentBanners)
      .set({ ...patch, updatedAt: new Date() })
      .where(eq(contentBanners.id, id))
      .returning(),
  );
}

export function deleteBanner(db: Db, id: string): Promise<BannerRow | null> {
  return firstRow(db.delete(contentBanners).where(eq(contentBanners.id, id)).returning());
}

/** The columns of a table whose rows the owner puts in order (banners, navigation). */
interface Ordered {
  table: PgTable;
  id: PgColumn;
  order: PgColumn;
  /** The rows' one order (the one lists and the site show). */
  sort: SQL[];
  /** Which rows are ordered together (a group's links); all of the table when absent. */
  scope?: SQL | undefined;
}

/**
 * Puts the rows of `o` in the order of `ids`, in one transaction that first locks them all;
 * false (and nothing changed) unless `ids` names every one of them once and `seen`, the order
 * the caller moved from, is the one stored.
 */
function reorder(
  db: Db,
  o: Ordered,
  ids: readonly string[],
  seen: readonly string[],
): Promise<boolean> {
  return db.transaction(async (tx) => {
    // Locked in one fixed order (by id), so two orders at once wait for each other, never
    // deadlock; then read in the list's order, which the lock holds still.
    await tx.select({ id: o.id }).from(o.table).where(o.scope).orderBy(asc(o.id)).for("update");
    const current = (
      await tx
        .select({ id: o.id })
        .from(o.table)
        .where(o.scope)
        .orderBy(...o.sort)
    ).map((row) => String(row.id));
    // The order the caller moved from must be the one stored: else another tab moved, added or
    // deleted a row meanwhile, and this order would undo it.
    if (current.length !== seen.length || current.some((id, at) => id !== seen[at])) return false;
    const wanted = new Set(ids);
    if (wanted.size !== ids.length || current.length !== ids.length) return false;
    if (!current.every((id) => wanted.has(id))) return false;
    for (const [order, id] of ids.entries()) {
      await tx.execute(
        sql`update ${o.table} set ${sql.identifier(o.order.name)} = ${order}, "updated_at" = now() where ${sql.identifier(o.id.name)} = ${id}`,
      );
    }
    return true;
  });
}

/** Puts the banners in the order of `ids` (`reorder`). */
export const orderBanners = (db: Db, ids: readonly string[], seen: readonly string[]) =>
  reorder(
    db,
    {
      table: contentBanners,
      id: contentBanners.id,
      order: contentBanners.order,
      sort: bannerOrder,
    },
    ids,
    seen,
  );

// --- Site navigation -------------------------------------------------------------------------

export type NavGroupRow = typeof navGroups.$inferSelect;
export type NavLinkRow = typeof navLinks.$inferSelect;

/** The groups' one order and the links' (within their group): the page's, the list's, the snapshot's. */
export const navGroupOrder = [asc(navGroups.order), asc(navGroups.createdAt), asc(navGroups.id)];
export const navLinkOrder = [asc(navLinks.order), asc(navLinks.createdAt), asc(navLinks.id)];

export function listNavGroups(db: Db): Promise<NavGroupRow[]> {
  return db
    .select()
    .from(navGroups)
    .orderBy(...navGroupOrder);
}

export function listNavLinks(db: Db): Promise<NavLinkRow[]> {
  return db
    .select()
    .from(navLinks)
    .orderBy(...navLinkOrder);
}

export function findNavGroup(db: Db, id: string): Promise<NavGroupRow | null> {
  return firstRow(db.select().from(navGroups).where(eq(navGroups.id, id)));
}

export function findNavLink(db: Db, id: string): Promise<NavLinkRow | null> {
  return firstRow(db.select().from(navLinks).where(eq(navLinks.id, id)));
}

export async function countNav(db: Db): Promise<{ groups: number; links: number }> {
  const [groups] = await db.select({ n: count() }).from(navGroups);
  const [links] = await db.select({ n: count() }).from(navLinks);
  return { groups: groups?.n ?? 0, links: links?.n ?? 0 };
}

/** Inserts a group after every other. */
export function insertNavGroup(
  db: Db,
  values: Pick<typeof navGroups.$inferInsert, "name">,
): Promise<NavGroupRow | null> {
  const last = sql<number>`(select coalesce(max(${navGroups.order}), -1) + 1 from ${navGroups})`;
  return firstRow(
    db
      .insert(navGroups)
      .values({ ...values, order: last })
      .returning(),
  );
}

/** The place after a group's last link. */
const lastInGroup = (group: string) =>
  sql<number>`(select coalesce(max(${navLinks.order}), -1) + 1 from ${navLinks} where ${navLinks.group} = ${group})`;

/** Inserts a link after every other of its group. */
export function insertNavLink(
  db: Db,
  values: Omit<typeof navLinks.$inferInsert, "order">,
): Promise<NavLinkRow | null> {
  return firstRow(
    db
      .insert(navLinks)
      .values({ ...values, order: lastInGroup(values.group) })
      .returning(),
  );
}

export function updateNavGroup(
  db: Db,
  id: string,
  patch: Patch<Omit<NavGroupRow, "order">>,
): Promise<NavGroupRow | null> {
  return firstRow(
    db
      .update(navGroups)
      .set({ ...patch, updatedAt: new Date() })
      .where(eq(navGroups.id, id))
      .returning(),
  );
}

/** Changes a link; one moved to another group goes last there. */
export function updateNavLink(
  db: Db,
  id: string,
  patch: Patch<Omit<NavLinkRow, "order">>,
  moved: boolean,
): Promise<NavLinkRow | null> {
  const order = moved && patch.group ? { order: lastInGroup(patch.group) } : {};
  return firstRow(
    db
      .update(navLinks)
      .set({ ...patch, ...order, updatedAt: new Date() })
      .where(eq(navLinks.id, id))
      .returning(),
  );
}

export function deleteNavGroup(db: Db, id: string): Promise<NavGroupRow | null> {
  return firstRow(db.delete(navGroups).where(eq(navGroups.id, id)).returning());
}

export function deleteNavLink(db: Db, id: string): Promise<NavLinkRow | null> {
  return firstRow(db.delete(navLinks).where(eq(navLinks.id, id)).returning());
}

/** Puts the groups in the order of `ids` (`reorder`). */
export const orderNavGroups = (db: Db, ids: readonly string[], seen: readonly string[]) =>
  reorder(
    db,
    { table: navGroups, id: navGroups.id, order: navGroups.order, sort: navGroupOrder },
    ids,
    seen,
  );

/** Puts a group's links in the order of `ids` (`reorder`). */
export const orderNavLinks = (
  db: Db,
  group: string,
  ids: readonly string[],
  seen: readonly string[],
) =>
  reorder(
    db,
    {
      table: navLinks,
      id: navLinks.id,
      order: navLinks.order,
      sort: navLinkOrder,
      scope: eq(navLinks.group, group),
    },
    ids,
    seen,
  );

// --- Revisions -------------------------------------------------------------------------------

/** How many revisions an item keeps: the oldest beyond are deleted as new ones come. */
export const REVISIONS_KEPT = 100;

export type RevisionRow = typeof contentRevisions.$inferSelect;

/** A revision in a list: when, by whom (their name, if they still exist), without its fields. */
export interface RevisionListRow {
  id: string;
  savedAt: Date;
  savedBy: string | null;
  savedByName: string | null;
  title: string | null;
  length: number;
  autosaved: boolean;
}

/** Keeps a revision of an item as saved, and forgets the oldest beyond `REVISIONS_KEPT`. */
export async function insertRevision(
  db: Db,
  values: {
    kind: RevisedKind;
    itemId: string;
    fields: Record<string, unknown>;
    savedBy: string | null;
    autosaved?: boolean;
  },
): Promise<RevisionRow> {
  const t = contentRevisions;
  const same = and(eq(t.kind, values.kind), eq(t.itemId, values.itemId));
  if (values.autosaved) {
    // A run of saves after pauses in typing is one revision: the newest, if it is one of them by
    // the same person, takes the new fields and time.
    const newest = db
      .select({ id: t.id })
      .from(t)
      .where(same)
      .orderBy(sql`${t.savedAt} desc`, sql`${t.id} desc`)
      .limit(1);
    const [replaced] = await db
      .update(t)
      .set({ fields: values.fields, savedAt: new Date() })
      .where(
        and(
          sql`${t.id} = (${newest})`,
          eq(t.autosaved, true),
          values.savedBy ? eq(t.savedBy, values.savedBy) : isNull(t.savedBy),
        ),
      )
      .returning();
    if (replaced) return replaced;
  }
  const [row] = await db.insert(contentRevisions).values(values).returning();
  if (!row) throw new Error("insert returned no row");
  const kept = db
    .select({ id: t.id })
    .from(t)
    .where(same)
    .orderBy(sql`${t.savedAt} desc`, sql`${t.id} desc`)
    .limit(REVISIONS_KEPT);
  await db.delete(t).where(and(same, sql`${t.id} not in (${kept})`));
  return row;
}

/** An item's revisions, newest first, a page at a time. */
export async function listRevisions(
  db: Db,
  kind: RevisedKind,
  itemId: string,
  page: { page: number; pageSize: number },
): Promise<RowPage<RevisionListRow>> {
  const t = contentRevisions;
  const where = and(eq(t.kind, kind), eq(t.itemId, itemId));
  const [totalRow] = await db.select({ total: count() }).from(t).where(where);
  const rows = await db
    .select({
      id: t.id,
      savedAt: t.savedAt,
      savedBy: t.savedBy,
      savedByName: users.userName,
      title: sql<string | null>`${t.fields}->>'title'`,
      length: sql<number>`coalesce(length(${t.fields}->>'body'), 0)::int`,
      autosaved: t.autosaved,
    })
    .from(t)
    .leftJoin(users, eq(users.id, t.savedBy))
    .where(where)
    .orderBy(sql`${t.savedAt} desc`, sql`${t.id} desc`)
    .limit(page.pageSize)
    .offset((page.page - 1) * page.pageSize);
  return { rows, total: totalRow?.total ?? 0 };
}

/** One revision of an item, fields and all. */
export const findRevision = (db: Db, kind: RevisedKind, itemId: string, id: string) =>
  firstRow(
    db
      .select({
        id: contentRevisions.id,
        savedAt: contentRevisions.savedAt,
        savedBy: contentRevisions.savedBy,
        savedByName: users.userName,
        fields: contentRevisions.fields,
        autosaved: contentRevisions.autosaved,
      })
      .from(contentRevisions)
      .leftJoin(users, eq(users.id, contentRevisions.savedBy))
      .where(
        and(
          eq(contentRevisions.id, id),
          eq(contentRevisions.kind, kind),
          eq(contentRevisions.itemId, itemId),
        ),
      ),
  );

/** An item's revisions go with it. */
export async function deleteRevisions(db: Db, kind: RevisedKind, itemId: string): Promise<void> {
  await db
    .delete(contentRevisions)
    .where(and(eq(contentRevisions.kind, kind), eq(contentRevisions.itemId, itemId)));
}

// --- Draft links ------------------------------------------------------------------------------

/** Keeps a secret link to a draft (its token's hash), forgetting every expired link. */
export async function insertDraftLink(
  db: Db,
  values: typeof draftLinks.$inferInsert,
): Promise<void> {
  await db.delete(draftLinks).where(lte(draftLinks.expiresAt, sql`now()`));
  await db.insert(draftLinks).values(values);
}

/** The live link of a token's hash (none once expired). */
export const findDraftLink = (db: Db, tokenHash: string) =>
  firstRow(
    db
      .select()
      .from(draftLinks)
      .where(and(eq(draftLinks.tokenHash, tokenHash), gt(draftLinks.expiresAt, sql`now()`))),
  );

/**
 * An item's links go with it; a book's chapters (deleted with it by the foreign key) take theirs.
 */
export async function deleteDraftLinks(db: Db, kind: string, itemId: string): Promise<void> {
  // Any kind may ask (the item flow deletes for each of its kinds); articles, notes and chapters have some.
  await db
    .delete(draftLinks)
    .where(and(sql`${draftLinks.kind} = ${kind}`, eq(draftLinks.itemId, itemId)));
  if (kind !== "book") return;
  await db
    .delete(draftLinks)
    .where(
      and(
        sql`${draftLinks.kind} = 'chapter'`,
        sql`not exists (select 1 from ${contentChapters} where ${contentChapters.id} = ${draftLinks.itemId})`,
      ),
    );
}

// --- The site's pages (the about page) ----------------------------------------------------------

export type PageRow = typeof sitePages.$inferSelect;

/** The saved languages of a page. */
export const listPages = (db: Db, slug: PageSlug): Promise<PageRow[]> =>
  db.select().from(sitePages).where(eq(sitePages.slug, slug));

export const findPageById = (db: Db, id: string) =>
  firstRow(db.select().from(sitePages).where(eq(sitePages.id, id)));

export const findPage = (db: Db, slug: PageSlug, lang: ContentLang) =>
  firstRow(
    db
      .select()
      .from(sitePages)
      .where(and(eq(sitePages.slug, slug), eq(sitePages.lang, lang))),
  );

/**
 * Saves a page's text. `expected`: the `updatedAt` of the saved text the editor opened (only
 * while it is still that one), or `"none"` when it opened the file (only while no text is saved);
 * without it, whatever is there is replaced. None is answered when the condition fails, decided
 * in the one statement, so of two parallel saves over one version exactly one goes through.
 */
export async function savePage(
  db: Db,
  values: { slug: PageSlug; lang: ContentLang; body: string; updatedBy: string | null },
  expected?: Date | "none",
): Promise<PageRow | null> {
  const now = new Date();
  if (expected === "none") {
    const [row] = await db
      .insert(sitePages)
      .values({ ...values, updatedAt: now })
      .onConflictDoNothing()
      .returning();
    return row ?? null;
  }
  if (expected) {
    const [row] = await db
      .update(sitePages)
      .set({ body: values.body, updatedBy: values.updatedBy, updatedAt: now })
      .where(
        and(
          eq(sitePages.slug, values.slug),
          eq(sitePages.lang, values.lang),
          sql`date_trunc('milliseconds', ${sitePages.updatedAt}) = ${expected.toISOString()}::timestamptz`,
        ),
      )
      .returning();
    return row ?? null;
  }
  const [row] = await db
    .insert(sitePages)
    .values({ ...values, updatedAt: now })
    .onConflictDoUpdate({
      target: [sitePages.slug, sitePages.lang],
      set: { body: values.body, updatedBy: values.updatedBy, updatedAt: now },
    })
    .returning();
  return row ?? null;
}

/** Forgets a page's saved text (the file is the page again). */
export async function deletePage(
  db: Db,
  slug: PageSlug,
  lang: ContentLang,
): Promise<PageRow | null> {
  const [row] = await db
    .delete(sitePages)
    .where(and(eq(sitePages.slug, slug), eq(sitePages.lang, lang)))
    .returning();
  return row ?? null;
}
