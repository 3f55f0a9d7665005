import { createHash, randomBytes } from "node:crypto";
import type { Db } from "../db/client.ts";
import type { RequestUser } from "../http/context.ts";
import { findUserByTokenHash, insertSession } from "./sessions-repository.ts";

export {
  liveSessions,
  revokeSession,
  revokeSessionNamed,
  revokeUserSessions,
} from "./sessions-repository.ts";

export const SESSION_DAYS = 30;

/** Session tokens are stored only as their SHA-256 digest. */
export function hashToken(token: string): string {
  return createHash("sha256").update(token).digest("hex");
}

/** 32 random bytes, base64url: 256 bits. Used for session and reset tokens. */
export function newToken(): string {
  return randomBytes(32).toString("base64url");
}

/** The active user behind a bearer token, or null when the token is unknown, expired, revoked or the user is disabled. */
export function findUserByToken(db: Db, token: string): Promise<RequestUser | null> {
  return findUserByTokenHash(db, hashToken(token));
}

/** Where a session is opened: the browser and the address, as the request gave them. */
export interface SessionOrigin {
  userAgent?: string | null | undefined;
  ip?: string | null | undefined;
}

/** Opens a session for `userId` and returns its token (the only time the token exists in clear). */
export async function openSession(
  db: Db,
  userId: string,
  now = new Date(),
  origin: SessionOrigin = {},
): Promise<string> {
  const token = newToken();
  await insertSession(db, {
    tokenHash: hashToken(token),
    userId,
    userAgent: origin.userAgent?.slice(0, 512) || null,
    ip: origin.ip?.slice(0, 64) || null,
    createdAt: now,
    expiresAt: new Date(now.getTime() + SESSION_DAYS * 24 * 3600_000),
  });
  return token;
}

/** How a session is named to its owner: the first characters of its token's hash (never the token). */
export const sessionId = (tokenHash: string) => tokenHash.slice(0, 16);
