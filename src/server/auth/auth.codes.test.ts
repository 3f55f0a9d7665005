import { eq, sql } from "drizzle-orm";
import { expect, it } from "vitest";
import { translator } from "../../i18n/core.ts";
import type { Db } from "../db/client.ts";
import { emailCodes, outbox, users } from "../db/schema.ts";
import { composeMail } from "../mail/messages.ts";
import { callJson, codeIn, describeEachDb, lastMail, userWithSession } from "../test-support.ts";
import {
  askCode,
  expectBadCode,
  mailedCode,
  otherThan,
  registerAttempts,
} from "./auth.test-support.ts";
import { hashCode } from "./codes.ts";

/** Moves every recorded code request back in time (as if `seconds` had passed). */
async function age(db: Db, seconds: number) {
  await db.execute(
    sql`update email_requests set created_at = created_at - make_interval(secs => ${seconds})`,
  );
}

// Email codes: mailed, rate limited, guessed at most five times, expiring.

describeEachDb("email codes", (ctx) => {
  it("mails a 6-digit register code to an unknown address and keeps only its hash", async () => {
    const { app, database } = ctx();
    const before = Date.now();
    const res = await askCode(app, "New@Example.com");
    expect(res).toEqual({
      status: 200,
      body: { code: 200, message: "Verification code sent", data: { resendAfterSeconds: 60 } },
    });
    const mail = await lastMail(database.db, "new@example.com");
    const code = codeIn(mail);
    expect(code).toMatch(/^\d{6}$/);
    expect(mail?.subject).toBe(composeMail("code", "en-US", { code }).subject);
    expect(mail?.body).toContain(code);
    const [row] = await database.db.select().from(emailCodes);
    expect(row).toMatchObject({ email: "new@example.com", purpose: "register", attempts: 0 });
    expect(row?.codeHash).toBe(hashCode("new@example.com", "register", code));
    expect(JSON.stringify(row)).not.toContain(`"${code}"`);
    const ttl = (row?.expiresAt.getTime() ?? 0) - before;
    expect(ttl).toBeGreaterThan(9.9 * 60_000);
    expect(ttl).toBeLessThan(10.1 * 60_000);
  });

  it("writes the mail in the recipient's language", async () => {
    const { app, database } = ctx();
    await callJson(app, "POST", "/api/getEmailCode", {
      body: { email: "zh@example.com", locale: "zh-CN" },
    });
    const mail = await lastMail(database.db, "zh@example.com");
    const code = codeIn(mail);
    expect(mail?.subject).toBe(composeMail("code", "zh-CN", { code }).subject);
    expect(mail?.body).toContain(translator("zh-CN")("site.name"));
    expect(mail?.subject).not.toBe(composeMail("code", "en-US", { code }).subject);
  });

  it("answers a known address exactly like an unknown one and mails it a notice instead", async () => {
    const { app, database } = ctx();
    await userWithSession(database.db, { email: "known@example.com" });
    const known = await askCode(app, "known@example.com");
    const unknown = await askCode(app, "unknown@example.com");
    expect(known).toEqual(unknown);
    const mail = await lastMail(database.db, "known@example.com");
    expect(mail?.subject).toBe(composeMail("exists", "en-US").subject);
    expect(mail?.body).not.toMatch(/\d{6}/);
    const codes = await database.db
      .select()
      .from(emailCodes)
      .where(eq(emailCodes.email, "known@example.com"));
    expect(codes).toHaveLength(0);
  });

  it("refuses a new code sooner than 60 s after the last, for known and unknown addresses alike", async () => {
    const { app, database } = ctx();
    await userWithSession(database.db, { email: "known@example.com" });
    for (const email of ["known@example.com", "unknown@example.com"]) {
      expect((await askCode(app, email)).status).toBe(200);
    }
    const known = await askCode(app, "known@example.com");
    const unknown = await askCode(app, "unknown@example.com");
    expect(known.status).toBe(429);
    expect(known.body.code).toBe(429);
    expect(known.body.data.retryAfterSeconds).toBeGreaterThan(55);
    expect(known.body.data.retryAfterSeconds).toBeLessThanOrEqual(60);
    expect(known.body.message).toContain(`${known.body.data.retryAfterSeconds} seconds`);
    expect(unknown.status).toBe(429);
    expect(unknown.body.message).toMatch(/^Please wait \d+ seconds/);
    expect(await database.db.select().from(outbox)).toHaveLength(2);

    await age(database.db, 61);
    expect((await askCode(app, "unknown@example.com")).status).toBe(200);
  });

  it("mails an address at most 5 times an hour", async () => {
    const { app, database } = ctx();
    for (let i = 0; i < 5; i += 1) {
      expect((await askCode(app, "a@example.com")).status).toBe(200);
      await age(database.db, 61);
    }
    const sixth = await askCode(app, "a@example.com");
    expect(sixth.status).toBe(429);
    expect(sixth.body.data.retryAfterSeconds).toBeGreaterThan(0);
    // Reset requests count toward the same cap.
    expect((await askCode(app, "a@example.com", "/api/getResetEmailCode")).status).toBe(429);
    expect(await database.db.select().from(outbox)).toHaveLength(5);
    await age(database.db, 3600);
    expect((await askCode(app, "a@example.com")).status).toBe(200);
  });

  it("kills a code at the sixth guess, even a right one", async () => {
    const { app, database } = ctx();
    const code = await mailedCode(ctx(), "a@example.com");
    const register = await registerAttempts(app);
    for (let i = 0; i < 5; i += 1) {
      const res = await register(otherThan(code));
      expectBadCode(res);
    }
    const sixth = await register(code);
    expectBadCode(sixth);
    expect(await database.db.select().from(users)).toHaveLength(0);
  });

  it("accepts the right code after fewer than 5 wrong guesses, once", async () => {
    const { app, database } = ctx();
    const code = await mailedCode(ctx(), "a@example.com");
    const register = await registerAttempts(app);
    for (let i = 0; i < 4; i += 1) expect((await register(otherThan(code))).status).toBe(400);
    expect((await register(code)).status).toBe(200);
    const again = await register(code);
    expect(again.status).toBe(400);
    expect(await database.db.select().from(users)).toHaveLength(1);
  });

  it("rejects an expired code and a replaced one", async () => {
    const { app, database } = ctx();
    const first = await mailedCode(ctx(), "a@example.com");
    await age(database.db, 61);
    const second = await mailedCode(ctx(), "a@example.com");
    const register = await registerAttempts(app);
    if (first !== second) expect((await register(first)).status).toBe(400);
    await database.db.update(emailCodes).set({ expiresAt: new Date(Date.now() - 1000) });
    const expired = await register(second);
    expectBadCode(expired);
  });

  it("sends a reset code only to an active account, with the same answer for every address", async () => {
    const { app, database } = ctx();
    await userWithSession(database.db, { email: "active@example.com" });
    await userWithSession(database.db, { email: "off@example.com", status: "disabled" });
    const answers = await Promise.all(
      ["active@example.com", "off@example.com", "nobody@example.com"].map((email) =>
        askCode(app, email, "/api/getResetEmailCode"),
      ),
    );
    expect(answers[1]).toEqual(answers[0]);
    expect(answers[2]).toEqual(answers[0]);
    expect(answers[0]?.status).toBe(200);
    const mails = await database.db.select().from(outbox);
    expect(mails.map((m) => m.to)).toEqual(["active@example.com"]);
    const code = codeIn(mails[0] ?? null);
    expect(mails[0]?.subject).toBe(composeMail("reset", "en-US", { code }).subject);
    // Unknown addresses are rate limited the same way.
    expect((await askCode(app, "nobody@example.com", "/api/getResetEmailCode")).status).toBe(429);
    expect((await askCode(app, "active@example.com", "/api/getResetEmailCode")).status).toBe(429);
  });
});
