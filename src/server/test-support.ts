import { afterAll, beforeAll, beforeEach, describe } from "vitest";
import { createTestDatabase, engines, type TestDatabase } from "./db/test-db.ts";
import { type App, createApp } from "./http/app.ts";

export interface ApiContext {
  database: TestDatabase;
  app: App;
}

/**
 * Runs a suite once per engine (PGlite, and PostgreSQL when TEST_DATABASE_URL is set),
 * each test on an emptied, migrated database with a fresh app in front of it.
 */
export function describeEachDb(name: string, suite: (ctx: () => ApiContext) => void): void {
  for (const engine of engines) {
    describe(`${name} [${engine}]`, () => {
      let current: ApiContext | undefined;
      beforeAll(async () => {
        const database = await createTestDatabase(engine);
        current = { database, app: createApp({ db: database.db }) };
      }, 60_000);
      beforeEach(async () => {
        await current?.database.reset();
      });
      afterAll(async () => {
        await current?.database.close();
      });
      suite(() => {
        if (!current) throw new Error("test database not ready");
        return current;
      });
    });
  }
}

/** Sends JSON to the app in-process. */
export function postJson(
  app: App,
  path: string,
  body: unknown,
  headers: Record<string, string> = {},
  clientIp = "203.0.113.7",
) {
  return app.request(
    path,
    {
      method: "POST",
      headers: { "content-type": "application/json", ...headers },
      body: typeof body === "string" ? body : JSON.stringify(body),
    },
    { clientIp },
  );
}
