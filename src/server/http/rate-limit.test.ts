import { expect, it } from "vitest";
import { describeEachDb } from "../test-support.ts";
import { FEEDBACK_RATE, takeToken } from "./rate-limit.ts";
import { purgeRateLimits } from "./repository.ts";

describeEachDb("rate limits", (ctx) => {
  it("lets a burst through, then one request per interval, and refills when idle", async () => {
    const { database } = ctx();
    const t0 = new Date("2026-11-23T10:00:00.000Z");
    const at = (ms: number) => new Date(t0.getTime() + ms);
    const take = (ms: number) => takeToken(database.db, "feedback:a", FEEDBACK_RATE, at(ms));
    expect([await take(0), await take(0), await take(0)]).toEqual([0, 0, 0]);
    expect(await take(0)).toBe(6);
    expect(await take(3000)).toBe(3);
    expect(await take(6000)).toBe(0);
    expect(await take(6000)).toBe(6);
    // Another address has its own bucket.
    expect(await takeToken(database.db, "feedback:b", FEEDBACK_RATE, at(6000))).toBe(0);
    // A minute idle: the whole burst again.
    expect([await take(70_000), await take(70_000), await take(70_000)]).toEqual([0, 0, 0]);
    expect(await take(70_000)).toBeGreaterThan(0);
  });

  it("lets a whole burst through when its requests read the clock out of order", async () => {
    const { database } = ctx();
    const t0 = new Date("2026-11-23T10:00:00.000Z");
    const at = (ms: number) => new Date(t0.getTime() + ms);
    const take = (ms: number) => takeToken(database.db, "feedback:c", FEEDBACK_RATE, at(ms));
    // The third read its clock first but reached the row last.
    expect([await take(2), await take(3), await take(1)]).toEqual([0, 0, 0]);
    expect(await take(4)).toBeGreaterThan(0);
  });

  it("purges buckets that are full again", async () => {
    const { database } = ctx();
    const t0 = new Date("2026-11-23T10:00:00.000Z");
    await takeToken(database.db, "feedback:a", FEEDBACK_RATE, t0);
    await purgeRateLimits(database.db, new Date(t0.getTime() + 1000));
    expect(await takeToken(database.db, "feedback:a", FEEDBACK_RATE, t0)).toBe(0);
    await purgeRateLimits(database.db, new Date(t0.getTime() + 60_000));
    const rows = await database.db.query.rateLimits.findMany();
    expect(rows).toHaveLength(0);
  });
});
