// What every database is, whichever engine opens it: the type the repositories take and the
// migrations both engines apply. A module of its own, so that PostgreSQL's (client.ts) and
// PGlite's (pglite.ts) openers share it without importing each other.
import { fileURLToPath } from "node:url";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import type * as schema from "./schema.ts";

/** The one database type every repository takes: the same queries run on PGlite and PostgreSQL. */
export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

export interface Database {
  db: Db;
  kind: "pglite" | "postgres";
  /** Applies every pending migration from supabase/migrations. Never called on a request path. */
  migrate(): Promise<void>;
  close(): Promise<void>;
}

export const migrationsFolder = fileURLToPath(
  new URL("../../../supabase/migrations", import.meta.url),
);
