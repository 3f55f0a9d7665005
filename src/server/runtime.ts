import { type Database, openConfigured } from "./db/client.ts";
import { createApp } from "./http/app.ts";

export interface RuntimeConfig {
  databaseUrl: string | undefined;
  dataDir: string;
  trustProxy: boolean;
}

export function configFromEnv(env: NodeJS.ProcessEnv = process.env): RuntimeConfig {
  return {
    databaseUrl: env.DATABASE_URL || undefined,
    dataDir: env.DATA_DIR || ".data",
    trustProxy: env.TRUST_PROXY === "1" || env.TRUST_PROXY === "true",
  };
}

/**
 * Opens the configured database and applies pending migrations: the embedded one is
 * created on first start. Called at start-up, never on a request path.
 */
export async function startDatabase(config: RuntimeConfig): Promise<Database> {
  const database = await openConfigured(config);
  try {
    await database.migrate();
  } catch (error) {
    await database.close();
    throw error;
  }
  return database;
}

export async function startApi(config: RuntimeConfig) {
  const database = await startDatabase(config);
  return { database, app: createApp({ db: database.db, trustProxy: config.trustProxy }) };
}

/** A friendlier message for the one start-up failure people meet: a second process on the same data folder. */
export function explainStartError(error: unknown, config: RuntimeConfig): string {
  const text =
    error instanceof Error ? `${error.message} ${String(error.cause ?? "")}` : String(error);
  if (!config.databaseUrl && /lock|busy|in use|Aborted/i.test(text)) {
    return `The embedded database in ${config.dataDir}/pglite is in use by another process (is the server already running?).`;
  }
  return `Could not start: ${text}`;
}
