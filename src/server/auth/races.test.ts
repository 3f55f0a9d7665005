import { describe, expect, it, vi } from "vitest";
import { feedback, rateLimits, users } from "../db/schema.ts";
import { FEEDBACK_RATE } from "../http/rate-limit.ts";
import {
  callJson,
  describeEachDb,
  encryptFor,
  PASSWORD,
  postJson,
  userWithPassword,
} from "../test-support.ts";
import { askCode, mailedCode } from "./auth.test-support.ts";

// Counts the hashes made, to prove that no unauthenticated request reaches argon2 unchecked.
const hashes = vi.hoisted(() => ({ count: 0 }));
vi.mock("./passwords.ts", async (importOriginal) => {
  const original = await importOriginal<typeof import("./passwords.ts")>();
  return {
    ...original,
    hashPassword: (plain: string) => {
      hashes.count += 1;
      return original.hashPassword(plain);
    },
  };
});

/** Statuses of the answers, counted. */
function tally(statuses: number[]): Record<number, number> {
  const counts: Record<number, number> = {};
  for (const status of statuses) counts[status] = (counts[status] ?? 0) + 1;
  return counts;
}

describeEachDb("races against the throttles", (ctx) => {
  describe("login", () => {
    /** Makes the owner's account; answers a wrong and the right password, and a login. */
    async function owner() {
      const { app, database } = ctx();
      await userWithPassword(database.db, { email: "owner@example.com" });
      const wrong = await encryptFor(app, "Wrong-123!");
      const right = await encryptFor(app, PASSWORD);
      const attempt = (password: string, ip: string) =>
        callJson(app, "POST", "/api/login", { body: { email: "owner@example.com", password }, ip });
      return { wrong, right, attempt };
    }

    it("checks at most 10 of 300 parallel wrong logins from one address; the owner still logs in", async () => {
      const { wrong, right, attempt } = await owner();
      const flood = Array.from({ length: 300 }, () => attempt(wrong, "198.51.100.66"));
      const during = attempt(right, "203.0.113.10");
      const answers = await Promise.all(flood);
      const counts = tally(answers.map((answer) => answer.status));
      expect((counts[401] ?? 0) + (counts[429] ?? 0)).toBe(300);
      expect(counts[401] ?? 0).toBeLessThanOrEqual(10);
      expect(counts[429] ?? 0).toBeGreaterThanOrEqual(290);
      for (const answer of answers.filter((a) => a.status === 429)) {
        expect(answer.body.data.retryAfterSeconds).toBeGreaterThanOrEqual(1);
        // The address's lock, or its flood refused in memory: never the account's lock.
        expect(answer.body.data.accountLocked).not.toBe(true);
      }
      expect((await during).status).toBe(200);
      // After the flood, from fresh addresses: never locked out.
      expect((await attempt(right, "203.0.113.11")).status).toBe(200);
      expect((await attempt(right, "2001:db8::1")).status).toBe(200);
    }, 120_000);

    it("floods from three addresses at once still leave the account open elsewhere", async () => {
      const { wrong, right, attempt } = await owner();
      const answers = await Promise.all(
        ["198.51.100.1", "198.51.100.2", "198.51.100.3"].flatMap((ip) =>
          Array.from({ length: 60 }, () => attempt(wrong, ip)),
        ),
      );
      expect(tally(answers.map((a) => a.status))[401] ?? 0).toBeLessThanOrEqual(30);
      expect((await attempt(right, "203.0.113.20")).status).toBe(200);
    }, 120_000);

    it("answers 429 with Retry-After as a header too", async () => {
      const { app } = ctx();
      const wrong = await encryptFor(app, "Wrong-123!");
      let last: Response | undefined;
      for (let i = 0; i < 6; i += 1) {
        last = await postJson(app, "/api/login", { email: "x@example.com", password: wrong });
      }
      expect(last?.status).toBe(429);
      expect(Number(last?.headers.get("retry-after"))).toBeGreaterThanOrEqual(1);
    });
  });

  describe("register", () => {
    it("hashes nothing for 150 parallel wrong-code registrations and limits them per address", async () => {
      const { app, database } = ctx();
      expect((await askCode(app, "new@example.com")).status).toBe(200);
      const password = await encryptFor(app, PASSWORD);
      hashes.count = 0;
      const answers = await Promise.all(
        Array.from({ length: 150 }, (_, i) =>
          callJson(app, "POST", "/api/register", {
            body: {
              email: "new@example.com",
              code: String(100000 + i),
              userName: "reader1",
              password,
            },
            ip: "198.51.100.9",
          }),
        ),
      );
      const counts = tally(answers.map((a) => a.status));
      expect(hashes.count).toBe(0);
      expect(counts[400] ?? 0).toBeLessThanOrEqual(10);
      expect(counts[429] ?? 0).toBeGreaterThanOrEqual(140);
      expect(await database.db.select().from(users)).toHaveLength(0);
    }, 120_000);

    it("still registers with the right code from another address, hashing once", async () => {
      const { app } = ctx();
      const code = await mailedCode(ctx(), "new@example.com");
      hashes.count = 0;
      const res = await callJson(app, "POST", "/api/register", {
        body: {
          email: "new@example.com",
          code,
          userName: "reader1",
          password: await encryptFor(app, PASSWORD),
        },
        ip: "203.0.113.30",
      });
      expect(res.status).toBe(200);
      expect(hashes.count).toBe(1);
    });
  });

  describe("feedback", () => {
    const valid = {
      feedbackType: "bug",
      subject: "Broken link",
      description: "The link in the footer is broken.",
      environment: {
        url: "http://localhost:4321/",
        userAgent: "test",
        viewport: "1280×720",
        timestamp: "2026-11-22T08:00:00.000Z",
      },
    };

    it("accepts a burst of 3 of 20 parallel posts from one address, keeps every accepted one", async () => {
      const { app, database } = ctx();
      const answers = await Promise.all(
        Array.from({ length: 20 }, () =>
          postJson(app, "/api/createFeedback", valid, {}, "198.51.100.5"),
        ),
      );
      const counts = tally(answers.map((a) => a.status));
      expect(counts).toEqual({ 200: 3, 429: 17 });
      const refused = answers.find((a) => a.status === 429);
      const wait = Number(refused?.headers.get("retry-after"));
      expect(wait).toBeGreaterThanOrEqual(1);
      expect(wait, `Retry-After ${wait}`).toBeLessThanOrEqual(6);
      expect(await refused?.json()).toMatchObject({
        code: 429,
        data: { retryAfterSeconds: wait },
      });
      expect(await database.db.select().from(feedback)).toHaveLength(3);
      expect((await postJson(app, "/api/createFeedback", valid, {}, "198.51.100.6")).status).toBe(
        200,
      );
    });

    it("keeps an overall budget: 600 addresses at once get 20 posts in, the rest refused before the database", async () => {
      const { app, database } = ctx();
      const addresses = Array.from({ length: 600 }, (_, i) => `10.${i >> 8}.${i & 255}.9`);
      const answers = await Promise.all(
        addresses.map((ip) => postJson(app, "/api/createFeedback", valid, {}, ip)),
      );
      const counts = tally(answers.map((a) => a.status));
      expect(counts[200]).toBeGreaterThanOrEqual(FEEDBACK_RATE.overall?.burst ?? 0);
      expect(counts[200]).toBeLessThanOrEqual((FEEDBACK_RATE.overall?.burst ?? 0) + 2);
      expect(counts[429]).toBe(600 - (counts[200] ?? 0));
      expect(await database.db.select().from(feedback)).toHaveLength(counts[200] ?? 0);
      // A refused post took no token from the database: only the accepted addresses have one.
      expect(await database.db.select().from(rateLimits)).toHaveLength(counts[200] ?? 0);
    });

    it("counts an IPv6 subscriber's /64 as one address", async () => {
      const { app } = ctx();
      const statuses = [];
      for (let i = 1; i <= FEEDBACK_RATE.burst + 1; i += 1) {
        const ip = `2001:db8:77:1::${i.toString(16)}`;
        statuses.push((await postJson(app, "/api/createFeedback", valid, {}, ip)).status);
      }
      expect(statuses).toEqual([...Array(FEEDBACK_RATE.burst).fill(200), 429]);
      const next = await postJson(app, "/api/createFeedback", valid, {}, "2001:db8:77:2::1");
      expect(next.status).toBe(200);
    });
  });
});
