import { expect, it } from "vitest";
import { passwordResetTokens } from "../db/schema.ts";
import type { App } from "../http/app.ts";
import {
  callJson,
  describeEachDb,
  encryptFor,
  login,
  PASSWORD,
  userWithPassword,
} from "../test-support.ts";
import { expectBadCode, mailedCode, otherThan, registerUser } from "./auth.test-support.ts";
import { hashToken } from "./sessions.ts";

const NEW_PASSWORD = "Other#456";

/** Exchanges a reset code of a@example.com for a reset token. */
const verify = (app: App, code: string) =>
  callJson(app, "POST", "/api/verifyEmailCode", { body: { email: "a@example.com", code } });

// Password reset: a mailed code for a one-time token that sets the password.

describeEachDb("password reset", (ctx) => {
  const resetCode = (email: string) => mailedCode(ctx(), email, "/api/getResetEmailCode");

  it("exchanges a reset code for a token, sets the password and revokes every session", async () => {
    const { app, database } = ctx();
    const { token: first } = await registerUser(ctx(), "a@example.com");
    const second = (await login(app, "a@example.com", PASSWORD)).body.data.token;
    const code = await resetCode("a@example.com");

    const verified = await verify(app, code);
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
    expectBadCode(again);
    // The code was used up too.
    const reuse = await verify(app, code);
    expect(reuse.status).toBe(400);
  });

  it("rejects a wrong code, a forged or expired token and another account's token", async () => {
    const { app, database } = ctx();
    await userWithPassword(database.db, { email: "a@example.com" });
    await userWithPassword(database.db, { email: "b@example.com" });
    const code = await resetCode("a@example.com");
    const wrong = await verify(app, otherThan(code));
    expectBadCode(wrong);
    const { resetToken } = (await verify(app, code)).body.data;
    const password = await encryptFor(app, NEW_PASSWORD);
    const attempts = [
      { email: "a@example.com", resetToken: "f".repeat(43), password },
      { email: "b@example.com", resetToken, password },
    ];
    for (const body of attempts) {
      const res = await callJson(app, "POST", "/api/resetPassword", { body });
      expectBadCode(res);
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
    await userWithPassword(database.db, { email: "a@example.com" });
    for (let i = 0; i < 5; i += 1) await login(app, "a@example.com", "Wrong-123");
    expect((await login(app, "a@example.com", PASSWORD)).status).toBe(429);
    const code = await resetCode("a@example.com");
    const { resetToken } = (await verify(app, code)).body.data;
    await callJson(app, "POST", "/api/resetPassword", {
      body: { email: "a@example.com", resetToken, password: await encryptFor(app, NEW_PASSWORD) },
    });
    expect((await login(app, "a@example.com", NEW_PASSWORD)).status).toBe(200);
  });
});
