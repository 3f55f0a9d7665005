import { defineConfig } from "drizzle-kit";

// Migrations are generated into Supabase's folder with its timestamped names, so
// `supabase db push` and our own migrator read the same append-only files.
export default defineConfig({
  dialect: "postgresql",
  schema: "./src/server/db/schema.ts",
  out: "./supabase/migrations",
  migrations: { prefix: "supabase" },
});
