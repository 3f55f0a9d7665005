import { eq } from "drizzle-orm";
import type { Context } from "hono";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { hashPassword } from "../auth/passwords.ts";
import { hashToken } from "../auth/sessions.ts";
import type { Db } from "../db/client.ts";
import { feedback, feedbackStatusHistory, sessions, users } from "../db/schema.ts";
import { type App, createApp } from "../http/app.ts";
import { requireAdmin, requireUser } from "../http/middleware.ts";
import { concretePath, listRoutes, type RouteEntry } from "../http/routes-list.ts";
import { jsonBody } from "../http/validate.ts";
import type { Mailer } from "../mail/mailer.ts";
import type { Storage } from "../storage/storage.ts";
import {
  callJson,
  createTestApp,
  describeEachDb,
  encryptFor,
  userWithSession,
} from "../test-support.ts";
import { DEMO_ADMIN, ensureAdmin, seedDemoAdmin } from "./admin.ts";

const PASSWORD = "Secret-123";

async function insertFeedbackRow(db: Db, values: Partial<typeof feedback.$inferInsert> = {}) {
  const [row] = await db
    .insert(feedback)
    .values({
      feedbackType: "bug",
      subject: "Broken link",
      description: "The about page links nowhere.",
      environment: {
        url: "http://localhost:4321/about",
        userAgent: "test",
        viewport: "1280×720",
        timestamp: "2026-11-22T08:00:00.000Z",
      },
      ...values,
    })
    .returning();
  if (!row) throw new Error("no feedback row");
  return row;
}

type Caller = "anonymous" | "reader" | "admin" | "disabled" | "expired" | "revoked" | "forged";
const CALLERS: Array<[Caller, number]> = [
  ["anonymous", 401],
  ["reader", 403],
  ["admin", 200],
  ["disabled", 401],
  ["expired", 401],
  ["revoked", 401],
  ["forged", 401],
];

/** A token of each kind; all but the reader are (or were) admins. */
async function tokenFor(db: Db, kind: Caller): Promise<string | undefined> {
  switch (kind) {
    case "anonymous":
      return undefined;
    case "forged":
      return "Zm9yZ2VkLXRva2VuLWZvcmdlZC10b2tlbi1mb3JnZWQ";
    case "reader":
      return (await userWithSession(db, { role: "user" })).token;
    case "admin":
      return (await userWithSession(db, { role: "admin" })).token;
    case "disabled":
      return (await userWithSession(db, { role: "admin", status: "disabled" })).token;
    case "expired": {
      const { token } = await userWithSession(db, { role: "admin" });
      await db
        .update(sessions)
        .set({ expiresAt: new Date(Date.now() - 1000) })
        .where(eq(sessions.tokenHash, hashToken(token)));
      return token;
    }
    case "revoked": {
      const { token } = await userWithSession(db, { role: "admin" });
      await db
        .update(sessions)
        .set({ revokedAt: new Date() })
        .where(eq(sessions.tokenHash, hashToken(token)));
      return token;
    }
  }
}

// --- The guard matrix: every route of the app, read from the app itself --------------------

/** Routes anyone may call: they accept or refuse by their own rules, never by a guard. */
const PUBLIC_ROUTES = [
  "GET /api/encryption-key",
  "POST /api/getEmailCode",
  "POST /api/getResetEmailCode",
  "POST /api/register",
  "POST /api/login",
  "POST /api/logOutUser",
  "POST /api/verifyEmailCode",
  "POST /api/resetPassword",
  "GET /api/verifyIdentity",
  "POST /api/createFeedback",
  "GET /api/avatars/:name",
];
/** Routes for any logged-in account (requireUser). Every other route is for admins only. */
const USER_ROUTES = [
  "PUT /api/updateProfile",
  "POST /api/requestEmailChange",
  "POST /api/confirmEmailChange",
  "POST /api/changePassword",
  "POST /api/uploadAvatar",
];

/**
 * The app's route table, read at collection time from an app built without a database (no
 * request is ever made to it); the tests check the app they call has the same table.
 */
const ROUTES = listRoutes(
  createApp({ db: {} as Db, mailer: {} as Mailer, storage: {} as Storage }),
);
const routeKey = (route: RouteEntry) => `${route.method} ${route.path}`;
/** What fills every path parameter: a valid uuid, so no guard can hide behind a 400 on the id. */
const SOME_ID = "5b0e1c8e-3a4f-4c1b-9d2e-7f6a8b9c0d1e";

