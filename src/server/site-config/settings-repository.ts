import { eq, sql } from "drizzle-orm";
import { SETTINGS_ID } from "../../shared/kinds/settings.ts";
import type { Db } from "../db/client.ts";
import { siteSettings } from "../db/schema.ts";

// The settings' one row (`site_settings`, id 'site'): SQL only.

export type SettingsRow = typeof siteSettings.$inferSelect;

/** The saved settings' row; none before the first save. */
export async function findSettings(db: Db): Promise<SettingsRow | null> {
  const [row] = await db.select().from(siteSettings).where(eq(siteSettings.id, SETTINGS_ID));
  return row ?? null;
}

/**
 * Saves the settings over what the caller opened, decided in the statement itself: `none` (the
 * defaults: no row may exist yet), a time (the row must still be as saved then), or nothing
 * (whatever is there). Null when that was no longer so.
 */
export async function saveSettings(
  db: Db,
  values: { value: Record<string, unknown>; updatedBy: string | null },
  expected: Date | "none" | undefined,
): Promise<SettingsRow | null> {
  const now = new Date();
  const row = { id: SETTINGS_ID, ...values, updatedAt: now };
  if (expected === "none") {
    const [saved] = await db.insert(siteSettings).values(row).onConflictDoNothing().returning();
    return saved ?? null;
  }
  if (expected) {
    const [saved] = await db
      .update(siteSettings)
      .set({ value: values.value, updatedBy: values.updatedBy, updatedAt: now })
      .where(
        sql`${siteSettings.id} = ${SETTINGS_ID} and date_trunc('milliseconds', ${siteSettings.updatedAt}) = ${expected.toISOString()}::timestamptz`,
      )
      .returning();
    return saved ?? null;
  }
  const [saved] = await db
    .insert(siteSettings)
    .values(row)
    .onConflictDoUpdate({
      target: siteSettings.id,
      set: { value: values.value, updatedBy: values.updatedBy, updatedAt: now },
    })
    .returning();
  return saved ?? null;
}
