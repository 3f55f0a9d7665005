import { eq } from "drizzle-orm";
import { beforeEach } from "vitest";
import { STORED_USER_FIELDS } from "../../shared/user-info.ts";
import { hashToken } from "../auth/sessions.ts";
import type { Db } from "../db/client.ts";
import { feedback, sessions } from "../db/schema.ts";
import { type ApiContext, describeEachDb, userWithSession } from "../test-support.ts";

// What the users.*.test.ts files share: the admin who calls, the callers a guard must tell
// apart, and a feedback row to act on.

/** The keys of a user as an admin's list shows it: the stored user but its login flag. */
export const LISTED_USER_KEYS = STORED_USER_FIELDS.filter((key) => key !== "isLogin").sort();

/** The admin making the calls of a test. */
export function adminSession(db: Db) {
  return userWithSession(db, { role: "admin", email: "boss@example.com", userName: "boss" });
}

export interface AdminContext extends ApiContext {
  /** The admin of `adminSession`, signed in before each test. */
  admin: Awaited<ReturnType<typeof adminSession>>;
}

/** Runs a suite like `describeEachDb`, each test with an admin signed in to make the calls. */
export function describeAsAdmin(name: string, suite: (ctx: () => AdminContext) => void): void {
  describeEachDb(name, (ctx) => {
    let admin: AdminContext["admin"] | undefined;
    beforeEach(async () => {
      admin = await adminSession(ctx().database.db);
    });
    suite(() => {
      if (!admin) throw new Error("the admin is not signed in yet");
      return { ...ctx(), admin };
    });
  });
}

/** A feedback row as the widget sends it, straight in the database. */
export async function insertFeedbackRow(
  db: Db,
  values: Partial<typeof feedback.$inferInsert> = {},
) {
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

export type Caller =
  | "anonymous"
  | "reader"
  | "admin"
  | "disabled"
  | "expired"
  | "revoked"
  | "forged";

/** Each caller, and what an admin route answers it. */
export const CALLERS: Array<[Caller, number]> = [
  ["anonymous", 401],
  ["reader", 403],
  ["admin", 200],
  ["disabled", 401],
  ["expired", 401],
  ["revoked", 401],
  ["forged", 401],
];

/** Ends a session the way time or a logout would. */
async function endSession(db: Db, token: string, change: Partial<typeof sessions.$inferInsert>) {
  await db
    .update(sessions)
    .set(change)
    .where(eq(sessions.tokenHash, hashToken(token)));
}

/** A token of each kind; all but the reader are (or were) admins. */
export async function tokenFor(db: Db, kind: Caller): Promise<string | undefined> {
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
      await endSession(db, token, { expiresAt: new Date(Date.now() - 1000) });
      return token;
    }
    case "revoked": {
      const { token } = await userWithSession(db, { role: "admin" });
      await endSession(db, token, { revokedAt: new Date() });
      return token;
    }
  }
}
