import { eq } from "drizzle-orm";
import type { Db } from "./client.ts";
import { appMeta } from "./schema.ts";

/** Records `key` once: true for the first caller ever, false afterwards. */
export async function claimOnce(db: Db, key: string, value = ""): Promise<boolean> {
  const rows = await db
    .insert(appMeta)
    .values({ key, value })
    .onConflictDoNothing({ target: appMeta.key })
    .returning({ key: appMeta.key });
  return rows.length > 0;
}

export async function isClaimed(db: Db, key: string): Promise<boolean> {
  const rows = await db.select({ key: appMeta.key }).from(appMeta).where(eq(appMeta.key, key));
  return rows.length > 0;
}
