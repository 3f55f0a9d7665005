import { and, arrayContains, count, desc, eq, inArray, sql } from "drizzle-orm";
import type { ContentLang } from "../../shared/content-rules.ts";
import type { DeliveryStatus } from "../../shared/following.ts";
import type { Db } from "../db/client.ts";
import { search } from "../db/queries.ts";
import { contentArticles, mailingDeliveries, mailings, subscribers } from "../db/schema.ts";

// The owner's SQL of following by email: the subscribers (counted, paged, exported, removed)
// and the mailings with their deliveries' progress.

export interface SubscriberFilter {
  lang?: ContentLang | undefined;
  q?: string | undefined;
}

export interface Paging {
  limit: number;
  offset: number;
}

function subscriberWhere(filter: SubscriberFilter) {
  return and(
    filter.lang ? arrayContains(subscribers.langs, [filter.lang]) : undefined,
    search(filter.q, [subscribers.email]),
  );
}

const subscriberFields = {
  id: subscribers.id,
  email: subscribers.email,
  langs: subscribers.langs,
  locale: subscribers.locale,
  digest: subscribers.digest,
  confirmedAt: subscribers.confirmedAt,
};

/** The subscribers of a filter, newest first, a page at a time. */
export function subscriberRows(db: Db, filter: SubscriberFilter, paging: Paging) {
  return db
    .select(subscriberFields)
    .from(subscribers)
    .where(subscriberWhere(filter))
    .orderBy(desc(subscribers.confirmedAt), subscribers.id)
    .limit(paging.limit)
    .offset(paging.offset);
}

export async function subscriberTotal(db: Db, filter: SubscriberFilter): Promise<number> {
  const [row] = await db.select({ n: count() }).from(subscribers).where(subscriberWhere(filter));
  return row?.n ?? 0;
}

/** Removes one subscriber (their waiting deliveries go with them): their address, or null. */
export async function removeSubscriber(db: Db, id: string): Promise<string | null> {
  const [row] = await db
    .delete(subscribers)
    .where(eq(subscribers.id, id))
    .returning({ email: subscribers.email });
  return row?.email ?? null;
}

/** How many follow: in all, each language, the digest, and those confirmed since `since`. */
export async function subscriberCounts(db: Db, since: Date) {
  const s = subscribers;
  const [row] = await db
    .select({
      total: count(),
      en: sql<number>`count(*) filter (where 'en-US' = any(${s.langs}))::int`,
      zh: sql<number>`count(*) filter (where 'zh-CN' = any(${s.langs}))::int`,
      digest: sql<number>`count(*) filter (where ${s.digest})::int`,
      recent: sql<number>`count(*) filter (where ${s.confirmedAt} >= ${since.toISOString()}::timestamptz)::int`,
    })
    .from(s);
  return {
    total: row?.total ?? 0,
    langs: { "en-US": row?.en ?? 0, "zh-CN": row?.zh ?? 0 },
    digest: row?.digest ?? 0,
    recent: row?.recent ?? 0,
  };
}

/** New subscribers a week (weeks start on Monday, UTC) since `since`: only weeks with any. */
export function weeklyGrowth(db: Db, since: Date) {
  const week = sql<string>`to_char(date_trunc('week', ${subscribers.confirmedAt} at time zone 'UTC'), 'YYYY-MM-DD')`;
  return db
    .select({ start: week, n: count() })
    .from(subscribers)
    .where(sql`${subscribers.confirmedAt} >= ${since.toISOString()}::timestamptz`)
    .groupBy(week);
}

// --- Mailings

/** A page of mailings, newest first, with their article (if it is still there). */
export function mailingRows(db: Db, paging: Paging) {
  return db
    .select({
      id: mailings.id,
      digestWeek: mailings.digestWeek,
      lang: mailings.lang,
      createdAt: mailings.createdAt,
      finishedAt: mailings.finishedAt,
      title: contentArticles.title,
      slug: contentArticles.slug,
    })
    .from(mailings)
    .leftJoin(contentArticles, eq(contentArticles.id, mailings.articleId))
    .orderBy(desc(mailings.createdAt), mailings.id)
    .limit(paging.limit)
    .offset(paging.offset);
}

export async function mailingTotal(db: Db): Promise<number> {
  const [row] = await db.select({ n: count() }).from(mailings);
  return row?.n ?? 0;
}

/** The deliveries of each of `ids` by status. */
export function deliveryCounts(db: Db, ids: string[]) {
  const d = mailingDeliveries;
  return db
    .select({ mailingId: d.mailingId, status: sql<DeliveryStatus>`${d.status}`, n: count() })
    .from(d)
    .where(inArray(d.mailingId, ids))
    .groupBy(d.mailingId, d.status);
}

/** The failed deliveries of each of `ids`, at most `each` a mailing. */
export function deliveryFailures(db: Db, ids: string[], each: number) {
  const d = mailingDeliveries;
  const ranked = db
    .select({
      mailingId: d.mailingId,
      email: subscribers.email,
      attempts: d.attempts,
      error: sql<string>`coalesce(${d.lastError}, '')`.as("error"),
      rank: sql<number>`row_number() over (partition by ${d.mailingId} order by ${subscribers.email})`.as(
        "rank",
      ),
    })
    .from(d)
    .innerJoin(subscribers, eq(subscribers.id, d.subscriberId))
    .where(and(inArray(d.mailingId, ids), eq(d.status, "failed")))
    .as("ranked");
  return db
    .select({
      mailingId: ranked.mailingId,
      email: ranked.email,
      attempts: ranked.attempts,
      error: ranked.error,
    })
    .from(ranked)
    .where(sql`${ranked.rank} <= ${each}`)
    .orderBy(ranked.mailingId, ranked.email);
}
