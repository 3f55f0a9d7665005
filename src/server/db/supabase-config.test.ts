import { readdirSync, readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import postgres from "postgres";
import { parse } from "smol-toml";
import { expect, it } from "vitest";
import { z } from "zod";
import { MEDIA_LIMITS } from "../../shared/kinds/media.ts";
import { AVATAR_MAX_BYTES } from "../users/avatar.ts";
import { migrationsFolder } from "./client.ts";

// supabase/config.toml says what the project uses of Supabase; these checks hold it to the code.

const file = fileURLToPath(new URL("../../../supabase/config.toml", import.meta.url));
const config = z
  .object({
    project_id: z.string().min(1),
    db: z.object({
      major_version: z.number(),
      migrations: z.object({ enabled: z.boolean() }),
    }),
    storage: z.object({
      enabled: z.literal(true),
      buckets: z.record(
        z.string(),
        z.object({ public: z.boolean(), file_size_limit: z.string().regex(/^\d+MiB$/) }),
      ),
    }),
    auth: z.object({ enabled: z.boolean() }),
  })
  .parse(parse(readFileSync(file, "utf8")));

const mib = (limit: string) => Number.parseInt(limit, 10) * 1024 * 1024;

it("names the storage port's private bucket, large enough for any upload", () => {
  // src/server/storage/storage.ts: STORAGE_BUCKET, default "uploads".
  expect(Object.keys(config.storage.buckets)).toEqual(["uploads"]);
  const bucket = config.storage.buckets.uploads;
  expect(bucket?.public).toBe(false);
  expect(mib(bucket?.file_size_limit ?? "0MiB")).toBeGreaterThanOrEqual(
    Math.max(MEDIA_LIMITS.bytes, AVATAR_MAX_BYTES),
  );
});

it("leaves migrations and accounts to the blog: its migrations are Supabase-named, applied by it alone", () => {
  expect(config.db.migrations.enabled).toBe(false);
  expect(config.auth.enabled).toBe(false);
  const names = readdirSync(migrationsFolder).filter((name) => name.endsWith(".sql"));
  expect(names.length).toBeGreaterThan(10);
  for (const name of names) expect(name).toMatch(/^\d{14}_[a-z0-9_]+\.sql$/);
});

it.skipIf(!process.env.TEST_DATABASE_URL)(
  "states the major version of the PostgreSQL the tests run on (needs TEST_DATABASE_URL)",
  async () => {
    const sql = postgres(process.env.TEST_DATABASE_URL ?? "", { max: 1 });
    try {
      const [row] = await sql`select current_setting('server_version_num')::int as v`;
      expect(Math.floor(Number(row?.v) / 10_000)).toBe(config.db.major_version);
    } finally {
      await sql.end();
    }
  },
);
