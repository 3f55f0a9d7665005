import type { Page } from "../../shared/auth.ts";
import type { ArticleReactions, FediverseFollowerItem } from "../../shared/following.ts";
import { isSocialUrl } from "../../shared/kinds/settings.ts";
import type { Db } from "../db/client.ts";
import { answerPage, type PageQuery } from "../db/queries.ts";
import * as repo from "./repository.ts";

// The owner's side of the blog's fediverse actor: who follows it (`/bms/followers`), and how
// often each article was liked and boosted (the article list).

/** A page of the accounts that follow, newest first. */
export async function listFediverseFollowers(
  db: Db,
  query: PageQuery,
): Promise<Page<FediverseFollowerItem>> {
  return answerPage(query, await repo.followerPage(db, query), (row) => ({
    id: row.id,
    handle: row.handle,
    name: row.name,
    // Another server's words: linked only when they are a web address.
    url: row.url !== null && isSocialUrl(row.url) ? row.url : null,
    since: row.createdAt.toISOString(),
  }));
}

/** The likes and boosts of each article that has any. */
export async function articleReactions(db: Db): Promise<{ items: ArticleReactions[] }> {
  const byArticle = new Map<string, ArticleReactions>();
  for (const row of await repo.reactionCounts(db)) {
    const counts = byArticle.get(row.articleId) ?? { id: row.articleId, likes: 0, boosts: 0 };
    if (row.kind === "like") counts.likes = row.n;
    else counts.boosts = row.n;
    byArticle.set(row.articleId, counts);
  }
  return { items: [...byArticle.values()] };
}
