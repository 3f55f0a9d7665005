import { createHash } from "node:crypto";
import {
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  writeFileSync,
} from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { PGlite } from "@electric-sql/pglite";
import { is, sql } from "drizzle-orm";
import { getTableConfig, PgTable } from "drizzle-orm/pg-core";
import postgres from "postgres";
import { afterAll, beforeAll, beforeEach, describe } from "vitest";
import { type Database, migrationsFolder, openPostgres } from "../../src/server/db/client.ts";
import { fromPglite, pgliteExtensions } from "../../src/server/db/pglite.ts";
import * as schema from "../../src/server/db/schema.ts";

/** The rows of `execute`: postgres.js answers an array of rows, PGlite `{ rows }`. */
export function rowsOf(result: unknown): Record<string, unknown>[] {
  if (Array.isArray(result)) return result;
  // The one other shape `execute` answers with: PGlite's result object.
  return (result as { rows: Record<string, unknown>[] }).rows;
}

/**
 * Test databases. Each test file gets one migrated database per engine (PGlite always,
 * PostgreSQL when TEST_DATABASE_URL is set); `reset()` empties every table in a few
 * milliseconds, so each test starts from a fresh migrated state.
 *
 * Through a pooler (`tests/ci/test-pooled.ts`), TEST_DATABASE_URL names PgBouncer and
 * TEST_DIRECT_DATABASE_URL the server behind it: databases are created, migrated and dropped
 * over the direct one, every test query goes through the pooler. TEST_ENGINES=postgres leaves
 * PGlite out (the pooled run repeats only what the pooler can change).
 */
export interface TestDatabase extends Database {
  reset(): Promise<void>;
  /** The connection URL of a PostgreSQL test database (none for PGlite); the pooler's, if any. */
  url?: string;
  /** The same database's direct URL when `url` is a pooler's (for migrations). */
  directUrl?: string;
}

function chooseEngines(): Array<"pglite" | "postgres"> {
  if (!process.env.TEST_DATABASE_URL) return ["pglite"];
  return process.env.TEST_ENGINES === "postgres" ? ["postgres"] : ["pglite", "postgres"];
}

export const engines = chooseEngines();

/** The URL of `name` on the server of `url`. */
export function withDatabase(url: string, name: string): string {
  const target = new URL(url);
  target.pathname = `/${name}`;
  return target.toString();
}

/**
 * Every table, those holding foreign keys first (each foreign key also cascades or sets null).
 * DELETE, not TRUNCATE: on PostgreSQL a TRUNCATE of a dozen tables costs about 200 ms (new
 * files for each), a DELETE of a few test rows about 10 ms. Identities are not restarted.
 */
const tables = Object.values(schema)
  .flatMap((value) => (is(value, PgTable) ? [getTableConfig(value)] : []))
  .sort((a, b) => b.foreignKeys.length - a.foreignKeys.length)
  .map((config) => `"${config.name}"`);

async function emptyAll(database: Database): Promise<void> {
  await database.db.transaction(async (tx) => {
    for (const table of tables) await tx.execute(sql.raw(`delete from ${table}`));
  });
}

function withReset(
  database: Database,
  urls?: { url: string; directUrl: string | undefined },
  close = database.close,
): TestDatabase {
  const reset = () => emptyAll(database);
  if (!urls) return { ...database, close, reset };
  const { url, directUrl } = urls;
  return directUrl
    ? { ...database, close, reset, url, directUrl }
    : { ...database, close, reset, url };
}

/**
 * A migrated PGlite starts from a cached dump of one (about 1 s) instead of initdb plus the
 * migrations (about 5 s). The cache is keyed by the migration files and the PGlite version,
 * and written atomically, so concurrent workers and stale copies are harmless.
 */
function templatePath(): string {
  const modules = new URL("../../node_modules/", import.meta.url);
  const hash = createHash("sha256");
  hash.update(readFileSync(fileURLToPath(new URL("@electric-sql/pglite/package.json", modules))));
  const journal = join(migrationsFolder, "meta", "_journal.json");
  hash.update(readFileSync(journal));
  for (const name of readdirSync(migrationsFolder)
    .filter((f) => f.endsWith(".sql"))
    .sort()) {
    hash.update(name).update(readFileSync(join(migrationsFolder, name)));
  }
  const dir = fileURLToPath(new URL(".cache/blog-test-pglite/", modules));
  return join(dir, `${hash.digest("hex").slice(0, 16)}.tar.gz`);
}

async function createPglite(): Promise<TestDatabase> {
  const path = templatePath();
  if (existsSync(path)) {
    try {
      const client = await PGlite.create({
        loadDataDir: new Blob([readFileSync(path)]),
        extensions: pgliteExtensions,
      });
      return withReset(fromPglite(client));
    } catch {
      rmSync(path, { force: true }); // a damaged copy: build afresh below
    }
  }
  const client = await PGlite.create({ extensions: pgliteExtensions });
  const database = fromPglite(client);
  await database.migrate();
  try {
    const dump = Buffer.from(await (await client.dumpDataDir("gzip")).arrayBuffer());
    mkdirSync(dirname(path), { recursive: true });
    const temporary = `${path}.${process.pid}.tmp`;
    writeFileSync(temporary, dump);
    renameSync(temporary, path);
  } catch (error) {
    console.warn("could not cache the migrated PGlite template", error);
  }
  return withReset(database);
}

/**
 * Creates a database of its own on the TEST_DATABASE_URL server from the migrated template;
 * CREATE and DROP DATABASE over TEST_DIRECT_DATABASE_URL when set (a pooler's server).
 */
async function createPostgres(url: string): Promise<TestDatabase> {
  const template = process.env.TEST_DATABASE_TEMPLATE;
  const direct = process.env.TEST_DIRECT_DATABASE_URL || undefined;
  const adminUrl = direct ?? url;
  const name = `blog_test_${process.pid}_${Math.random().toString(36).slice(2, 10)}`;
  const admin = postgres(adminUrl, { max: 1, onnotice: () => {} });
  try {
    await admin.unsafe(`create database "${name}"${template ? ` template "${template}"` : ""}`);
  } finally {
    await admin.end();
  }
  const target = withDatabase(url, name);
  const directUrl = direct ? withDatabase(direct, name) : undefined;
  const database = openPostgres(target, { max: 4, directUrl });
  if (!template) await database.migrate();
  return withReset(database, { url: target, directUrl }, async () => {
    await database.close();
    const dropper = postgres(adminUrl, { max: 1, onnotice: () => {} });
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

/**
 * Runs a suite once per engine (PGlite, and PostgreSQL when TEST_DATABASE_URL is set), each
 * test on an emptied, migrated database; `database()` is the current engine's.
 */
export function describeEachDatabase(
  name: string,
  suite: (database: () => TestDatabase) => void,
): void {
  for (const engine of engines) {
    describe(`${name} [${engine}]`, () => {
      let current: TestDatabase | undefined;
      beforeAll(async () => {
        current = await createTestDatabase(engine);
      }, 60_000);
      beforeEach(async () => {
        await current?.reset();
      });
      afterAll(async () => {
        await current?.close();
      });
      suite(() => {
        if (!current) throw new Error("test database not ready");
        return current;
      });
    });
  }
}
