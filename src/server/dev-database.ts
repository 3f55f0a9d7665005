import type { Database } from "./db/client.ts";
import { configFromEnv, explainStartError, startDatabase } from "./runtime.ts";

// `astro dev`'s one open database, shared by the API (dev.ts) and the content loader
// (site/source.ts): one process may open a PGlite folder only once. It lives on globalThis
// because each of them may hold its own instance of this module (Vite re-evaluates server code
// on a change, and the content layer loads its modules apart from the API's).

const holder = globalThis as typeof globalThis & { __blogDevDatabase?: Promise<Database> };

/** Opens (creating and migrating on first start) the database, once per dev process. */
export function devDatabase(): Promise<Database> {
  const config = configFromEnv();
  holder.__blogDevDatabase ??= startDatabase(config).catch((error: unknown) => {
    console.error(explainStartError(error, config));
    throw error;
  });
  return holder.__blogDevDatabase;
}
