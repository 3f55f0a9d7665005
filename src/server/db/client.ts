import { mkdirSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import { drizzle as drizzlePostgres } from "drizzle-orm/postgres-js";
import { migrate as migratePostgres } from "drizzle-orm/postgres-js/migrator";
import postgres from "postgres";
import { acquireLock } from "./lock.ts";
import * as schema from "./schema.ts";

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

/**
 * The extensions the migrations create, which PGlite must be given when it opens a database:
 * pg_trgm, for the request log's word search (trigram indexes serve ILIKE '%words%').
 */
export const pgliteExtensions = { pg_trgm };

/** Wraps an open PGlite instance (file-backed, in memory or a clone). */
export function fromPglite(client: PGlite): Database {
  const db = drizzlePglite({ client, schema });
  return {
    db,
    kind: "pglite",
    migrate: () => migratePglite(db, { migrationsFolder }),
    close: () => client.close(),
  };
}

/**
 * Opens the embedded database under `dataDir`, creating the folder if needed. One process at
 * a time: `$DATA_DIR/pglite.lock` holds the owner's pid (DatabaseInUseError otherwise).
 */
export async function openPglite(dataDir: string): Promise<Database> {
  const dir = join(dataDir, "pglite");
  mkdirSync(dataDir, { recursive: true });
  const release = acquireLock(join(dataDir, "pglite.lock"));
  let client: PGlite;
  try {
    mkdirSync(dir, { recursive: true });
    client = await PGlite.create(dir, { extensions: pgliteExtensions });
  } catch (error) {
    release();
    throw error;
  }
  const database = fromPglite(client);
  return {
    ...database,
    close: async () => {
      try {
        await database.close();
      } finally {
        release();
      }
    },
  };
}

/** Connects to PostgreSQL (Supabase's pooled connection works: no prepared statements). */
export function openPostgres(url: string, options: { max?: number } = {}): Database {
  const client = postgres(url, { prepare: false, max: options.max ?? 10, onnotice: () => {} });
  const db = drizzlePostgres({ client, schema });
  return {
    db,
    kind: "postgres",
    migrate: () => migratePostgres(db, { migrationsFolder }),
    close: () => client.end({ timeout: 5 }),
  };
}

export interface DatabaseConfig {
  databaseUrl?: string | undefined;
  dataDir?: string | undefined;
}

/** `DATABASE_URL` selects PostgreSQL; otherwise the embedded PGlite under `DATA_DIR` (default `.data`). */
export function openConfigured(config: DatabaseConfig): Promise<Database> {
  if (config.databaseUrl) return Promise.resolve(openPostgres(config.databaseUrl));
  return openPglite(config.dataDir ?? ".data");
}
