import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { desc, eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach } from "vitest";
import { describeEachDatabase, type TestDatabase } from "../../tests/support/test-db.ts";
import type { ErrorInfo } from "../shared/envelope.ts";
import { encryptPassword, importPublicKey } from "../shared/password-crypto.ts";
import { hashPassword } from "./auth/passwords.ts";
import { openSession } from "./auth/sessions.ts";
import type { Publisher } from "./content/publisher.ts";
import type { Db } from "./db/client.ts";
import { outbox } from "./db/schema.ts";
import { type App, type AppOptions, createApp } from "./http/app.ts";
import { MemoryBuckets } from "./http/memory-buckets.ts";
import { outboxMailer } from "./mail/mailer.ts";
import { localStorage } from "./storage/storage.ts";
import { insertUser, type NewUser, type UserRow } from "./users/repository.ts";

export interface ApiContext {
  database: TestDatabase;
  app: App;
}

/** The password of every test account that has one: valid by the rules (SPEC.md section 5). */
export const PASSWORD = "Secret-123";

/**
 * The app as tests use it: mail goes to the outbox table without a console line, uploads to
 * a temporary folder, content changes to `publisher` (none unless given).
 */
export function createTestApp(
  db: Db,
  uploads = mkdtempSync(join(tmpdir(), "blog-uploads-")),
  publisher?: Publisher,
  more: Partial<AppOptions> = {},
): App {
  return createApp({
    db,
    mailer: outboxMailer(db, () => {}),
    // What an answer leaves for later (mail) is done when the test reads the answer.
    afterAnswer: (work) => work,
    storage: localStorage(uploads),
    ...(publisher ? { publisher } : {}),
    ...more,
  });
}

/**
 * Runs a suite once per engine (PGlite, and PostgreSQL when TEST_DATABASE_URL is set),
 * each test on an emptied, migrated database (and emptied rate buckets) with the engine's app in front of it (telling
 * `options.publisher` what changes on the site, when given).
 */
export function describeEachDb(
  name: string,
  suite: (ctx: () => ApiContext) => void,
  options: { publisher?: Publisher; app?: Partial<AppOptions> } = {},
): void {
  describeEachDatabase(name, (database) => {
    let app: App | undefined;
    const uploads = mkdtempSync(join(tmpdir(), "blog-uploads-"));
    // Emptied before each test, as the database is.
    const buckets = new MemoryBuckets();
    beforeAll(() => {
      app = createTestApp(database().db, uploads, options.publisher, { buckets, ...options.app });
    });
    beforeEach(() => buckets.clear());
    afterAll(() => {
      rmSync(uploads, { recursive: true, force: true });
    });
    suite(() => {
      if (!app) throw new Error("test app not ready");
      return { database: database(), app };
    });
  });
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

export interface CallOptions {
  body?: unknown;
  token?: string | undefined;
  ip?: string;
  headers?: Record<string, string>;
}

/** Any call in-process: JSON body, bearer token, client address. */
export function call(app: App, method: string, path: string, options: CallOptions = {}) {
  const headers: Record<string, string> = { ...options.headers };
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  const init: RequestInit = { method, headers };
  if (options.body !== undefined) {
    headers["content-type"] = "application/json";
    init.body = JSON.stringify(options.body);
  }
  return app.request(path, init, { clientIp: options.ip ?? "203.0.113.7" });
}

/** Like `call`, answering the status and the parsed envelope. */
export async function callJson(app: App, method: string, path: string, options: CallOptions = {}) {
  const res = await call(app, method, path, options);
  const body = (await res.json()) as {
    code: number;
    message: string;
    // biome-ignore lint/suspicious/noExplicitAny: envelopes of every shape are read in tests
    data: any;
    error?: ErrorInfo;
  };
  return { status: res.status, body };
}

/** Encrypts like the browser does (src/shared/password-crypto.ts) with the served public key. */
export async function encryptFor(app: App, plain: string): Promise<string> {
  const { body } = await callJson(app, "GET", "/api/encryption-key");
  return encryptPassword(await importPublicKey(body.data.publicKey), plain);
}

/** Logs in through the API, the password encrypted as the browser does it. */
export async function login(
  app: App,
  email: string,
  password = PASSWORD,
  ip?: string,
  device?: string,
) {
  return callJson(app, "POST", "/api/login", {
    body: { email, password: await encryptFor(app, password), ...(device ? { device } : {}) },
    ...(ip ? { ip } : {}),
  });
}

let seq = 0;

/** A user straight in the database (no password unless a hash is given) with a live session. */
export async function userWithSession(
  db: Db,
  values: Partial<NewUser> = {},
): Promise<{ user: UserRow; token: string }> {
  seq += 1;
  const user = await insertUser(db, {
    email: `user${seq}@example.com`,
    userName: `user${seq}`,
    ...values,
  });
  if (!user) throw new Error("user not inserted");
  return { user, token: await openSession(db, user.id) };
}

/** A user with PASSWORD as its password (hashed as the server hashes) and a live session. */
export async function userWithPassword(db: Db, values: Partial<NewUser> = {}) {
  return userWithSession(db, { passwordHash: await hashPassword(PASSWORD), ...values });
}

/** The newest outbox mail to `to`. */
export async function lastMail(db: Db, to: string) {
  const [mail] = await db
    .select()
    .from(outbox)
    .where(eq(outbox.to, to))
    .orderBy(desc(outbox.createdAt), desc(outbox.id))
    .limit(1);
  return mail ?? null;
}

/** The 6-digit code in a mail's subject. */
export function codeIn(mail: { subject: string } | null): string {
  const code = /\b(\d{6})\b/.exec(mail?.subject ?? "")?.[1];
  if (!code) throw new Error(`no code in ${mail?.subject}`);
  return code;
}
