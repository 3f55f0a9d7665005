import type { Context } from "hono";
import { expect, it } from "vitest";
import { z } from "zod";
import type { Db } from "../db/client.ts";
import { type App, createApp } from "../http/app.ts";
import { requireAdmin, requireUser } from "../http/middleware.ts";
import { concretePath, listRoutes, type RouteEntry } from "../http/routes-list.ts";
import { jsonBody } from "../http/validate.ts";
import type { Mailer } from "../mail/mailer.ts";
import type { Storage } from "../storage/storage.ts";
import { callJson, createTestApp, describeEachDb } from "../test-support.ts";
import { type Caller, tokenFor } from "./users.test-support.ts";

// The guard matrix: every route of the app, read from the app itself.

/** Routes anyone may call: they accept or refuse by their own rules, never by a guard. */
const PUBLIC_ROUTES = [
  "GET /api/encryption-key",
  "POST /api/getEmailCode",
  "POST /api/getResetEmailCode",
  "POST /api/register",
  "POST /api/login",
  "POST /api/logOutUser",
  "POST /api/verifyEmailCode",
  "POST /api/resetPassword",
  "GET /api/verifyIdentity",
  "POST /api/createFeedback",
  "GET /api/avatars/:name",
  "GET /api/media/:name",
  // The page of a secret draft link: the token is the key (content.draft-links.test.ts).
  "GET /api/draft-preview",
  // A page's view counted, nothing about the visitor (readership/routes.test.ts).
  "POST /api/beacon",
  // A reader's question to the AI chat, limited per address and account (chat/chat.test.ts).
  "POST /api/chat",
  // Readers' comments: read by anyone, written by readers and guests, limited per address and
  // account (comments/comments.test.ts).
  "GET /api/comments",
  "GET /api/comments/counts",
  "POST /api/comments",
  // The comments as a page for readers without JavaScript (comments/page.test.ts), and the
  // unsubscribe link of a reply mail: its token is the key (comments/reply-mail.test.ts).
  "GET /api/comments/page",
  "GET /api/comments/unsubscribe",
  "POST /api/comments/unsubscribe",
  "POST /api/follow",
  "GET /api/follow/confirm",
  "GET /api/follow/unsubscribe",
  "POST /api/follow/unsubscribe",
  // The blog's ActivityPub actor: read by anyone; an inbox takes activities whose HTTP signature
  // Fedify verifies, limited per address (fediverse/fediverse.test.ts).
  "POST /api/federation/ap/inbox",
  "POST /api/federation/ap/actor/:identifier/inbox",
  "GET /api/federation/*",
];
/** Routes for any logged-in account (requireUser). Every other route is for admins only. */
const USER_ROUTES = [
  "PUT /api/updateProfile",
  "POST /api/requestEmailChange",
  "POST /api/confirmEmailChange",
  "POST /api/changePassword",
  "POST /api/uploadAvatar",
  "GET /api/sessions",
  "DELETE /api/sessions/:id",
  "POST /api/sessions/revoke-others",
  "PUT /api/comments/:id",
  "DELETE /api/comments/:id",
];

/**
 * The app's route table, read at collection time from an app built without a database (no
 * request is ever made to it); the tests check the app they call has the same table.
 */
const ROUTES = listRoutes(
  createApp({ db: {} as Db, mailer: {} as Mailer, storage: {} as Storage }),
);
const routeKey = (route: RouteEntry) => `${route.method} ${route.path}`;
/** What fills every path parameter: a valid uuid, so no guard can hide behind a 400 on the id. */
const SOME_ID = "5b0e1c8e-3a4f-4c1b-9d2e-7f6a8b9c0d1e";

/** The callers an admin route refuses (a user route lets the reader through). */
const REFUSED: Caller[] = ["anonymous", "reader", "disabled", "expired", "revoked", "forged"];

/**
 * What is wrong with one route's guard, as lines (none when it is right). Called with no body
 * and no query, so a route that validates before it checks rights answers 400 and is caught:
 * - a public route is not checked;
 * - a user route answers 401 "Please log in" to every caller without an active session, and
 *   lets a reader through (anything but 401 and 403);
 * - every other route answers 401 "Please log in" to every caller without an active session
 *   and 403 "Admin rights required" to a reader.
 */
