import type { APIRequestContext, Page } from "@playwright/test";
import postgres from "postgres";
import { encryptPassword, importPublicKey } from "../../src/shared/password-crypto.ts";
import type { UserInfo } from "../../src/shared/user-info.ts";

// For back-office specs on the PostgreSQL server (`admin-*-live.spec.ts`): a fresh account
// registered through the API with the code from the outbox, promoted to admin in the database,
// logged in, and its session stored the way the login form stores it.

const url = process.env.E2E_DATABASE_URL ?? "";
export const sql = postgres(url, { max: 2, onnotice: () => {} });

let counter = 0;
const PASSWORD = "ink2ink!";

async function sealed(request: APIRequestContext, password: string): Promise<string> {
  const answer = (await (await request.get("/api/encryption-key")).json()) as {
    data: { publicKey: string };
  };
  return encryptPassword(await importPublicKey(answer.data.publicKey), password);
}

async function codeFor(email: string): Promise<string> {
  for (let i = 0; i < 50; i++) {
    const rows = await sql<{ text: string }[]>`
      select subject || ' ' || body as text from outbox where "to" = ${email} order by id desc limit 1`;
    const code = /\b(\d{6})\b/.exec(rows[0]?.text ?? "")?.[1];
    if (code) return code;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`no code mailed to ${email}`);
}

/** Registers and promotes a new admin; returns its session (token and stored user). */
export async function newAdmin(request: APIRequestContext, userName = "editor"): Promise<UserInfo> {
  const email = `admin${Date.now().toString(36)}${counter++}@example.com`;
  const asked = await request.post("/api/getEmailCode", { data: { email, locale: "en-US" } });
  if (!asked.ok()) throw new Error(`getEmailCode answered ${asked.status()}`);
  const code = await codeFor(email);
  const registered = await request.post("/api/register", {
    data: { email, code, userName, password: await sealed(request, PASSWORD) },
  });
  if (!registered.ok()) throw new Error(`register answered ${registered.status()}`);
  await sql`update users set role = 'admin' where email = ${email}`;
  const login = await request.post("/api/login", {
    data: { email, password: await sealed(request, PASSWORD) },
  });
  const body = (await login.json()) as { data: UserInfo };
  return body.data;
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
