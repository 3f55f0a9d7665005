import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { sql } from "drizzle-orm";
import postgres from "postgres";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  createTestDatabase,
  describeEachDatabase,
  rowsOf,
  type TestDatabase,
} from "../../../tests/support/test-db.ts";
import { keyPair } from "../auth/keys.ts";
import { seedSite } from "../backup/backup.test-support.ts";
import { localStorage } from "../storage/storage.ts";
import { userWithSession } from "../test-support.ts";
import {
  aiSettings,
  commentMailAddresses,
  commentMailTokens,
  comments,
  draftLinks,
  emailCodes,
  emailRequests,
  fediverseFollowers,
  fediverseKeys,
  fediverseKv,
  fediversePosts,
  fediverseQueue,
  fediverseReactions,
  knownLogins,
  loginThrottle,
  mailingDeliveries,
  mailings,
  outbox,
  passwordResetTokens,
  rateLimits,
  requestLogs,
  subscribers,
  subscriberTokens,
  subscriptionRequests,
} from "./schema.ts";

// Supabase's API (PostgREST) reads the database as the roles `anon` (a visitor with the
// project's public key) and `authenticated` (a Supabase Auth session), and Supabase grants them
// every table of the public schema by default. This project's API is the only door: every table
// enables row-level security with no policy, so those roles see and write nothing.

/** What the migrations made: every table's columns and every index, and the migrations run. */
async function shape(database: TestDatabase) {
  const { db } = database;
  const columns = rowsOf(
    await db.execute(sql`select table_name, column_name, data_type, is_nullable, column_default
      from information_schema.columns where table_schema = 'public'
      order by table_name, column_name`),
  );
  const indexes = rowsOf(
    await db.execute(
      sql`select indexname, indexdef from pg_indexes where schemaname = 'public' order by indexname`,
    ),
  );
  const migrations = rowsOf(
    await db.execute(sql`select hash, created_at from drizzle.__drizzle_migrations order by id`),
  );
  return { columns, indexes, migrations };
}

describeEachDatabase("the migrations", (database) => {
  it("apply again as a no-op", async () => {
    const before = await shape(database());
    expect(before.migrations.length).toBeGreaterThan(10);
    await database().migrate();
    await database().migrate();
    expect(await shape(database())).toEqual(before);
  });
});

const url = process.env.TEST_DATABASE_URL;
const ROLES = ["anon", "authenticated"] as const;