async function guardProblems(
  app: App,
  route: RouteEntry,
  tokens: Map<Caller, string | undefined>,
): Promise<string[]> {
  const key = routeKey(route);
  if (PUBLIC_ROUTES.includes(key)) return [];
  const forUsers = USER_ROUTES.includes(key);
  const method = route.method === "ALL" ? "GET" : route.method;
  const path = concretePath(route.path, SOME_ID);
  const problems: string[] = [];
  for (const caller of REFUSED) {
    const res = await callJson(app, method, path, { token: tokens.get(caller) });
    const got = `${res.status} ${JSON.stringify(res.body?.message)}`;
    if (caller === "reader") {
      if (forUsers) {
        if (res.status === 401 || res.status === 403) {
          problems.push(`${key} refused a reader (${got}), though it is for any account`);
        }
      } else if (res.status !== 403 || res.body?.message !== "Admin rights required") {
        problems.push(`${key} as reader: ${got}, expected 403 "Admin rights required"`);
      }
    } else if (res.status !== 401 || res.body?.message !== "Please log in") {
      problems.push(`${key} as ${caller}: ${got}, expected 401 "Please log in"`);
    }
  }
  return problems;
}

async function refusedTokens(db: Db): Promise<Map<Caller, string | undefined>> {
  const tokens = new Map<Caller, string | undefined>();
  for (const caller of REFUSED) tokens.set(caller, await tokenFor(db, caller));
  return tokens;
}

describeEachDb("guards of every route, read from the app", (ctx) => {
  it("lists the app's routes, and every allowlisted route exists", () => {
    const { app } = ctx();
    expect(listRoutes(app)).toEqual(ROUTES);
    const keys = ROUTES.map(routeKey);
    expect(ROUTES.length).toBeGreaterThan(PUBLIC_ROUTES.length + USER_ROUTES.length);
    for (const key of [...PUBLIC_ROUTES, ...USER_ROUTES]) expect(keys).toContain(key);
    // Each admin route the API spec names is among them, and the gallery's.
    for (const key of [
      "GET /api/getAllUsers",
      "POST /api/createUser",
      "POST /api/deleteUsers",
      "PUT /api/updateUsers/:id",
      "GET /api/getAllFeedback",
      "PUT /api/feedback/:id/status",
      "GET /api/admin/photos",
      "POST /api/admin/photos",
      "GET /api/admin/photos/:id",
      "PUT /api/admin/photos/:id",
      "DELETE /api/admin/photos/:id",
      "POST /api/admin/photos/:id/publish",
      "POST /api/admin/photos/:id/unpublish",
      "GET /api/admin/albums",
      "POST /api/admin/albums",
      "PUT /api/admin/albums/:slug",
      "DELETE /api/admin/albums/:slug",
    ]) {
      expect(keys).toContain(key);
    }
  });

  it.each(ROUTES.filter((route) => !PUBLIC_ROUTES.includes(routeKey(route))))(
    "$method $path refuses whom it must",
    async (route) => {
      const { app, database } = ctx();
      expect(await guardProblems(app, route, await refusedTokens(database.db))).toEqual([]);
    },
  );

  it("catches a route added without its guard (the matrix tested on itself)", async () => {
    const { database } = ctx();
    const app = createTestApp(database.db);
    const answer = (c: Context) => c.json({ code: 200, message: "OK", data: null });
    // No guard at all; a user's guard on an admin route; the body checked before the rights.
    app.get("/admin/leak", answer);
    app.post("/exportUsers/:id", requireUser, answer);
    app.post(
      "/admin/import",
      jsonBody(z.object({ rows: z.array(z.string()) })),
      requireAdmin,
      answer,
    );
    const routes = listRoutes(app);
    expect(routes.map(routeKey)).toEqual(
      expect.arrayContaining([
        "GET /api/admin/leak",
        "POST /api/exportUsers/:id",
        "POST /api/admin/import",
      ]),
    );
    // The routes this app has beyond the real one's (those are checked one by one above).
    const added = routes.filter((route) => !ROUTES.map(routeKey).includes(routeKey(route)));
    expect(added).toHaveLength(3);
    const tokens = await refusedTokens(database.db);
    const problems: string[] = [];
    for (const route of added) problems.push(...(await guardProblems(app, route, tokens)));
    const imports = problems.filter((line) => line.startsWith("POST /api/admin/import "));
    expect(problems.filter((line) => !imports.includes(line))).toEqual([
      'GET /api/admin/leak as anonymous: 200 "OK", expected 401 "Please log in"',
      'GET /api/admin/leak as reader: 200 "OK", expected 403 "Admin rights required"',
      'GET /api/admin/leak as disabled: 200 "OK", expected 401 "Please log in"',
      'GET /api/admin/leak as expired: 200 "OK", expected 401 "Please log in"',
      'GET /api/admin/leak as revoked: 200 "OK", expected 401 "Please log in"',
      'GET /api/admin/leak as forged: 200 "OK", expected 401 "Please log in"',
      'POST /api/exportUsers/:id as reader: 200 "OK", expected 403 "Admin rights required"',
    ]);
    expect(imports).toHaveLength(REFUSED.length);
    for (const line of imports) expect(line).toMatch(/: 400 /);
  });
});
