import {
  and,
  arrayContains,
  count,
  eq,
  gt,
  inArray,
  isNull,
  lt,
  lte,
  notExists,
  or,
  sql,
} from "drizzle-orm";
import type { ContentLang } from "../../shared/content-rules.ts";
import type { Db } from "../db/client.ts";
import {
  blogImportRows,
  contentArticles,
  mailingDeliveries,
  mailings,
  subscribers,
  subscriberTokens,
  subscriptionRequests,
} from "../db/schema.ts";

// The SQL of following by email: requests waiting for their link, subscribers, the hashes of
// their unsubscribe links, and the mailings of new articles with one delivery a subscriber.

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

// --- Mailings of new articles

/**
 * Makes the mailing of each article that went live in the last `withinMs` and has none, with a
 * pending delivery for each subscriber who follows its language (and takes a mail an article).
 * Articles an import wrote are never mailed. Answers how many mailings were made.
 */
export async function queueMailings(db: Db, now: Date, withinMs: number): Promise<number> {
  const since = new Date(now.getTime() - withinMs);
  const a = contentArticles;
  const live = or(
    eq(a.status, "published"),
    and(eq(a.status, "scheduled"), lte(a.publishedAt, now)),
  );
  const imported = db
    .select({ one: sql`1` })
    .from(blogImportRows)
    .where(and(eq(blogImportRows.kind, "article"), eq(blogImportRows.rowKey, sql`${a.id}::text`)));
  const made = await db
    .insert(mailings)
    .select(
      db
        .select({
          id: sql`gen_random_uuid()`.as("id"),
          articleId: a.id,
          lang: a.lang,
          createdAt: sql`${now.toISOString()}::timestamptz`.as("created_at"),
          finishedAt: sql`null`.as("finished_at"),
        })
        .from(a)
        .where(and(live, gt(a.publishedAt, since), lte(a.publishedAt, now), notExists(imported))),
    )
    .onConflictDoNothing({ target: mailings.articleId })
    .returning({ id: mailings.id, lang: mailings.lang });
  for (const mailing of made) {
    await db.insert(mailingDeliveries).select(
      db
        .select({
          mailingId: sql`${mailing.id}::uuid`.as("mailing_id"),
          subscriberId: subscribers.id,
          status: sql`'pending'`.as("status"),
          attempts: sql`0`.as("attempts"),
          lastError: sql`null`.as("last_error"),
          claimedAt: sql`null`.as("claimed_at"),
          sentAt: sql`null`.as("sent_at"),
        })
        .from(subscribers)
        .where(
          and(arrayContains(subscribers.langs, [mailing.lang]), eq(subscribers.digest, false)),
        ),
    );
  }
  return made.length;
}

/** A delivery as its sender needs it: whom, in which language, and what. */
export interface ClaimedDelivery {
  mailingId: string;
  subscriberId: string;
  attempts: number;
  email: string;
  locale: ContentLang;
  slug: string;
  title: string;
  summary: string;
}

/**
 * Claims up to `limit` deliveries to send: new ones, failed ones last tried more than `staleMs`
 * ago, and ones a sender claimed that long ago and never finished (it stopped mid-send). Rows
 * another sender holds are skipped.
 */
export async function claimDeliveries(
  db: Db,
  limit: number,
  now: Date,
  staleMs: number,
): Promise<ClaimedDelivery[]> {
  const d = mailingDeliveries;
  const stale = new Date(now.getTime() - staleMs);
  const open = db
    .select({ mailingId: d.mailingId, subscriberId: d.subscriberId })
    .from(d)
    .where(
      or(
        // New, or tried and failed more than `staleMs` ago.
        and(eq(d.status, "pending"), or(isNull(d.claimedAt), lt(d.claimedAt, stale))),
        and(eq(d.status, "sending"), lt(d.claimedAt, stale)),
      ),
    )
    .limit(limit)
    .for("update", { skipLocked: true });
  const claimed = await db
    .update(d)
    .set({ status: "sending", claimedAt: now, attempts: sql`${d.attempts} + 1` })
    .where(sql`(${d.mailingId}, ${d.subscriberId}) in (${open})`)
    .returning({ mailingId: d.mailingId, subscriberId: d.subscriberId, attempts: d.attempts });
  if (claimed.length === 0) return [];
  const rows = await db
    .select({
      mailingId: mailings.id,
      subscriberId: subscribers.id,
      email: subscribers.email,
      locale: subscribers.locale,
      slug: contentArticles.slug,
      title: contentArticles.title,
      summary: contentArticles.summary,
    })
    .from(mailings)
    .innerJoin(d, eq(d.mailingId, mailings.id))
    .innerJoin(subscribers, eq(subscribers.id, d.subscriberId))
    .innerJoin(contentArticles, eq(contentArticles.id, mailings.articleId))
    .where(
      inArray(
        sql`(${d.mailingId}, ${d.subscriberId})`,
        claimed.map((c) => sql`(${c.mailingId}::uuid, ${c.subscriberId}::uuid)`),
      ),
    );
  const attempts = new Map(claimed.map((c) => [`${c.mailingId}/${c.subscriberId}`, c.attempts]));
  return rows.map((row) => ({
    ...row,
    attempts: attempts.get(`${row.mailingId}/${row.subscriberId}`) ?? 1,
  }));
}

/** Marks a delivery sent (in the transaction that wrote the mail, where the mailer can). */
export async function markSent(db: Db, delivery: ClaimedDelivery, now: Date): Promise<void> {
  await db
    .update(mailingDeliveries)
    .set({ status: "sent", sentAt: now, lastError: null })
    .where(
      and(
        eq(mailingDeliveries.mailingId, delivery.mailingId),
        eq(mailingDeliveries.subscriberId, delivery.subscriberId),
      ),
    );
}

/** A failed attempt: tried again later, or given up after `maxAttempts`. */
export async function markFailed(
  db: Db,
  delivery: ClaimedDelivery,
  error: string,
  maxAttempts: number,
): Promise<void> {
  await db
    .update(mailingDeliveries)
    .set({
      status: delivery.attempts >= maxAttempts ? "failed" : "pending",
      lastError: error.slice(0, 500),
    })
    .where(
      and(
        eq(mailingDeliveries.mailingId, delivery.mailingId),
        eq(mailingDeliveries.subscriberId, delivery.subscriberId),
      ),
    );
}

/** Marks finished the mailings with nothing left to send. */
export async function finishMailings(db: Db, now: Date): Promise<void> {
  const d = mailingDeliveries;
  await db
    .update(mailings)
    .set({ finishedAt: now })
    .where(
      and(
        isNull(mailings.finishedAt),
        notExists(
          db
            .select({ one: sql`1` })
            .from(d)
            .where(and(eq(d.mailingId, mailings.id), inArray(d.status, ["pending", "sending"]))),
        ),
      ),
    );
}
