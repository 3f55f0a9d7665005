import type { Db } from "../db/client.ts";
import * as repo from "./repository.ts";

// What other domains ask of the blog's fediverse actor (the actor itself: federation.ts).

/** How many fediverse accounts follow the blog. */
export const fediverseFollowerCount = (db: Db): Promise<number> => repo.followerCount(db);

/** An article deleted: its likes and boosts go with it. */
export const forgetReactions = (db: Db, articleId: string): Promise<void> =>
  repo.removeReactionsOf(db, articleId);
