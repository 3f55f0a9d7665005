import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { createServer, type Server } from "node:https";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import {
  createFederation,
  type Federation,
  generateCryptoKeyPair,
  MemoryKvStore,
  signRequest,
} from "@fedify/fedify";
import {
  Accept,
  Announce,
  Article,
  Create,
  Delete,
  Endpoints,
  Follow,
  Hashtag,
  isActor,
  Like,
  Note,
  Person,
  PUBLIC_COLLECTION,
  Undo,
  Update,
} from "@fedify/vocab";
import { getRequestListener } from "@hono/node-server";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, expect, it } from "vitest";
import { describeEachDatabase } from "../../../tests/support/test-db.ts";
import { holdRemoteReply } from "../comments/remote.ts";
import { comments, contentArticles, fediverseFollowers, siteSettings } from "../db/schema.ts";
import type { App } from "../http/app.ts";
import { MemoryBuckets } from "../http/memory-buckets.ts";
import { callJson, createTestApp, userWithSession } from "../test-support.ts";
import { type BlogFederation, createBlogFederation, drainQueue } from "./federation.ts";
import { isFederationPath, toApiRequest } from "./paths.ts";
import { sendArticleActivities } from "./posts.ts";

const ARTICLE = {
  lang: "en-US" as const,
  title: "An article",
  summary: "Its summary.",
  body: "Text.",
  category: "engineering",
};

// The blog as an ActivityPub actor, met by a real ActivityPub server nobody on this project
// wrote: a second Fedify app on loopback, over HTTPS (WebFinger asks https:// only) with a
// certificate made for the run. It finds the blog by its handle, follows it, gets the blog's
// signed Accept, and unfollows. Requests whose signature does not verify are refused.

/** A certificate for 127.0.0.1, made by openssl for this run, and the folder it is in. */
function certificate() {
  const dir = mkdtempSync(join(tmpdir(), "fediverse-tls-"));
  execFileSync(
    "openssl",
    [
      "req",
      "-x509",
      "-newkey",
      "ec",
      "-pkeyopt",
      "ec_paramgen_curve:prime256v1",
      "-nodes",
      "-keyout",
      join(dir, "key.pem"),
      "-out",
      join(dir, "cert.pem"),
      "-subj",
      "/CN=127.0.0.1",
      "-addext",
      "subjectAltName=IP:127.0.0.1",
      "-days",
      "1",
    ],
    { stdio: "ignore" },
  );
  return {
    dir,
    key: readFileSync(join(dir, "key.pem")),
    cert: readFileSync(join(dir, "cert.pem")),
  };
}

/** Serves `fetch` over HTTPS on a free loopback port; answers its origin. */
async function serveTls(
  tls: { key: Buffer; cert: Buffer },
  fetch: (request: Request) => Response | Promise<Response>,
): Promise<{ server: Server; origin: string }> {
  const server = createServer({ key: tls.key, cert: tls.cert }, getRequestListener(fetch));
  await new Promise<void>((listening) => server.listen(0, "127.0.0.1", listening));
  const { port } = server.address() as AddressInfo; // listen() on a port gives an AddressInfo
  return { server, origin: `https://127.0.0.1:${port}` };
}

/** The readers' own server: `ana`, who remembers the Accepts she gets, and `bo`. */
async function readerServer() {
  const accepted: string[] = [];
  /** What the blog sent her of its articles: "Create <object id>" and so on. */
  const received: string[] = [];
  const keys = await generateCryptoKeyPair("RSASSA-PKCS1-v1_5");
  const reader: Federation<void> = createFederation<void>({
    kv: new MemoryKvStore(),
    allowPrivateAddress: true,
  });
  reader
    .setActorDispatcher("/users/{identifier}", async (ctx, identifier) => {
      if (identifier !== "ana" && identifier !== "bo") return null;
      const [key] = await ctx.getActorKeyPairs(identifier);
      return new Person({
        id: ctx.getActorUri(identifier),
        preferredUsername: identifier,
        name: identifier === "ana" ? "Ana" : "Bo",
        inbox: ctx.getInboxUri(identifier),
        endpoints: new Endpoints({ sharedInbox: ctx.getInboxUri() }),
        publicKey: key?.cryptographicKey ?? null,
      });
    })
    .setKeyPairsDispatcher((_ctx, identifier) =>
      identifier === "ana" || identifier === "bo" ? [keys] : [],
    );
  reader
    .setInboxListeners("/users/{identifier}/inbox", "/inbox")
    .on(Accept, (_ctx, accept) => {
      // Fedify verified its signature before this runs; it names Ana's Follow by its id.
      if (accept.actorId && accept.objectId?.href.endsWith("/follows/1")) {
        accepted.push(accept.actorId.href);
      }
    })
    .on(Create, (_ctx, activity) => {
      received.push(`Create ${activity.objectId?.href}`);
    })
    .on(Update, (_ctx, activity) => {
      received.push(`Update ${activity.objectId?.href}`);
    })
    .on(Delete, (_ctx, activity) => {
      received.push(`Delete ${activity.objectId?.href}`);
    });
  return { reader, accepted, received, keys };
}

