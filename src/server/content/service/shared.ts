import type { Page } from "../../../shared/auth.ts";
import type { SiteChange } from "../../../shared/build-status.ts";
import {
  type ContentStatus,
  FILE_ID,
  type ItemCounts,
  type ItemSort,
  statusNow,
} from "../../../shared/content.ts";
import type { Db } from "../../db/client.ts";
import type { PageQuery, RowPage } from "../../db/queries.ts";
import { ApiError } from "../../http/errors.ts";
import type { ContentFiles } from "../files.ts";
import type { Publisher } from "../publisher.ts";

/**
 * What every kind's service shares: the request's context, the errors it answers, the unique
 * write, and the lists that merge database rows with the files under content/.
 */

/** What every content call needs: the database, the rebuild port, this request's files. */
export interface ContentContext {
  db: Db;
  publisher: Publisher;
  files: ContentFiles;
  /** Who is calling (the admin signed in): a revision's author. */
  actor?: string | null;
  /** The editor saved by itself after a pause in typing (`X-Autosave: 1`): see `keepRevision`. */
  autosave?: boolean;
}

export const CONTENT_MESSAGES = {
  readOnly: "This item is written in a file under content/ and can only be changed there",
  created: "Created",
  updated: "Saved",
  deleted: "Deleted",
  published: "Published",
  scheduled: "Scheduled",
  unpublished: "Unpublished",
} as const;

// --- Errors and writes ----------------------------------------------------------------------

export const isFileId = (id: string) => FILE_ID.test(id);

export function notFound(what: string): ApiError {
  return new ApiError(404, "not_found", `No such ${what}`);
}

export function readOnly(file: string | null): ApiError {
  return new ApiError(409, "conflict", `${CONTENT_MESSAGES.readOnly} (${file ?? "content/"})`);
}

/**
 * The version an update is made over (`expected`, the `updatedAt` the editor opened), checked
 * against the row as read: refused when it has changed since. None: the update goes over anything.
 */
export function versionOpened(
  what: string,
  current: { updatedAt: Date },
  expected: string | undefined,
): Date | undefined {
  const since = expected ? new Date(expected) : undefined;
  if (since && current.updatedAt.getTime() !== since.getTime()) {
    throw changedElsewhere(what, current.updatedAt);
  }
  return since;
}

/**
 * An update made only while the row was still `since` (checked in its own statement) that
 * changed nothing: saved by someone else between the read and the write, unless it is gone.
 */
export async function refuseIfChangedMeanwhile(
  what: string,
  since: Date | undefined,
  updated: unknown,
  reread: () => Promise<{ updatedAt: Date } | null>,
): Promise<void> {
  if (updated || !since) return;
  const now = await reread();
  if (now) throw changedElsewhere(what, now.updatedAt);
}

/**
 * An edit refused because the item was saved since the editor opened it (by another tab or
 * person, at `at`): the back office says so and offers to save over it.
 */
export function changedElsewhere(what: string, at: Date): ApiError {
  const time = at.toISOString();
  return new ApiError(409, "conflict", `This ${what} was changed elsewhere at ${time}`, {
    issues: [
      {
        field: "updatedAt",
        message: `changed elsewhere at ${time}`,
        key: "bmsEditor.changedElsewhere",
        values: { time },
      },
    ],
  });
}

/** A 400 on one field; `key` (an i18n key) lets the back office word it. */
export function invalid(field: string, message: string, key?: string): ApiError {
  return new ApiError(400, "validation", `Invalid ${field}: ${message}`, {
    details: { issues: [{ field, message, ...(key ? { key } : {}) }] },
  });
}

export function slugTaken(slug: string, by: string): ApiError {
  const message = `Slug ${slug} is used by ${by}`;
  return new ApiError(409, "conflict", message, {
    issues: [{ field: "slug", message, key: "bmsArticles.problems.slugTaken", values: { by } }],
  });
}

function isUniqueViolation(error: unknown): boolean {
  for (let e: unknown = error; e; e = (e as { cause?: unknown }).cause) {
    if (typeof e === "object" && (e as { code?: unknown }).code === "23505") return true;
  }
  return false;
}

/** Runs an insert or update; a unique violation (a race with another writer) becomes `conflict`. */
export async function unique<T>(write: () => Promise<T>, conflict: () => ApiError): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict();
    throw error;
  }
}

/** Changes to a draft do not reach the site; anything published or scheduled does, in time. */
export const isLive = (status: string) => status !== "draft";

/**
 * Whether an item shows on the site now: published, or scheduled for a time that has come (the
 * build shows a scheduled item whose time is past, src/lib/content.ts `isLive`).
 */
export function onSite(
  row: { status: string; publishedAt: Date | null },
  now: Date = new Date(),
): boolean {
  if (row.status === "published") return true;
  return row.status === "scheduled" && (!row.publishedAt || row.publishedAt <= now);
}

/**
 * Tells the publisher what a write did to the site: a build when the item showed before or
 * shows after it; only the timer when it stays out of sight, scheduled for later.
 */
