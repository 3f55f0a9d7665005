import { sql } from "drizzle-orm";
import { bigserial, timestamp, uuid } from "drizzle-orm/pg-core";
import type { ContentLang } from "../../../shared/content-rules.ts";

// Columns several tables share, and the rule every table keeps: row-level security on with no
// policy. The API's own connection (the table owner) is the only door; Supabase's anon and
// authenticated roles see nothing.

/** A text in both languages. */
export type Bilingual = Record<ContentLang, string>;

/** Every time column keeps its zone. */
export const zoned = (name: string) => timestamp(name, { withTimezone: true });

/** A row's id, made by the database. */
export const uuidId = () => uuid("id").primaryKey().default(sql`gen_random_uuid()`);

/** A row's id in an append-only log. */
export const serialId = () => bigserial("id", { mode: "number" }).primaryKey();

export const createdAt = () => zoned("created_at").notNull().defaultNow();

/** When a row was made and last changed. */
export const stamps = () => ({
  createdAt: createdAt(),
  updatedAt: zoned("updated_at").notNull().defaultNow(),
});
