import {
  and,
  arrayContains,
  arrayOverlaps,
  asc,
  count,
  eq,
  gt,
  gte,
  inArray,
  isNull,
  lt,
  notExists,
  or,
  type SQL,
  sql,
} from "drizzle-orm";
import type { ContentLang } from "../../shared/content-rules.ts";
import type { Db } from "../db/client.ts";
import { articlesOnSiteAt } from "../db/items.ts";
import {
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

/** A pending delivery of mailing `mailingId` for each subscriber `readers` selects. */
async function insertDeliveries(db: Db, mailingId: string, readers: SQL | undefined) {
  await db.insert(mailingDeliveries).select(
    db
      .select({
        mailingId: sql`${mailingId}::uuid`.as("mailing_id"),
        subscriberId: subscribers.id,
        status: sql`'pending'`.as("status"),
        attempts: sql`0`.as("attempts"),
        lastError: sql`null`.as("last_error"),
        claimedAt: sql`null`.as("claimed_at"),
        sentAt: sql`null`.as("sent_at"),
      })
      .from(subscribers)
      .where(readers),
  );
}

/** The articles of a digest: live, not imported, gone live in [from, to), in `langs`, oldest first. */
export function weekArticles(db: Db, from: Date, to: Date, now: Date, langs?: ContentLang[]) {
  const a = contentArticles;
  return db
    .select({ slug: a.slug, lang: a.lang, title: a.title, summary: a.summary })
    .from(a)
    .where(
      and(
        articlesOnSiteAt(db, now),
        gte(a.publishedAt, from),
        lt(a.publishedAt, to),
        langs ? inArray(a.lang, langs) : undefined,
      ),
    )
    .orderBy(asc(a.publishedAt), asc(a.slug));
}

/**
 * Makes the digest of the week that began on `week` (YYYY-MM-DD), unless it has one or nobody
 * takes it, with a pending delivery for each subscriber of the digest who follows one of `langs`
 * (the languages of its articles). Answers whether it was made.
 */
export function queueDigest(
  db: Db,
  week: string,
  langs: ContentLang[],
  now: Date,
): Promise<boolean> {
  const readers = and(arrayOverlaps(subscribers.langs, langs), eq(subscribers.digest, true));
  return db.transaction(async (tx) => {
    const [some] = await tx
      .select({ id: subscribers.id })
      .from(subscribers)
      .where(readers)
      .limit(1);
    if (!some) return false;
    const [made] = await tx
      .insert(mailings)
      .values({ digestWeek: week, createdAt: now })
      .onConflictDoNothing({ target: mailings.digestWeek })
      .returning({ id: mailings.id });
    if (!made) return false;
    await insertDeliveries(tx, made.id, readers);
    return true;
  });
}

/**
 * Makes the mailing of each article that went live in the last `withinMs` and has none, with a
 * pending delivery for each subscriber who follows its language (and takes a mail an article).
 * Articles an import wrote are never mailed. Answers how many mailings were made.
 */
export async function queueMailings(db: Db, now: Date, withinMs: number): Promise<number> {
  const since = new Date(now.getTime() - withinMs);
  const a = contentArticles;
  const made = await db
    .insert(mailings)
    .select(
      db
        .select({
          id: sql`gen_random_uuid()`.as("id"),
          articleId: a.id,
          digestWeek: sql`null`.as("digest_week"),
          lang: a.lang,
          createdAt: sql`${now.toISOString()}::timestamptz`.as("created_at"),
          finishedAt: sql`null`.as("finished_at"),
        })
        .from(a)
        .where(and(articlesOnSiteAt(db, now), gt(a.publishedAt, since))),
    )
    .onConflictDoNothing({ target: mailings.articleId })
    .returning({ id: mailings.id, lang: mailings.lang });
  for (const mailing of made) {
    if (!mailing.lang) continue;
    await insertDeliveries(
      db,
      mailing.id,
      and(arrayContains(subscribers.langs, [mailing.lang]), eq(subscribers.digest, false)),
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
  /** The languages the subscriber follows (a digest holds their articles). */
  langs: ContentLang[];
  /** A new article's mailing: the article, or null when it was deleted since. */
  article: { slug: string; title: string; summary: string; body: string } | null;
  /** A digest's week (the Monday it began); null for a new article's mailing. */
  digestWeek: string | null;
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
  const a = contentArticles;
  const rows = await db
    .select({
      mailingId: mailings.id,
      subscriberId: subscribers.id,
      email: subscribers.email,
      locale: subscribers.locale,
      langs: subscribers.langs,
      digestWeek: mailings.digestWeek,
      slug: a.slug,
      title: a.title,
      summary: a.summary,
      body: a.body,
    })
    .from(mailings)
    .innerJoin(d, eq(d.mailingId, mailings.id))
    .innerJoin(subscribers, eq(subscribers.id, d.subscriberId))
    .leftJoin(a, eq(a.id, mailings.articleId))
    .where(
      inArray(
        sql`(${d.mailingId}, ${d.subscriberId})`,
        claimed.map((c) => sql`(${c.mailingId}::uuid, ${c.subscriberId}::uuid)`),
      ),
    );
  const attempts = new Map(claimed.map((c) => [`${c.mailingId}/${c.subscriberId}`, c.attempts]));
  return rows.map(({ slug, title, summary, body, ...row }) => ({
    ...row,
    article:
      slug !== null && title !== null && summary !== null && body !== null
        ? { slug, title, summary, body }
        : null,
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
