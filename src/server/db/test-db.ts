import { PGlite } from "@electric-sql/pglite";
import { is, sql } from "drizzle-orm";
import { getTableConfig, PgTable } from "drizzle-orm/pg-core";
import postgres from "postgres";
import { type Database, fromPglite, openPostgres } from "./client.ts";
import * as schema from "./schema.ts";

/**
 * Test databases. Each test file gets one migrated database per engine (PGlite always,
 * PostgreSQL when TEST_DATABASE_URL is set); `reset()` empties every table in a few
 * milliseconds, so each test starts from a fresh migrated state.
 */
export interface TestDatabase extends Database {
  reset(): Promise<void>;
  /** The connection URL of a PostgreSQL test database (none for PGlite). */
  url?: string;
}

export const engines: Array<"pglite" | "postgres"> = process.env.TEST_DATABASE_URL
  ? ["pglite", "postgres"]
  : ["pglite"];

const tableNames = Object.values(schema).flatMap((value) =>
  is(value, PgTable) ? [`"${getTableConfig(value).name}"`] : [],
);

async function truncateAll(database: Database): Promise<void> {
  await database.db.execute(sql.raw(`truncate ${tableNames.join(", ")} restart identity cascade`));
}

function withReset(database: Database, url?: string, close = database.close): TestDatabase {
  const reset = () => truncateAll(database);
  return url ? { ...database, close, reset, url } : { ...database, close, reset };
}

async function createPglite(): Promise<TestDatabase> {
  const database = fromPglite(await PGlite.create());
  await database.migrate();
  return withReset(database);
}

/** Creates a database of its own on the TEST_DATABASE_URL server from the migrated template. */
async function createPostgres(url: string): Promise<TestDatabase> {
  const template = process.env.TEST_DATABASE_TEMPLATE;
  const name = `blog_test_${process.pid}_${Math.random().toString(36).slice(2, 10)}`;
  const admin = postgres(url, { max: 1, onnotice: () => {} });
  try {
    await admin.unsafe(`create database "${name}"${template ? ` template "${template}"` : ""}`);
  } finally {
    await admin.end();
  }
  const target = new URL(url);
  target.pathname = `/${name}`;
  const database = openPostgres(target.toString(), { max: 4 });
  if (!template) await database.migrate();
  return withReset(database, target.toString(), async () => {
    await database.close();
    const dropper = postgres(url, { max: 1, onnotice: () => {} });
    try {
      await dropper.unsafe(`drop database if exists "${name}" with (force)`);
    } finally {
      await dropper.end();
    }
  });
}

export function createTestDatabase(engine: "pglite" | "postgres"): Promise<TestDatabase> {
  const url = process.env.TEST_DATABASE_URL;
  if (engine === "postgres") {
    if (!url) throw new Error("TEST_DATABASE_URL is not set");
    return createPostgres(url);
  }
  return createPglite();
}
