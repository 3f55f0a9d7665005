import { Article, Create, Delete, PUBLIC_COLLECTION, Tombstone, Update } from "@fedify/vocab";
import { sitePaths } from "../../shared/site-paths.ts";
import { articleObject, type BlogFederation, type FediverseData } from "./federation.ts";
import { FEDIVERSE_ACTOR } from "./paths.ts";
import * as repo from "./repository.ts";

// The articles, sent to the blog's fediverse followers: a Create when one goes live (once,
// ever), an Update when it changes, a Delete when it leaves the site. Sending only queues the
// deliveries (the queue retries them with backoff), so a publish never waits for other servers.

/** Articles live for longer than this when first seen are not sent (an old one republished). */
const NEW_POST_WINDOW_MS = 48 * 3_600_000;

export async function sendArticleActivities(
  blog: BlogFederation,
  data: FediverseData,
  origin: string,
  now = new Date(),
): Promise<{ created: number; updated: number; deleted: number }> {
  const ctx = blog.federation.createContext(new URL(origin), data);
  const sender = { identifier: FEDIVERSE_ACTOR };
  const actor = ctx.getActorUri(FEDIVERSE_ACTOR);
  const audience = { to: PUBLIC_COLLECTION, cc: ctx.getFollowersUri(FEDIVERSE_ACTOR) };
  const options = { preferSharedInbox: true };

  const fresh = await repo.claimNewPosts(
    data.db,
    now,
    new Date(now.getTime() - NEW_POST_WINDOW_MS),
  );
  for (const article of fresh) {
    const object = await articleObject(ctx, article);
    const id = new URL(`${object.id?.href}#create`);
    await ctx.sendActivity(
      sender,
      "followers",
      new Create({ id, actor, object, ...audience }),
      options,
    );
  }
  const changed = await repo.claimChangedPosts(data.db, now);
  for (const article of changed) {
    const object = await articleObject(ctx, article);
    const id = new URL(`${object.id?.href}#update-${article.updatedAt.getTime()}`);
    await ctx.sendActivity(
      sender,
      "followers",
      new Update({ id, actor, object, ...audience }),
      options,
    );
  }
  const gone = await repo.claimGonePosts(data.db, now);
  for (const slug of gone) {
    const object = ctx.getObjectUri(Article, { slug });
    await ctx.sendActivity(
      sender,
      "followers",
      new Delete({
        id: new URL(`${object.href}#delete`),
        actor,
        object: new Tombstone({ id: object, url: new URL(sitePaths.article(slug), ctx.origin) }),
        ...audience,
      }),
      options,
    );
  }
  return { created: fresh.length, updated: changed.length, deleted: gone.length };
}
