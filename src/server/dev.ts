// Mounted into `astro dev` by the Vite plugin in astro.config.mjs. Vite re-evaluates this
// module when server code changes (hot reload); the database lives on globalThis so a
// reload reuses the open one (one process may open a PGlite folder only once).
import type { IncomingMessage, ServerResponse } from "node:http";
import { getRequestListener } from "@hono/node-server";
import type { Database } from "./db/client.ts";
import { DATABASE_LOADER } from "../lib/database-loader.ts";
import { createApp } from "./http/app.ts";
import { configFromEnv, explainStartError, startDatabase } from "./runtime.ts";
import { devPublisher } from "./site/publishers.ts";

const config = configFromEnv();
const holder = globalThis as typeof globalThis & { __blogDevDatabase?: Promise<Database> };

/** Opens (creating and migrating on first start) the database; called when the dev server starts. */
export function ready(): Promise<Database> {
  holder.__blogDevDatabase ??= startDatabase(config).catch((error: unknown) => {
    console.error(explainStartError(error, config));
    throw error;
  });
  return holder.__blogDevDatabase;
}

let listener: ReturnType<typeof getRequestListener> | undefined;

export async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
  if (!listener) {
    const app = createApp({
      db: (await ready()).db,
      trustProxy: config.trustProxy,
      // A change written here shows on the next page request: the collections reload.
      publisher: devPublisher(DATABASE_LOADER),
    });
    listener = getRequestListener((request, env) =>
      app.fetch(request, { clientIp: env.incoming.socket.remoteAddress }),
    );
  }
  await listener(req, res);
}
