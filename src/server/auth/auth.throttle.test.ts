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

  it("never lets strangers lock the owner out: 30 addresses × 5 failures", async () => {
    const { app, database } = ctx();
    await userWithPassword(database.db, { email: "a@example.com" });
    const device = "owner-browser-0123456789";
    // The owner signed in before, from home, in this browser.
    expect((await login(app, "a@example.com", PASSWORD, "203.0.113.5", device)).status).toBe(200);
    const attackers = Array.from({ length: 30 }, (_, i) => `127.0.22.${10 + i}`);
    for (const ip of attackers) {
      for (let i = 0; i < THROTTLE.accountAddress; i += 1) {
        await login(app, "a@example.com", `Guess-${i}!`, ip);
      }
    }
    const [account] = await database.db
      .select()
      .from(loginThrottle)
      .where(eq(loginThrottle.key, "acct:a@example.com"));
    // The strangers earned the account a lock. It lasts seconds at first, and a slow run (2 cores,
    // a pooler) may outlive it, so it is held on for the owner's tries below.
    expect(account?.failures).toBeGreaterThanOrEqual(THROTTLE.account);
    expect(account?.lockedUntil).not.toBeNull();
    await database.db
      .update(loginThrottle)
      .set({ lockedUntil: new Date(Date.now() + THROTTLE.maxLockMs) })
      .where(eq(loginThrottle.key, "acct:a@example.com"));

    // The known address, and the known browser from anywhere, are held neither by the account's
    // lock nor by the budget strangers share (which 150 attempts in a few seconds have spent).
    expect((await login(app, "a@example.com", PASSWORD, "203.0.113.5")).status).toBe(200);
    expect((await login(app, "a@example.com", PASSWORD, "192.0.2.80", device)).status).toBe(200);
  });

  it("slows a fresh address at a locked account to one attempt at a time", async () => {
    const { app, database } = ctx();
    await userWithPassword(database.db, { email: "a@example.com" });
    await database.db.insert(loginThrottle).values({
      key: "acct:a@example.com",
      failures: THROTTLE.account - 1,
      lastFailureAt: new Date(),
    });
    expect((await login(app, "a@example.com", "Wrong-123", "198.51.100.1")).status).toBe(401);
    // The account is locked now: a fresh address gets one try, then waits.
    expect((await login(app, "a@example.com", "Wrong-123", "198.51.100.2")).status).toBe(401);
    const slowed = await login(app, "a@example.com", PASSWORD, "198.51.100.2");
    expect(slowed.status).toBe(429);
    expect(slowed.body.data.retryAfterSeconds).toBeLessThanOrEqual(2);
    // It says the way back: a password reset by email code, which lifts the lock.
    expect(slowed.body.error?.issues?.[0]?.key).toBe("auth.accountLocked");
    expect(slowed.body.data.accountLocked).toBe(true);
    // Another fresh address still gets its try.
    expect((await login(app, "a@example.com", PASSWORD, "198.51.100.3")).status).toBe(200);
  });

  it("counts an IPv6 subscriber's whole /64 as one address", async () => {
    const { app, database } = ctx();
    await userWithPassword(database.db, { email: "a@example.com" });
    for (let i = 0; i < THROTTLE.accountAddress; i += 1) {
      const ip = `2001:db8:1:2::${(i + 10).toString(16)}`;
      expect((await login(app, "a@example.com", "Wrong-123", ip)).status).toBe(401);
    }
    expect((await login(app, "a@example.com", PASSWORD, "2001:db8:1:2:ffff::1")).status).toBe(429);
    expect((await login(app, "a@example.com", PASSWORD, "2001:db8:1:3::1")).status).toBe(200);
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
