import type { RetryAfter } from "../../shared/auth.ts";
import type { Db } from "../db/client.ts";
import { ApiError } from "../http/errors.ts";
import { clearKeys, isLocked, refundKey, reserveKey } from "./repository.ts";

/**
 * Login throttling, kept in the database so every instance sees it. Three counters per failed
 * attempt, each locking with a growing delay once past its threshold within the window:
 * - (account, address): a guesser at one account from one address, 5 failures;
 * - address: one address trying many accounts, 20 failures;
 * - account, all addresses: a distributed guesser, 100 failures (much higher, so one address
 *   alone can never lock the owner out).
 * A lock lasts 2^(failures - threshold) seconds, at most 15 minutes. An attempt is counted (and
 * its lock set) before the password is verified, so a flood of parallel attempts is cut off
 * after the threshold instead of all being verified; a success gives its count back.
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

/**
 * 429 for a locked login. When the account itself is locked (a guesser spread over many
 * addresses), the way back is a password reset by email code, which clears every lock of the
 * account (`clearAccountKeys`): the answer says so.
 */
export function tooManyAttempts(retryAfterSeconds: number, accountLocked = false): ApiError {
  const details: RetryAfter & { accountLocked: boolean } = { retryAfterSeconds, accountLocked };
  const message = accountLocked
    ? `Too many failed attempts on this account, please try again in ${retryAfterSeconds} seconds or reset your password with an email code`
    : `Too many failed attempts, please try again in ${retryAfterSeconds} seconds`;
  // The account-wide lock names its way back, for the login form to show.
  const issues = accountLocked ? [{ field: "email", message, key: "auth.accountLocked" }] : [];
  return new ApiError(429, "too_many_requests", message, { details, issues });
}

async function isAccountLock(db: Db, rules: ThrottleRule[], now: Date): Promise<boolean> {
  const account = rules.find((rule) => rule.key.startsWith("acct:"));
  return account ? isLocked(db, account.key, now) : false;
}

/** Thrown inside the reservation's transaction to roll it back when a key is locked. */
class Throttled extends Error {
  readonly until: Date;
  constructor(until: Date) {
    super("throttled");
    this.until = until;
  }
}

/**
 * Reserves one attempt under every rule before the password is checked, atomically: each key's
 * counter goes up in one statement that refuses while the key is locked, and the lock this
 * attempt would earn if it failed is set at once, so parallel attempts see it before any of them
 * is verified. Keys are taken in one order (no deadlock) inside one transaction, so a refusal on
 * one key leaves the others untouched. Throws 429 without counting when a key is locked.
 */
export async function reserveAttempt(db: Db, rules: ThrottleRule[], now = new Date()) {
  const windowStart = new Date(now.getTime() - THROTTLE.windowMs);
  const ordered = [...rules].sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
  try {
    await db.transaction(async (tx) => {
      for (const rule of ordered) {
        const lock = await reserveKey(tx, rule, now, windowStart, THROTTLE.maxLockMs);
        if (lock) throw new Throttled(lock);
      }
    });
  } catch (error) {
    if (!(error instanceof Throttled)) throw error;
    throw tooManyAttempts(
      Math.max(1, Math.ceil((error.until.getTime() - now.getTime()) / 1000)),
      await isAccountLock(db, rules, now),
    );
  }
}

/**
 * A success gives the attempt back: the (account, address) counter is cleared, the address's
 * and the account's counters go down by the one this attempt reserved (and lose a lock that
 * only this attempt earned).
 */
export async function recordSuccess(db: Db, rules: ThrottleRule[]) {
  await clearKeys(
    db,
    rules.filter((rule) => rule.key.startsWith("acct-ip:")).map((rule) => rule.key),
  );
  for (const rule of rules) {
    if (!rule.key.startsWith("acct-ip:")) await refundKey(db, rule.key, rule.threshold);
  }
}
