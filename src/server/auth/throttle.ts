import type { RetryAfter } from "../../shared/auth.ts";
import type { Db } from "../db/client.ts";
import { ApiError } from "../http/errors.ts";
import { clearKeys, countFailure, latestLock, lockKey } from "./repository.ts";

/**
 * Login throttling, kept in the database so every instance sees it. Three counters per failed
 * attempt, each locking with a growing delay once past its threshold within the window:
 * - (account, address): a guesser at one account from one address, 5 failures;
 * - address: one address trying many accounts, 20 failures;
 * - account, all addresses: a distributed guesser, 100 failures (much higher, so one address
 *   alone can never lock the owner out).
 * A lock lasts 2^(failures - threshold) seconds, at most 15 minutes. A success clears the
 * (account, address) counter.
 */
export const THROTTLE = {
  windowMs: 15 * 60_000,
  maxLockMs: 15 * 60_000,
  accountAddress: 5,
  address: 20,
  account: 100,
} as const;

export interface ThrottleRule {
  key: string;
  threshold: number;
}

export function loginRules(email: string, ip: string | null): ThrottleRule[] {
  const address = ip ?? "unknown";
  return [
    { key: `acct-ip:${email}|${address}`, threshold: THROTTLE.accountAddress },
    { key: `ip:${address}`, threshold: THROTTLE.address },
    { key: `acct:${email}`, threshold: THROTTLE.account },
  ];
}

/** Milliseconds of lock after `failures` failures, 0 below the threshold. */
export function lockDuration(failures: number, threshold: number): number {
  if (failures < threshold) return 0;
  return Math.min(2 ** (failures - threshold) * 1000, THROTTLE.maxLockMs);
}

export function tooManyAttempts(retryAfterSeconds: number): ApiError {
  const details: RetryAfter = { retryAfterSeconds };
  return new ApiError(
    429,
    "too_many_requests",
    `Too many failed attempts, please try again in ${retryAfterSeconds} seconds`,
    { details },
  );
}

/** Throws 429 while any of the rules' keys is locked. */
export async function assertNotThrottled(db: Db, rules: ThrottleRule[], now = new Date()) {
  const until = await latestLock(
    db,
    rules.map((rule) => rule.key),
    now,
  );
  if (until)
    throw tooManyAttempts(Math.max(1, Math.ceil((until.getTime() - now.getTime()) / 1000)));
}

export async function recordFailure(db: Db, rules: ThrottleRule[], now = new Date()) {
  const windowStart = new Date(now.getTime() - THROTTLE.windowMs);
  for (const rule of rules) {
    const failures = await countFailure(db, rule.key, now, windowStart);
    const lockMs = lockDuration(failures, rule.threshold);
    if (lockMs > 0) await lockKey(db, rule.key, new Date(now.getTime() + lockMs));
  }
}

/** A success clears the (account, address) counter; the others decay with time. */
export async function recordSuccess(db: Db, rules: ThrottleRule[]) {
  await clearKeys(
    db,
    rules.filter((rule) => rule.key.startsWith("acct-ip:")).map((rule) => rule.key),
  );
}
