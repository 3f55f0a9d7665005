import { and, eq, gt, lte, sql } from "drizzle-orm";
import type { Db } from "../db/client.ts";
import { firstRow } from "../db/queries.ts";
import { contentChapters, draftLinks } from "../db/schema.ts";

// The SQL of the secret links that show an item's draft.

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
