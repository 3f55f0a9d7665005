import { createHash, randomBytes } from "node:crypto";
import { and, desc, eq, gt, isNull, ne, sql } from "drizzle-orm";
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
  await db.insert(sessions).values({
    tokenHash: hashToken(token),
    userId,
    userAgent: origin.userAgent?.slice(0, 512) || null,
    ip: origin.ip?.slice(0, 64) || null,
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

/** How a session is named to its owner: the first characters of its token's hash (never the token). */
export const sessionId = (tokenHash: string) => tokenHash.slice(0, 16);

/** The live sessions of a user, the newest first. */
export function liveSessions(db: Db, userId: string, now = new Date()) {
  return db
    .select({
      tokenHash: sessions.tokenHash,
      createdAt: sessions.createdAt,
      expiresAt: sessions.expiresAt,
      userAgent: sessions.userAgent,
      ip: sessions.ip,
    })
    .from(sessions)
    .where(
      and(eq(sessions.userId, userId), isNull(sessions.revokedAt), gt(sessions.expiresAt, now)),
    )
    .orderBy(desc(sessions.createdAt));
}

/** Revokes the live session of `userId` named `id` (`sessionId`); whether there was one. */
export async function revokeSessionNamed(db: Db, userId: string, id: string): Promise<boolean> {
  const rows = await db
    .update(sessions)
    .set({ revokedAt: new Date() })
    .where(
      and(
        eq(sessions.userId, userId),
        isNull(sessions.revokedAt),
        sql`left(${sessions.tokenHash}, 16) = ${id}`,
      ),
    )
    .returning({ tokenHash: sessions.tokenHash });
  return rows.length > 0;
}
