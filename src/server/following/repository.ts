import { and, count, eq, gt, inArray } from "drizzle-orm";
import type { ContentLang } from "../../shared/content-rules.ts";
import type { Db } from "../db/client.ts";
import { subscribers, subscriberTokens, subscriptionRequests } from "../db/schema.ts";

// The SQL of following by email: requests waiting for their link, subscribers, and the hashes of
// their unsubscribe links.

export interface NewRequest {
  tokenHash: string;
  email: string;
  langs: ContentLang[];
  locale: ContentLang;
  digest: boolean;
  expiresAt: Date;
}

/** How many requests `email` has made since `since` (each sent one mail). */
export async function requestsSince(db: Db, email: string, since: Date): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(subscriptionRequests)
    .where(and(eq(subscriptionRequests.email, email), gt(subscriptionRequests.createdAt, since)));
  return row?.n ?? 0;
}

export async function insertRequest(db: Db, request: NewRequest): Promise<void> {
  await db.insert(subscriptionRequests).values(request);
}

/**
 * Turns the request hashed `tokenHash` into a subscriber (or updates the address's languages and
 * digest when it already is one), and drops every request of that address: null when no request
 * has that hash or it has expired.
 */
export function confirmRequest(db: Db, tokenHash: string, now = new Date()) {
  return db.transaction(async (tx) => {
    const [request] = await tx
      .delete(subscriptionRequests)
      .where(
        and(eq(subscriptionRequests.tokenHash, tokenHash), gt(subscriptionRequests.expiresAt, now)),
      )
      .returning();
    if (!request) return null;
    await tx.delete(subscriptionRequests).where(eq(subscriptionRequests.email, request.email));
    const fields = { langs: request.langs, locale: request.locale, digest: request.digest };
    const [subscriber] = await tx
      .insert(subscribers)
      .values({ email: request.email, ...fields })
      .onConflictDoUpdate({ target: subscribers.email, set: { ...fields, updatedAt: now } })
      .returning();
    return subscriber ?? null;
  });
}

/** Keeps the hash of one more unsubscribe token of `subscriberId` (one a mail). */
export async function insertSubscriberToken(
  db: Db,
  subscriberId: string,
  tokenHash: string,
): Promise<void> {
  await db.insert(subscriberTokens).values({ subscriberId, tokenHash });
}

/** Removes the subscriber whose mail carried the token hashed `tokenHash`: false when none. */
export async function removeByToken(db: Db, tokenHash: string): Promise<boolean> {
  const rows = await db
    .delete(subscribers)
    .where(
      inArray(
        subscribers.id,
        db
          .select({ id: subscriberTokens.subscriberId })
          .from(subscriberTokens)
          .where(eq(subscriberTokens.tokenHash, tokenHash)),
      ),
    )
    .returning({ id: subscribers.id });
  return rows.length > 0;
}

/** The subscriber of `email`, if any. */
export async function findSubscriber(db: Db, email: string) {
  const [row] = await db.select().from(subscribers).where(eq(subscribers.email, email));
  return row ?? null;
}
