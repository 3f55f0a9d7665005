import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { STORED_USER_FIELDS } from "../../shared/user-info.ts";
import { emailCodes, emailRequests, sessions, users } from "../db/schema.ts";
import {
  call,
  callJson,
  describeEachDb,
  login,
  PASSWORD,
  userWithPassword,
  userWithSession,
} from "../test-support.ts";
import {
  expectBadCode,
  mailedCode,
  registerAttempts,
  registerUser,
  registerWithCode,
} from "./auth.test-support.ts";
import { hashToken } from "./sessions.ts";

const STORED_USER_KEYS = [...STORED_USER_FIELDS].sort();

// Registering, logging in and out, and who a token names.

describeEachDb("accounts", (ctx) => {
  describe("register, login, logout", () => {
    it("registers: the stored user shape, role user, a session stored as a hash for 30 days", async () => {
      const { database } = ctx();
      const res = await registerWithCode(ctx(), "A@example.com");
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
      const code = await mailedCode(ctx(), "a@example.com");
      await userWithSession(database.db, { email: "a@example.com" });
      const register = await registerAttempts(app, "a@example.com");
      expectBadCode(await register(code));
    });

    it("gives wrong password, unknown email and disabled user the same 401", async () => {
      const { app, database } = ctx();
      await userWithPassword(database.db, { email: "a@example.com" });
      await userWithPassword(database.db, { email: "off@example.com", status: "disabled" });
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
      await userWithPassword(database.db, { email: "a@example.com" });
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
