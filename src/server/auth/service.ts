import { createHash } from "node:crypto";
import type { AuthResult, IdentityResult, SessionRecord } from "../../shared/auth.ts";
import { maskIp } from "../../shared/logs.ts";
import type { Db } from "../db/client.ts";
import { addressKey } from "../http/address.ts";
import type { RequestUser } from "../http/context.ts";
import { ApiError } from "../http/errors.ts";
import { findUserByEmail, findUserById, insertUser, updateUser } from "../users/service.ts";
import { toStoredUser } from "../users/view.ts";
import {
  badCode,
  type Caller,
  checkCode,
  MESSAGES,
  RESET_TOKEN_TTL_MS,
  spendCode,
} from "./codes.ts";
import {
  decryptGivenPassword,
  decryptNewPassword,
  hashPassword,
  verifyNobody,
  verifyPassword,
} from "./passwords.ts";
import {
  clearAccountKeys,
  consumeResetTokens,
  findLiveResetToken,
  insertResetToken,
  isKnownLogin,
  rememberLogin,
} from "./repository.ts";
import {
  hashToken,
  liveSessions,
  newToken,
  openSession,
  revokeSession,
  revokeSessionNamed,
  revokeUserSessions,
  sessionId,
} from "./sessions.ts";
import { recordSuccess, reserveAttempt } from "./throttle.ts";

// --- Register, login, logout ----------------------------------------------------------------

/**
 * `POST /register`: a valid register code creates the user and opens a session. The code is
 * checked before the password is hashed (a wrong one counts toward the code's five guesses and
 * costs no hashing), then used for good with the user's insert; the route limits attempts per
 * address before any of this.
 */
export async function register(
  caller: Caller,
  input: { email: string; code: string; userName: string; password: string },
): Promise<AuthResult> {
  const { db } = caller;
  const plain = await decryptNewPassword(db, input.password);
  const checked = await db.transaction((tx) =>
    checkCode(tx, input.email, "register", input.code, new Date()),
  );
  if (!checked) throw badCode();
  const passwordHash = await hashPassword(plain);
  const now = new Date();
  const result = await db.transaction(async (tx) => {
    if (!(await spendCode(tx, input.email, "register", input.code, now))) return null;
    const user = await insertUser(tx, {
      email: input.email,
      userName: input.userName,
      passwordHash,
      role: "user",
      status: "active",
      createdAt: now,
      updatedAt: now,
    });
    if (!user) return null; // the address got an account meanwhile
    const origin = { userAgent: caller.userAgent, ip: caller.ip };
    return { token: await openSession(tx, user.id, now, origin), user: toStoredUser(user) };
  });
  if (!result) throw badCode();
  return result;
}

function loginFailed(): ApiError {
  return new ApiError(401, "unauthorized", MESSAGES.loginFailed);
}

/**
 * Hashes of where a login comes from: the browser's login id (a random id it keeps) and the
 * client address (IPv6 by /64), each a place the account may have signed in from before.
 */
function loginPlaces(device: string | undefined, ip: string | null): string[] {
  const places = device ? [`device:${device}`] : [];
  if (ip) places.push(`address:${addressKey(ip)}`);
  return places.map((place) => createHash("sha256").update(place).digest("hex"));
}

/**
 * `POST /login`. Unknown email, wrong password and disabled user give the same 401 after the
 * same work (a dummy verification for unknown emails). Throttled per (account, address), per
 * address and per account (but never for a browser or address the account signed in from
 * before: see throttle.ts); the attempt is counted before anything is verified. A caller new
 * to the account must first pass `admitStranger` (the overall budget of such logins).
 */
export async function login(
  caller: Caller,
  input: { email: string; password: string; device?: string | undefined },
  admitStranger: () => void = () => {},
): Promise<AuthResult> {
  const { db, ip } = caller;
  const places = loginPlaces(input.device, ip);
  const known = await isKnownLogin(db, input.email, places);
  if (!known) admitStranger();
  const rules = await reserveAttempt(db, input.email, ip, known);
  const plain = await decryptGivenPassword(db, input.password);
  const user = await findUserByEmail(db, input.email);
  const ok = user?.passwordHash
    ? await verifyPassword(user.passwordHash, plain)
    : await verifyNobody(plain);
  if (!ok || !user || user.status !== "active") throw loginFailed();
  await recordSuccess(db, rules);
  await rememberLogin(db, user.id, places, new Date());
  const origin = { userAgent: caller.userAgent, ip };
  return { token: await openSession(db, user.id, new Date(), origin), user: toStoredUser(user) };
}

