import { and, count, desc, eq, gt, gte, inArray, isNull, lt, min, or, sql } from "drizzle-orm";
import type { Db } from "../db/client.ts";
import { firstRow } from "../db/queries.ts";
import {
  emailCodes,
  emailRequests,
  knownLogins,
  loginThrottle,
  outbox,
  passwordResetTokens,
  rateLimits,
  serverKeys,
  sessions,
  users,
} from "../db/schema.ts";

// --- Server key pair ------------------------------------------------------------------------

export interface StoredKey {
  publicKey: string;
  privateKey: string;
}

export function findServerKey(db: Db, name: string): Promise<StoredKey | null> {
  return firstRow(
    db
      .select({ publicKey: serverKeys.publicKey, privateKey: serverKeys.privateKey })
      .from(serverKeys)
      .where(eq(serverKeys.name, name))
      .limit(1),
  );
}

/**
 * Stores `key` under `name` unless another instance got there first; answers the stored one.
 * Safe when two instances race: the loser's insert waits for the winner, then reads its row.
 */
export function storeServerKey(db: Db, name: string, key: StoredKey): Promise<StoredKey> {
  return db.transaction(async (tx) => {
    const [inserted] = await tx
      .insert(serverKeys)
      .values({ name, ...key })
      .onConflictDoNothing({ target: serverKeys.name })
      .returning({ publicKey: serverKeys.publicKey, privateKey: serverKeys.privateKey });
    if (inserted) return inserted;
    const existing = await findServerKey(tx, name);
    if (!existing) throw new Error(`server key ${name} vanished`);
    return existing;
  });
}

// --- Email code requests --------------------------------------------------------------------

/** Serialises the code requests of one address (transaction-scoped advisory lock). */
export async function lockAddress(db: Db, email: string): Promise<void> {
  await db.execute(sql`select pg_advisory_xact_lock(hashtext(${`email-code:${email}`}))`);
}

export async function lastRequestAt(db: Db, email: string, purpose: string): Promise<Date | null> {
  const [row] = await db
    .select({ at: emailRequests.createdAt })
    .from(emailRequests)
    .where(and(eq(emailRequests.email, email), eq(emailRequests.purpose, purpose)))
    .orderBy(desc(emailRequests.createdAt))
    .limit(1);
  return row?.at ?? null;
}

/** How many requests for `email` since `since`, and the oldest of them. */
export async function requestsSince(
  db: Db,
  column: "email" | "ip",
  value: string,
  since: Date,
): Promise<{ total: number; oldest: Date | null }> {
  const target = column === "email" ? emailRequests.email : emailRequests.ip;
  const [row] = await db
    .select({ total: count(), oldest: min(emailRequests.createdAt) })
    .from(emailRequests)
    .where(and(eq(target, value), gte(emailRequests.createdAt, since)));
  return { total: row?.total ?? 0, oldest: row?.oldest ?? null };
}

export async function insertRequest(
  db: Db,
  values: { email: string; purpose: string; ip: string | null; mailed: boolean; createdAt: Date },
): Promise<void> {
  await db.insert(emailRequests).values(values);
}

// --- Email codes ----------------------------------------------------------------------------

/** Retires every unused code of an address and purpose (a new code replaces them). */
export async function retireCodes(db: Db, email: string, purpose: string, now: Date) {
  await db
    .update(emailCodes)
    .set({ consumedAt: now })
    .where(
      and(
        eq(emailCodes.email, email),
        eq(emailCodes.purpose, purpose),
        isNull(emailCodes.consumedAt),
      ),
    );
}

export async function insertCode(
  db: Db,
  values: { email: string; purpose: string; codeHash: string; createdAt: Date; expiresAt: Date },
): Promise<void> {
  await db.insert(emailCodes).values(values);
}

export interface LiveCode {
  id: string;
  codeHash: string;
  attempts: number;
}

