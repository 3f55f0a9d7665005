import type { Page } from "../../shared/auth.ts";
import {
  type DeliveryStatus,
  FOLLOW_GROWTH_WEEKS,
  isoDay,
  type ListSubscribersQuery,
  type MailingItem,
  type SubscriberItem,
  type SubscriberSummary,
  weekStartOf,
} from "../../shared/following.ts";
import type { Db } from "../db/client.ts";
import { answerPage } from "../db/queries.ts";
import { csvOf } from "../http/csv.ts";
import { ApiError } from "../http/errors.ts";
import * as repo from "./admin-repository.ts";

// The owner's side of following by email (`/bms/followers`): how many follow and how that grows,
// the subscribers (a page, a CSV export, removing one), and each mailing's progress.

const DAY = 86_400_000;
/** Failed deliveries shown with each mailing. */
const FAILURES_SHOWN = 5;

export async function subscriberSummary(db: Db, now = new Date()): Promise<SubscriberSummary> {
  const first = weekStartOf(new Date(now.getTime() - (FOLLOW_GROWTH_WEEKS - 1) * 7 * DAY));
  const [counts, growth] = await Promise.all([
    repo.subscriberCounts(db, new Date(now.getTime() - 30 * DAY)),
    repo.weeklyGrowth(db, first),
  ]);
  const byWeek = new Map(growth.map((row) => [row.start, row.n]));
  const weeks = Array.from({ length: FOLLOW_GROWTH_WEEKS }, (_, i) => {
    const start = isoDay(new Date(first.getTime() + i * 7 * DAY));
    return { start, n: byWeek.get(start) ?? 0 };
  });
  return {
    total: counts.total,
    langs: counts.langs,
    digest: counts.digest,
    last30Days: counts.recent,
    weeks,
  };
}

const itemOf = (row: Awaited<ReturnType<typeof repo.subscriberRows>>[number]): SubscriberItem => ({
  ...row,
  confirmedAt: row.confirmedAt.toISOString(),
});

export async function listSubscribers(
  db: Db,
  query: ListSubscribersQuery,
): Promise<Page<SubscriberItem>> {
  const paging = { limit: query.pageSize, offset: (query.page - 1) * query.pageSize };
  const [rows, total] = await Promise.all([
    repo.subscriberRows(db, query, paging),
    repo.subscriberTotal(db, query),
  ]);
  return answerPage(query, { rows, total }, itemOf);
}

/** Every subscriber of a filter as CSV: address, languages, the mails' language, digest, since. */
export function exportSubscribers(db: Db, filter: repo.SubscriberFilter) {
  return csvOf(
    ["email", "languages", "mail_language", "digest", "confirmed_at"],
    (paging) => repo.subscriberRows(db, filter, paging),
    (row) => [
      row.email,
      row.langs.join(" "),
      row.locale,
      row.digest ? "yes" : "no",
      row.confirmedAt.toISOString(),
    ],
  );
}

/** Removes one subscriber: no more mails, and the deliveries still to send are dropped. */
export async function removeSubscriber(db: Db, id: string) {
  const email = await repo.removeSubscriber(db, id);
  if (email === null) throw new ApiError(404, "not_found", "No such subscriber");
  return { id, email };
}

const noDeliveries = (): Record<DeliveryStatus, number> => ({
  pending: 0,
  sending: 0,
  sent: 0,
  failed: 0,
});

/** A page of mailings, newest first, each with its deliveries by status and first failures. */
export async function listMailings(
  db: Db,
  query: { page: number; pageSize: number },
): Promise<Page<MailingItem>> {
  const paging = { limit: query.pageSize, offset: (query.page - 1) * query.pageSize };
  const [rows, total] = await Promise.all([repo.mailingRows(db, paging), repo.mailingTotal(db)]);
  const ids = rows.map((row) => row.id);
  const [counts, failures] =
    ids.length === 0
      ? [[], []]
      : await Promise.all([
          repo.deliveryCounts(db, ids),
          repo.deliveryFailures(db, ids, FAILURES_SHOWN),
        ]);
  return answerPage(query, { rows, total }, (row): MailingItem => {
    const deliveries = noDeliveries();
    for (const c of counts) if (c.mailingId === row.id) deliveries[c.status] = c.n;
    return {
      id: row.id,
      article:
        row.slug !== null && row.title !== null ? { title: row.title, slug: row.slug } : null,
      digestWeek: row.digestWeek,
      lang: row.lang,
      createdAt: row.createdAt.toISOString(),
      finishedAt: row.finishedAt?.toISOString() ?? null,
      deliveries,
      failures: failures
        .filter((f) => f.mailingId === row.id)
        .map(({ email, attempts, error }) => ({ email, attempts, error })),
    };
  });
}
