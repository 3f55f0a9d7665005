import { existsSync } from "node:fs";
import { join } from "node:path";
import {
  type ContentSnapshot,
  type ContentSource,
  emptySnapshot,
  readSnapshotFile,
  type SourceResult,
} from "../../lib/content-snapshot.ts";
import type { Database } from "../db/client.ts";
import { DatabaseInUseError } from "../db/lock.ts";

// The server's side of the content loader's interface (src/lib/content-source.ts): where the
// collections read the database. The database drivers and queries are imported only when a
// database is there to read: every build runs this while it loads its content, most of them
// with no database or a snapshot file.

/** Where the process holding the embedded database keeps the current snapshot. */
export const snapshotPath = (dataDir: string) => join(dataDir, "content-snapshot.json");

/**
 * The content for the collections: in `astro dev`, from the dev server's own open database (a
 * process may open the embedded database only once); in a build, as `loadSnapshotForBuild`
 * explains.
 */
export const loadSnapshot: ContentSource = async ({ dev }) => {
  if (!dev) return loadSnapshotForBuild();
  const [{ devDatabase }, { takeSnapshot }] = await Promise.all([
    import("../dev-database.ts"),
    import("./snapshot.ts"),
  ]);
  return {
    snapshot: await takeSnapshot((await devDatabase()).db),
    from: "the dev server's database",
  };
};

/**
 * The database content for a build, from the first that applies:
 * 1. `CONTENT_SNAPSHOT`: a snapshot file (`npm start` writes one before each background build);
 * 2. `DATABASE_URL`: PostgreSQL (Netlify with Supabase, or a server of your own);
 * 3. the embedded database in `$DATA_DIR/pglite`: opened for the build, or, while a server holds
 *    it, the snapshot that server keeps in `$DATA_DIR/content-snapshot.json`;
 * 4. no database yet (a fresh clone): nothing, the files alone make the site.
 */
export async function loadSnapshotForBuild(
  env: NodeJS.ProcessEnv = process.env,
): Promise<SourceResult> {
  if (env.CONTENT_SNAPSHOT) {
    const snapshot = readSnapshotFile(env.CONTENT_SNAPSHOT);
    if (!snapshot)
      throw new Error(`CONTENT_SNAPSHOT names ${env.CONTENT_SNAPSHOT}, which is missing`);
    return { snapshot, from: env.CONTENT_SNAPSHOT };
  }
  if (env.DATABASE_URL) {
    const { openPostgres } = await import("../db/client.ts");
    return {
      snapshot: await readAndClose(openPostgres(env.DATABASE_URL, { max: 2 })),
      from: "DATABASE_URL",
    };
  }
  const dataDir = env.DATA_DIR || ".data";
  if (!existsSync(join(dataDir, "pglite"))) {
    return { snapshot: emptySnapshot(), from: "no database yet" };
  }
  const { openPglite } = await import("../db/pglite.ts");
  let database: Database;
  try {
    database = await openPglite(dataDir);
  } catch (error) {
    if (!(error instanceof DatabaseInUseError)) throw error;
    const kept = readSnapshotFile(snapshotPath(dataDir));
    if (!kept) {
      throw new Error(
        `${error.message} The server holding it has not written ${snapshotPath(dataDir)} yet.`,
      );
    }
    return { snapshot: kept, from: snapshotPath(dataDir) };
  }
  // The build applies pending migrations like any other process that opens the database.
  await database.migrate();
  return { snapshot: await readAndClose(database), from: join(dataDir, "pglite") };
}

async function readAndClose(database: Database): Promise<ContentSnapshot> {
  const { takeSnapshot } = await import("./snapshot.ts");
  try {
    return await takeSnapshot(database.db);
  } finally {
    await database.close();
  }
}
