import { keyPair } from "./auth/keys.ts";
import type { ChatOptions } from "./chat/routes.ts";
import { localAppSecret } from "./chat/secret-box.ts";
import type { Publisher } from "./content/publisher.ts";
import { type Database, type Db, openConfigured } from "./db/client.ts";
import { DatabaseInUseError } from "./db/lock.ts";
import { createBlogFederation } from "./fediverse/federation.ts";
import { createApp } from "./http/app.ts";
import type { Outbound } from "./http/context.ts";
import { batchLogWriter } from "./http/log-writer.ts";
import { seedDemoSettings } from "./site-config/demo.ts";
import { storageFromEnv } from "./storage/storage.ts";
import { DEMO_ADMIN, seedDemoAdmin } from "./users/admin.ts";

/**
 * `npm start`'s HTTP server keeps an idle connection 65 s, not Node's 5. A client or reverse
 * proxy that reuses a kept connection just as the server closes it meets a reset: a proxy
 * answers 502 (nginx keeps upstream connections 60 s, and resends only what is idempotent, so a
 * back-office save failed), and a poll under load met ECONNRESET in a publishing test. Above
 * nginx's 60 s, the proxy closes first. The headers' deadline must outlast it.
 */
export const HTTP_SERVER_OPTIONS = { keepAliveTimeout: 65_000, headersTimeout: 66_000 } as const;

export interface RuntimeConfig {
  databaseUrl: string | undefined;
  /** DIRECT_DATABASE_URL: migrations bypass the pooler DATABASE_URL may name. */
  directDatabaseUrl: string | undefined;
  dataDir: string;
  trustProxy: boolean;
  /** `NODE_ENV === "production"`: no demo data. */
  production: boolean;
}

export function configFromEnv(env: NodeJS.ProcessEnv = process.env): RuntimeConfig {
  return {
    databaseUrl: env.DATABASE_URL || undefined,
    directDatabaseUrl: env.DIRECT_DATABASE_URL || undefined,
    dataDir: env.DATA_DIR || ".data",
    trustProxy: env.TRUST_PROXY === "1" || env.TRUST_PROXY === "true",
    production: env.NODE_ENV === "production",
  };
}

/**
 * Opens the configured database and applies pending migrations: the embedded one is
 * created on first start, and, outside production, gets the demo admin and the demo site
 * settings (an author for the home and about pages' cards) once. Called at start-up, never on a
 * request path.
 */
export async function startDatabase(config: RuntimeConfig): Promise<Database> {
  return (await openAndSeed(config)).database;
}

/** `startDatabase`, saying whether the demo settings were seeded just now (the site shows them). */
async function openAndSeed(
  config: RuntimeConfig,
): Promise<{ database: Database; seededSettings: boolean }> {
  const database = await openConfigured(config);
  let seededSettings = false;
  try {
    await database.migrate();
    if (database.kind === "pglite" && !config.production) {
      if (await seedDemoAdmin(database.db)) {
        console.log(`Demo admin created: ${DEMO_ADMIN.email} / ${DEMO_ADMIN.password}`);
      }
      // The same storage the API serves the library from (src/server/http/app.ts).
      seededSettings = await seedDemoSettings(database.db, storageFromEnv(process.env));
      if (seededSettings) console.log("Demo site settings saved: an author for the profile card.");
    }
  } catch (error) {
    await database.close();
    throw error;
  }
  return { database, seededSettings };
}

export async function startApi(
  config: RuntimeConfig,
  options: {
    publisher?: (db: Db) => Publisher | Promise<Publisher>;
    /** The chat's index source (the served build's). */
    chat?: Partial<ChatOptions>;
    outbound?: Outbound;
  } = {},
) {
  const { database, seededSettings } = await openAndSeed(config);
  await keyPair(database.db); // the password key pair, created now rather than on first need
  const publisher = options.publisher ? await options.publisher(database.db) : undefined;
  // The built site predates the demo settings seeded just now: rebuilt with them (`npm start`).
  if (seededSettings) publisher?.contentChanged({ action: "settings.seed" });
  // A server that stays up writes its request log in batches (close it before the database).
  const logWriter = batchLogWriter(database.db);
  // The blog's ActivityPub actor; its queue of deliveries runs in this process until it stops.
  const federation = createBlogFederation({ db: database.db, origin: process.env.SITE_URL });
  const stopQueue = new AbortController();
  const queueDone = federation.federation
    .startQueue({ db: database.db }, { signal: stopQueue.signal })
    .catch((error: unknown) => console.error("fediverse: the queue stopped:", error));
  return {
    // Closing the database stops the queue's worker first, and waits for its last task.
    database: {
      db: database.db,
      kind: database.kind,
      migrate: () => database.migrate(),
      async close() {
        stopQueue.abort();
        await queueDone;
        await database.close();
      },
    } satisfies Database,
    logWriter,
    federation,
    app: createApp({
      db: database.db,
      federation,
      trustProxy: config.trustProxy,
      logWriter,
      appSecret: await localAppSecret(process.env, config.dataDir),
      ...(options.chat ? { chat: options.chat } : {}),
      ...(options.outbound ? { outbound: options.outbound } : {}),
      ...(publisher ? { publisher } : {}),
    }),
  };
}

/**
 * The configured database, migrated and not seeded, for a one-off command (export, import):
 * on failure the command ends with the message of `explainStartError`.
 */
export async function openForCommand(config = configFromEnv()): Promise<Database> {
  try {
    const database = await openConfigured(config);
    await database.migrate();
    return database;
  } catch (error) {
    console.error(explainStartError(error, config));
    process.exit(1);
  }
}

/** A friendlier message for the one start-up failure people meet: a second process on the same data folder. */
export function explainStartError(error: unknown, config: RuntimeConfig): string {
  const text =
    error instanceof Error ? `${error.message} ${String(error.cause ?? "")}` : String(error);
  if (error instanceof DatabaseInUseError) return error.message;
  if (!config.databaseUrl && /lock|busy|in use|Aborted/i.test(text)) {
    return `The embedded database in ${config.dataDir}/pglite is in use by another process (is the server already running?).`;
  }
  return `Could not start: ${text}`;
}
