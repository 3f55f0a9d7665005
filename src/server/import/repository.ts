import { and, desc, eq, inArray, sql } from "drizzle-orm";
import type { ImportProgress } from "../../shared/import-rules.ts";
import type { Db } from "../db/client.ts";
import {
  blogImportRows,
  blogImports,
  comments,
  contentArticles,
  contentCategories,
  type ImportedKind,
  media,
  redirects,
  users,
} from "../db/schema.ts";

// The SQL of blog imports: the site as an import finds it, what one writes, and its removal.

export type NewArticleRow = typeof contentArticles.$inferInsert;
export type NewCommentRow = typeof comments.$inferInsert;
export type NewMediaRow = typeof media.$inferInsert;
export type ImportRow = typeof blogImports.$inferSelect;

/** Rows per INSERT: well under PostgreSQL's 65,535 parameters for the widest table. */
const CHUNK = 200;

async function insertChunks<T>(
  values: T[],
  insert: (chunk: T[]) => Promise<unknown>,
  inserted: (rows: number) => void = () => {},
) {
  for (let i = 0; i < values.length; i += CHUNK) {
    const chunk = values.slice(i, i + CHUNK);
    await insert(chunk);
    inserted(chunk.length);
  }
}

/** What an import has to fit around in the database (files add their own slugs and categories). */
export async function readSiteState(db: Db) {
  const [slugs, categories, imported, paths, admins] = await Promise.all([
    db.select({ slug: contentArticles.slug }).from(contentArticles),
    db
      .select({
        slug: contentCategories.slug,
        nameZh: contentCategories.nameZh,
        nameEn: contentCategories.nameEn,
        parent: contentCategories.parent,
      })
      .from(contentCategories),
    db
      .select({ key: blogImportRows.sourceKey })
      .from(blogImportRows)
      .where(eq(blogImportRows.kind, "article")),
    db.select({ from: redirects.fromPath }).from(redirects),
    db
      .select({ id: users.id, email: users.email, userName: users.userName })
      .from(users)
      .where(eq(users.role, "admin")),
  ]);
  return {
    articleSlugs: slugs.map((r) => r.slug),
    categories,
    imported: imported.map((r) => r.key),
    redirects: paths.map((r) => r.from),
    admins,
  };
}

export interface ImportWrite {
  import: typeof blogImports.$inferInsert & { id: string };
  categories: Array<typeof contentCategories.$inferInsert>;
  media: NewMediaRow[];
  articles: NewArticleRow[];
  comments: NewCommentRow[];
  redirects: Array<{ fromPath: string; toPath: string }>;
  rows: Array<{ kind: ImportedKind; sourceKey: string; rowKey: string }>;
}

/**
 * Writes everything an import made, in one transaction: all of it, or none. `onProgress` is
 * told the rows written so far, a chunk at a time, and "done" once committed.
 */
export async function writeImport(
  db: Db,
  onProgress: ((progress: ImportProgress) => void) | undefined,
  write: ImportWrite,
): Promise<void> {
  const total =
    write.categories.length +
    write.media.length +
    write.articles.length +
    write.comments.length +
    write.redirects.length +
    write.rows.length;
  let done = 0;
  const inserted = (rows: number) => {
    done += rows;
    onProgress?.({ stage: "writing", done, total });
  };
  await db.transaction(async (tx) => {
    await tx.insert(blogImports).values(write.import);
    if (write.categories.length > 0) {
      await tx.insert(contentCategories).values(write.categories).onConflictDoNothing();
    }
    inserted(write.categories.length);
    await insertChunks(write.media, (chunk) => tx.insert(media).values(chunk), inserted);
    await insertChunks(
      write.articles,
      (chunk) => tx.insert(contentArticles).values(chunk),
      inserted,
    );
    // First comments of threads before their replies (a reply names its thread's first).
    const ordered = [
      ...write.comments.filter((c) => !c.threadId),
      ...write.comments.filter((c) => c.threadId),
    ];
    await insertChunks(ordered, (chunk) => tx.insert(comments).values(chunk), inserted);
    await insertChunks(
      write.redirects.map((r) => ({ ...r, importId: write.import.id })),
      (chunk) => tx.insert(redirects).values(chunk).onConflictDoNothing(),
      inserted,
    );
    await insertChunks(
      write.rows.map((r) => ({ ...r, importId: write.import.id })),
      (chunk) => tx.insert(blogImportRows).values(chunk).onConflictDoNothing(),
      inserted,
    );
  });
  onProgress?.({ stage: "done", done: total, total });
}

export async function listImports(db: Db): Promise<ImportRow[]> {
  return db.select().from(blogImports).orderBy(desc(blogImports.createdAt));
}

/** What an import made, by kind: the keys of its rows. */
export interface Made {
  articleIds: string[];
  categorySlugs: string[];
  /** The library images it stored: the caller deletes those nothing uses now. */
  mediaIds: string[];
}

/** The rows an import made; null when there is no such import. */
export async function madeBy(db: Db, id: string): Promise<Made | null> {
  const [found] = await db.select().from(blogImports).where(eq(blogImports.id, id));
  if (!found) return null;
  const made = await db.select().from(blogImportRows).where(eq(blogImportRows.importId, id));
  const keys = (kind: ImportedKind) => made.filter((r) => r.kind === kind).map((r) => r.rowKey);
  return { articleIds: keys("article"), categorySlugs: keys("category"), mediaIds: keys("media") };
}

/**
 * Removes the rest of an import once its articles have gone (call it in a transaction): the
 * categories it made that no article is filed under or category sits under now, its old
 * addresses and its record. Answers the categories removed.
 */
export async function removeImportRecord(
  tx: Db,
  id: string,
  categorySlugs: string[],
): Promise<string[]> {
  // The categories it made that nothing is filed under or sits under now, the deepest first.
  const categories: string[] = [];
  for (let left = categorySlugs; left.length > 0; ) {
    const gone = await tx
      .delete(contentCategories)
      .where(
        and(
          inArray(contentCategories.slug, left),
          sql`not exists (select 1 from ${contentArticles} where ${contentArticles.category} = ${contentCategories.slug})`,
          sql`not exists (select 1 from ${contentCategories} as under where under.parent = ${contentCategories.slug})`,
        ),
      )
      .returning({ slug: contentCategories.slug });
    if (gone.length === 0) break;
    categories.push(...gone.map((c) => c.slug));
    left = left.filter((slug) => !categories.includes(slug));
  }
  // Its rows and old addresses go with it (their foreign keys cascade).
  await tx.delete(blogImports).where(eq(blogImports.id, id));
  return categories;
}
