// Applies supabase/migrations to the configured database (DATABASE_URL, else the embedded one),
// over DIRECT_DATABASE_URL when DATABASE_URL is a pooler.
import { openConfigured } from "../src/server/db/client.ts";

const database = await openConfigured({
  databaseUrl: process.env.DATABASE_URL,
  directDatabaseUrl: process.env.DIRECT_DATABASE_URL,
  dataDir: process.env.DATA_DIR,
});
try {
  await database.migrate();
  console.log(`Migrations applied (${database.kind}).`);
} finally {
  await database.close();
}
