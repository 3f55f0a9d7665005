import { and, asc, count, eq, type SQL, sql } from "drizzle-orm";
import type { PgColumn, PgTable } from "drizzle-orm/pg-core";
import type { PageSlug } from "../../shared/content.ts";
import type { ContentLang } from "../../shared/content-rules.ts";
import type { Db } from "../db/client.ts";
import { bannerOrder, navGroupOrder, navLinkOrder } from "../db/orders.ts";
import { firstRow, type Patch } from "../db/queries.ts";
import { contentBanners, navGroups, navLinks, sitePages } from "../db/schema.ts";

// The SQL of the site's own parts: the home page's banners, the navigation page's groups and
// links (both put in order by the owner), and the about page's saved text.

export type BannerRow = typeof contentBanners.$inferSelect;
export type NewBanner = Omit<typeof contentBanners.$inferInsert, "order">;

// --- Banners --------------------------------------------------------------------------------

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
