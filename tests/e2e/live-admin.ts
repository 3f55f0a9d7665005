import type { APIRequestContext, Page } from "@playwright/test";
import postgres from "postgres";
import { hashPassword } from "../../src/server/auth/passwords.ts";
import type { UserInfo } from "../../src/shared/user-info.ts";
import { logInByApi } from "./support.ts";

// For back-office specs on the PostgreSQL server (`admin-*-live.spec.ts`): a fresh admin
// account in the database, logged in through the API, and its session stored the way the login
// form stores it.

const url = process.env.E2E_DATABASE_URL ?? "";
/**
 * One client for every spec file a worker runs (modules are shared between them), so no spec
 * may end it: idle connections close by themselves after two seconds instead.
 */
export const sql = postgres(url, { max: 2, idle_timeout: 2, onnotice: () => {} });

let counter = 0;
const PASSWORD = "ink2ink!";

/**
 * Registers and promotes a new admin; returns its session (token and stored user). The account
 * is written straight into the database (hashed as the server hashes), so the many admins a run
 * needs do not use up the hourly cap of email codes per address that registration has.
 */
export function newAdmin(request: APIRequestContext, userName = "editor"): Promise<UserInfo> {
  return newAccount(request, "admin", userName);
}

/** A new account of `role`, made and logged in as `newAdmin` makes its admins. */
export async function newAccount(
  request: APIRequestContext,
  role: "admin" | "user",
  userName: string,
): Promise<UserInfo> {
  const email = `${role}${Date.now().toString(36)}${counter++}@example.com`;
  const hash = await hashPassword(PASSWORD);
  await sql`insert into users (email, user_name, password_hash, role) values (${email}, ${userName}, ${hash}, ${role})`;
  return logInByApi(request, email, PASSWORD);
}

/** Logs `page` in as a new admin (English interface) before its first script runs. */
export async function asAdmin(page: Page, userName?: string): Promise<UserInfo> {
  const info = await newAdmin(page.request, userName);
  await page.addInitScript((stored) => {
    localStorage.setItem("user-info", JSON.stringify(stored));
    if (!localStorage.getItem("app-locale")) localStorage.setItem("app-locale", "en-US");
  }, info);
  return info;
}

/** The bearer header of a session, for API calls made by a test itself. */
export const bearer = (info: UserInfo) => ({ authorization: `Bearer ${info.token}` });
