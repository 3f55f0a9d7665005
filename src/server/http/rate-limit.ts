import { eq, lt, sql } from "drizzle-orm";
import { createMiddleware } from "hono/factory";
import type { RetryAfter } from "../../shared/auth.ts";
import type { Db } from "../db/client.ts";
import { rateLimits } from "../db/schema.ts";
import type { AppEnv } from "./context.ts";
import { ApiError } from "./errors.ts";

/** A sustained rate with a burst: `perMinute` requests a minute, up to `burst` at once. */
export interface RateRule {
  /** Names the limit in its keys (`<name>:<address>`). */
  name: string;
  perMinute: number;
  burst: number;
}

/** Anonymous feedback: 10 a minute per address, 3 at once. */
export const FEEDBACK_RATE: RateRule = { name: "feedback", perMinute: 10, burst: 3 };
/**
 * Registration attempts: 10 a minute per address, 10 at once (each code also dies after five
 * wrong guesses; this bounds guesses spread over many addresses' codes).
 */
export const REGISTER_RATE: RateRule = { name: "register", perMinute: 10, burst: 10 };
/** Reset-code checks: as registration. */
export const VERIFY_CODE_RATE: RateRule = { name: "verify-code", perMinute: 10, burst: 10 };
/**
 * Readership beacons: 60 a minute per address, 20 at once (one a page opened; readers behind
 * one address, a school or an office, share it).
 */
export const BEACON_RATE: RateRule = { name: "beacon", perMinute: 60, burst: 20 };

/**
 * AI chat questions: 10 a minute per address, 5 at once (each may cost the owner a model's
 * answer), unless `CHAT_RATE_PER_MINUTE` says otherwise (the burst is half of it); a signed-in
 * reader's own bucket is the same wherever they ask from.
 */
export function chatRates(env: NodeJS.ProcessEnv): { address: RateRule; user: RateRule } {
  const perMinute = Number(env.CHAT_RATE_PER_MINUTE) > 0 ? Number(env.CHAT_RATE_PER_MINUTE) : 10;
  const burst = Math.max(1, Math.floor(perMinute / 2));
  return {
    address: { name: "chat", perMinute, burst },
    user: { name: "chat-user", perMinute, burst },
  };
}

/**
 * Takes one request from the bucket of `key` in one statement (generic cell rate algorithm: the
 * row keeps the theoretical arrival time, TAT, of the next request). A request is allowed when
 * TAT lies at most (burst − 1) intervals ahead of now; it moves TAT one interval on. Concurrent
 * requests serialise on the row, so a burst of parallel requests gets exactly `burst` through.
 * Answers 0 when allowed, else the seconds until the next request would be.
 */
export async function takeToken(
  db: Db,
  key: string,
  rule: RateRule,
  now = new Date(),
): Promise<number> {
  const intervalMs = 60_000 / rule.perMinute;
  const toleranceMs = (rule.burst - 1) * intervalMs;
  const at = sql`${now.toISOString()}::timestamptz`;
  const interval = sql`${`${intervalMs} milliseconds`}::interval`;
  const ahead = sql`greatest(${rateLimits.tat}, ${at})`;
  const [taken] = await db
    .insert(rateLimits)
    .values({ key, tat: new Date(now.getTime() + intervalMs) })
    .onConflictDoUpdate({
      target: rateLimits.key,
      set: { tat: sql`${ahead} + ${interval}` },
      setWhere: sql`${ahead} <= ${at} + ${`${toleranceMs} milliseconds`}::interval`,
    })
    .returning({ tat: rateLimits.tat });
  if (taken) return 0;
  const [current] = await db
    .select({ tat: rateLimits.tat })
    .from(rateLimits)
    .where(eq(rateLimits.key, key));
  // At most one interval: more only when a parallel request with a slightly later clock moved TAT.
  const waitMs = current ? current.tat.getTime() - toleranceMs - now.getTime() : intervalMs;
  return Math.max(1, Math.ceil(Math.min(waitMs, intervalMs) / 1000));
}

export function rateLimited(retryAfterSeconds: number): ApiError {
  const details: RetryAfter = { retryAfterSeconds };
  return new ApiError(
    429,
    "too_many_requests",
    `Too many requests, please try again in ${retryAfterSeconds} seconds`,
    { details },
  );
}

/**
 * Middleware: one token per request from the caller's address bucket, 429 with `Retry-After`
 * when it is empty. Requests without a known address share one bucket (they cannot be told apart).
 */
export function rateLimit(rule: RateRule) {
  return createMiddleware<AppEnv>(async (c, next) => {
    const wait = await takeToken(c.var.db, `${rule.name}:${c.var.clientIp ?? "unknown"}`, rule);
    if (wait > 0) throw rateLimited(wait);
    await next();
  });
}

/** Deletes buckets that are full again (their TAT has passed). */
export async function purgeRateLimits(db: Db, now = new Date()): Promise<void> {
  await db.delete(rateLimits).where(lt(rateLimits.tat, now));
}