describeEachDatabase("the blog in the fediverse", (database) => {
  const tls = certificate();
  const wasRejecting = process.env.NODE_TLS_REJECT_UNAUTHORIZED;
  let blog: BlogFederation;
  let app: App;
  let blogServer: { server: Server; origin: string };
  let readerSide: Awaited<ReturnType<typeof readerServer>>;
  let readerHttp: { server: Server; origin: string };
  const buckets = new MemoryBuckets();

  beforeAll(async () => {
    // Both servers' certificate is this run's own: trusted for this test file's requests.
    process.env.NODE_TLS_REJECT_UNAUTHORIZED = "0";
    // As node.ts does: Shiki's WebAssembly is read through the global Response, which the
    // server's adapter replaces with one that cannot read it (the articles' HTML highlights code).
    await import("shiki/wasm");
    const db = database().db;
    blog = createBlogFederation({ db, allowPrivateAddress: true });
    app = createTestApp(db, undefined, undefined, { federation: blog, buckets });
    // As the node server and the Netlify function do: the public paths go to the API.
    blogServer = await serveTls(tls, (request) =>
      app.fetch(isFederationPath(new URL(request.url).pathname) ? toApiRequest(request) : request),
    );
    readerSide = await readerServer();
    readerHttp = await serveTls(tls, (request) =>
      readerSide.reader.fetch(request, { contextData: undefined }),
    );
  });
  beforeEach(() => buckets.clear());
  afterAll(() => {
    blogServer.server.close();
    readerHttp.server.close();
    rmSync(tls.dir, { recursive: true, force: true });
    if (wasRejecting === undefined) delete process.env.NODE_TLS_REJECT_UNAUTHORIZED;
    else process.env.NODE_TLS_REJECT_UNAUTHORIZED = wasRejecting;
  });

  /** Runs the blog's queued work (the received Follow, then the Accept it sends) to the end. */
  const drain = () => drainQueue(blog, { db: database().db }, 20_000);

  const host = () => new URL(blogServer.origin).host;

  it("is found by WebFinger and NodeInfo under its handle, a setting", async () => {
    const finger = await fetch(
      `${blogServer.origin}/.well-known/webfinger?resource=acct:blog@${host()}`,
    );
    expect(finger.status).toBe(200);
    const jrd = await finger.json();
    const self = jrd.links.find((link: { rel: string }) => link.rel === "self");
    expect(self.href).toBe(`${blogServer.origin}/ap/actor/blog`);

    const actor = await fetch(self.href, { headers: { accept: "application/activity+json" } });
    const person = await actor.json();
    expect(person).toMatchObject({
      type: "Person",
      preferredUsername: "blog",
      name: "Two Inks",
      inbox: `${blogServer.origin}/ap/actor/blog/inbox`,
    });
    expect(person.publicKey.publicKeyPem).toContain("BEGIN PUBLIC KEY");

    const nodeinfo = await (await fetch(`${blogServer.origin}/.well-known/nodeinfo`)).json();
    const info = await (await fetch(nodeinfo.links[0].href)).json();
    expect(info).toMatchObject({ protocols: ["activitypub"], software: { name: "two-inks" } });

    // The handle changed in the settings: the new one finds the same actor, the old none.
    const db = database().db;
    await db.insert(siteSettings).values({ id: "site", value: { fediverseHandle: "notes" } });
    const renamed = await fetch(
      `${blogServer.origin}/.well-known/webfinger?resource=acct:notes@${host()}`,
    );
    expect((await renamed.json()).links[0].href).toBe(`${blogServer.origin}/ap/actor/blog`);
    const old = await fetch(
      `${blogServer.origin}/.well-known/webfinger?resource=acct:blog@${host()}`,
    );
    expect(old.status).toBe(404);
  });

  it("names itself at SITE_URL, whatever address a proxy asked on", async () => {
    const db = database().db;
    const behind = createTestApp(db, undefined, undefined, {
      federation: createBlogFederation({ db, origin: "https://blog.example" }),
    });
    const finger = await behind.request(
      "http://127.0.0.1:4321/api/federation/.well-known/webfinger?resource=acct:blog@blog.example",
    );
    expect((await finger.json()).links[0].href).toBe("https://blog.example/ap/actor/blog");
  });

  it("is followed from another server through WebFinger, accepts with a signature, is unfollowed", async () => {
    const db = database().db;
    const { reader, accepted } = readerSide;
    const ctx = reader.createContext(new URL(readerHttp.origin));
    const found = await ctx.lookupObject(`@blog@${host()}`);
    if (!isActor(found) || !found.id) throw new Error("the blog was not found by its handle");
    expect(found.id.href).toBe(`${blogServer.origin}/ap/actor/blog`);

    const follow = new Follow({
      id: new URL(`${readerHttp.origin}/follows/1`),
      actor: ctx.getActorUri("ana"),
      object: found.id,
    });
    await ctx.sendActivity({ identifier: "ana" }, found, follow);
    await drain();
    const [row] = await db.select().from(fediverseFollowers);
    expect(row).toMatchObject({
      actorUri: `${readerHttp.origin}/users/ana`,
      inboxUri: `${readerHttp.origin}/users/ana/inbox`,
      sharedInboxUri: `${readerHttp.origin}/inbox`,
      handle: `@ana@${new URL(readerHttp.origin).host}`,
      name: "Ana",
    });
    // The reader's server verified the blog's signature on the Accept before taking it.
    expect(accepted).toEqual([found.id.href]);

    // The owner sees her among the followers, her profile linked.
    const owner = await userWithSession(db, { role: "admin" });
    const listed = await callJson(app, "GET", "/api/admin/fediverse/followers", {
      token: owner.token,
    });
    expect(listed.body.data).toMatchObject({ total: 1, page: 1 });
    expect(listed.body.data.items[0]).toMatchObject({
      handle: `@ana@${new URL(readerHttp.origin).host}`,
      name: "Ana",
    });
    expect((await callJson(app, "GET", "/api/admin/fediverse/followers")).status).toBe(401);

    // The followers collection counts her.
    const collection = await fetch(`${blogServer.origin}/ap/actor/blog/followers`, {
      headers: { accept: "application/activity+json" },
    });
    expect((await collection.json()).totalItems).toBe(1);

    await ctx.sendActivity(
      { identifier: "ana" },
      found,
      new Undo({
        id: new URL(`${readerHttp.origin}/follows/1/undo`),
        actor: ctx.getActorUri("ana"),
        object: follow,
      }),
    );
    await drain();
    expect(
      await db
        .select()
        .from(fediverseFollowers)
        .where(eq(fediverseFollowers.actorUri, `${readerHttp.origin}/users/ana`)),
    ).toEqual([]);
  });

  it("serves a live article as an ActivityPub Article, found from another server", async () => {
    const db = database().db;
    const article = {
      lang: "en-US" as const,
      title: "Slow <networks>",
      summary: "What a page weighs & why.",
      body: "A **bold** claim.\n\n<script>alert(1)</script>",
      category: "engineering",
      tags: ["performance"],
    };
    await db.insert(contentArticles).values([
      { ...article, slug: "fed-live", status: "published", publishedAt: new Date() },
      { ...article, slug: "fed-draft", status: "draft" },
    ]);
    const ctx = readerSide.reader.createContext(new URL(readerHttp.origin));
    const found = await ctx.lookupObject(`${blogServer.origin}/ap/articles/fed-live`);
    if (!(found instanceof Article)) throw new Error("no Article");
    expect(found.name?.toString()).toBe("Slow <networks>");
    expect(found.attributionId?.href).toBe(`${blogServer.origin}/ap/actor/blog`);
    expect(found.url).toEqual(new URL(`${blogServer.origin}/articles/fed-live/`));
    expect(found.summary?.toString()).toBe("What a page weighs & why.");
    // The whole text as HTML, sanitised; the page's link after it.
    const html = found.content?.toString() ?? "";
    expect(html).toContain("<strong>bold</strong>");
    expect(html).not.toContain("<script");
    expect(html).toContain(`href="${blogServer.origin}/articles/fed-live/"`);
    const [tag] = await Array.fromAsync(found.getTags());
    expect(tag instanceof Hashtag && tag.name?.toString()).toBe("#performance");
    const draft = await fetch(`${blogServer.origin}/ap/articles/fed-draft`, {
      headers: { accept: "application/activity+json" },
    });
    expect(draft.status).toBe(404);
  });

  it("sends its followers a Create when an article goes live, once; an Update; a Delete", async () => {
    const db = database().db;
    const { reader, received } = readerSide;
    received.length = 0;
    const ctx = reader.createContext(new URL(readerHttp.origin));
    const blogActor = await ctx.lookupObject(`@blog@${host()}`);
    if (!isActor(blogActor) || !blogActor.id) throw new Error("the blog was not found");
    await ctx.sendActivity(
      { identifier: "ana" },
      blogActor,
      new Follow({
        id: new URL(`${readerHttp.origin}/follows/2`),
        actor: ctx.getActorUri("ana"),
        object: blogActor.id,
      }),
    );
    await drain();
    const sync = () => sendArticleActivities(blog, { db }, blogServer.origin);
    const object = `${blogServer.origin}/ap/articles/fed-new`;
    const minuteAgo = new Date(Date.now() - 60_000);
    const [row] = await db
      .insert(contentArticles)
      .values({
        ...ARTICLE,
        slug: "fed-new",
        status: "published",
        publishedAt: minuteAgo,
        updatedAt: minuteAgo,
      })
      .returning();
    // An old article republished, and a draft: never sent.
    await db.insert(contentArticles).values([
      {
        ...ARTICLE,
        slug: "fed-old",
        status: "published",
        publishedAt: new Date(Date.now() - 5 * 86_400_000),
      },
      { ...ARTICLE, slug: "fed-draft-2", status: "draft" },
    ]);
    expect(await sync()).toEqual({ created: 1, updated: 0, deleted: 0 });
    expect(await sync()).toEqual({ created: 0, updated: 0, deleted: 0 });
    await drain();
    expect(received).toEqual([`Create ${object}`]);

    await db
      .update(contentArticles)
      .set({ title: "New, changed", updatedAt: new Date() })
      .where(eq(contentArticles.id, row?.id ?? ""));
    expect(await sync()).toEqual({ created: 0, updated: 1, deleted: 0 });
    await db.delete(contentArticles).where(eq(contentArticles.id, row?.id ?? ""));
    expect(await sync()).toEqual({ created: 0, updated: 0, deleted: 1 });
    expect(await sync()).toEqual({ created: 0, updated: 0, deleted: 0 });
    await drain();
    expect(received).toEqual([`Create ${object}`, `Update ${object}`, `Delete ${object}`]);
  });

  it("keeps a reply from the fediverse as a comment waiting for the owner, once", async () => {
    const db = database().db;
    await db
      .insert(contentArticles)
      .values({ ...ARTICLE, slug: "fed-reply", status: "published", publishedAt: new Date() });
    const ctx = readerSide.reader.createContext(new URL(readerHttp.origin));
    const blogActor = await ctx.lookupObject(`@blog@${host()}`);
    if (!isActor(blogActor)) throw new Error("the blog was not found");
    const ana = ctx.getActorUri("ana");
    const reply = (n: number, target: string) =>
      new Create({
        id: new URL(`${readerHttp.origin}/notes/${n}#create`),
        actor: ana,
        object: new Note({
          id: new URL(`${readerHttp.origin}/notes/${n}`),
          attribution: ana,
          replyTarget: new URL(target),
          content:
            '<p><span><a href="x">@blog</a></span> Lovely <b>post</b>!</p><p>Second<br>line</p>',
        }),
      });
    const article = `${blogServer.origin}/ap/articles/fed-reply`;
    await ctx.sendActivity({ identifier: "ana" }, blogActor, reply(1, article));
    // Delivered twice (a retry), and a reply to something that is not one of its articles.
    await ctx.sendActivity({ identifier: "ana" }, blogActor, reply(1, article));
    await ctx.sendActivity(
      { identifier: "ana" },
      blogActor,
      reply(2, `${readerHttp.origin}/notes/9`),
    );
    await drain();
    const rows = await db.select().from(comments);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      kind: "article",
      item: "fed-reply",
      guestName: "Ana",
      guestEmail: null,
      remoteUrl: ana.href,
      remoteId: `${readerHttp.origin}/notes/1`,
      status: "pending",
      body: "@blog Lovely post!\n\nSecond\nline",
    });
    expect(rows[0]?.html).not.toContain("<b>");

    // In the owner's queue with the profile link; a profile address that is no web page is
    // dropped, never linked.
    const owner = await userWithSession(db, { role: "admin" });
    const queue = await callJson(app, "GET", "/api/admin/comments?status=pending", {
      token: owner.token,
    });
    expect(queue.body.data.items[0].author).toMatchObject({ name: "Ana", url: ana.href });
    await holdRemoteReply(db, {
      kind: "article",
      item: "fed-reply",
      name: "Mallory",
      url: "javascript:alert(1)",
      id: "https://evil.example/notes/1",
      text: "Hi",
      lang: "en-US",
    });
    const [mallory] = await db.select().from(comments).where(eq(comments.guestName, "Mallory"));
    expect(mallory?.remoteUrl).toBeNull();
  });

  it("counts likes and boosts of an article once an account; an Undo takes back only its own", async () => {
    const db = database().db;
    const [row] = await db
      .insert(contentArticles)
      .values({ ...ARTICLE, slug: "fed-liked", status: "published", publishedAt: new Date() })
      .returning();
    const ctx = readerSide.reader.createContext(new URL(readerHttp.origin));
    const blogActor = await ctx.lookupObject(`@blog@${host()}`);
    if (!isActor(blogActor) || !row) throw new Error("the blog was not found");
    const ana = ctx.getActorUri("ana");
    const article = new URL(`${blogServer.origin}/ap/articles/fed-liked`);
    const from = (who: string, activity: Like | Announce | Undo) =>
      ctx.sendActivity({ identifier: who }, blogActor, activity);
    const like = new Like({
      id: new URL(`${readerHttp.origin}/likes/1`),
      actor: ana,
      object: article,
    });
    await from("ana", like);
    await from("ana", like); // delivered again: counted once
    await from(
      "ana",
      new Announce({
        id: new URL(`${readerHttp.origin}/boosts/1`),
        actor: ana,
        object: article,
        to: PUBLIC_COLLECTION,
      }),
    );
    // A like of something that is not one of the blog's articles: not counted.
    await from(
      "ana",
      new Like({
        id: new URL(`${readerHttp.origin}/likes/2`),
        actor: ana,
        object: new URL(`${readerHttp.origin}/notes/9`),
      }),
    );
    await drain();
    const owner = await userWithSession(db, { role: "admin" });
    const counts = async () =>
      (await callJson(app, "GET", "/api/admin/fediverse/reactions", { token: owner.token })).body
        .data.items;
    expect(await counts()).toEqual([{ id: row.id, likes: 1, boosts: 1 }]);

    // Bo cannot take back Ana's like, neither by embedding it nor by naming it.
    const bo = ctx.getActorUri("bo");
    await from(
      "bo",
      new Undo({ id: new URL(`${readerHttp.origin}/undo/1`), actor: bo, object: like }),
    );
    await from(
      "bo",
      new Undo({ id: new URL(`${readerHttp.origin}/undo/2`), actor: bo, object: like.id }),
    );
    await drain();
    expect(await counts()).toEqual([{ id: row.id, likes: 1, boosts: 1 }]);

    await from(
      "ana",
      new Undo({ id: new URL(`${readerHttp.origin}/undo/3`), actor: ana, object: like }),
    );
    await drain();
    expect(await counts()).toEqual([{ id: row.id, likes: 0, boosts: 1 }]);
    expect((await callJson(app, "GET", "/api/admin/fediverse/reactions")).status).toBe(401);

    // The article deleted: its likes and boosts go with it.
    const deleted = await callJson(app, "DELETE", `/api/admin/articles/${row.id}`, {
      token: owner.token,
    });
    expect(deleted.status).toBe(200);
    expect(await counts()).toEqual([]);
  });

  it("refuses an activity unsigned, or signed and then changed", async () => {
    const inbox = `${blogServer.origin}/ap/actor/blog/inbox`;
    const body = JSON.stringify({
      "@context": "https://www.w3.org/ns/activitystreams",
      id: `${readerHttp.origin}/follows/forged`,
      type: "Follow",
      actor: `${readerHttp.origin}/users/ana`,
      object: `${blogServer.origin}/ap/actor/blog`,
    });
    const post = (init: RequestInit = {}) =>
      new Request(inbox, {
        method: "POST",
        headers: { "content-type": "application/activity+json" },
        body,
        ...init,
      });
    expect((await fetch(post())).status).toBe(401);

    // Signed with Ana's key, then its body swapped: the digest no longer matches.
    const signed = await signRequest(
      post(),
      readerSide.keys.privateKey,
      new URL(`${readerHttp.origin}/users/ana#main-key`),
    );
    const swapped = new Request(signed, { body: body.replace("forged", "swapped") });
    expect([400, 401]).toContain((await fetch(swapped)).status);
    await drain();
    expect(await database().db.select().from(fediverseFollowers)).toEqual([]);
  });
});
