import {
  type Context,
  createFederation,
  exportJwk,
  type Federation,
  generateCryptoKeyPair,
  importJwk,
  type Message,
} from "@fedify/fedify";
import {
  Accept,
  Activity,
  Announce,
  Article,
  Create,
  Endpoints,
  Follow,
  Hashtag,
  Image,
  isActor,
  LanguageString,
  Like,
  Note,
  Person,
  PUBLIC_COLLECTION,
  Undo,
} from "@fedify/vocab";
import { LRUCache } from "lru-cache";
import { SITE } from "../../config.ts";
import { translator } from "../../i18n/core.ts";
import { escapeHtml } from "../../shared/html.ts";
import type { ArticleRecord } from "../../shared/kinds/article.ts";
import { sitePaths } from "../../shared/site-paths.ts";
import { articles } from "../articles/service.ts";
import { holdRemoteReply } from "../comments/remote.ts";
import { contentFiles } from "../content/files.ts";
import { noPublisher } from "../content/publisher.ts";
import { previewMarkdown } from "../content/service.ts";
import type { Db } from "../db/client.ts";
import { currentSettings } from "../site-config/settings.ts";
import { FEDIVERSE_ACTOR, FEDIVERSE_PATHS } from "./paths.ts";
import type { ReactionKind } from "./repository.ts";
import * as repo from "./repository.ts";
import { DbKvStore, DbMessageQueue } from "./store-repository.ts";
import { htmlToText } from "./text.ts";

// The blog as an ActivityPub actor, by Fedify: found by WebFinger as `@<handle>@<host>` (the
// handle a setting), described by NodeInfo, followed and unfollowed from Mastodon and the rest
// of the fediverse. Fedify signs what it sends and refuses what does not verify; its caches and
// its queue of deliveries are tables of the blog's database (store-repository.ts).

/** What each request and queued task of the federation is handled with. */
export interface FediverseData {
  db: Db;
}

export interface FediverseOptions {
  db: Db;
  /**
   * Lets the server fetch documents from loopback and private addresses: for a test's second
   * server on loopback only. Off, as it must be anywhere real (no requests to one's own network).
   */
  allowPrivateAddress?: boolean;
  /** The queue's worker is started by its caller (`startQueue`, or `drain` on Netlify). */
  manuallyStartQueue?: boolean;
  /**
   * The site's public address (SITE_URL), for the ids of the actor and its objects, whatever
   * address a request came in on (a proxy in front speaks plain HTTP to the server). By default
   * each request's own.
   */
  origin?: string | undefined;
}

const KEY_KINDS = ["RSASSA-PKCS1-v1_5", "Ed25519"] as const;

/** The actor's key pairs: read from the database, made and kept the first time. */
async function actorKeyPairs(db: Db): Promise<CryptoKeyPair[]> {
  let stored = await repo.keyPairs(db);
  if (stored.length < KEY_KINDS.length) {
    const made = await Promise.all(
      KEY_KINDS.filter((kind) => !stored.some((pair) => pair.kind === kind)).map(async (kind) => {
        const pair = await generateCryptoKeyPair(kind);
        return {
          kind,
          privateKey: await exportJwk(pair.privateKey),
          publicKey: await exportJwk(pair.publicKey),
        };
      }),
    );
    await repo.insertKeyPairs(db, made);
    stored = await repo.keyPairs(db);
  }
  const byKind = (kind: string) => stored.find((pair) => pair.kind === kind);
  return Promise.all(
    KEY_KINDS.flatMap((kind) => {
      const pair = byKind(kind);
      return pair
        ? [
            (async () => ({
              privateKey: await importJwk(pair.privateKey, "private"),
              publicKey: await importJwk(pair.publicKey, "public"),
            }))(),
          ]
        : [];
    }),
  );
}

export interface BlogFederation {
  federation: Federation<FediverseData>;
  queue: DbMessageQueue;
}

/** How long the actor's keys stay in memory before they are read again: a restore changes them. */
const KEYS_KEPT_MS = 5 * 60_000;