/** `GET /sessions`: the caller's live sessions, the one of this request marked. */
export async function sessionsOf(
  db: Db,
  userId: string,
  current: string | null,
): Promise<SessionRecord[]> {
  return (await liveSessions(db, userId)).map((row) => ({
    id: sessionId(row.tokenHash),
    createdAt: row.createdAt.toISOString(),
    expiresAt: row.expiresAt.toISOString(),
    current: row.tokenHash === current,
    userAgent: row.userAgent,
    ip: maskIp(row.ip),
  }));
}

/** `DELETE /sessions/:id`: ends one of the caller's sessions (404 when none is named so). */
export async function endSession(db: Db, userId: string, id: string): Promise<{ id: string }> {
  if (!(await revokeSessionNamed(db, userId, id))) {
    throw new ApiError(404, "not_found", "No such session");
  }
  return { id };
}

/** `POST /sessions/revoke-others`: ends every session of the caller but this one. */
export async function endOtherSessions(
  db: Db,
  userId: string,
  current: string | null,
): Promise<SessionRecord[]> {
  await revokeUserSessions(db, userId, current ?? undefined);
  return sessionsOf(db, userId, current);
}

/** `POST /logOutUser`: revokes the presented token, whatever its state. */
export async function logout(db: Db, tokenHash: string | null): Promise<void> {
  if (tokenHash) await revokeSession(db, tokenHash);
}

// --- Password reset -------------------------------------------------------------------------

/** `POST /verifyEmailCode`: a valid reset code is exchanged for a reset token (15 min, single use). */
export async function verifyResetCode(
  caller: Caller,
  input: { email: string; code: string },
): Promise<{ resetToken: string }> {
  const { db } = caller;
  const now = new Date();
  const resetToken = newToken();
  const ok = await db.transaction(async (tx) => {
    if (!(await spendCode(tx, input.email, "reset", input.code, now))) return false;
    const user = await findUserByEmail(tx, input.email);
    if (user?.status !== "active") return false;
    await insertResetToken(tx, {
      tokenHash: hashToken(resetToken),
      userId: user.id,
      createdAt: now,
      expiresAt: new Date(now.getTime() + RESET_TOKEN_TTL_MS),
    });
    return true;
  });
  if (!ok) throw badCode();
  return { resetToken };
}

/** `POST /resetPassword`: sets the new password and revokes every session of the user. */
export async function resetPassword(
  caller: Caller,
  input: { email: string; resetToken: string; password: string },
): Promise<void> {
  const { db } = caller;
  const tokenHash = hashToken(input.resetToken);
  if (!(await findLiveResetToken(db, tokenHash, input.email, new Date()))) throw badCode();
  const passwordHash = await hashPassword(await decryptNewPassword(db, input.password));
  const now = new Date();
  const done = await db.transaction(async (tx) => {
    const live = await findLiveResetToken(tx, tokenHash, input.email, now);
    if (!live) return false;
    await consumeResetTokens(tx, live.userId, now);
    await updateUser(tx, live.userId, { passwordHash });
    await revokeUserSessions(tx, live.userId);
    await clearAccountKeys(tx, input.email);
    return true;
  });
  if (!done) throw badCode();
}

// --- Identity -------------------------------------------------------------------------------

export function notLoggedIn(): ApiError {
  const details: IdentityResult = { success: false, isAdmin: false };
  return new ApiError(401, "unauthorized", MESSAGES.pleaseLogIn, { details });
}

/** `GET /verifyIdentity`: the caller's user, read live. */
export async function identity(db: Db, user: RequestUser | null): Promise<IdentityResult> {
  const row = user ? await findUserById(db, user.id) : null;
  if (row?.status !== "active") throw notLoggedIn();
  return { success: true, isAdmin: row.role === "admin", user: toStoredUser(row) };
}
