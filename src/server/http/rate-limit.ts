import { createMiddleware } from "hono/factory";
import type { RetryAfter } from "../../shared/auth.ts";
import type { Db } from "../db/client.ts";
import { addressKey } from "./address.ts";
import type { AppEnv } from "./context.ts";
import { errorResponse } from "./envelope.ts";
import { ApiError } from "./errors.ts";
import type { MemoryBuckets, Rate } from "./memory-buckets.ts";
import { advanceTat, readTat } from "./repository.ts";

/**
 * An anonymous write's limits: `perMinute` and `burst` per client address (IPv6 by /64), and
 * `overall` for every address together, so a flood from many addresses is cut off too.
 */
export interface RateRule extends Rate {
  /** Names the limit in its keys (`<name>:<address>`). */
  name: string;
  /** Every address together (the login checks its own: see LOGIN_RATE). */
  overall?: Rate;
}

/** Anonymous feedback: 10 a minute per address, 3 at once; 30 a minute in all, 20 at once. */
export const FEEDBACK_RATE: RateRule = {
  name: "feedback",
  perMinute: 10,
  burst: 3,
  overall: { perMinute: 30, burst: 20 },
};
/**
 * Registration attempts: 10 a minute per address, 10 at once (each code also dies after five
 * wrong guesses; this bounds guesses spread over many addresses' codes); 60 a minute in all.
 */
export const REGISTER_RATE: RateRule = {
  name: "register",
  perMinute: 10,
  burst: 10,
  overall: { perMinute: 60, burst: 30 },
};
/** Reset-code checks and password resets: as registration. */
export const VERIFY_CODE_RATE: RateRule = { ...REGISTER_RATE, name: "verify-code" };
export const RESET_PASSWORD_RATE: RateRule = { ...REGISTER_RATE, name: "reset-password" };
/**
 * Requests for an email code: 10 a minute per address (the service also caps them per hour,
 * per address and per email), 60 a minute in all.
 */
export const EMAIL_CODE_RATE: RateRule = { ...REGISTER_RATE, name: "email-code" };
/**
 * Logins: failures are throttled per account and address (auth/throttle.ts); this bounds the
 * attempts one address makes (60 a minute), and `LOGIN_STRANGERS` the password checks (about
 * 21 ms of CPU each) all browsers and addresses new to their account may ask for together.
 * The overall budget is not checked here but in the login, after it knows whether the caller
 * has signed in there before: a flood of strangers must not lock the owner out.
 */
export const LOGIN_RATE: RateRule = { name: "login", perMinute: 60, burst: 30 };
export const LOGIN_STRANGERS: Rate = { perMinute: 600, burst: 100 };
/**
 * Readership beacons: 60 a minute per address, 20 at once (one a page opened; readers behind
 * one address, a school or an office, share it); 3000 a minute in all.
 */
export const BEACON_RATE: RateRule = {
  name: "beacon",
  perMinute: 60,
  burst: 20,
  overall: { perMinute: 3000, burst: 300 },
};

/**
 * Comments: 5 a minute per address, 3 at once; a signed-in reader's own bucket the same wherever
 * they write from; 60 a minute from everyone together.
 */
export const COMMENT_RATE: RateRule = {
  name: "comment",
  perMinute: 5,
  burst: 3,
  overall: { perMinute: 60, burst: 20 },
};
export const COMMENT_USER_RATE: RateRule = { ...COMMENT_RATE, name: "comment-user" };

/** Unsubscribe links of reply mails: 10 a minute per address, 5 at once, 120 from everyone. */
export const COMMENT_MAIL_RATE: RateRule = {
  name: "comment-mail",
  perMinute: 10,
  burst: 5,
  overall: { perMinute: 120, burst: 30 },
};

/**
 * Requests to follow by email: 5 a minute per address, 3 at once, 60 from everyone (each sends a
 * mail; `FOLLOW_MAILS_A_DAY` also caps the mails to one address however many ask).
 */
export const FOLLOW_RATE: RateRule = {
  name: "follow",
  perMinute: 5,
  burst: 3,
  overall: { perMinute: 60, burst: 20 },
};
/** The links of follow mails (confirm, unsubscribe): as those of reply mails. */
export const FOLLOW_LINK_RATE: RateRule = { ...COMMENT_MAIL_RATE, name: "follow-link" };

/**
 * Activities other servers post to the blog's inboxes (follows, replies, likes): a busy
 * instance's shared inbox sends many, so the budget per address is larger than a form's.
 */
export const FEDIVERSE_INBOX_RATE: RateRule = {
  name: "fediverse-inbox",
  perMinute: 120,
  burst: 60,
  overall: { perMinute: 1200, burst: 300 },
};

/**
 * AI chat questions: 10 a minute per address, 5 at once (each may cost the owner a model's
 * answer), unless `CHAT_RATE_PER_MINUTE` says otherwise (the burst is half of it); a signed-in
 * reader's own bucket is the same wherever they ask from.
 */
export function chatRates(env: NodeJS.ProcessEnv): { address: RateRule; user: RateRule } {
  const perMinute = Number(env.CHAT_RATE_PER_MINUTE) > 0 ? Number(env.CHAT_RATE_PER_MINUTE) : 10;
  const burst = Math.max(1, Math.floor(perMinute / 2));
  // All readers together: six readers' worth a minute.
  const overall = { perMinute: perMinute * 6, burst: perMinute * 2 };
  return {
    address: { name: "chat", perMinute, burst, overall },
    user: { name: "chat-user", perMinute, burst, overall },
  };
}

