import { and, desc, eq, gt, isNull, ne, sql } from "drizzle-orm";
import type { Db } from "../db/client.ts";
import { firstRow } from "../db/queries.ts";
import { sessions, users } from "../db/schema.ts";
import type { RequestUser } from "../http/context.ts";

// The sessions table: rows keyed by the SHA-256 digest of their token (sessions.ts makes them).

/** The active user behind a token's hash, or null when it is unknown, expired, revoked or the user is disabled. */
export function findUserByTokenHash(db: Db, tokenHash: string): Promise<RequestUser | null> {
  return firstRow(
    db
      .select({ id: users.id, role: users.role, userName: users.userName })
      .from(sessions)
      .innerJoin(users, eq(users.id, sessions.userId))
      .where(
        and(
          eq(sessions.tokenHash, tokenHash),
          isNull(sessions.revokedAt),
          gt(sessions.expiresAt, new Date()),
          eq(users.status, "active"),
        ),
      )
      .limit(1),
  );
}

/** Stores a new session row (the token itself is never stored). */
export async function insertSession(db: Db, row: typeof sessions.$inferInsert): Promise<void> {
  await db.insert(sessions).values(row);
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
