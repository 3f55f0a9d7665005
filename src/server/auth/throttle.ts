import type { RetryAfter } from "../../shared/auth.ts";
import type { Db } from "../db/client.ts";
import { addressKey } from "../http/address.ts";
import { ApiError } from "../http/errors.ts";
import { clearKeys, isLocked, refundKey, reserveKey } from "./repository.ts";

/**
 * Login throttling, kept in the database so every instance sees it. Each attempt is counted
 * under several keys, each locking with a growing delay once past its threshold in the window:
 * - (account, address): a guesser at one account from one address, 5 failures;
 * - address: one address trying many accounts, 20 failures;
 * - account, all addresses: a guesser spread over many addresses, 100 failures.
 * Addresses count IPv6 by /64 (`addressKey`).
 *
 * The account's lock must not let strangers lock the owner out. A browser or address that has
 * signed in to the account before (`known_logins`) is never held by it. A fresh one, while the
 * account is locked, takes a slower path instead of a wall: one attempt at a time per address,
 * each failure doubling the wait (1 s, 2 s, 4 s … up to 15 minutes), the right password let in.
 *
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
  /** A fresh browser and address at a locked account: each failure locks it. */
  slow: 1,
} as const;

export interface ThrottleRule {
  key: string;
  threshold: number;
}

/** The keys every attempt counts under, whoever makes it. */
export function loginRules(email: string, ip: string | null): ThrottleRule[] {
  const address = addressKey(ip);
  return [
    { key: `acct-ip:${email}|${address}`, threshold: THROTTLE.accountAddress },
    { key: `ip:${address}`, threshold: THROTTLE.address },
  ];
}

const accountRule = (email: string): ThrottleRule => ({
  key: `acct:${email}`,
  threshold: THROTTLE.account,
});
const slowRule = (email: string, ip: string | null): ThrottleRule => ({
  key: `acct-slow:${email}|${addressKey(ip)}`,
  threshold: THROTTLE.slow,
});
const isSlow = (rule: ThrottleRule) => rule.key.startsWith("acct-slow:");

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

/** Thrown inside the reservation's transaction to roll it back when a key is locked. */
class Throttled extends Error {
  readonly until: Date;
  readonly rule: ThrottleRule;
  constructor(until: Date, rule: ThrottleRule) {
    super("throttled");
    this.until = until;
    this.rule = rule;
  }
}

/**
 * Reserves one attempt under every rule before the password is checked, atomically: each key's
 * counter goes up in one statement that refuses while the key is locked, and the lock this
 * attempt would earn if it failed is set at once, so parallel attempts see it before any of them
 * is verified. Keys are taken in one order (no deadlock) inside one transaction, so a refusal on
 * one key leaves the others untouched. Answers the locked rule without counting, or null.
 */
async function reserve(db: Db, rules: ThrottleRule[], now: Date): Promise<Throttled | null> {
  const windowStart = new Date(now.getTime() - THROTTLE.windowMs);
  const ordered = [...rules].sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
  try {
    await db.transaction(async (tx) => {
      for (const rule of ordered) {
        const lock = await reserveKey(tx, rule, now, windowStart, THROTTLE.maxLockMs);
        if (lock) throw new Throttled(lock, rule);
      }
    });
    return null;
  } catch (error) {
    if (error instanceof Throttled) return error;
    throw error;
  }
}

const refusal = (locked: Throttled, now: Date) =>
  tooManyAttempts(
    Math.max(1, Math.ceil((locked.until.getTime() - now.getTime()) / 1000)),
    isSlow(locked.rule),
  );

/**
 * Reserves one login attempt for `email` from `ip`: under the account's own key too unless the
 * caller is `known` there, and on the slow path when the account is locked. Answers the rules
 * reserved (for `recordSuccess`); throws 429 without counting when a key is locked.
 */
export async function reserveAttempt(
  db: Db,
  email: string,
  ip: string | null,
  known: boolean,
  now = new Date(),
): Promise<ThrottleRule[]> {
  const rules = loginRules(email, ip);
  if (known) {
    const locked = await reserve(db, rules, now);
    if (locked) throw refusal(locked, now);
    return rules;
  }
  const account = accountRule(email);
  if (!(await isLocked(db, account.key, now))) {
    const locked = await reserve(db, [...rules, account], now);
    if (!locked) return [...rules, account];
    // The account was locked meanwhile (a parallel attempt): the slow path below.
    if (locked.rule.key !== account.key) throw refusal(locked, now);
  }
  const slow = [...rules, slowRule(email, ip)];
  const locked = await reserve(db, slow, now);
  if (locked) throw refusal(locked, now);
  return slow;
}

/**
 * A success gives the attempt back: the (account, address) counters are cleared, the address's
 * and the account's counters go down by the one this attempt reserved (and lose a lock that
 * only this attempt earned).
 */
export async function recordSuccess(db: Db, rules: ThrottleRule[]) {
  const cleared = (rule: ThrottleRule) => rule.key.startsWith("acct-ip:") || isSlow(rule);
  await clearKeys(
    db,
    rules.filter(cleared).map((rule) => rule.key),
  );
  for (const rule of rules) {
    if (!cleared(rule)) await refundKey(db, rule.key, rule.threshold);
  }
}