describe.skipIf(!url)(
  `row-level security against Supabase's roles${url ? "" : " (skipped: needs PostgreSQL, set TEST_DATABASE_URL)"}`,
  () => {
    let database: TestDatabase;
    let admin: postgres.Sql;
    const uploads = mkdtempSync(join(tmpdir(), "blog-rls-"));
    let tables: string[] = [];

    beforeAll(async () => {
      database = await createTestDatabase("postgres");
      admin = postgres(database.directUrl ?? database.url ?? "", { max: 1, onnotice: () => {} });
      // The roles as Supabase has them (cluster-wide: made when missing, never dropped), with
      // Supabase's default grants on this database: everything on every table of `public`.
      for (const role of ROLES) {
        await admin.unsafe(`do $$ begin
          if not exists (select from pg_roles where rolname = '${role}') then
            create role ${role} nologin noinherit;
          end if;
        exception when duplicate_object then null;
        end $$`);
      }
      await admin.unsafe(`grant usage on schema public to ${ROLES.join(", ")}`);
      await admin.unsafe(`grant all on all tables in schema public to ${ROLES.join(", ")}`);
      await admin.unsafe(`grant all on all sequences in schema public to ${ROLES.join(", ")}`);

      // A row in every table.
      const { db } = database;
      const { user } = await userWithSession(db);
      await seedSite(db, localStorage(uploads));
      await keyPair(db);
      const soon = new Date(Date.now() + 3_600_000);
      await db.insert(requestLogs).values({ method: "GET", path: "/", status: 200, durationMs: 1 });
      await db.insert(emailCodes).values({
        email: "a@example.com",
        purpose: "register",
        codeHash: "x",
        expiresAt: soon,
      });
      await db
        .insert(emailRequests)
        .values({ email: "a@example.com", purpose: "register", mailed: true });
      await db.insert(outbox).values({ to: "a@example.com", subject: "s", body: "b" });
      await db.insert(loginThrottle).values({ key: "ip:203.0.113.7", lastFailureAt: new Date() });
      await db
        .insert(knownLogins)
        .values({ userId: user.id, keyHash: "known", lastSuccessAt: new Date() });
      await db.insert(rateLimits).values({ key: "feedback:203.0.113.7", tat: soon });
      await db
        .insert(passwordResetTokens)
        .values({ tokenHash: "reset", userId: user.id, expiresAt: soon });
      await db.insert(draftLinks).values({
        tokenHash: "draft",
        kind: "article",
        itemId: user.id,
        expiresAt: soon,
      });
      await db.insert(aiSettings).values({ id: "ai", model: "m" });
      await db.insert(comments).values({
        kind: "article",
        item: "a",
        userId: user.id,
        body: "b",
        html: "<p>b</p>",
        lang: "en-US",
        status: "approved",
      });
      await db.insert(commentMailAddresses).values({ email: "a@example.com" });
      await db.insert(commentMailTokens).values({ tokenHash: "t", email: "a@example.com" });
      const follow = {
        email: "f@example.com",
        langs: ["en-US" as const],
        locale: "en-US" as const,
      };
      await db
        .insert(subscriptionRequests)
        .values({ ...follow, tokenHash: "r", expiresAt: new Date() });
      const [subscriber] = await db.insert(subscribers).values(follow).returning();
      if (!subscriber) throw new Error("no subscriber");
      await db.insert(subscriberTokens).values({ tokenHash: "s", subscriberId: subscriber.id });
      const [mailing] = await db
        .insert(mailings)
        .values({ articleId: subscriber.id, lang: "en-US" })
        .returning();
      if (!mailing) throw new Error("no mailing");
      await db
        .insert(mailingDeliveries)
        .values({ mailingId: mailing.id, subscriberId: subscriber.id });
      await db.insert(fediverseKeys).values({ kind: "k", privateKey: {}, publicKey: {} });
      await db.insert(fediverseFollowers).values({
        actorUri: "https://example.com/users/a",
        inboxUri: "https://example.com/users/a/inbox",
        handle: "@a@example.com",
      });
      await db.insert(fediverseKv).values({ key: '["k"]', value: 1 });
      await db.insert(fediverseQueue).values({ message: {} });
      await db
        .insert(fediversePosts)
        .values({ articleId: subscriber.id, slug: "s", syncedAt: new Date() });
      await db.insert(fediverseReactions).values({
        kind: "like",
        articleId: subscriber.id,
        actorUri: "https://example.com/users/a",
      });

      tables = (
        await admin<{ relname: string }[]>`select c.relname from pg_class c
          join pg_namespace n on n.oid = c.relnamespace
          where n.nspname = 'public' and c.relkind in ('r', 'p') order by c.relname`
      ).map((row) => row.relname);
    }, 120_000);

    afterAll(async () => {
      await admin?.end();
      await database?.close();
      rmSync(uploads, { recursive: true, force: true });
    });

    it("is enabled on every table of the public schema, with no policy letting anyone in", async () => {
      expect(tables.length).toBeGreaterThan(25);
      const open = await admin`select c.relname from pg_class c
        join pg_namespace n on n.oid = c.relnamespace
        where n.nspname = 'public' and c.relkind in ('r', 'p') and not c.relrowsecurity`;
      expect(open.map((row) => row.relname)).toEqual([]);
      expect(await admin`select policyname from pg_policies where schemaname = 'public'`).toEqual(
        [],
      );
      // Nothing else in `public` that could show rows: no views, no functions.
      expect(
        await admin`select c.relname from pg_class c join pg_namespace n on n.oid = c.relnamespace
          where n.nspname = 'public' and c.relkind in ('v', 'm', 'f')`,
      ).toEqual([]);
    });

    for (const role of ROLES) {
      it(`lets ${role} read nothing and write nothing, though every table has rows`, async () => {
        const owner: Record<string, number> = {};
        const seen: Record<string, number> = {};
        for (const table of tables) {
          const [row] = await admin.unsafe(`select count(*)::int as n from "${table}"`);
          owner[table] = Number(row?.n);
          const counted = await admin.begin(async (tx) => {
            await tx.unsafe(`set local role ${role}`);
            const [as] = await tx.unsafe(`select count(*)::int as n from "${table}"`);
            return Number(as?.n);
          });
          seen[table] = counted;
        }
        expect(Object.entries(owner).filter(([, n]) => n === 0)).toEqual([]);
        expect(seen).toEqual(Object.fromEntries(tables.map((table) => [table, 0])));
        // A write is refused by the same rule.
        await expect(
          admin.begin(async (tx) => {
            await tx.unsafe(`set local role ${role}`);
            await tx.unsafe(`insert into app_meta (key, value) values ('${role}', 'x')`);
          }),
        ).rejects.toThrow(/row-level security/);
      });
    }
  },
);