export function createBlogFederation(options: FediverseOptions): BlogFederation {
  const queue = new DbMessageQueue(options.db);
  // Every signed delivery asks for the keys: read and imported once in a while, not each time.
  let keys: { readAt: number; pairs: Promise<CryptoKeyPair[]> } | undefined;
  const keyPairs = (db: Db) => {
    if (!keys || Date.now() - keys.readAt > KEYS_KEPT_MS) {
      const pairs = actorKeyPairs(db);
      keys = { readAt: Date.now(), pairs };
      // A failed read is not kept: the next request tries again.
      pairs.catch(() => {
        if (keys?.pairs === pairs) keys = undefined;
      });
    }
    return keys.pairs;
  };
  const federation = createFederation<FediverseData>({
    kv: new DbKvStore(options.db),
    queue,
    manuallyStartQueue: options.manuallyStartQueue ?? true,
    allowPrivateAddress: options.allowPrivateAddress ?? false,
    ...(options.origin ? { origin: options.origin } : {}),
  });

  federation
    .setActorDispatcher(FEDIVERSE_PATHS.actor, async (ctx, identifier) => {
      if (identifier !== FEDIVERSE_ACTOR) return null;
      const settings = await currentSettings(ctx.data.db);
      const locale = settings.defaultLocale;
      const t = translator(locale);
      const keys = await ctx.getActorKeyPairs(identifier);
      return new Person({
        id: ctx.getActorUri(identifier),
        preferredUsername: settings.fediverseHandle,
        name: settings.title[locale] || t("site.name"),
        summary: settings.description[locale] || settings.tagline[locale] || null,
        url: new URL("/", ctx.origin),
        icon: settings.authorAvatar
          ? new Image({ url: new URL(settings.authorAvatar, ctx.origin) })
          : null,
        inbox: ctx.getInboxUri(identifier),
        endpoints: new Endpoints({ sharedInbox: ctx.getInboxUri() }),
        followers: ctx.getFollowersUri(identifier),
        manuallyApprovesFollowers: false,
        discoverable: true,
        indexable: true,
        publicKey: keys[0]?.cryptographicKey ?? null,
        assertionMethods: keys.map((key) => key.multikey),
      });
    })
    .setKeyPairsDispatcher((ctx, identifier) =>
      identifier === FEDIVERSE_ACTOR ? keyPairs(ctx.data.db) : [],
    )
    .mapHandle(async (ctx, username) => {
      const settings = await currentSettings(ctx.data.db);
      return username.toLowerCase() === settings.fediverseHandle ? FEDIVERSE_ACTOR : null;
    });

  federation
    .setFollowersDispatcher(FEDIVERSE_PATHS.followers, async (ctx, identifier) => {
      if (identifier !== FEDIVERSE_ACTOR) return null;
      const rows = await repo.followers(ctx.data.db);
      return {
        items: rows.map((row) => ({
          id: new URL(row.actorUri),
          inboxId: new URL(row.inboxUri),
          endpoints: row.sharedInboxUri ? { sharedInbox: new URL(row.sharedInboxUri) } : null,
        })),
      };
    })
    .setCounter((ctx, identifier) =>
      identifier === FEDIVERSE_ACTOR ? repo.followerCount(ctx.data.db) : null,
    );

  federation
    .setInboxListeners(FEDIVERSE_PATHS.inbox, FEDIVERSE_PATHS.sharedInbox)
    .on(Follow, async (ctx, follow) => {
      const blog = ctx.getActorUri(FEDIVERSE_ACTOR);
      if (follow.id === null || follow.objectId?.href !== blog.href) return;
      const follower = await follow.getActor(ctx);
      if (!isActor(follower) || follower.id === null || follower.inboxId === null) return;
      await repo.addFollower(ctx.data.db, {
        actorUri: follower.id.href,
        inboxUri: follower.inboxId.href,
        sharedInboxUri: follower.endpoints?.sharedInbox?.href ?? null,
        handle: `@${follower.preferredUsername ?? "?"}@${follower.id.host}`,
        name: follower.name?.toString() ?? "",
        url: follower.url instanceof URL ? follower.url.href : null,
        followId: follow.id.href,
      });
      await ctx.sendActivity(
        { identifier: FEDIVERSE_ACTOR },
        follower,
        new Accept({
          id: new URL(`#accepts/${crypto.randomUUID()}`, blog),
          actor: blog,
          object: follow,
        }),
      );
    })
    .on(Create, async (ctx, create) => {
      // A reply to one of the blog's articles: a comment held for the owner, like a guest's.
      const note = await create.getObject(ctx);
      if (!(note instanceof Note) || note.id === null || note.replyTargetId === null) return;
      const article = await articleAt(ctx, note.replyTargetId);
      if (!article?.comments) return;
      const slug = article.slug;
      const author = await create.getActor(ctx);
      if (!isActor(author) || author.id === null) return;
      if (note.attributionId !== null && note.attributionId.href !== author.id.href) return;
      await holdRemoteReply(ctx.data.db, {
        kind: "article",
        item: slug,
        name: author.name?.toString() || `@${author.preferredUsername ?? "?"}@${author.id.host}`,
        url: author.url instanceof URL ? author.url.href : author.id.href,
        id: note.id.href,
        text: htmlToText(note.content?.toString() ?? ""),
        lang: article.lang,
      });
    })
    .on(Like, (ctx, like) => react(ctx, like, "like"))
    .on(Announce, (ctx, boost) => react(ctx, boost, "boost"))
    .on(Undo, async (ctx, undo) => {
      const actor = undo.actorId;
      if (actor === null) return;
      const object = await undo.getObject({ ...ctx, suppressError: true });
      // Each Undo takes back only what its own actor did.
      if (object instanceof Activity && object.actorId?.href !== actor.href) return;
      if (object instanceof Follow) {
        await repo.removeFollower(ctx.data.db, actor.href);
      } else if (object instanceof Like || object instanceof Announce) {
        const article = object.objectId ? await articleAt(ctx, object.objectId) : null;
        const kind = object instanceof Like ? "like" : "boost";
        await repo.removeReaction(
          ctx.data.db,
          actor.href,
          object.id?.href ?? null,
          article ? { kind, articleId: article.id } : null,
        );
      } else if (object === null && undo.objectId !== null) {
        // Named but not found (an id that does not resolve): the like or boost it names, if any.
        await repo.removeReaction(ctx.data.db, actor.href, undo.objectId.href, null);
      }
    });

  // An article as an ActivityPub object, so a search for its address on Mastodon finds it (the
  // page links here: <link rel="alternate" type="application/activity+json">).
  federation.setObjectDispatcher(Article, FEDIVERSE_PATHS.article, async (ctx, { slug }) => {
    const article = await shownArticle(ctx.data.db, slug);
    return article ? articleObject(ctx, article) : null;
  });

  federation.setNodeInfoDispatcher(FEDIVERSE_PATHS.nodeInfo, async (ctx) => ({
    software: {
      name: "two-inks",
      version: SITE.version,
      homepage: new URL("/", ctx.origin),
    },
    protocols: ["activitypub"],
    usage: {
      users: { total: 1, activeMonth: 1, activeHalfyear: 1 },
      localPosts: 0,
      localComments: 0,
    },
    openRegistrations: false,
  }));

  return { federation, queue };
}

