import { and, count, desc, eq, gt, isNull, lt, notExists, or, sql } from "drizzle-orm";
import type { Db } from "../db/client.ts";
import { articlesOnSiteAt } from "../db/items.ts";
import { type PageQuery, pageOfRows } from "../db/queries.ts";
import {
  contentArticles,
  type FediverseFollower,
  fediverseFollowers,
  fediverseKeys,
  fediversePosts,
  fediverseReactions,
} from "../db/schema.ts";

// The SQL of the blog's actor: its key pairs, the accounts that follow it, and what they were
// sent of each article.

export interface StoredKeyPair {
  kind: string;
  privateKey: JsonWebKey;
  publicKey: JsonWebKey;
}

export function keyPairs(db: Db): Promise<StoredKeyPair[]> {
  return db
    .select({
      kind: fediverseKeys.kind,
      privateKey: fediverseKeys.privateKey,
      publicKey: fediverseKeys.publicKey,
    })
    .from(fediverseKeys)
    .orderBy(fediverseKeys.kind);
}

/** Keeps the pairs of kinds that have none yet (two first requests may race: one wins). */
export async function insertKeyPairs(db: Db, pairs: StoredKeyPair[]): Promise<void> {
  await db.insert(fediverseKeys).values(pairs).onConflictDoNothing({ target: fediverseKeys.kind });
}

export type NewFollower = Omit<FediverseFollower, "id" | "createdAt">;

/** Adds a follower, or updates its addresses and names when it follows again. */
export async function addFollower(db: Db, follower: NewFollower): Promise<void> {
  const { actorUri, ...rest } = follower;
  await db
    .insert(fediverseFollowers)
    .values(follower)
    .onConflictDoUpdate({ target: fediverseFollowers.actorUri, set: rest });
}

/** Removes the follower `actorUri`: false when it did not follow. */
export async function removeFollower(db: Db, actorUri: string): Promise<boolean> {
  const rows = await db
    .delete(fediverseFollowers)
    .where(eq(fediverseFollowers.actorUri, actorUri))
    .returning({ id: fediverseFollowers.id });
  return rows.length > 0;
}

/** Every follower, newest first. */
export function followers(db: Db) {
  return db.select().from(fediverseFollowers).orderBy(desc(fediverseFollowers.createdAt));
}

/** A page of followers, newest first, and how many follow. */
export const followerPage = (db: Db, query: PageQuery) =>
  pageOfRows(db, fediverseFollowers, undefined, [desc(fediverseFollowers.createdAt)], query);

export async function followerCount(db: Db): Promise<number> {
  const [row] = await db.select({ n: count() }).from(fediverseFollowers);
  return row?.n ?? 0;
}

// --- Likes and boosts

export type ReactionKind = (typeof fediverseReactions.$inferSelect)["kind"];

export interface NewReaction {
  kind: ReactionKind;
  articleId: string;
  actorUri: string;
  activityId: string | null;
}

/** Counts a like or a boost: once an account, an article and a kind, however often it comes. */
export async function addReaction(db: Db, reaction: NewReaction): Promise<void> {
  await db.insert(fediverseReactions).values(reaction).onConflictDoNothing();
}

/**
 * Takes back the like or boost `actorUri` made: the one its activity id names, or the one of
 * that kind on that article. Only the account's own.
 */
export async function removeReaction(
  db: Db,
  actorUri: string,
  activityId: string | null,
  on: { kind: ReactionKind; articleId: string } | null,
): Promise<void> {
  const r = fediverseReactions;
  const which = or(
    activityId === null ? undefined : eq(r.activityId, activityId),
    on === null ? undefined : and(eq(r.kind, on.kind), eq(r.articleId, on.articleId)),
  );
  if (which === undefined) return;
  await db.delete(r).where(and(eq(r.actorUri, actorUri), which));
}

/** Forgets an article's likes and boosts (it is deleted). */
export async function removeReactionsOf(db: Db, articleId: string): Promise<void> {
  await db.delete(fediverseReactions).where(eq(fediverseReactions.articleId, articleId));
}

/** The likes and boosts of each article that has any. */
export async function reactionCounts(db: Db) {
  const r = fediverseReactions;
  return db
    .select({ articleId: r.articleId, kind: r.kind, n: count() })
    .from(r)
    .groupBy(r.articleId, r.kind);
}

// --- What followers were sent of each article

/** An article as its activities carry it. */
export type PostedArticle = Pick<
  typeof contentArticles.$inferSelect,
  "id" | "slug" | "lang" | "title" | "summary" | "body" | "tags" | "updatedAt"
>;

const articleFields = {
  id: contentArticles.id,
  slug: contentArticles.slug,
  lang: contentArticles.lang,
  title: contentArticles.title,
  summary: contentArticles.summary,
  body: contentArticles.body,
  tags: contentArticles.tags,
  updatedAt: contentArticles.updatedAt,
};

/**
 * The articles gone live since `since` that followers were never sent, each recorded as sent
 * first (two senders never both take one; a stop after this loses its Create, never doubles it).
 */
export async function claimNewPosts(db: Db, now: Date, since: Date): Promise<PostedArticle[]> {
  const fresh = await db
    .select(articleFields)
    .from(contentArticles)
    .leftJoin(fediversePosts, eq(fediversePosts.articleId, contentArticles.id))
    .where(
      and(
        articlesOnSiteAt(db, now),
        gt(contentArticles.publishedAt, since),
        isNull(fediversePosts.articleId),
      ),
    );
  if (fresh.length === 0) return [];
  const claimed = await db
    .insert(fediversePosts)
    .values(fresh.map((a) => ({ articleId: a.id, slug: a.slug, syncedAt: a.updatedAt })))
    .onConflictDoNothing({ target: fediversePosts.articleId })
    .returning({ id: fediversePosts.articleId });
  const ids = new Set(claimed.map((row) => row.id));
  return fresh.filter((a) => ids.has(a.id));
}

/** Sent articles changed since followers last saw them, their change recorded as sent. */
export async function claimChangedPosts(db: Db, now: Date): Promise<PostedArticle[]> {
  const p = fediversePosts;
  const changed = await db
    .select(articleFields)
    .from(p)
    .innerJoin(contentArticles, eq(contentArticles.id, p.articleId))
    .where(
      and(
        isNull(p.deletedAt),
        gt(contentArticles.updatedAt, p.syncedAt),
        articlesOnSiteAt(db, now),
      ),
    );
  const sent: PostedArticle[] = [];
  for (const a of changed) {
    const [row] = await db
      .update(p)
      .set({ syncedAt: a.updatedAt, slug: a.slug })
      .where(and(eq(p.articleId, a.id), lt(p.syncedAt, a.updatedAt)))
      .returning({ id: p.articleId });
    if (row) sent.push(a);
  }
  return sent;
}

/** Sent articles no longer on the site (deleted, unpublished), recorded as gone: their slugs. */
export async function claimGonePosts(db: Db, now: Date): Promise<string[]> {
  const p = fediversePosts;
  const live = db
    .select({ one: sql`1` })
    .from(contentArticles)
    .where(and(eq(contentArticles.id, p.articleId), articlesOnSiteAt(db, now)));
  const gone = await db
    .update(p)
    .set({ deletedAt: now })
    .where(and(isNull(p.deletedAt), notExists(live)))
    .returning({ slug: p.slug });
  return gone.map((row) => row.slug);
}