/**
 * The in-memory checks of `rule` for a caller at `address`, the address's own bucket first (so
 * one flooding address does not spend the overall budget), then everyone's: the 429 to answer,
 * or null when the request may go on.
 */
function floodRefusal(
  buckets: MemoryBuckets,
  rule: RateRule,
  address: string | null,
  now = Date.now(),
): ApiError | null {
  const own = buckets.take(`${rule.name}:${addressKey(address)}`, rule, now);
  if (own > 0) return rateLimited(own);
  const all = rule.overall ? buckets.take(`${rule.name}:*`, rule.overall, now) : 0;
  return all > 0 ? rateLimited(all) : null;
}

/** The anonymous writes, by `METHOD /path`, with their limits. */
export type AnonymousWrites = Readonly<Record<string, RateRule>>;

export function anonymousWrites(chat: RateRule): AnonymousWrites {
  return {
    "POST /api/createFeedback": FEEDBACK_RATE,
    "POST /api/register": REGISTER_RATE,
    "POST /api/getEmailCode": EMAIL_CODE_RATE,
    "POST /api/getResetEmailCode": EMAIL_CODE_RATE,
    "POST /api/verifyEmailCode": VERIFY_CODE_RATE,
    "POST /api/resetPassword": RESET_PASSWORD_RATE,
    "POST /api/login": LOGIN_RATE,
    "POST /api/beacon": BEACON_RATE,
    "POST /api/chat": chat,
    "POST /api/comments": COMMENT_RATE,
    // The link in a reply mail writes too: a GET, so a reader's one click is enough.
    "GET /api/comments/unsubscribe": COMMENT_MAIL_RATE,
    "POST /api/comments/unsubscribe": COMMENT_MAIL_RATE,
    "POST /api/follow": FOLLOW_RATE,
    // The links of follow mails write too: GETs, so a reader's one click is enough.
    "GET /api/follow/confirm": FOLLOW_LINK_RATE,
    "GET /api/follow/unsubscribe": FOLLOW_LINK_RATE,
    "POST /api/follow/unsubscribe": FOLLOW_LINK_RATE,
    // Other servers' activities: the shared inbox and the actor's own.
    "POST /api/federation/ap/inbox": FEDIVERSE_INBOX_RATE,
    "POST /api/federation/ap/actor/blog/inbox": FEDIVERSE_INBOX_RATE,
  };
}

/**
 * Middleware, before anything reads the database (the caller's token included): an anonymous
 * write over its address's or its overall budget in this process's memory is refused at once.
 */
export function floodGuard(writes: AnonymousWrites) {
  return createMiddleware<AppEnv>(async (c, next) => {
    const buckets = c.var.buckets;
    const rule = writes[`${c.req.method} ${c.req.path}`];
    // Answered here rather than thrown: a refusal skips the error path's unwinding.
    const refusal = rule && floodRefusal(buckets, rule, c.var.clientIp);
    if (refusal) return errorResponse(c, refusal);
    return next();
  });
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
  // Parallel requests read the clock before they reach the row, in any order: the last of a
  // burst whose clock read a millisecond before the first's must still pass. A little slack,
  // well under one interval, lets it, and lets no request more through.
  const slackMs = Math.min(250, intervalMs / 4);
  if (await advanceTat(db, key, { now, intervalMs, allowAheadMs: toleranceMs + slackMs })) return 0;
  const current = await readTat(db, key);
  // At most one interval: more only when a parallel request with a slightly later clock moved TAT.
  const waitMs = current ? current.getTime() - toleranceMs - now.getTime() : intervalMs;
  return Math.max(1, Math.ceil(Math.min(waitMs, intervalMs) / 1000));
}

export function rateLimited(retryAfterSeconds: number): ApiError {
  const details: RetryAfter = { retryAfterSeconds };
  // A flood makes thousands of these: no stack is captured (a refusal is no fault to trace).
  const depth = Error.stackTraceLimit;
  Error.stackTraceLimit = 0;
  try {
    return new ApiError(
      429,
      "too_many_requests",
      `Too many requests, please try again in ${retryAfterSeconds} seconds`,
      { details },
    );
  } finally {
    Error.stackTraceLimit = depth;
  }
}

/**
 * Middleware: one token per request from the caller's address bucket in the database (the
 * limit across instances; `floodGuard` has checked this process's memory first), 429 with
 * `Retry-After` when it is empty. Requests without a known address share one bucket.
 */
export function rateLimit(rule: RateRule) {
  return createMiddleware<AppEnv>(async (c, next) => {
    const wait = await takeToken(c.var.db, `${rule.name}:${addressKey(c.var.clientIp)}`, rule);
    if (wait > 0) throw rateLimited(wait);
    await next();
  });
}

/**
 * Middleware: one token per request from a signed-in caller's own bucket (`<name>:<user id>`),
 * the same wherever they write from; a caller without a session passes (their address's limit
 * holds them). 429 with `Retry-After` when it is empty.
 */
export function rateLimitPerUser(rule: RateRule) {
  return createMiddleware<AppEnv>(async (c, next) => {
    const user = c.var.user;
    if (user) {
      const wait = await takeToken(c.var.db, `${rule.name}:${user.id}`, rule);
      if (wait > 0) throw rateLimited(wait);
    }
    await next();
  });
}
