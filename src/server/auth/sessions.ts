import { createHash, randomBytes } from "node:crypto";
import { and, eq, gt, isNull, ne } from "drizzle-orm";
import type { Db } from "../db/client.ts";
import { firstRow } from "../db/queries.ts";
import { sessions, users } from "../db/schema.ts";
import type { RequestUser } from "../http/context.ts";

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
  return firstRow(
    db
      .select({ id: users.id, role: users.role, userName: users.userName })
      .from(sessions)
      .innerJoin(users, eq(users.id, sessions.userId))
      .where(
        and(
          eq(sessions.tokenHash, hashToken(token)),
          isNull(sessions.revokedAt),
          gt(sessions.expiresAt, new Date()),
          eq(users.status, "active"),
        ),
      )
      .limit(1),
  );
}

/** Opens a session for `userId` and returns its token (the only time the token exists in clear). */
export async function openSession(db: Db, userId: string, now = new Date()): Promise<string> {
  const token = newToken();
  await db.insert(sessions).values({
    tokenHash: hashToken(token),
    userId,
    createdAt: now,
    expiresAt: new Date(now.getTime() + SESSION_DAYS * 24 * 3600_000),
  });
  return token;
}

/** Revokes one session by the hash of its token (logout). */
export async function revokeSession(db: Db, tokenHash: string): Promise<void> {
  await db
    .update(sessions)
    .set({ revokedAt: new Date() })
    .where(and(eq(sessions.tokenHash, tokenHash), isNull(sessions.revokedAt)));
}

/** Revokes every live session of a user, except the one whose hash is `keep` (if given). */
export async function revokeUserSessions(db: Db, userId: string, keep?: string): Promise<void> {
  await db
    .update(sessions)
    .set({ revokedAt: new Date() })
    .where(
      and(
        eq(sessions.userId, userId),
        isNull(sessions.revokedAt),
        keep ? ne(sessions.tokenHash, keep) : undefined,
      ),
    );
}