/** The newest unused, unexpired code of an address and purpose, locked for update. */
export function findLiveCode(
  db: Db,
  email: string,
  purpose: string,
  now: Date,
): Promise<LiveCode | null> {
  return firstRow(
    db
      .select({ id: emailCodes.id, codeHash: emailCodes.codeHash, attempts: emailCodes.attempts })
      .from(emailCodes)
      .where(
        and(
          eq(emailCodes.email, email),
          eq(emailCodes.purpose, purpose),
          isNull(emailCodes.consumedAt),
          gt(emailCodes.expiresAt, now),
        ),
      )
      .orderBy(desc(emailCodes.createdAt))
      .limit(1)
      .for("update"),
  );
}

export async function countWrongAttempt(db: Db, id: string): Promise<void> {
  await db
    .update(emailCodes)
    .set({ attempts: sql`${emailCodes.attempts} + 1` })
    .where(eq(emailCodes.id, id));
}

export async function consumeCode(db: Db, id: string, now: Date): Promise<void> {
  await db.update(emailCodes).set({ consumedAt: now }).where(eq(emailCodes.id, id));
}

// --- Password reset tokens ------------------------------------------------------------------

export async function insertResetToken(
  db: Db,
  values: { tokenHash: string; userId: string; createdAt: Date; expiresAt: Date },
): Promise<void> {
  await db.insert(passwordResetTokens).values(values);
}

/** A live reset token of the user with `email`, locked for update. */
export async function findLiveResetToken(
  db: Db,
  tokenHash: string,
  email: string,
  now: Date,
): Promise<{ userId: string } | null> {
  return firstRow(
    db
      .select({ userId: passwordResetTokens.userId })
      .from(passwordResetTokens)
      .innerJoin(users, eq(users.id, passwordResetTokens.userId))
      .where(
        and(
          eq(passwordResetTokens.tokenHash, tokenHash),
          eq(users.email, email),
          eq(users.status, "active"),
          isNull(passwordResetTokens.consumedAt),
          gt(passwordResetTokens.expiresAt, now),
        ),
      )
      .limit(1)
      .for("update", { of: passwordResetTokens }),
  );
}

/** Uses up every outstanding reset token of a user (the one just used among them). */
export async function consumeResetTokens(db: Db, userId: string, now: Date): Promise<void> {
  await db
    .update(passwordResetTokens)
    .set({ consumedAt: now })
    .where(and(eq(passwordResetTokens.userId, userId), isNull(passwordResetTokens.consumedAt)));
}

// --- Login throttling -----------------------------------------------------------------------

/**
 * Counts one attempt under `rule.key` unless the key is locked, in one statement: the count
 * starts again at 1 when the last attempt is older than `windowStart`, and the lock this attempt
 * earns if it fails (2^(count − threshold) seconds, at most `maxLockMs`) is set at once.
 * Answers null when counted, else the time the key is locked until.
 */
export async function reserveKey(
  db: Db,
  rule: { key: string; threshold: number },
  now: Date,
  windowStart: Date,
  maxLockMs: number,
): Promise<Date | null> {
  const at = sql`${now.toISOString()}::timestamptz`;
  const count = sql`(case when ${loginThrottle.lastFailureAt} < ${windowStart.toISOString()}::timestamptz then 1 else ${loginThrottle.failures} + 1 end)`;
  const lockUntil = sql`(case when ${count} >= ${rule.threshold}::int then ${at} + least(power(2, ${count} - ${rule.threshold}::int) * 1000, ${maxLockMs}::float8) * interval '1 millisecond' else null end)`;
  const firstLockMs =
    rule.threshold <= 1 ? Math.min(2 ** (1 - rule.threshold) * 1000, maxLockMs) : 0;
  const [row] = await db
    .insert(loginThrottle)
    .values({
      key: rule.key,
      failures: 1,
      lastFailureAt: now,
      lockedUntil: firstLockMs > 0 ? new Date(now.getTime() + firstLockMs) : null,
    })
    .onConflictDoUpdate({
      target: loginThrottle.key,
      set: { failures: count, lastFailureAt: now, lockedUntil: lockUntil },
      setWhere: sql`${loginThrottle.lockedUntil} is null or ${loginThrottle.lockedUntil} <= ${at}`,
    })
    .returning({ failures: loginThrottle.failures });
  if (row) return null;
  const [locked] = await db
    .select({ until: loginThrottle.lockedUntil })
    .from(loginThrottle)
    .where(eq(loginThrottle.key, rule.key));
  return locked?.until ?? now;
}

