import { expect, it } from "vitest";
import { MemoryBuckets } from "./memory-buckets.ts";

const RATE = { perMinute: 10, burst: 3 };

it("lets a burst through, then one request per interval, and refills when idle", () => {
  const buckets = new MemoryBuckets();
  const take = (ms: number, key = "a") => buckets.take(key, RATE, ms);
  expect([take(0), take(0), take(0)]).toEqual([0, 0, 0]);
  expect(take(0)).toBe(6);
  expect(take(3000)).toBe(3);
  expect(take(6000)).toBe(0);
  expect(take(6000)).toBe(6);
  expect(take(6000, "b")).toBe(0);
  expect([take(70_000), take(70_000), take(70_000)]).toEqual([0, 0, 0]);
  expect(take(70_000)).toBeGreaterThan(0);
});

it("keeps at most maxKeys buckets, dropping full ones first, then the oldest", () => {
  const buckets = new MemoryBuckets(3);
  buckets.take("a", RATE, 0);
  buckets.take("b", RATE, 0);
  buckets.take("c", RATE, 10_000);
  // At 7 s, a's and b's buckets are full again (one interval is 6 s): both go.
  buckets.take("d", RATE, 7000);
  expect(buckets.size).toBe(2);
  buckets.take("e", RATE, 7000);
  buckets.take("f", RATE, 7000);
  expect(buckets.size).toBe(3);
});
