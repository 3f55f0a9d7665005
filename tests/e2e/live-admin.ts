import { type APIRequestContext, expect, type Page } from "@playwright/test";
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
/** The password of every account the live specs make. */
export const PASSWORD = "ink2ink!";

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

// --- Registering in the browser, as a reader does: the code is read from the outbox, the way
// a local owner reads mails without SMTP. The interface is in English (the spec's choice).

/** An address no run has used. */
export const freshEmail = () => `reader${Date.now().toString(36)}${counter++}@example.com`;

/** The id of the newest mail to `email` so far (0 when none). */
export async function lastMailId(email: string): Promise<number> {
  const rows = await sql<
    { id: string }[]
  >`select coalesce(max(id), 0) as id from outbox where "to" = ${email}`;
  return Number(rows[0]?.id ?? 0);
}

/** The first mail to `email` newer than `after` that `accept` takes, waiting up to 10 s. */
export async function mailAfter(
  email: string,
  after: number,
  accept: (mail: OutboxMail) => boolean = () => true,
): Promise<OutboxMail> {
  for (let i = 0; i < 50; i++) {
    const rows = await sql<OutboxMail[]>`
      select subject, body, headers from outbox where "to" = ${email} and id > ${after} order by id`;
    const mail = rows.find(accept);
    if (mail) return mail;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`no such mail to ${email}`);
}

export interface OutboxMail {
  subject: string;
  body: string;
  headers: Record<string, string> | null;
}

const codeOf = (mail: OutboxMail) => /\b(\d{6})\b/.exec(`${mail.subject} ${mail.body}`)?.[1];

/** The code in the first mail to `email` newer than `after`. */
export async function codeAfter(email: string, after: number): Promise<string> {
  const code = codeOf(await mailAfter(email, after, (mail) => codeOf(mail) !== undefined));
  if (!code) throw new Error(`no code mailed to ${email}`);
  return code;
}

/** Registers `email` as `userName` through the form; the reader is logged in afterwards. */
export async function register(page: Page, email: string, userName: string) {
  await page.goto("/register-login?view=register");
  const form = page.getByRole("tabpanel");
  await form.getByRole("textbox", { name: "Email" }).fill(email);
  const before = await lastMailId(email);
  await form.getByRole("button", { name: "Send code" }).click();
  await expect(form.getByRole("button", { name: /Resend in \d+ s/ })).toBeDisabled();
  await form
    .getByRole("textbox", { name: "Verification code" })
    .fill(await codeAfter(email, before));
  await form.getByRole("textbox", { name: "Username" }).fill(userName);
  await form.getByLabel("Password", { exact: true }).fill(PASSWORD);
  await form.getByLabel("Confirm password").fill(PASSWORD);
  await form.getByRole("button", { name: "Register" }).click();
  await expect(page).toHaveURL("/");
  await expect(page.getByRole("button", { name: `Account menu for ${userName}` })).toBeVisible();
  // The page the reader lands on says the registration went through, until closed.
  await expect(
    page.getByRole("status").filter({ hasText: "Registration successful" }),
  ).toBeVisible();
}

/** Registers a new account named `userName` (logged in afterwards); answers its address. */
export async function registerNew(page: Page, userName: string): Promise<string> {
  const email = freshEmail();
  await register(page, email, userName);
  return email;
}
