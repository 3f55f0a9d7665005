import { asc, eq } from "drizzle-orm";
import type { Db } from "../db/client.ts";
import type { CategoryRow, NewCategory } from "../db/items.ts";
import { firstRow, type Patch } from "../db/queries.ts";
import { contentArticles, contentCategories } from "../db/schema.ts";

// The SQL of categories, and whether an article is filed under one.

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
