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

/** The value kept under `key`, or undefined. */
export async function readMeta(db: Db, key: string): Promise<string | undefined> {
  const [row] = await db.select().from(appMeta).where(eq(appMeta.key, key));
  return row?.value;
}

/** Keeps `value` under `key`, replacing any before. */
export async function writeMeta(db: Db, key: string, value: string): Promise<void> {
  await db
    .insert(appMeta)
    .values({ key, value })
    .onConflictDoUpdate({ target: appMeta.key, set: { value } });
}