/** The callers an admin route refuses (a user route lets the reader through). */
const REFUSED: Caller[] = ["anonymous", "reader", "disabled", "expired", "revoked", "forged"];

/**
 * What is wrong with one route's guard, as lines (none when it is right). Called with no body
 * and no query, so a route that validates before it checks rights answers 400 and is caught:
 * - a public route is not checked;
 * - a user route answers 401 "Please log in" to every caller without an active session, and
 *   lets a reader through (anything but 401 and 403);
 * - every other route answers 401 "Please log in" to every caller without an active session
 *   and 403 "Admin rights required" to a reader.
 */
async function guardProblems(
  app: App,
  route: RouteEntry,
  tokens: Map<Caller, string | undefined>,
): Promise<string[]> {
  const key = routeKey(route);
  if (PUBLIC_ROUTES.includes(key)) return [];
  const forUsers = USER_ROUTES.includes(key);
  const method = route.method === "ALL" ? "GET" : route.method;
  const path = concretePath(route.path, SOME_ID);
  const problems: string[] = [];
  for (const caller of REFUSED) {
    const res = await callJson(app, method, path, { token: tokens.get(caller) });
    const got = `${res.status} ${JSON.stringify(res.body?.message)}`;
    if (caller === "reader") {
      if (forUsers) {
        if (res.status === 401 || res.status === 403) {
          problems.push(`${key} refused a reader (${got}), though it is for any account`);
        }
      } else if (res.status !== 403 || res.body?.message !== "Admin rights required") {
        problems.push(`${key} as reader: ${got}, expected 403 "Admin rights required"`);
      }
    } else if (res.status !== 401 || res.body?.message !== "Please log in") {
      problems.push(`${key} as ${caller}: ${got}, expected 401 "Please log in"`);
    }
  }
  return problems;
}

async function refusedTokens(db: Db): Promise<Map<Caller, string | undefined>> {
  const tokens = new Map<Caller, string | undefined>();
  for (const caller of REFUSED) tokens.set(caller, await tokenFor(db, caller));
  return tokens;
}

// --- Admin calls with real bodies: an admin succeeds, and a refused call changes nothing. The
// guard of every route is checked above from the app's own table; these few are written by hand
// because a successful call needs a valid body and a target.

interface Endpoint {
  name: string;
  /** Prepares the target and answers the request; `unchanged` checks a refused call did nothing. */
  run(app: App, db: Db, token: string | undefined): Promise<{ status: number }>;
  unchanged?(db: Db): Promise<void>;
}

const ENDPOINTS: Endpoint[] = [
  {
    name: "POST /api/createUser",
    run: async (app, _db, token) =>
      callJson(app, "POST", "/api/createUser", {
        token,
        body: {
          email: "made@example.com",
          userName: "made",
          password: await encryptFor(app, PASSWORD),
        },
      }),
    unchanged: async (db) => {
      expect(await db.select().from(users).where(eq(users.email, "made@example.com"))).toEqual([]);
    },
  },
  {
    name: "GET /api/getAllUsers",
    run: (app, _db, token) => callJson(app, "GET", "/api/getAllUsers?page=1&pageSize=5", { token }),
  },
  {
    name: "POST /api/deleteUsers",
    run: async (app, db, token) => {
      const { user } = await userWithSession(db, { email: "victim@example.com" });
      return callJson(app, "POST", "/api/deleteUsers", { token, body: { ids: [user.id] } });
    },
    unchanged: async (db) => {
      expect(
        await db.select().from(users).where(eq(users.email, "victim@example.com")),
      ).toHaveLength(1);
    },
  },
  {
    name: "PUT /api/updateUsers/{id}",
    run: async (app, db, token) => {
      const { user } = await userWithSession(db, { email: "victim@example.com" });
      return callJson(app, "PUT", `/api/updateUsers/${user.id}`, {
        token,
        body: { role: "admin", desc: "promoted" },
      });
    },
    unchanged: async (db) => {
      const [row] = await db.select().from(users).where(eq(users.email, "victim@example.com"));
      expect(row).toMatchObject({ role: "user", description: "" });
    },
  },
  {
    name: "GET /api/getAllFeedback",
    run: async (app, db, token) => {
      await insertFeedbackRow(db);
      return callJson(app, "GET", "/api/getAllFeedback", { token });
    },
  },
  {
    name: "PUT /api/feedback/{id}/status",
    run: async (app, db, token) => {
      const row = await insertFeedbackRow(db);
      return callJson(app, "PUT", `/api/feedback/${row.id}/status`, {
        token,
        body: { status: "in_progress" },
      });
    },
    unchanged: async (db) => {
      const [row] = await db.select().from(feedback);
      expect(row?.status).toBe("new");
      expect(await db.select().from(feedbackStatusHistory)).toEqual([]);
    },
  },
  {
    name: "GET /api/feedback/{id}/history",
    run: async (app, db, token) => {
      const row = await insertFeedbackRow(db);
      return callJson(app, "GET", `/api/feedback/${row.id}/history`, { token });
    },
  },
];