export function reportChange(
  ctx: ContentContext,
  change: SiteChange,
  ...versions: ({ status: string; publishedAt: Date | null } | null)[]
): void {
  const now = new Date();
  if (versions.some((row) => row && onSite(row, now))) ctx.publisher.contentChanged(change);
  else if (versions.some((row) => row?.status === "scheduled")) ctx.publisher.scheduleChanged?.();
}

// --- Lists ----------------------------------------------------------------------------------

export interface Sortable {
  slug: string;
  publishedAt: string | null;
  updatedAt: string | null;
}

/** Later first by a text time (ISO or local, compared as text), without one last. */
export function laterFirst(a: string | null, b: string | null): number {
  if (a === b) return 0;
  if (a === null) return 1;
  if (b === null) return -1;
  return a < b ? 1 : -1;
}

/** Slugs in code-point order, as the database's `collate "C"`. */
export const bySlug = (a: Sortable, b: Sortable) =>
  a.slug < b.slug ? -1 : a.slug > b.slug ? 1 : 0;

/** Newest first: no time (drafts) first, then publishedAt descending, the latest change, slug. */
export function newestFirst(a: Sortable, b: Sortable): number {
  if (a.publishedAt !== b.publishedAt) {
    if (a.publishedAt === null) return -1;
    if (b.publishedAt === null) return 1;
    return a.publishedAt < b.publishedAt ? 1 : -1;
  }
  return laterFirst(a.updatedAt, b.updatedAt) || bySlug(a, b);
}

/** The latest change first, then slug. */
export const latestChangeFirst = (a: Sortable, b: Sortable) =>
  laterFirst(a.updatedAt, b.updatedAt) || bySlug(a, b);

/** A title as the title order compares it (`lower()` in the database), slug for none. */
const titleKey = (item: Sortable & { title?: string }) =>
  item.title === undefined ? "" : item.title.toLowerCase();

/** By title, A to Z in code-point order, then slug (a note, without a title, by slug). */
export function byTitle(a: Sortable & { title?: string }, b: Sortable & { title?: string }) {
  const [x, y] = [titleKey(a), titleKey(b)];
  return x < y ? -1 : x > y ? 1 : bySlug(a, b);
}

/** The article, note and book lists' orders (`ITEM_SORTS`), as the repository's `itemOrder`. */
export const ITEM_ORDERS: Record<ItemSort, (a: Sortable, b: Sortable) => number> = {
  published: newestFirst,
  updated: latestChangeFirst,
  title: byTitle,
};

/** The counts of the lists' filters (`ItemCounts`) over items' facets. */
export function countFacets(
  items: Iterable<{
    status: ContentStatus;
    publishedAt: string | null;
    group: string | null;
    tags: readonly string[];
  }>,
): ItemCounts {
  const counts: ItemCounts = {
    total: 0,
    statuses: { draft: 0, scheduled: 0, published: 0 },
    groups: {},
    tags: {},
  };
  for (const item of items) {
    counts.total++;
    counts.statuses[statusNow(item.status, item.publishedAt)]++;
    const group = item.group ?? "";
    counts.groups[group] = (counts.groups[group] ?? 0) + 1;
    for (const tag of new Set(item.tags)) counts.tags[tag] = (counts.tags[tag] ?? 0) + 1;
  }
  return counts;
}

const offsetOf = (query: PageQuery) => (query.page - 1) * query.pageSize;

export interface ListQuery extends PageQuery {
  status?: string | undefined;
  lang?: string | undefined;
}

/**
 * One page of database rows and files together: the files of the query's status and language
 * (for a kind that has one) that `keep` keeps. The database gives its first
 * `offset + pageSize` rows in the same order, which is all a page of the merge can use.
 */
export async function mergedPage<
  Row,
  File extends { status: string; lang?: string },
  Item extends Sortable,
>(
  query: ListQuery,
  list: {
    rows(limit: number): Promise<RowPage<Row>>;
    fromRow(row: Row): Item;
    files(): Promise<File[]>;
    fromFile(file: File): Item;
    keep(file: File): boolean;
    /** The rows' order in the database; `newestFirst` unless the kind says otherwise. */
    order?: ((a: Item, b: Item) => number) | undefined;
  },
): Promise<Page<Item>> {
  const start = offsetOf(query);
  const { rows, total } = await list.rows(start + query.pageSize);
  const files = (await list.files()).filter(
    (item) =>
      (!query.status || item.status === query.status) &&
      (!query.lang || item.lang === query.lang) &&
      list.keep(item),
  );
  const items = [...rows.map(list.fromRow), ...files.map(list.fromFile)]
    .sort(list.order ?? newestFirst)
    .slice(start, start + query.pageSize);
  return { items, total: total + files.length, page: query.page, pageSize: query.pageSize };
}

/** One page of items already in order (chapters, categories). */
export function pageOf<T>(items: T[], query: PageQuery): Page<T> {
  const start = offsetOf(query);
  return {
    items: items.slice(start, start + query.pageSize),
    total: items.length,
    page: query.page,
    pageSize: query.pageSize,
  };
}

/** Whether `q` (case-insensitively) is in one of the texts; no `q` matches everything. */
export function matches(q: string | undefined, ...texts: string[]): boolean {
  if (!q) return true;
  const needle = q.toLowerCase();
  return texts.some((text) => text.toLowerCase().includes(needle));
}
