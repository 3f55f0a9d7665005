import postgres from "postgres";
import { type Database, openPostgres } from "../src/server/db/client.ts";
import { openPglite } from "../src/server/db/pglite.ts";

// A fresh, migrated, empty database for a bench run: an embedded one in a folder, or one made
// beside BENCH_DATABASE_URL on its PostgreSQL server (and dropped after).

export interface FreshDatabase {
  database: Database;
  drop(): Promise<void>;
}

/** An embedded database (PGlite) on disk in `dir`. */
export async function freshPglite(dir: string): Promise<FreshDatabase> {
  const database = await openPglite(dir);
  await database.migrate();
  return { database, drop: () => database.close() };
}

/** A database named `name` on the server of `serverUrl` (a database there to connect to). */
export async function freshPostgres(serverUrl: string, name: string): Promise<FreshDatabase> {
  const admin = postgres(serverUrl, { max: 1, onnotice: () => {} });
  await admin.unsafe(`create database "${name}"`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const database = openPostgres(url.toString(), { max: 4 });
  await database.migrate();
  return {
    database,
    drop: async () => {
      await database.close();
      await admin.unsafe(`drop database if exists "${name}" with (force)`);
      await admin.end();
    },
  };
}
