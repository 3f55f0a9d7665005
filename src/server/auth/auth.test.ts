import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { translator } from "../../i18n/core.ts";
import type { Db } from "../db/client.ts";
import {
  emailCodes,
  emailRequests,
  loginThrottle,
  outbox,
  passwordResetTokens,
  serverKeys,
  sessions,
  users,
} from "../db/schema.ts";
import type { App } from "../http/app.ts";
import { composeMail } from "../mail/messages.ts";
import {
  type ApiContext,
  call,
  callJson,
  codeIn,
  describeEachDb,
  encryptFor,
  lastMail,
  userWithSession,
} from "../test-support.ts";
import { forgetKeyPair, KEY_NAME } from "./keys.ts";
import { hashPassword } from "./passwords.ts";
import { storeServerKey } from "./repository.ts";
import { hashCode } from "./service.ts";
import { hashToken } from "./sessions.ts";
import { THROTTLE } from "./throttle.ts";

const PASSWORD = "Secret-123";
const NEW_PASSWORD = "Other#456";
const STORED_USER_KEYS = [
  "isLogin",
  "avatar",
  "email",
  "role",
  "status",
  "userName",
  "createdAt",
  "updatedAt",
  "sex",
  "birthday",
  "desc",
  "_id",
].sort();

async function askCode(app: App, email: string, path = "/api/getEmailCode", ip?: string) {
  return callJson(app, "POST", path, { body: { email, locale: "en-US" }, ...(ip ? { ip } : {}) });
}

/** Moves every recorded code request back in time (as if `seconds` had passed). */
async function age(db: Db, seconds: number) {
  await db.execute(
    sql`update email_requests set created_at = created_at - make_interval(secs => ${seconds})`,
  );
}

async function registerUser(
  { app, database }: ApiContext,
  email: string,
  userName = "reader1",
  password = PASSWORD,
) {
  expect((await askCode(app, email)).status).toBe(200);
  const code = codeIn(await lastMail(database.db, email));
  const res = await callJson(app, "POST", "/api/register", {
    body: { email, code, userName, password: await encryptFor(app, password) },
  });
  expect(res.status).toBe(200);
  return res.body.data as { token: string; user: Record<string, unknown> };
}

async function login(app: App, email: string, password: string, ip = "203.0.113.7") {
  return callJson(app, "POST", "/api/login", {
    body: { email, password: await encryptFor(app, password) },
    ip,
  });
}

async function userWithPassword(
  db: Db,
  email: string,
  values: Partial<typeof users.$inferInsert> = {},
) {
  return userWithSession(db, { email, passwordHash: await hashPassword(PASSWORD), ...values });
}