const MATRIX = ENDPOINTS.flatMap((endpoint) =>
  CALLERS.map(([caller, status]) => ({ endpoint, caller, status })),
);

async function adminSession(db: Db) {
  return userWithSession(db, { role: "admin", email: "boss@example.com", userName: "boss" });
}

describeEachDb("users and feedback center", (ctx) => {
  describe("guards of every route, read from the app", () => {
    it("lists the app's routes, and every allowlisted route exists", () => {
      const { app } = ctx();
      expect(listRoutes(app)).toEqual(ROUTES);
      const keys = ROUTES.map(routeKey);
      expect(ROUTES.length).toBeGreaterThan(PUBLIC_ROUTES.length + USER_ROUTES.length);
      for (const key of [...PUBLIC_ROUTES, ...USER_ROUTES]) expect(keys).toContain(key);
      // Each admin route the API spec names is among them.
      for (const key of [
        "GET /api/getAllUsers",
        "POST /api/createUser",
        "POST /api/deleteUsers",
        "PUT /api/updateUsers/:id",
        "GET /api/getAllFeedback",
        "PUT /api/feedback/:id/status",
      ]) {
        expect(keys).toContain(key);
      }
    });

    it.each(ROUTES.filter((route) => !PUBLIC_ROUTES.includes(routeKey(route))))(
      "$method $path refuses whom it must",
      async (route) => {
        const { app, database } = ctx();
        expect(await guardProblems(app, route, await refusedTokens(database.db))).toEqual([]);
      },
    );

    it("catches a route added without its guard (the matrix tested on itself)", async () => {
      const { database } = ctx();
      const app = createTestApp(database.db);
      const answer = (c: Context) => c.json({ code: 200, message: "OK", data: null });
      // No guard at all; a user's guard on an admin route; the body checked before the rights.
      app.get("/admin/leak", answer);
      app.post("/exportUsers/:id", requireUser, answer);
      app.post(
        "/admin/import",
        jsonBody(z.object({ rows: z.array(z.string()) })),
        requireAdmin,
        answer,
      );
      const routes = listRoutes(app);
      expect(routes.map(routeKey)).toEqual(
        expect.arrayContaining([
          "GET /api/admin/leak",
          "POST /api/exportUsers/:id",
          "POST /api/admin/import",
        ]),
      );
      // The routes this app has beyond the real one's (those are checked one by one above).
      const added = routes.filter((route) => !ROUTES.map(routeKey).includes(routeKey(route)));
      expect(added).toHaveLength(3);
      const tokens = await refusedTokens(database.db);
      const problems: string[] = [];
      for (const route of added) problems.push(...(await guardProblems(app, route, tokens)));
      const imports = problems.filter((line) => line.startsWith("POST /api/admin/import "));
      expect(problems.filter((line) => !imports.includes(line))).toEqual([
        'GET /api/admin/leak as anonymous: 200 "OK", expected 401 "Please log in"',
        'GET /api/admin/leak as reader: 200 "OK", expected 403 "Admin rights required"',
        'GET /api/admin/leak as disabled: 200 "OK", expected 401 "Please log in"',
        'GET /api/admin/leak as expired: 200 "OK", expected 401 "Please log in"',
        'GET /api/admin/leak as revoked: 200 "OK", expected 401 "Please log in"',
        'GET /api/admin/leak as forged: 200 "OK", expected 401 "Please log in"',
        'POST /api/exportUsers/:id as reader: 200 "OK", expected 403 "Admin rights required"',
      ]);
      expect(imports).toHaveLength(REFUSED.length);
      for (const line of imports) expect(line).toMatch(/: 400 /);
    });
  });

  describe("admin calls, and what a refused call leaves unchanged", () => {
    it.each(MATRIX)("$endpoint.name as $caller → $status", async ({ endpoint, caller, status }) => {
      const { app, database } = ctx();
      const token = await tokenFor(database.db, caller);
      const res = await endpoint.run(app, database.db, token);
      expect(res.status).toBe(status);
      const body = (res as { body?: { code: number; message: string } }).body;
      expect(body?.code).toBe(status);
      if (status === 401) expect(body?.message).toBe("Please log in");
      if (status === 403) expect(body?.message).toBe("Admin rights required");
      if (status !== 200) await endpoint.unchanged?.(database.db);
    });

    it("checks rights before validating the body", async () => {
      const { app, database } = ctx();
      const { token } = await userWithSession(database.db);
      expect((await callJson(app, "POST", "/api/deleteUsers", { body: { ids: "x" } })).status).toBe(
        401,
      );
      const reader = await callJson(app, "POST", "/api/deleteUsers", {
        token,
        body: { ids: "x" },
      });
      expect(reader.status).toBe(403);
    });
  });

  describe("user management", () => {
    it("creates a user with an encrypted password who can then log in", async () => {
      const { app, database } = ctx();
      const { token } = await adminSession(database.db);
      const res = await callJson(app, "POST", "/api/createUser", {
        token,
        body: {
          email: "Editor@Example.com",
          userName: "editor",
          password: await encryptFor(app, PASSWORD),
          role: "admin",
        },
      });
      expect(res.status).toBe(200);
      expect(res.body.data).toMatchObject({
        email: "editor@example.com",
        userName: "editor",
        role: "admin",
        status: "active",
      });
      expect(res.body.data).not.toHaveProperty("isLogin");
      expect(JSON.stringify(res.body)).not.toContain("argon2");
      const login = await callJson(app, "POST", "/api/login", {
        body: { email: "editor@example.com", password: await encryptFor(app, PASSWORD) },
      });
      expect(login.status).toBe(200);

      const again = await callJson(app, "POST", "/api/createUser", {
        token,
        body: {
          email: "editor@example.com",
          userName: "other",
          password: await encryptFor(app, PASSWORD),
        },
      });
      expect(again.status).toBe(409);
      const plain = await callJson(app, "POST", "/api/createUser", {
        token,
        body: { email: "x@example.com", userName: "xx", password: PASSWORD },
      });
      expect(plain.status).toBe(400);
    });

    it("lists users by page, searching name or email and filtering role and status", async () => {
      const { app, database } = ctx();
      const { token } = await adminSession(database.db);
      for (let i = 0; i < 12; i += 1) {
        await userWithSession(database.db, {
          email: `reader${i}@example.com`,
          userName: `Reader${i}`,
          status: i % 3 === 0 ? "disabled" : "active",
        });
      }
      await userWithSession(database.db, { email: "zed@mail.test", userName: "Zed" });

      const first = await callJson(app, "GET", "/api/getAllUsers?page=1&pageSize=5", { token });
      expect(first.body.data).toMatchObject({ total: 14, page: 1, pageSize: 5 });
      expect(first.body.data.items).toHaveLength(5);
      const last = await callJson(app, "GET", "/api/getAllUsers?page=3&pageSize=5", { token });
      expect(last.body.data.items).toHaveLength(4);
      const item = first.body.data.items[0];
      expect(Object.keys(item).sort()).toEqual(
        [
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
        ].sort(),
      );

      const byName = await callJson(app, "GET", "/api/getAllUsers?q=READER1", { token });
      expect(byName.body.data.items.map((u: { userName: string }) => u.userName).sort()).toEqual([
        "Reader1",
        "Reader10",
        "Reader11",
      ]);
      const byEmail = await callJson(app, "GET", "/api/getAllUsers?q=mail.TEST", { token });
      expect(byEmail.body.data.total).toBe(1);
      const wildcard = await callJson(app, "GET", "/api/getAllUsers?q=%25", { token });
      expect(wildcard.body.data.total).toBe(0);
      const admins = await callJson(app, "GET", "/api/getAllUsers?role=admin&status=", { token });
      expect(admins.body.data.items.map((u: { email: string }) => u.email)).toEqual([
        "boss@example.com",
      ]);
      const disabled = await callJson(app, "GET", "/api/getAllUsers?status=disabled", { token });
      expect(disabled.body.data.total).toBe(4);
      const bad = await callJson(app, "GET", "/api/getAllUsers?pageSize=1000", { token });
      expect(bad.status).toBe(400);
      const badRole = await callJson(app, "GET", "/api/getAllUsers?role=root", { token });
      expect(badRole.status).toBe(400);
    });

    it("deletes several users at once and ends their sessions, never the caller", async () => {
      const { app, database } = ctx();
      const admin = await adminSession(database.db);
      const a = await userWithSession(database.db);
      const b = await userWithSession(database.db);
      const self = await callJson(app, "POST", "/api/deleteUsers", {
        token: admin.token,
        body: { ids: [a.user.id, admin.user.id] },
      });
      expect(self.status).toBe(400);
      expect(self.body.message).toBe("You cannot delete your own account");
      expect(await database.db.select().from(users)).toHaveLength(3);

      const res = await callJson(app, "POST", "/api/deleteUsers", {
        token: admin.token,
        body: { ids: [a.user.id, b.user.id, a.user.id] },
      });
      expect(res.status).toBe(200);
      expect(res.body.data.deleted).toBe(2);
      for (const token of [a.token, b.token]) {
        expect((await callJson(app, "GET", "/api/verifyIdentity", { token })).status).toBe(401);
      }
      for (const ids of [[], Array(101).fill(a.user.id), ["not-a-uuid"]]) {
        const bad = await callJson(app, "POST", "/api/deleteUsers", {
          token: admin.token,
          body: { ids },
        });
        expect(bad.status).toBe(400);
      }
    });

    it("updates role, status and profile fields; disabling ends sessions at once", async () => {
      const { app, database } = ctx();
      const admin = await adminSession(database.db);
      const reader = await userWithSession(database.db, {
        passwordHash: await hashPassword(PASSWORD),
      });
      const res = await callJson(app, "PUT", `/api/updateUsers/${reader.user.id}`, {
        token: admin.token,
        body: {
          userName: "renamed",
          desc: "Hello",
          sex: "female",
          birthday: "1990-02-28",
          avatar: "https://example.com/a.png",
        },
      });
      expect(res.status).toBe(200);
      expect(res.body.data).toMatchObject({
        userName: "renamed",
        desc: "Hello",
        sex: "female",
        birthday: "1990-02-28",
        avatar: "https://example.com/a.png",
      });

      const promoted = await callJson(app, "PUT", `/api/updateUsers/${reader.user.id}`, {
        token: admin.token,
        body: { role: "admin" },
      });
      expect(promoted.body.data.role).toBe("admin");
      // The role is read live: the reader's existing session is an admin's now.
      expect((await callJson(app, "GET", "/api/getAllUsers", { token: reader.token })).status).toBe(
        200,
      );

      const disabled = await callJson(app, "PUT", `/api/updateUsers/${reader.user.id}`, {
        token: admin.token,
        body: { status: "disabled" },
      });
      expect(disabled.body.data.status).toBe("disabled");
      expect(
        (await callJson(app, "GET", "/api/verifyIdentity", { token: reader.token })).status,
      ).toBe(401);
      const live = await database.db
        .select()
        .from(sessions)
        .where(eq(sessions.userId, reader.user.id));
      expect(live.every((s) => s.revokedAt !== null)).toBe(true);
      // Enabling again does not bring the old session back.
      await callJson(app, "PUT", `/api/updateUsers/${reader.user.id}`, {
        token: admin.token,
        body: { status: "active" },
      });
      expect(
        (await callJson(app, "GET", "/api/verifyIdentity", { token: reader.token })).status,
      ).toBe(401);
    });

    it("refuses to demote or disable oneself, unknown ids and bad fields", async () => {
      const { app, database } = ctx();
      const admin = await adminSession(database.db);
      for (const body of [{ role: "user" }, { status: "disabled" }]) {
        const res = await callJson(app, "PUT", `/api/updateUsers/${admin.user.id}`, {
          token: admin.token,
          body,
        });
        expect(res.status).toBe(400);
        expect(res.body.message).toBe("You cannot demote or disable yourself");
      }
      const own = await callJson(app, "PUT", `/api/updateUsers/${admin.user.id}`, {
        token: admin.token,
        body: { desc: "me" },
      });
      expect(own.status).toBe(200);
      const unknown = await callJson(
        app,
        "PUT",
        "/api/updateUsers/00000000-0000-4000-8000-000000000000",
        { token: admin.token, body: { desc: "x" } },
      );
      expect(unknown.status).toBe(404);
      const { user } = await userWithSession(database.db);
      for (const body of [
        {},
        { sex: "other" },
        { birthday: "2001-02-30" },
        { birthday: "2999-01-01" },
        { userName: "a" },
        { role: "root" },
        { avatar: "javascript:alert(1)" },
        { email: "x@example.com" },
      ]) {
        const res = await callJson(app, "PUT", `/api/updateUsers/${user.id}`, {
          token: admin.token,
          body,
        });
        expect(res.status, JSON.stringify(body)).toBe(400);
      }
    });
  });

  describe("own profile and password", () => {
    it("updates the profile and answers the stored user", async () => {
      const { app, database } = ctx();
      const { token } = await userWithSession(database.db, { email: "me@example.com" });
      await userWithSession(database.db, { email: "taken@example.com" });
      const res = await callJson(app, "PUT", "/api/updateProfile", {
        token,
        body: {
          email: "Me@Example.com",
          userName: "me2",
          desc: "About me",
          sex: "male",
          birthday: "2000-01-31",
        },
      });
      expect(res.status).toBe(200);
      expect(res.body.data).toMatchObject({
        isLogin: true,
        email: "me@example.com",
        userName: "me2",
        desc: "About me",
        sex: "male",
        birthday: "2000-01-31",
        role: "user",
      });
      const cleared = await callJson(app, "PUT", "/api/updateProfile", {
        token,
        body: { birthday: "" },
      });
      expect(cleared.body.data.birthday).toBeNull();

      const taken = await callJson(app, "PUT", "/api/updateProfile", {
        token,
        body: { email: "taken@example.com" },
      });
      // A new address, taken or not, changes only with a code (email-change.test.ts).
      expect(taken.status).toBe(400);
      expect(taken.body.data.issues[0].key).toBe("validation.emailNeedsCode");
      const badEmail = await callJson(app, "PUT", "/api/updateProfile", {
        token,
        body: { email: "nope" },
      });
      expect(badEmail.status).toBe(400);
      expect(badEmail.body.message).toBe("Please enter a valid email address");
      const emptyName = await callJson(app, "PUT", "/api/updateProfile", {
        token,
        body: { userName: "" },
      });
      expect(emptyName.body.message).toBe("Username cannot be empty");
      const role = await callJson(app, "PUT", "/api/updateProfile", {
        token,
        body: { role: "admin" },
      });
      expect(role.status).toBe(400);
    });

    it("changes the password with the current one and ends the other sessions", async () => {
      const { app, database } = ctx();
      const { user, token } = await userWithSession(database.db, {
        email: "me@example.com",
        passwordHash: await hashPassword(PASSWORD),
      });
      const login = await callJson(app, "POST", "/api/login", {
        body: { email: "me@example.com", password: await encryptFor(app, PASSWORD) },
      });
      const other = login.body.data.token;

      const wrong = await callJson(app, "POST", "/api/changePassword", {
        token,
        body: {
          oldPassword: await encryptFor(app, "Wrong-123"),
          newPassword: await encryptFor(app, "Next-456!"),
        },
      });
      expect(wrong.status).toBe(400);
      expect(wrong.body.message).toBe("The current password is incorrect");
      const weak = await callJson(app, "POST", "/api/changePassword", {
        token,
        body: {
          oldPassword: await encryptFor(app, PASSWORD),
          newPassword: await encryptFor(app, "short"),
        },
      });
      expect(weak.status).toBe(400);
      expect(weak.body.data.issues[0].field).toBe("newPassword");

      const res = await callJson(app, "POST", "/api/changePassword", {
        token,
        body: {
          oldPassword: await encryptFor(app, PASSWORD),
          newPassword: await encryptFor(app, "Next-456!"),
        },
      });
      expect(res.status).toBe(200);
      expect((await callJson(app, "GET", "/api/verifyIdentity", { token })).status).toBe(200);
      expect((await callJson(app, "GET", "/api/verifyIdentity", { token: other })).status).toBe(
        401,
      );
      const [row] = await database.db.select().from(users).where(eq(users.id, user.id));
      expect(row?.passwordHash).toMatch(/^\$argon2id\$/);
      const relogin = await callJson(app, "POST", "/api/login", {
        body: { email: "me@example.com", password: await encryptFor(app, "Next-456!") },
      });
      expect(relogin.status).toBe(200);
    });
  });

  describe("avatar", () => {
    const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3, 4]);
    const WEBP = new Uint8Array([
      ...new TextEncoder().encode("RIFF"),
      0,
      0,
      0,
      0,
      ...new TextEncoder().encode("WEBPVP8 "),
    ]);
    const upload = (app: App, token: string | undefined, bytes: Uint8Array, type = "image/png") => {
      const form = new FormData();
      form.append("file", new File([bytes as Uint8Array<ArrayBuffer>], "me.png", { type }));
      return app.request(
        "/api/uploadAvatar",
        { method: "POST", body: form, headers: token ? { authorization: `Bearer ${token}` } : {} },
        { clientIp: "203.0.113.7" },
      );
    };

    it("stores a PNG or WebP avatar, serves it and replaces the previous one", async () => {
      const { app, database } = ctx();
      const { token } = await userWithSession(database.db);
      const first = await upload(app, token, PNG);
      expect(first.status).toBe(200);
      const user = (await first.json()).data;
      expect(user.isLogin).toBe(true);
      expect(user.avatar).toMatch(/^\/api\/avatars\/[0-9a-f-]{36}\.png$/);
      const served = await app.request(user.avatar);
      expect(served.status).toBe(200);
      expect(served.headers.get("content-type")).toBe("image/png");
      expect(served.headers.get("x-content-type-options")).toBe("nosniff");
      expect(new Uint8Array(await served.arrayBuffer())).toEqual(PNG);

      const second = await upload(app, token, WEBP, "image/png");
      const next = (await second.json()).data;
      expect(next.avatar).toMatch(/\.webp$/);
      expect((await app.request(next.avatar)).headers.get("content-type")).toBe("image/webp");
      const gone = await app.request(user.avatar);
      expect(gone.status).toBe(404);
      expect((await gone.json()).code).toBe(404);
    });

    it("refuses other files, big files, strangers and other encodings", async () => {
      const { app, database } = ctx();
      const { token, user } = await userWithSession(database.db);
      const svg = new TextEncoder().encode("<svg onload=alert(1)></svg>");
      expect((await upload(app, token, svg, "image/png")).status).toBe(400);
      const big = new Uint8Array(2 * 1024 * 1024 + 1);
      big.set(PNG);
      expect((await upload(app, token, big)).status).toBe(413);
      expect((await upload(app, undefined, PNG)).status).toBe(401);
      const json = await callJson(app, "POST", "/api/uploadAvatar", { token, body: { file: "x" } });
      expect(json.status).toBe(400);
      const [row] = await database.db.select().from(users).where(eq(users.id, user.id));
      expect(row?.avatar).toBe("");
      expect((await app.request("/api/avatars/..%2F..%2Fetc%2Fpasswd")).status).toBe(404);
    });

    it("drops a deleted user's avatar", async () => {
      const { app, database } = ctx();
      const admin = await adminSession(database.db);
      const reader = await userWithSession(database.db);
      const { avatar } = (await (await upload(app, reader.token, PNG)).json()).data;
      await callJson(app, "POST", "/api/deleteUsers", {
        token: admin.token,
        body: { ids: [reader.user.id] },
      });
      expect((await app.request(avatar)).status).toBe(404);
    });
  });

  describe("feedback center", () => {
    it("lists feedback by page, filtered by type and status", async () => {
      const { app, database } = ctx();
      const { token } = await adminSession(database.db);
      for (let i = 0; i < 7; i += 1) {
        await insertFeedbackRow(database.db, {
          feedbackType: i % 2 ? "bug" : "praise",
          status: i < 2 ? "closed" : "new",
          subject: `Item ${i}`,
          receivedAt: new Date(Date.UTC(2026, 10, 1 + i)),
        });
      }
      const page = await callJson(app, "GET", "/api/getAllFeedback?page=1&pageSize=3", { token });
      expect(page.status).toBe(200);
      expect(page.body.data).toMatchObject({ total: 7, page: 1, pageSize: 3 });
      expect(page.body.data.items.map((f: { subject: string }) => f.subject)).toEqual([
        "Item 6",
        "Item 5",
        "Item 4",
      ]);
      expect(page.body.data.items[0]).toMatchObject({
        feedbackType: "praise",
        status: "new",
        userId: null,
        screenshots: [],
      });
      const bugs = await callJson(app, "GET", "/api/getAllFeedback?type=bug", { token });
      expect(bugs.body.data.total).toBe(3);
      const closed = await callJson(app, "GET", "/api/getAllFeedback?status=closed&type=", {
        token,
      });
      expect(closed.body.data.total).toBe(2);
      const bad = await callJson(app, "GET", "/api/getAllFeedback?status=done", { token });
      expect(bad.status).toBe(400);
    });

    it("moves a status only along the allowed transitions and records each change", async () => {
      const { app, database } = ctx();
      const admin = await adminSession(database.db);
      const row = await insertFeedbackRow(database.db);
      const move = (status: string, note?: string) =>
        callJson(app, "PUT", `/api/feedback/${row.id}/status`, {
          token: admin.token,
          body: note === undefined ? { status } : { status, note },
        });

      const illegal = await move("resolved");
      expect(illegal.status).toBe(409);
      expect(illegal.body.message).toBe("Cannot change the status from new to resolved");
      expect((await move("new")).status).toBe(409);

      const path: Array<[string, number]> = [
        ["in_progress", 200],
        ["new", 409],
        ["resolved", 200],
        ["in_progress", 200], // reopen
        ["resolved", 200],
        ["closed", 200],
        ["resolved", 409],
        ["in_progress", 200],
        ["closed", 200],
      ];
      for (const [status, expected] of path) {
        const res = await move(status, `to ${status}`);
        expect(res.status, status).toBe(expected);
        if (expected === 200) expect(res.body.data.status).toBe(status);
      }
      const [stored] = await database.db.select().from(feedback);
      expect(stored?.status).toBe("closed");

      const history = await callJson(app, "GET", `/api/feedback/${row.id}/history`, {
        token: admin.token,
      });
      expect(history.status).toBe(200);
      expect(
        history.body.data.map((h: { from: string; to: string }) => `${h.from}>${h.to}`),
      ).toEqual([
        "new>in_progress",
        "in_progress>resolved",
        "resolved>in_progress",
        "in_progress>resolved",
        "resolved>closed",
        "closed>in_progress",
        "in_progress>closed",
      ]);
      expect(history.body.data[0]).toMatchObject({
        note: "to in_progress",
        changedBy: { id: admin.user.id, userName: "boss" },
      });
      expect(Number.isNaN(Date.parse(history.body.data[0].changedAt))).toBe(false);

      const unknown = await callJson(
        app,
        "PUT",
        "/api/feedback/00000000-0000-4000-8000-000000000000/status",
        { token: admin.token, body: { status: "closed" } },
      );
      expect(unknown.status).toBe(404);
      const badStatus = await move("done");
      expect(badStatus.status).toBe(400);
    });
  });

  describe("first admin and demo admin", () => {
    it("creates an admin, or promotes an existing user", async () => {
      const { database } = ctx();
      const created = await ensureAdmin(database.db, {
        email: "owner@example.com",
        password: PASSWORD,
      });
      expect(created).toMatchObject({
        outcome: "created",
        user: { role: "admin", userName: "owner" },
      });
      const { user } = await userWithSession(database.db, {
        email: "reader@example.com",
        status: "disabled",
      });
      const promoted = await ensureAdmin(database.db, { email: "reader@example.com" });
      expect(promoted).toMatchObject({
        outcome: "promoted",
        passwordSet: false,
        user: { id: user.id, role: "admin", status: "active" },
      });
      expect(await ensureAdmin(database.db, { email: "new@example.com" })).toEqual({
        outcome: "password-required",
      });
      await expect(
        ensureAdmin(database.db, { email: "weak@example.com", password: "weak" }),
      ).rejects.toThrow();
    });

    it("seeds the demo admin once in the life of the database", async () => {
      const { app, database } = ctx();
      expect(await seedDemoAdmin(database.db)).toBe(true);
      expect(await seedDemoAdmin(database.db)).toBe(false);
      const login = await callJson(app, "POST", "/api/login", {
        body: { email: DEMO_ADMIN.email, password: await encryptFor(app, DEMO_ADMIN.password) },
      });
      expect(login.status).toBe(200);
      expect(login.body.data.user.role).toBe("admin");
      await database.db.delete(users);
      expect(await seedDemoAdmin(database.db)).toBe(false);
    });
  });
});
