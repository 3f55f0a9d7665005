import { eq } from "drizzle-orm";
import { expect, it } from "vitest";
import { loginThrottle } from "../db/schema.ts";
import { describeEachDb, login, PASSWORD, userWithPassword } from "../test-support.ts";
import { THROTTLE } from "./throttle.ts";

// Login throttling: per account and address, per address, per account everywhere.

describeEachDb("login throttling", (ctx) => {
  it("locks an account from one address after 5 failures while another address still logs in", async () => {
    const { app, database } = ctx();
    await userWithPassword(database.db, { email: "a@example.com" });
    const attacker = "198.51.100.66";
    for (let i = 0; i < THROTTLE.accountAddress; i += 1) {
      expect((await login(app, "a@example.com", `Guess-${i}!`, attacker)).status).toBe(401);
    }
    const blocked = await login(app, "a@example.com", PASSWORD, attacker);
    expect(blocked.status).toBe(429);
    expect(blocked.body.code).toBe(429);
    expect(blocked.body.data.retryAfterSeconds).toBeGreaterThanOrEqual(1);
    expect(blocked.body.message).toMatch(/try again in \d+ seconds/);

    const owner = await login(app, "a@example.com", PASSWORD, "203.0.113.99");
    expect(owner.status).toBe(200);
  });

  it("grows the lock with each further failure, up to 15 minutes", async () => {
    const { app, database } = ctx();
    await userWithPassword(database.db, { email: "a@example.com" });
    const ip = "198.51.100.66";
    const key = `acct-ip:a@example.com|${ip}`;
    const lockSeconds = async () => {
      const [row] = await database.db
        .select()
        .from(loginThrottle)
        .where(eq(loginThrottle.key, key));
      return ((row?.lockedUntil?.getTime() ?? 0) - Date.now()) / 1000;
    };
    for (let i = 0; i < 5; i += 1) await login(app, "a@example.com", "Wrong-123", ip);
    expect(await lockSeconds()).toBeGreaterThan(0);
    expect(await lockSeconds()).toBeLessThanOrEqual(1);
    const unlock = () =>
      database.db
        .update(loginThrottle)
        .set({ lockedUntil: new Date(Date.now() - 1) })
        .where(eq(loginThrottle.key, key));
    await unlock();
    expect((await login(app, "a@example.com", "Wrong-123", ip)).status).toBe(401);
    expect(await lockSeconds()).toBeGreaterThan(1);
    expect(await lockSeconds()).toBeLessThanOrEqual(2);
    await unlock();
    await database.db.update(loginThrottle).set({ failures: 40 }).where(eq(loginThrottle.key, key));
    expect((await login(app, "a@example.com", "Wrong-123", ip)).status).toBe(401);
    expect(await lockSeconds()).toBeGreaterThan(890);
    expect(await lockSeconds()).toBeLessThanOrEqual(900);
  });

  it("resets the account's counter on success", async () => {
    const { app, database } = ctx();
    await userWithPassword(database.db, { email: "a@example.com" });
    for (let i = 0; i < 4; i += 1) await login(app, "a@example.com", "Wrong-123");
    expect((await login(app, "a@example.com", PASSWORD)).status).toBe(200);
    for (let i = 0; i < 4; i += 1) {
      expect((await login(app, "a@example.com", "Wrong-123")).status).toBe(401);
    }
    expect((await login(app, "a@example.com", PASSWORD)).status).toBe(200);
  });

  it("locks an address that tries many accounts", async () => {
    const { app, database } = ctx();
    await userWithPassword(database.db, { email: "a@example.com" });
    const ip = "198.51.100.77";
    for (let i = 0; i < THROTTLE.address; i += 1) {
      expect((await login(app, `victim${i}@example.com`, "Wrong-123", ip)).status).toBe(401);
    }
    expect((await login(app, "a@example.com", PASSWORD, ip)).status).toBe(429);
    expect((await login(app, "a@example.com", PASSWORD, "203.0.113.5")).status).toBe(200);
  });

  it("locks an account for every address only past the much higher global ceiling", async () => {
    const { app, database } = ctx();
    await userWithPassword(database.db, { email: "a@example.com" });
    await database.db.insert(loginThrottle).values({
      key: "acct:a@example.com",
      failures: THROTTLE.account - 1,
      lastFailureAt: new Date(),
    });
    expect((await login(app, "a@example.com", "Wrong-123", "198.51.100.1")).status).toBe(401);
    const locked = await login(app, "a@example.com", PASSWORD, "203.0.113.5");
    expect(locked.status).toBe(429);
    // It says the way back: a password reset by email code, which lifts the lock.
    expect(locked.body.error?.issues?.[0]?.key).toBe("auth.accountLocked");
    expect(locked.body.data.accountLocked).toBe(true);
  });

  it("counts failures in a 15-minute window", async () => {
    const { app, database } = ctx();
    await userWithPassword(database.db, { email: "a@example.com" });
    for (let i = 0; i < 4; i += 1) await login(app, "a@example.com", "Wrong-123");
    await database.db
      .update(loginThrottle)
      .set({ lastFailureAt: new Date(Date.now() - THROTTLE.windowMs - 1000) });
    await login(app, "a@example.com", "Wrong-123");
    expect((await login(app, "a@example.com", PASSWORD)).status).toBe(200);
  });
});