/** Gives back one counted attempt (a success), dropping the lock when it falls below the threshold. */
export async function refundKey(db: Db, key: string, threshold: number): Promise<void> {
  await db
    .update(loginThrottle)
    .set({
      failures: sql`greatest(${loginThrottle.failures} - 1, 0)`,
      lockedUntil: sql`case when ${loginThrottle.failures} - 1 < ${threshold}::int then null else ${loginThrottle.lockedUntil} end`,
    })
    .where(eq(loginThrottle.key, key));
}

export async function isLocked(db: Db, key: string, now: Date): Promise<boolean> {
  const [row] = await db
    .select({ key: loginThrottle.key })
    .from(loginThrottle)
    .where(and(eq(loginThrottle.key, key), gt(loginThrottle.lockedUntil, now)));
  return row !== undefined;
}

export async function clearKeys(db: Db, keys: string[]): Promise<void> {
  await db.delete(loginThrottle).where(inArray(loginThrottle.key, keys));
}

/** Clears every counter of an account (all addresses): after a password reset. */
export async function clearAccountKeys(db: Db, email: string): Promise<void> {
  const prefixes = [`acct-ip:${email}|`, `acct-slow:${email}|`];
  await db
    .delete(loginThrottle)
    .where(
      or(
        eq(loginThrottle.key, `acct:${email}`),
        ...prefixes.map((prefix) => sql`left(${loginThrottle.key}, ${prefix.length}) = ${prefix}`),
      ),
    );
}

// --- Where accounts have signed in before --------------------------------------------------

/** Whether the account of `email` has signed in before with one of `keyHashes`. */
export async function isKnownLogin(db: Db, email: string, keyHashes: string[]): Promise<boolean> {
  if (keyHashes.length === 0) return false;
  const [row] = await db
    .select({ userId: knownLogins.userId })
    .from(knownLogins)
    .innerJoin(users, eq(users.id, knownLogins.userId))
    .where(and(eq(users.email, email), inArray(knownLogins.keyHash, keyHashes)))
    .limit(1);
  return row !== undefined;
}

/** Keeps `keyHashes` as places `userId` has signed in from, at `now`. */
export async function rememberLogin(
  db: Db,
  userId: string,
  keyHashes: string[],
  now: Date,
): Promise<void> {
  if (keyHashes.length === 0) return;
  await db
    .insert(knownLogins)
    .values(keyHashes.map((keyHash) => ({ userId, keyHash, lastSuccessAt: now })))
    .onConflictDoUpdate({
      target: [knownLogins.userId, knownLogins.keyHash],
      set: { lastSuccessAt: now },
    });
}

// --- Housekeeping ---------------------------------------------------------------------------

/** Deletes rows that no rule reads any more (older than a day, or a week for the outbox). */
export async function purgeStale(db: Db, now: Date): Promise<void> {
  const day = new Date(now.getTime() - 24 * 3600_000);
  const week = new Date(now.getTime() - 7 * 24 * 3600_000);
  await db.delete(emailRequests).where(lt(emailRequests.createdAt, day));
  await db.delete(emailCodes).where(lt(emailCodes.expiresAt, day));
  await db.delete(passwordResetTokens).where(lt(passwordResetTokens.expiresAt, day));
  await db
    .delete(loginThrottle)
    .where(
      and(
        lt(loginThrottle.lastFailureAt, day),
        or(isNull(loginThrottle.lockedUntil), lt(loginThrottle.lockedUntil, now)),
      ),
    );
  await db.delete(sessions).where(lt(sessions.expiresAt, day));
  // A browser or address unused for half a year is a stranger again.
  const halfYear = new Date(now.getTime() - 183 * 24 * 3600_000);
  await db.delete(knownLogins).where(lt(knownLogins.lastSuccessAt, halfYear));
  await db.delete(rateLimits).where(lt(rateLimits.tat, now));
  await db.delete(outbox).where(lt(outbox.createdAt, week));
}
