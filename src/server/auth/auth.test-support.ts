import { expect } from "vitest";
import type { App } from "../http/app.ts";
import {
  type ApiContext,
  callJson,
  codeIn,
  encryptFor,
  lastMail,
  PASSWORD,
} from "../test-support.ts";

// What the auth.*.test.ts files share: asking for a code, reading it from the outbox, and
// registering with it.

/** Checks a call was refused the way every bad, used or expired code or reset token is. */
export function expectBadCode(res: { status: number; body: { message: string } }): void {
  expect(res.status).toBe(400);
  expect(res.body.message).toBe("Invalid or expired verification code");
}

/** A code that is not `code`. */
export const otherThan = (code: string) => (code === "000000" ? "111111" : "000000");

/** Asks for an email code (to register, unless `path` says otherwise), in English. */
export async function askCode(app: App, email: string, path = "/api/getEmailCode", ip?: string) {
  return callJson(app, "POST", path, { body: { email, locale: "en-US" }, ...(ip ? { ip } : {}) });
}

/** Asks for a code for `email` and answers the one its mail carries. */
export async function mailedCode(
  { app, database }: ApiContext,
  email: string,
  path = "/api/getEmailCode",
): Promise<string> {
  expect((await askCode(app, email, path)).status).toBe(200);
  return codeIn(await lastMail(database.db, email.toLowerCase()));
}

/**
 * A register call for `email` (as `userName`, with `password`) that takes the code to try:
 * the password is encrypted once, for as many tries as a test makes.
 */
export async function registerAttempts(
  app: App,
  email = "a@example.com",
  userName = "alice",
  password = PASSWORD,
) {
  const body = { email, userName, password: await encryptFor(app, password) };
  return (code: string) => callJson(app, "POST", "/api/register", { body: { ...body, code } });
}

/** Registers `email` with the code just mailed to it; answers the register call. */
export async function registerWithCode(
  ctx: ApiContext,
  email: string,
  userName = "alice",
  password = PASSWORD,
) {
  const code = await mailedCode(ctx, email);
  return (await registerAttempts(ctx.app, email, userName, password))(code);
}

/** A registered account: its session token and stored user. */
export async function registerUser(ctx: ApiContext, email: string, userName = "reader1") {
  const res = await registerWithCode(ctx, email, userName);
  expect(res.status).toBe(200);
  const data: { token: string; user: Record<string, unknown> } = res.body.data;
  return data;
}
