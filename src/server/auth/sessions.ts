import { createHash } from "node:crypto";
import { and, eq, gt, isNull } from "drizzle-orm";
import type { Db } from "../db/client.ts";
import { sessions, users } from "../db/schema.ts";
import type { RequestUser } from "../http/context.ts";

/** Session tokens are stored only as their SHA-256 digest. */
export function hashToken(token: string): string {
  return createHash("sha256").update(token).digest("hex");
}

/** The active user behind a bearer token, or null when the token is unknown, expired, revoked or the user is disabled. */
export async function findUserByToken(db: Db, token: string): Promise<RequestUser | null> {
  const [row] = await db
    .select({ id: users.id, role: users.role })
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
    .limit(1);
  return row ?? null;
}
