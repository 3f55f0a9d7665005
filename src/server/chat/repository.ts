import { eq } from "drizzle-orm";
import type { Db } from "../db/client.ts";
import { aiSettings } from "../db/schema.ts";

// The provider's settings: one row, "ai", absent until the first save.

const ID = "ai";
export type AiSettingsRow = typeof aiSettings.$inferSelect;
type Values = Omit<typeof aiSettings.$inferInsert, "id">;

export async function findAiSettings(db: Db): Promise<AiSettingsRow | null> {
  const [row] = await db.select().from(aiSettings).where(eq(aiSettings.id, ID));
  return row ?? null;
}

/** Writes `values` into the row, making it first if need be; the row as it is now. */
export async function upsertAiSettings(db: Db, values: Values): Promise<AiSettingsRow | null> {
  const [row] = await db
    .insert(aiSettings)
    .values({ id: ID, ...values })
    .onConflictDoUpdate({ target: aiSettings.id, set: values })
    .returning();
  return row ?? null;
}
