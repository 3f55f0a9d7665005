import { eq } from "drizzle-orm";
import { expect, it } from "vitest";
import type { Db } from "../db/client.ts";
import { feedback, feedbackStatusHistory, users } from "../db/schema.ts";
import type { App } from "../http/app.ts";
import {
  callJson,
  describeEachDb,
  encryptFor,
  PASSWORD,
  userWithSession,
} from "../test-support.ts";
import { CALLERS, insertFeedbackRow, tokenFor } from "./users.test-support.ts";

// Admin calls with real bodies: an admin succeeds, and a refused call changes nothing. The
// guard of every route is checked from the app's own table (users.guards.test.ts); these few
// are written by hand because a successful call needs a valid body and a target.

interface Endpoint {
  name: string;
  /** Prepares the target and answers the request; `unchanged` checks a refused call did nothing. */
  run(app: App, db: Db, token: string | undefined): Promise<{ status: number }>;
  unchanged?(db: Db): Promise<void>;
}

/** The user every refused call on users aims at, and the row it must leave as it was. */
const VICTIM = "victim@example.com";
const victimRows = (db: Db) => db.select().from(users).where(eq(users.email, VICTIM));

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
      const { user } = await userWithSession(db, { email: VICTIM });
      return callJson(app, "POST", "/api/deleteUsers", { token, body: { ids: [user.id] } });
    },
    unchanged: async (db) => {
      expect(await victimRows(db)).toHaveLength(1);
    },
  },
  {
    name: "PUT /api/updateUsers/{id}",
    run: async (app, db, token) => {
      const { user } = await userWithSession(db, { email: VICTIM });
      return callJson(app, "PUT", `/api/updateUsers/${user.id}`, {
        token,
        body: { role: "admin", desc: "promoted" },
      });
    },
    unchanged: async (db) => {
      const [row] = await victimRows(db);
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

describeEachDb("admin calls, and what a refused call leaves unchanged", (ctx) => {
  it.each(MATRIX)("$endpoint.name as $caller → $status", async ({ endpoint, caller, status }) => {
    const { app, database } = ctx();
    const token = await tokenFor(database.db, caller);
    const res = await endpoint.run(app, database.db, token);
    expect(res.status).toBe(status);
    // Every endpoint answers callJson's result; `Endpoint` names only the status it needs.
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