/** The article on the site at `slug`, as readers see it. */
const shownArticle = (db: Db, slug: string) =>
  articles.shown({ db, publisher: noPublisher, files: contentFiles() }, slug);

/** The blog's article `uri` names (its ActivityPub id), if on the site. */
async function articleAt(ctx: Context<FediverseData>, uri: URL) {
  const target = ctx.parseUri(uri);
  if (target?.type !== "object" || target.class !== Article) return null;
  return shownArticle(ctx.data.db, target.values.slug ?? "");
}

/** A like or a boost of one of the blog's articles, counted once an account. */
async function react(ctx: Context<FediverseData>, activity: Like | Announce, kind: ReactionKind) {
  if (activity.actorId === null || activity.objectId === null) return;
  const article = await articleAt(ctx, activity.objectId);
  if (!article) return;
  await repo.addReaction(ctx.data.db, {
    kind,
    articleId: article.id,
    actorUri: activity.actorId.href,
    activityId: activity.id?.href ?? null,
  });
}

/** Rendered article texts by their Markdown: each fetch of an unchanged article renders none. */
const renderedArticles = new LRUCache<string, string>({
  max: 64,
  maxSize: 16_000_000,
  sizeCalculation: (html, body) => html.length + body.length,
});

async function articleHtml(body: string): Promise<string> {
  const kept = renderedArticles.get(body);
  if (kept !== undefined) return kept;
  const { html } = await previewMarkdown(body);
  renderedArticles.set(body, html);
  return html;
}

/**
 * An article as the fediverse sees it: its title, summary, language and tags (as hashtags),
 * its whole text as HTML (rendered and sanitised as the back office's preview is), from the
 * blog, to everyone, with a link to its page.
 */
export async function articleObject(
  ctx: Context<FediverseData>,
  article: Pick<ArticleRecord, "slug" | "title" | "summary" | "lang" | "tags" | "body">,
): Promise<Article> {
  const url = new URL(sitePaths.article(article.slug), ctx.origin);
  const html = await articleHtml(article.body);
  // The preview's HTML is sanitised (src/lib/sanitize-html.ts); the link is escaped here.
  const content = `${html}<p><a href="${escapeHtml(url.href)}">${escapeHtml(url.href)}</a></p>`;
  return new Article({
    id: ctx.getObjectUri(Article, { slug: article.slug }),
    attribution: ctx.getActorUri(FEDIVERSE_ACTOR),
    to: PUBLIC_COLLECTION,
    cc: ctx.getFollowersUri(FEDIVERSE_ACTOR),
    name: article.title,
    summary: article.summary,
    content: new LanguageString(content, article.lang),
    url,
    tags: article.tags.map(
      (tag) =>
        new Hashtag({
          name: `#${tag}`,
          href: new URL(`/articles/tag/${encodeURIComponent(tag)}/`, ctx.origin),
        }),
    ),
  });
}

/**
 * Runs the queued work (deliveries, received activities) until none is due or `stopAfterMs` has
 * passed: Netlify's scheduled function, where no worker stays up to listen. Answers how many ran.
 */
export function drainQueue(
  blog: BlogFederation,
  data: FediverseData,
  stopAfterMs: number,
): Promise<number> {
  return blog.queue.drain(
    // The queue holds only what this federation enqueued: Fedify's own messages.
    (message) => blog.federation.processQueuedTask(data, message as Message),
    stopAfterMs,
  );
}
