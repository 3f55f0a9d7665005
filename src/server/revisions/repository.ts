import { and, count, eq, isNull, sql } from "drizzle-orm";
import type { Db } from "../db/client.ts";
import { firstRow, type RowPage } from "../db/queries.ts";
import { contentRevisions, type RevisedKind, users } from "../db/schema.ts";

export type { RevisedKind };

// The SQL of an item's revisions: every save kept, the oldest beyond REVISIONS_KEPT dropped.

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
