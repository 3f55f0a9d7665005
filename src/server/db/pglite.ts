// The embedded database, PGlite: opened from a folder (`npm start`, `astro dev`, the scripts),
// in memory or from a copy (the tests). Its own module, so that only what opens it loads PGlite
// and its WebAssembly: the Netlify function, always on PostgreSQL, never does and ships without
// it (netlify.toml).
import { mkdirSync } from "node:fs";
import { join } from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import { type Database, migrationsFolder } from "./database.ts";
import { acquireLock } from "./lock.ts";
import * as schema from "./schema.ts";

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
