// Mounted into `astro dev` by the Vite plugin in astro.config.mjs. Vite re-evaluates this
// module when server code changes (hot reload); the database is opened once per process
// (dev-database.ts), so a reload reuses the open one.
import type { IncomingMessage, ServerResponse } from "node:http";
import { getRequestListener } from "@hono/node-server";
import { DATABASE_LOADER } from "../lib/content-source.ts";
import { devChatIndex } from "./chat/index-source.ts";
import { localAppSecret } from "./chat/secret-box.ts";
import type { Database } from "./db/client.ts";
import { devDatabase } from "./dev-database.ts";
import { createApp } from "./http/app.ts";
import { configFromEnv } from "./runtime.ts";
import { devPublisher, devRefreshSettled } from "./site/publishers.ts";

const config = configFromEnv();

/** Opens (creating and migrating on first start) the database; called when the dev server starts. */
export function ready(): Promise<Database> {
  return devDatabase();
}

let listener: ReturnType<typeof getRequestListener> | undefined;

export async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
  if (!listener) {
    const app = createApp({
      db: (await ready()).db,
      trustProxy: config.trustProxy,
      // A change written here shows on the next page request: the collections reload.
      publisher: devPublisher(DATABASE_LOADER),
      appSecret: await localAppSecret(process.env, config.dataDir),
      // The chat index as the dev server renders it now.
      chat: { index: devChatIndex() },
    });
    listener = getRequestListener(
      async (request, env) => {
        const response = await app.fetch(request, { clientIp: env.incoming.socket.remoteAddress });
        // A content change answers once the collections have reloaded.
        await devRefreshSettled();
        return response;
        // Hono's faster Request and Response would replace the global ones in the whole dev
        // process, and Shiki (rendering Markdown from the database on refresh) breaks on them.
      },
      { overrideGlobalObjects: false },
    );
  }
  await listener(req, res);
}
