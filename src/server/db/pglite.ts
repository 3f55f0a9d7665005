// The embedded database, PGlite: opened from a folder (`npm start`, `astro dev`, the scripts),
// in memory or from a copy (the tests). Its own module, so that only what opens it loads PGlite
// and its WebAssembly: the Netlify function, always on PostgreSQL, never does and ships without
// it (netlify.toml).
import { mkdirSync } from "node:fs";
import { join } from "node:path";
import type { PGlite } from "@electric-sql/pglite";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import { type Database, migrationsFolder } from "./database.ts";
import { acquireLock } from "./lock.ts";
import { PgliteThread } from "./pglite-thread.ts";
import { privateFolder, privatise } from "./private-files.ts";
import * as schema from "./schema.ts";

export { pgliteExtensions } from "./pglite-extensions.ts";

/**
 * Wraps an open PGlite: an instance on this thread (in memory or a clone: the tests), or a
 * folder's database on its own thread (`openPglite`).
 */
export function fromPglite(client: PGlite | PgliteThread): Database {
  // drizzle asks a PGlite client for `query`, `transaction` (whose scope it asks for `query`)
  // and nothing else (drizzle-orm/pglite/session.js); PgliteThread answers those three.
  const db = drizzlePglite({ client: client as PGlite, schema });
  return {
    db,
    kind: "pglite",
    migrate: () => migratePglite(db, { migrationsFolder }),
    close: () => client.close(),
  };
}

/**
 * Opens the embedded database under `dataDir`, creating the folder if needed, private to the
 * server's user (0700, files 0600: `privateFolder`). One process at a time:
 * `$DATA_DIR/pglite.lock` holds the owner's pid (DatabaseInUseError otherwise).
 */
export async function openPglite(dataDir: string): Promise<Database> {
  const dir = join(dataDir, "pglite");
  privateFolder(dataDir);
  const release = acquireLock(join(dataDir, "pglite.lock"));
  let client: PgliteThread;
  try {
    mkdirSync(dir, { recursive: true, mode: 0o700 });
    client = await PgliteThread.open(dir);
    // What PGlite made just now (a new database's files) loses its 0666.
    privatise(dir);
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
        privatise(dir);
        release();
      }
    },
  };
}