describeEachDb("accounts", (ctx) => {
  describe("encryption key and passwords", () => {
    it("serves one RSA-OAEP-256 public key (SPKI) that is stored in the database", async () => {
      const { app, database } = ctx();
      forgetKeyPair(database.db); // the tables were emptied since the pair was cached
      const first = await callJson(app, "GET", "/api/encryption-key");
      expect(first.status).toBe(200);
      expect(first.body.data.algorithm).toBe("RSA-OAEP-256");
      const key = await crypto.subtle.importKey(
        "spki",
        Buffer.from(first.body.data.publicKey, "base64"),
        { name: "RSA-OAEP", hash: "SHA-256" },
        true,
        ["encrypt"],
      );
      expect((key.algorithm as RsaHashedKeyAlgorithm).modulusLength).toBe(2048);
      const second = await callJson(app, "GET", "/api/encryption-key");
      expect(second.body.data.publicKey).toBe(first.body.data.publicKey);
      const rows = await database.db.select().from(serverKeys);
      expect(rows).toHaveLength(1);
      expect(rows[0]?.publicKey).toBe(first.body.data.publicKey);
      // The private key never appears in an answer.
      expect(JSON.stringify(first.body)).not.toContain(rows[0]?.privateKey.slice(0, 40));
    });

    it("keeps the first stored pair when two instances race to create it", async () => {
      const { database } = ctx();
      const [a, b] = await Promise.all([
        storeServerKey(database.db, "race", { publicKey: "A", privateKey: "a" }),
        storeServerKey(database.db, "race", { publicKey: "B", privateKey: "b" }),
      ]);
      expect(a).toEqual(b);
      expect(
        await database.db.select().from(serverKeys).where(eq(serverKeys.name, "race")),
      ).toHaveLength(1);
      expect(KEY_NAME).toBe("rsa-oaep-256");
    });

    it("rejects a password that is not a ciphertext of the served key with 400", async () => {
      const { app, database } = ctx();
      await userWithPassword(database.db, "a@example.com");
      const bodies = [
        Buffer.from(PASSWORD).toString("base64"), // base64 of the plain text
        "AAAA",
      ];
      for (const password of bodies) {
        const res = await callJson(app, "POST", "/api/login", {
          body: { email: "a@example.com", password },
        });
        expect(res.status).toBe(400);
        expect(res.body).toEqual({
          code: 400,
          message: "Please check the input validity",
          data: null,
          error: { kind: "bad_request" },
        });
      }
      const plain = await callJson(app, "POST", "/api/login", {
        body: { email: "a@example.com", password: PASSWORD },
      });
      expect(plain.status).toBe(400);
    });

    it("hashes with argon2id (19 MiB, 2 passes, 1 lane) and never answers the hash", async () => {
      const { app, database } = ctx();
      const { token, user } = await registerUser(ctx(), "a@example.com");
      const [row] = await database.db.select().from(users);
      expect(row?.passwordHash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
      const identity = await call(app, "GET", "/api/verifyIdentity", { token });
      const text = JSON.stringify(user) + (await identity.text());
      expect(text).not.toContain("argon2");
      expect(text).not.toContain("password");
    });

    it("holds a new password to the rules after decrypting it", async () => {
      const { app, database } = ctx();
      await askCode(app, "a@example.com");
      const code = codeIn(await lastMail(database.db, "a@example.com"));
      const res = await callJson(app, "POST", "/api/register", {
        body: {
          email: "a@example.com",
          code,
          userName: "alice",
          password: await encryptFor(app, "letters"),
        },
      });
      expect(res.status).toBe(400);
      expect(res.body.message).toBe(
        "Password must be 6-16 characters combining letters, digits and symbols",
      );
      expect(res.body.data.issues).toEqual([
        {
          field: "password",
          message: "Password must be 6-16 characters combining letters, digits and symbols",
          key: "validation.passwordInvalid",
        },
      ]);
      expect(await database.db.select().from(users)).toHaveLength(0);
    });

    it("answers schema errors in English with the i18n key beside", async () => {
      const { app } = ctx();
      const res = await callJson(app, "POST", "/api/getEmailCode", {
        body: { email: "not-an-email", locale: "en-US" },
      });
      expect(res.status).toBe(400);
      expect(res.body.message).toBe("Please enter a valid email address");
      expect(res.body.data.issues[0]).toMatchObject({
        field: "email",
        key: "validation.emailInvalid",
      });
    });
  });

  describe("email codes", () => {
    it("mails a 6-digit register code to an unknown address and keeps only its hash", async () => {
      const { app, database } = ctx();
      const before = Date.now();
      const res = await askCode(app, "New@Example.com");
      expect(res).toEqual({
        status: 200,
        body: { code: 200, message: "Verification code sent", data: { resendAfterSeconds: 60 } },
      });
      const mail = await lastMail(database.db, "new@example.com");
      const code = codeIn(mail);
      expect(code).toMatch(/^\d{6}$/);
      expect(mail?.subject).toBe(composeMail("code", "en-US", code).subject);
      expect(mail?.body).toContain(code);
      const [row] = await database.db.select().from(emailCodes);
      expect(row).toMatchObject({ email: "new@example.com", purpose: "register", attempts: 0 });
      expect(row?.codeHash).toBe(hashCode("new@example.com", "register", code));
      expect(JSON.stringify(row)).not.toContain(`"${code}"`);
      const ttl = (row?.expiresAt.getTime() ?? 0) - before;
      expect(ttl).toBeGreaterThan(9.9 * 60_000);
      expect(ttl).toBeLessThan(10.1 * 60_000);
    });

    it("writes the mail in the recipient's language", async () => {
      const { app, database } = ctx();
      await callJson(app, "POST", "/api/getEmailCode", {
        body: { email: "zh@example.com", locale: "zh-CN" },
      });
      const mail = await lastMail(database.db, "zh@example.com");
      const code = codeIn(mail);
      expect(mail?.subject).toBe(composeMail("code", "zh-CN", code).subject);
      expect(mail?.body).toContain(translator("zh-CN")("site.name"));
      expect(mail?.subject).not.toBe(composeMail("code", "en-US", code).subject);
    });

    it("answers a known address exactly like an unknown one and mails it a notice instead", async () => {
      const { app, database } = ctx();
      await userWithSession(database.db, { email: "known@example.com" });
      const known = await askCode(app, "known@example.com");
      const unknown = await askCode(app, "unknown@example.com");
      expect(known).toEqual(unknown);
      const mail = await lastMail(database.db, "known@example.com");
      expect(mail?.subject).toBe(composeMail("exists", "en-US").subject);
      expect(mail?.body).not.toMatch(/\d{6}/);
      const codes = await database.db
        .select()
        .from(emailCodes)
        .where(eq(emailCodes.email, "known@example.com"));
      expect(codes).toHaveLength(0);
    });

    it("refuses a new code sooner than 60 s after the last, for known and unknown addresses alike", async () => {
      const { app, database } = ctx();
      await userWithSession(database.db, { email: "known@example.com" });
      for (const email of ["known@example.com", "unknown@example.com"]) {
        expect((await askCode(app, email)).status).toBe(200);
      }
      const known = await askCode(app, "known@example.com");
      const unknown = await askCode(app, "unknown@example.com");
      expect(known.status).toBe(429);
      expect(known.body.code).toBe(429);
      expect(known.body.data.retryAfterSeconds).toBeGreaterThan(55);
      expect(known.body.data.retryAfterSeconds).toBeLessThanOrEqual(60);
      expect(known.body.message).toContain(`${known.body.data.retryAfterSeconds} seconds`);
      expect(unknown.status).toBe(429);
      expect(unknown.body.message).toMatch(/^Please wait \d+ seconds/);
      expect(await database.db.select().from(outbox)).toHaveLength(2);

      await age(database.db, 61);
      expect((await askCode(app, "unknown@example.com")).status).toBe(200);
    });

    it("mails an address at most 5 times an hour", async () => {
      const { app, database } = ctx();
      for (let i = 0; i < 5; i += 1) {
        expect((await askCode(app, "a@example.com")).status).toBe(200);
        await age(database.db, 61);
      }
      const sixth = await askCode(app, "a@example.com");
      expect(sixth.status).toBe(429);
      expect(sixth.body.data.retryAfterSeconds).toBeGreaterThan(0);
      // Reset requests count toward the same cap.
      expect((await askCode(app, "a@example.com", "/api/getResetEmailCode")).status).toBe(429);
      expect(await database.db.select().from(outbox)).toHaveLength(5);
      await age(database.db, 3600);
      expect((await askCode(app, "a@example.com")).status).toBe(200);
    });

    it("kills a code at the sixth guess, even a right one", async () => {
      const { app, database } = ctx();
      await askCode(app, "a@example.com");
      const code = codeIn(await lastMail(database.db, "a@example.com"));
      const wrong = code === "000000" ? "111111" : "000000";
      const password = await encryptFor(app, PASSWORD);
      for (let i = 0; i < 5; i += 1) {
        const res = await callJson(app, "POST", "/api/register", {
          body: { email: "a@example.com", code: wrong, userName: "alice", password },
        });
        expect(res.status).toBe(400);
        expect(res.body.message).toBe("Invalid or expired verification code");
      }
      const sixth = await callJson(app, "POST", "/api/register", {
        body: { email: "a@example.com", code, userName: "alice", password },
      });
      expect(sixth.status).toBe(400);
      expect(sixth.body.message).toBe("Invalid or expired verification code");
      expect(await database.db.select().from(users)).toHaveLength(0);
    });

    it("accepts the right code after fewer than 5 wrong guesses, once", async () => {
      const { app, database } = ctx();
      await askCode(app, "a@example.com");
      const code = codeIn(await lastMail(database.db, "a@example.com"));
      const wrong = code === "000000" ? "111111" : "000000";
      const password = await encryptFor(app, PASSWORD);
      const body = { email: "a@example.com", userName: "alice", password };
      for (let i = 0; i < 4; i += 1) {
        expect(
          (await callJson(app, "POST", "/api/register", { body: { ...body, code: wrong } })).status,
        ).toBe(400);
      }
      expect(
        (await callJson(app, "POST", "/api/register", { body: { ...body, code } })).status,
      ).toBe(200);
      const again = await callJson(app, "POST", "/api/register", { body: { ...body, code } });
      expect(again.status).toBe(400);
      expect(await database.db.select().from(users)).toHaveLength(1);
    });

    it("rejects an expired code and a replaced one", async () => {
      const { app, database } = ctx();
      await askCode(app, "a@example.com");
      const first = codeIn(await lastMail(database.db, "a@example.com"));
      await age(database.db, 61);
      await askCode(app, "a@example.com");
      const second = codeIn(await lastMail(database.db, "a@example.com"));
      const password = await encryptFor(app, PASSWORD);
      const body = { email: "a@example.com", userName: "alice", password };
      if (first !== second) {
        const old = await callJson(app, "POST", "/api/register", {
          body: { ...body, code: first },
        });
        expect(old.status).toBe(400);
      }
      await database.db.update(emailCodes).set({ expiresAt: new Date(Date.now() - 1000) });
      const expired = await callJson(app, "POST", "/api/register", {
        body: { ...body, code: second },
      });
      expect(expired.status).toBe(400);
      expect(expired.body.message).toBe("Invalid or expired verification code");
    });

    it("sends a reset code only to an active account, with the same answer for every address", async () => {
      const { app, database } = ctx();
      await userWithSession(database.db, { email: "active@example.com" });
      await userWithSession(database.db, { email: "off@example.com", status: "disabled" });
      const answers = await Promise.all(
        ["active@example.com", "off@example.com", "nobody@example.com"].map((email) =>
          askCode(app, email, "/api/getResetEmailCode"),
        ),
      );
      expect(answers[1]).toEqual(answers[0]);
      expect(answers[2]).toEqual(answers[0]);
      expect(answers[0]?.status).toBe(200);
      const mails = await database.db.select().from(outbox);
      expect(mails.map((m) => m.to)).toEqual(["active@example.com"]);
      const code = codeIn(mails[0] ?? null);
      expect(mails[0]?.subject).toBe(composeMail("reset", "en-US", code).subject);
      // Unknown addresses are rate limited the same way.
      expect((await askCode(app, "nobody@example.com", "/api/getResetEmailCode")).status).toBe(429);
      expect((await askCode(app, "active@example.com", "/api/getResetEmailCode")).status).toBe(429);
    });
  });

  describe("register, login, logout", () => {
    it("registers: the stored user shape, role user, a session stored as a hash for 30 days", async () => {
      const { app, database } = ctx();
      await askCode(app, "a@example.com");
      const code = codeIn(await lastMail(database.db, "a@example.com"));
      const res = await callJson(app, "POST", "/api/register", {
        body: {
          email: "A@example.com",
          code,
          userName: "alice",
          password: await encryptFor(app, PASSWORD),
        },
      });
      expect(res.status).toBe(200);
      expect(res.body.code).toBe(200);
      expect(res.body.message).toBe("Registration successful");
      const { token, user } = res.body.data;
      expect(Object.keys(res.body.data).sort()).toEqual(["token", "user"]);
      expect(Object.keys(user).sort()).toEqual(STORED_USER_KEYS);
      expect(user).toMatchObject({
        isLogin: true,
        avatar: "",
        email: "a@example.com",
        role: "user",
        status: "active",
        userName: "alice",
        sex: "secret",
        birthday: null,
        desc: "",
      });
      expect(user._id).toMatch(/^[0-9a-f-]{36}$/);
      expect(new Date(user.createdAt).toISOString()).toBe(user.createdAt);
      expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/); // 32 bytes
      const [session] = await database.db.select().from(sessions);
      expect(session?.tokenHash).toBe(hashToken(token));
      expect(JSON.stringify(session)).not.toContain(token);
      const days = ((session?.expiresAt.getTime() ?? 0) - Date.now()) / 86_400_000;
      expect(days).toBeGreaterThan(29.9);
      expect(days).toBeLessThan(30.1);
      const [code_] = await database.db.select().from(emailCodes);
      expect(code_?.consumedAt).not.toBeNull();
    });

    it("register → login → logout → the token is dead", async () => {
      const { app } = ctx();
      const registered = await registerUser(ctx(), "a@example.com");
      const res = await login(app, "a@example.com", PASSWORD);
      expect(res.status).toBe(200);
      expect(res.body.message).toBe("Login successful");
      expect(Object.keys(res.body.data.user).sort()).toEqual(STORED_USER_KEYS);
      expect(res.body.data.user._id).toBe(registered.user._id);
      const token = res.body.data.token;
      expect(token).not.toBe(registered.token);

      const identity = await callJson(app, "GET", "/api/verifyIdentity", { token });
      expect(identity.status).toBe(200);
      expect(identity.body.data).toMatchObject({ success: true, isAdmin: false });
      expect(identity.body.data.user.email).toBe("a@example.com");

      const out = await callJson(app, "POST", "/api/logOutUser", { token });
      expect(out).toEqual({ status: 200, body: { code: 200, message: "Logged out", data: null } });
      const after = await callJson(app, "GET", "/api/verifyIdentity", { token });
      expect(after.status).toBe(401);
      expect(after.body).toEqual({
        code: 401,
        message: "Please log in",
        data: { success: false, isAdmin: false },
        error: { kind: "unauthorized" },
      });
      const guarded = await callJson(app, "PUT", "/api/updateProfile", {
        token,
        body: { desc: "hi" },
      });
      expect(guarded.status).toBe(401);
      // The registration session is still alive: logout ends one session only.
      expect(
        (await callJson(app, "GET", "/api/verifyIdentity", { token: registered.token })).status,
      ).toBe(200);
    });

    it("answers logout without a session with 200", async () => {
      const { app } = ctx();
      expect((await callJson(app, "POST", "/api/logOutUser")).status).toBe(200);
      expect(
        (await callJson(app, "POST", "/api/logOutUser", { token: "x".repeat(43) })).status,
      ).toBe(200);
    });

    it("refuses registration for an address that got an account meanwhile", async () => {
      const { app, database } = ctx();
      await askCode(app, "a@example.com");
      const code = codeIn(await lastMail(database.db, "a@example.com"));
      await userWithSession(database.db, { email: "a@example.com" });
      const res = await callJson(app, "POST", "/api/register", {
        body: {
          email: "a@example.com",
          code,
          userName: "alice",
          password: await encryptFor(app, PASSWORD),
        },
      });
      expect(res.status).toBe(400);
      expect(res.body.message).toBe("Invalid or expired verification code");
    });

    it("gives wrong password, unknown email and disabled user the same 401", async () => {
      const { app, database } = ctx();
      await userWithPassword(database.db, "a@example.com");
      await userWithPassword(database.db, "off@example.com", { status: "disabled" });
      const answers = [
        await login(app, "a@example.com", "Wrong-123", "198.51.100.1"),
        await login(app, "nobody@example.com", "Wrong-123", "198.51.100.2"),
        await login(app, "off@example.com", PASSWORD, "198.51.100.3"),
      ];
      for (const answer of answers) {
        expect(answer).toEqual({
          status: 401,
          body: {
            code: 401,
            message: "Login failed, please check your account email or password",
            data: null,
            error: { kind: "unauthorized" },
          },
        });
      }
      expect((await login(app, "a@example.com", PASSWORD)).status).toBe(200);
    });

    it("spends about the same time on an unknown email as on a wrong password", async () => {
      const { app, database } = ctx();
      await userWithPassword(database.db, "a@example.com");
      await login(app, "nobody@example.com", "Warm-up-1", "192.0.2.200"); // makes the dummy hash
      const time = async (email: string, ip: string) => {
        const started = performance.now();
        const res = await login(app, email, "Wrong-123", ip);
        expect(res.status).toBe(401);
        return performance.now() - started;
      };
      const known: number[] = [];
      const unknown: number[] = [];
      for (let i = 0; i < 3; i += 1) {
        known.push(await time("a@example.com", `192.0.2.${10 + i}`));
        unknown.push(await time("nobody@example.com", `192.0.2.${20 + i}`));
      }
      const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[1] ?? 0;
      // Both verify one argon2id hash: the unknown email is not answered markedly faster.
      expect(median(unknown)).toBeGreaterThan(median(known) * 0.4);
    });
  });

  describe("login throttling", () => {
    it("locks an account from one address after 5 failures while another address still logs in", async () => {
      const { app, database } = ctx();
      await userWithPassword(database.db, "a@example.com");
      const attacker = "198.51.100.66";
      for (let i = 0; i < THROTTLE.accountAddress; i += 1) {
        expect((await login(app, "a@example.com", `Guess-${i}!`, attacker)).status).toBe(401);
      }
      const blocked = await login(app, "a@example.com", PASSWORD, attacker);
      expect(blocked.status).toBe(429);
      expect(blocked.body.code).toBe(429);
      expect(blocked.body.data.retryAfterSeconds).toBeGreaterThanOrEqual(1);
      expect(blocked.body.message).toMatch(/try again in \d+ seconds/);

      const owner = await login(app, "a@example.com", PASSWORD, "203.0.113.99");
      expect(owner.status).toBe(200);
    });

    it("grows the lock with each further failure, up to 15 minutes", async () => {
      const { app, database } = ctx();
      await userWithPassword(database.db, "a@example.com");
      const ip = "198.51.100.66";
      const key = `acct-ip:a@example.com|${ip}`;
      const lockSeconds = async () => {
        const [row] = await database.db
          .select()
          .from(loginThrottle)
          .where(eq(loginThrottle.key, key));
        return ((row?.lockedUntil?.getTime() ?? 0) - Date.now()) / 1000;
      };
      for (let i = 0; i < 5; i += 1) await login(app, "a@example.com", "Wrong-123", ip);
      expect(await lockSeconds()).toBeGreaterThan(0);
      expect(await lockSeconds()).toBeLessThanOrEqual(1);
      const unlock = () =>
        database.db
          .update(loginThrottle)
          .set({ lockedUntil: new Date(Date.now() - 1) })
          .where(eq(loginThrottle.key, key));
      await unlock();
      expect((await login(app, "a@example.com", "Wrong-123", ip)).status).toBe(401);
      expect(await lockSeconds()).toBeGreaterThan(1);
      expect(await lockSeconds()).toBeLessThanOrEqual(2);
      await unlock();
      await database.db
        .update(loginThrottle)
        .set({ failures: 40 })
        .where(eq(loginThrottle.key, key));
      expect((await login(app, "a@example.com", "Wrong-123", ip)).status).toBe(401);
      expect(await lockSeconds()).toBeGreaterThan(890);
      expect(await lockSeconds()).toBeLessThanOrEqual(900);
    });

    it("resets the account's counter on success", async () => {
      const { app, database } = ctx();
      await userWithPassword(database.db, "a@example.com");
      for (let i = 0; i < 4; i += 1) await login(app, "a@example.com", "Wrong-123");
      expect((await login(app, "a@example.com", PASSWORD)).status).toBe(200);
      for (let i = 0; i < 4; i += 1) {
        expect((await login(app, "a@example.com", "Wrong-123")).status).toBe(401);
      }
      expect((await login(app, "a@example.com", PASSWORD)).status).toBe(200);
    });

    it("locks an address that tries many accounts", async () => {
      const { app, database } = ctx();
      await userWithPassword(database.db, "a@example.com");
      const ip = "198.51.100.77";
      for (let i = 0; i < THROTTLE.address; i += 1) {
        expect((await login(app, `victim${i}@example.com`, "Wrong-123", ip)).status).toBe(401);
      }
      expect((await login(app, "a@example.com", PASSWORD, ip)).status).toBe(429);
      expect((await login(app, "a@example.com", PASSWORD, "203.0.113.5")).status).toBe(200);
    });

    it("locks an account for every address only past the much higher global ceiling", async () => {
      const { app, database } = ctx();
      await userWithPassword(database.db, "a@example.com");
      await database.db.insert(loginThrottle).values({
        key: "acct:a@example.com",
        failures: THROTTLE.account - 1,
        lastFailureAt: new Date(),
      });
      expect((await login(app, "a@example.com", "Wrong-123", "198.51.100.1")).status).toBe(401);
      const locked = await login(app, "a@example.com", PASSWORD, "203.0.113.5");
      expect(locked.status).toBe(429);
      // It says the way back: a password reset by email code, which lifts the lock.
      expect(locked.body.error?.issues?.[0]?.key).toBe("auth.accountLocked");
      expect(locked.body.data.accountLocked).toBe(true);
    });

    it("counts failures in a 15-minute window", async () => {
      const { app, database } = ctx();
      await userWithPassword(database.db, "a@example.com");
      for (let i = 0; i < 4; i += 1) await login(app, "a@example.com", "Wrong-123");
      await database.db
        .update(loginThrottle)
        .set({ lastFailureAt: new Date(Date.now() - THROTTLE.windowMs - 1000) });
      await login(app, "a@example.com", "Wrong-123");
      expect((await login(app, "a@example.com", PASSWORD)).status).toBe(200);
    });
  });

  describe("password reset", () => {
    async function resetCode(app: App, db: Db, email: string) {
      expect((await askCode(app, email, "/api/getResetEmailCode")).status).toBe(200);
      return codeIn(await lastMail(db, email));
    }

    it("exchanges a reset code for a token, sets the password and revokes every session", async () => {
      const { app, database } = ctx();
      const { token: first } = await registerUser(ctx(), "a@example.com");
      const second = (await login(app, "a@example.com", PASSWORD)).body.data.token;
      const code = await resetCode(app, database.db, "a@example.com");

      const verified = await callJson(app, "POST", "/api/verifyEmailCode", {
        body: { email: "a@example.com", code },
      });
      expect(verified.status).toBe(200);
      const { resetToken } = verified.body.data;
      expect(resetToken).toMatch(/^[A-Za-z0-9_-]{43}$/);
      const [stored] = await database.db.select().from(passwordResetTokens);
      expect(stored?.tokenHash).toBe(hashToken(resetToken));
      const minutes = ((stored?.expiresAt.getTime() ?? 0) - Date.now()) / 60_000;
      expect(minutes).toBeGreaterThan(14.9);
      expect(minutes).toBeLessThanOrEqual(15);

      const body = {
        email: "a@example.com",
        resetToken,
        password: await encryptFor(app, NEW_PASSWORD),
      };
      const reset = await callJson(app, "POST", "/api/resetPassword", { body });
      expect(reset.status).toBe(200);
      for (const token of [first, second]) {
        expect((await callJson(app, "GET", "/api/verifyIdentity", { token })).status).toBe(401);
      }
      expect((await login(app, "a@example.com", PASSWORD)).status).toBe(401);
      expect((await login(app, "a@example.com", NEW_PASSWORD)).status).toBe(200);

      // Single use.
      const again = await callJson(app, "POST", "/api/resetPassword", { body });
      expect(again.status).toBe(400);
      expect(again.body.message).toBe("Invalid or expired verification code");
      // The code was used up too.
      const reuse = await callJson(app, "POST", "/api/verifyEmailCode", {
        body: { email: "a@example.com", code },
      });
      expect(reuse.status).toBe(400);
    });

    it("rejects a wrong code, a forged or expired token and another account's token", async () => {
      const { app, database } = ctx();
      await userWithPassword(database.db, "a@example.com");
      await userWithPassword(database.db, "b@example.com");
      const code = await resetCode(app, database.db, "a@example.com");
      const wrong = await callJson(app, "POST", "/api/verifyEmailCode", {
        body: { email: "a@example.com", code: code === "000000" ? "111111" : "000000" },
      });
      expect(wrong.status).toBe(400);
      expect(wrong.body.message).toBe("Invalid or expired verification code");
      const { resetToken } = (
        await callJson(app, "POST", "/api/verifyEmailCode", {
          body: { email: "a@example.com", code },
        })
      ).body.data;
      const password = await encryptFor(app, NEW_PASSWORD);
      const attempts = [
        { email: "a@example.com", resetToken: "f".repeat(43), password },
        { email: "b@example.com", resetToken, password },
      ];
      for (const body of attempts) {
        const res = await callJson(app, "POST", "/api/resetPassword", { body });
        expect(res.status).toBe(400);
        expect(res.body.message).toBe("Invalid or expired verification code");
      }
      await database.db.update(passwordResetTokens).set({ expiresAt: new Date(Date.now() - 1) });
      const expired = await callJson(app, "POST", "/api/resetPassword", {
        body: { email: "a@example.com", resetToken, password },
      });
      expect(expired.status).toBe(400);
      expect((await login(app, "a@example.com", PASSWORD)).status).toBe(200);
    });

    it("lifts the login locks of the account once the password is reset", async () => {
      const { app, database } = ctx();
      await userWithPassword(database.db, "a@example.com");
      for (let i = 0; i < 5; i += 1) await login(app, "a@example.com", "Wrong-123");
      expect((await login(app, "a@example.com", PASSWORD)).status).toBe(429);
      const code = await resetCode(app, database.db, "a@example.com");
      const { resetToken } = (
        await callJson(app, "POST", "/api/verifyEmailCode", {
          body: { email: "a@example.com", code },
        })
      ).body.data;
      await callJson(app, "POST", "/api/resetPassword", {
        body: { email: "a@example.com", resetToken, password: await encryptFor(app, NEW_PASSWORD) },
      });
      expect((await login(app, "a@example.com", NEW_PASSWORD)).status).toBe(200);
    });
  });

  describe("identity", () => {
    it("answers success and isAdmin, reading the role live", async () => {
      const { app, database } = ctx();
      const { user, token } = await userWithSession(database.db, { role: "admin" });
      const first = await callJson(app, "GET", "/api/verifyIdentity", { token });
      expect(first.status).toBe(200);
      expect(first.body.data.success).toBe(true);
      expect(first.body.data.isAdmin).toBe(true);
      expect(Object.keys(first.body.data.user).sort()).toEqual(STORED_USER_KEYS);
      await database.db.update(users).set({ role: "user" }).where(eq(users.id, user.id));
      const second = await callJson(app, "GET", "/api/verifyIdentity", { token });
      expect(second.body.data).toMatchObject({ success: true, isAdmin: false });
      expect((await callJson(app, "GET", "/api/getAllUsers", { token })).status).toBe(403);
    });

    it("answers 401 with success false for no, forged, expired and revoked tokens and disabled users", async () => {
      const { app, database } = ctx();
      const expired = await userWithSession(database.db);
      await database.db
        .update(sessions)
        .set({ expiresAt: new Date(Date.now() - 1000) })
        .where(eq(sessions.userId, expired.user.id));
      const revoked = await userWithSession(database.db);
      await database.db
        .update(sessions)
        .set({ revokedAt: new Date() })
        .where(eq(sessions.userId, revoked.user.id));
      const disabled = await userWithSession(database.db, { status: "disabled" });
      for (const token of [
        undefined,
        "forged-token-forged-token-forged",
        expired.token,
        revoked.token,
        disabled.token,
      ]) {
        const res = await callJson(app, "GET", "/api/verifyIdentity", { token });
        expect(res).toEqual({
          status: 401,
          body: {
            code: 401,
            message: "Please log in",
            data: { success: false, isAdmin: false },
            error: { kind: "unauthorized" },
          },
        });
      }
    });

    it("counts requests toward nothing when the body is malformed", async () => {
      const { app, database } = ctx();
      const res = await call(app, "POST", "/api/getEmailCode", {
        body: { email: "a@example.com", extra: 1 },
      });
      expect(res.status).toBe(400);
      expect(await database.db.select().from(emailRequests)).toHaveLength(0);
    });
  });
});
