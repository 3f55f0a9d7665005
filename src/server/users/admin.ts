import { plainPasswordSchema, USERNAME } from "../../shared/auth.ts";
import { hashPassword } from "../auth/passwords.ts";
import type { Db } from "../db/client.ts";
import { claimOnce, isClaimed } from "../db/meta.ts";
import { findUserByEmail, insertUser, type UserRow, updateUser } from "./repository.ts";

/** The demo admin of the embedded database outside production (README gives it). */
export const DEMO_ADMIN = {
  email: "admin@example.com",
  password: "TwoInks-2026!",
  userName: "admin",
} as const;

/** Recorded in app_meta once the demo admin was made (or must never be: `npm run import`). */
export const DEMO_SEED_KEY = "demo-admin-seeded";

/** A valid username from an address: its letters and digits, 2-10 of them. */
export function userNameFor(email: string): string {
  const base = (email.split("@")[0] ?? "").replace(/[^A-Za-z0-9]/g, "").slice(0, 10);
  return USERNAME.test(base) ? base : "admin";
}

export interface EnsureAdminInput {
  email: string;
  /** Required for a new account; for an existing one it replaces the password. */
  password?: string | undefined;
  userName?: string | undefined;
}

export type EnsureAdminResult =
  | { outcome: "created" | "promoted" | "unchanged"; user: UserRow; passwordSet: boolean }
  | { outcome: "password-required" };

/** Creates an admin, or promotes (and re-activates) an existing user. */
export async function ensureAdmin(db: Db, input: EnsureAdminInput): Promise<EnsureAdminResult> {
  const password =
    input.password === undefined ? undefined : plainPasswordSchema.parse(input.password);
  const passwordHash = password === undefined ? undefined : await hashPassword(password);
  const existing = await findUserByEmail(db, input.email);
  if (existing) {
    const wasAdmin = existing.role === "admin" && existing.status === "active";
    const user = await updateUser(db, existing.id, {
      role: "admin",
      status: "active",
      ...(passwordHash ? { passwordHash } : {}),
    });
    if (!user) throw new Error("the user vanished");
    return {
      outcome: wasAdmin ? "unchanged" : "promoted",
      user,
      passwordSet: passwordHash !== undefined,
    };
  }
  if (!passwordHash) return { outcome: "password-required" };
  const user = await insertUser(db, {
    email: input.email,
    userName: input.userName ?? userNameFor(input.email),
    passwordHash,
    role: "admin",
    status: "active",
  });
  if (!user) return ensureAdmin(db, input); // created meanwhile: promote it
  return { outcome: "created", user, passwordSet: true };
}

/**
 * Seeds the demo admin once in the life of a database (never again, even if it is deleted
 * later). Callers decide when: runtime.ts does it for the embedded database outside production.
 */
export async function seedDemoAdmin(db: Db): Promise<boolean> {
  if (await isClaimed(db, DEMO_SEED_KEY)) return false;
  const passwordHash = await hashPassword(DEMO_ADMIN.password);
  return db.transaction(async (tx) => {
    if (!(await claimOnce(tx, DEMO_SEED_KEY, DEMO_ADMIN.email))) return false;
    const user = await insertUser(tx, {
      email: DEMO_ADMIN.email,
      userName: DEMO_ADMIN.userName,
      passwordHash,
      role: "admin",
      status: "active",
    });
    return user !== null;
  });
}
