import { drizzle as drizzlePostgres } from "drizzle-orm/postgres-js";
import { migrate as migratePostgres } from "drizzle-orm/postgres-js/migrator";
import postgres from "postgres";
import { type Database, migrationsFolder } from "./database.ts";
import * as schema from "./schema.ts";

export { type Database, type Db, migrationsFolder } from "./database.ts";

/**
 * postgres.js writes a query onto a connection still busy with another when every connection is
 * taken ("pipelining"). A transaction-mode pooler hands the server on when the first query
 * ends, and the one behind it hangs for ever (seen through PgBouncer: a page's dozen parallel
 * reads, one connection, wedged). `max_pipeline: 0` stops that, but postgres.js 3.4's own
 * `begin` then never learns its connection; so transactions are opened here instead, on a
 * reserved connection (which a pooler keeps for the whole transaction).
 */
function unpipelined(url: string, max: number): postgres.Sql {
  // `max_pipeline` is read by postgres.js but missing from its types: passed as a variable.
  const settings = { prepare: false, max, max_pipeline: 0, onnotice: () => {} };
  const base = postgres(url, settings);
  type Scope = (sql: postgres.ReservedSql) => unknown;
  async function within<T>(
    sql: postgres.ReservedSql,
    open: string,
    done: string,
    undo: string,
    fn: Scope,
  ): Promise<T> {
    await sql.unsafe(open);
    let result: T;
    try {
      // The callback's own result type: postgres.js types `begin` by it, and so do callers.
      result = (await fn(withSavepoints(sql))) as T;
    } catch (error) {
      await sql.unsafe(undo).catch(() => {});
      throw error;
    }
    await sql.unsafe(done);
    return result;
  }
  let savepoints = 0;
  function withSavepoints(sql: postgres.ReservedSql): postgres.ReservedSql {
    return new Proxy(sql, {
      get(target, key, receiver) {
        if (key !== "savepoint") return Reflect.get(target, key, receiver);
        return (fn: Scope) => {
          const name = `s${++savepoints}`;
          return within(
            target,
            `savepoint ${name}`,
            `release savepoint ${name}`,
            `rollback to savepoint ${name}`,
            fn,
          );
        };
      },
    });
  }
  async function begin(first: string | Scope, second?: Scope): Promise<unknown> {
    const [mode, fn] = typeof first === "string" ? [first, second] : ["", first];
    if (!fn) throw new Error("begin needs a callback");
    const sql = await base.reserve();
    try {
      return await within(sql, `begin ${mode.replace(/[^a-z ]/gi, "")}`, "commit", "rollback", fn);
    } finally {
      sql.release();
    }
  }
  return new Proxy(base, {
    get: (target, key, receiver) => (key === "begin" ? begin : Reflect.get(target, key, receiver)),
  });
}

/**
 * Connects to PostgreSQL. Every statement is safe behind a transaction-mode pooler (PgBouncer,
 * Supabase's pooler on port 6543), which hands each transaction, or each statement outside one,
 * to any server connection: no prepared statements (`prepare: false`), no pipelining (below),
 * no session state (no SET outside a transaction, LISTEN, temporary tables or cursors),
 * advisory locks only transaction-scoped. No setting turns this on: every connection is made
 * this way, direct or pooled. `directUrl` (DIRECT_DATABASE_URL, Supabase's direct connection) is
 * the one migrations use, on a connection of their own; without it they run over `url`.
 */
export function openPostgres(
  url: string,
  options: { max?: number; directUrl?: string | undefined } = {},
): Database {
  const client = unpipelined(url, options.max ?? 10);
  const db = drizzlePostgres({ client, schema });
  const { directUrl } = options;
  return {
    db,
    kind: "postgres",
    migrate: async () => {
      if (!directUrl) return migratePostgres(db, { migrationsFolder });
      const direct = postgres(directUrl, { prepare: false, max: 1, onnotice: () => {} });
      try {
        await migratePostgres(drizzlePostgres({ client: direct, schema }), { migrationsFolder });
      } finally {
        await direct.end({ timeout: 5 });
      }
    },
    close: () => client.end({ timeout: 5 }),
  };
}

export interface DatabaseConfig {
  databaseUrl?: string | undefined;
  /** DIRECT_DATABASE_URL: the server itself, for migrations, when DATABASE_URL is a pooler. */
  directDatabaseUrl?: string | undefined;
  dataDir?: string | undefined;
}

/**
 * `DATABASE_URL` selects PostgreSQL (migrated over `DIRECT_DATABASE_URL` when that is set);
 * otherwise the embedded PGlite under `DATA_DIR` (default `.data`).
 */
export function openConfigured(config: DatabaseConfig): Promise<Database> {
  if (config.databaseUrl) {
    return Promise.resolve(
      openPostgres(config.databaseUrl, { directUrl: config.directDatabaseUrl }),
    );
  }
  // The embedded database's module (PGlite and its WebAssembly, about 17 MB) is loaded only
  // here: the Netlify function, always on DATABASE_URL, ships without it (netlify.toml).
  return import("./pglite.ts").then(({ openPglite }) => openPglite(config.dataDir ?? ".data"));
}
