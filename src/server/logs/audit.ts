import type { Context } from "hono";
import { createMiddleware } from "hono/factory";
import { routePath } from "hono/route";
import type { AppEnv } from "../http/context.ts";
import { insertAuditLog, lastStateOf } from "./repository.ts";

// The audit log: every write an admin made that succeeded, recorded after it answered, with
// who, what, on which item, the item before and after, what was asked, and from where. A lost
// entry never turns a good answer into an error.

const WRITES = new Set(["POST", "PUT", "PATCH", "DELETE"]);

/** The last word of a route that is itself the action (`…/:id/publish`, `…/order`). */
const ACTION_WORDS = new Set([
  "publish",
  "unpublish",
  "restore",
  "order",
  "preview-link",
  "replies",
  "status",
  "check",
  "test",
  "revoke-others",
]);

const VERBS: Record<string, string> = {
  POST: "create",
  PUT: "update",
  PATCH: "update",
  DELETE: "delete",
};

/** A SPEC route named by a verb and a noun (`createUser`, `changePassword`, `logOutUser`). */
const VERB_NOUN = /^(create|delete|update|change|upload|request|confirm|logOut|reset)([A-Z]\w*)$/;

/** Kinds whose routes name them in the singular (`createUser`): the plural, as elsewhere. */
const PLURAL: Record<string, string> = { user: "users" };

/**
 * What a write did, as `<kind>.<verb>`, from its method and its route (the pattern it matched,
 * `/api/admin/categories/:slug`, so a slug is never taken for a word): `articles.update`,
 * `articles.publish`, `articles.restore` (a revision of it), `nav.links.order`, `users.create`
 * (`POST /api/createUser`), `feedback.status`. Its item is the route's last parameter.
 */
export function actionOf(
  method: string,
  route: string,
  path: string,
): { action: string; targetId: string | null } {
  const strip = (text: string) => text.replace(/^\/api\/(?:admin\/)?/, "").split("/");
  const pattern = strip(route);
  const actual = strip(path);
  const words: string[] = [];
  const ids: string[] = [];
  pattern.forEach((segment, i) => {
    if (segment.startsWith(":")) ids.push(decodeURIComponent(actual[i] ?? ""));
    else if (segment && segment !== "revisions") words.push(segment);
  });
  const last = words.at(-1) ?? "";
  const named = words.length === 1 ? VERB_NOUN.exec(last) : null;
  let action: string;
  if (named) {
    const noun = (named[2] ?? "").toLowerCase();
    action = `${PLURAL[noun] ?? noun}.${(named[1] ?? "").toLowerCase()}`;
  } else {
    const verb = ACTION_WORDS.has(last) ? last : (VERBS[method] ?? method.toLowerCase());
    const nouns = ACTION_WORDS.has(last) ? words.slice(0, -1) : words;
    // A kind within a namespace (`nav/groups/:id/links`) is named by the namespace and its last noun.
    const kind = nouns.length > 1 ? `${nouns[0]}.${nouns.at(-1)}` : (nouns[0] ?? "");
    action = `${kind}.${verb}`;
  }
  // The item acted on: the first parameter (`/articles/:id/revisions/:revision`: the article).
  return { action: action.slice(0, 80), targetId: ids[0]?.slice(0, 200) ?? null };
}

/**
 * Writes that are no one's decision and would bury the rest: a page's view counted, the
 * editor's preview and an import's dry run, codes asked for, a question to the chat, and the
 * editor's autosaves (their revisions keep them).
 */
function isNoise(c: Context<AppEnv>): boolean {
  if (c.req.header("x-autosave") === "1") return true;
  return /^\/api\/(?:beacon|chat|admin\/preview|admin\/imports\/preview|getEmailCode|getResetEmailCode|verifyEmailCode)\/?$/.test(
    c.req.path,
  );
}

const SECRET = /password|token|secret|apikey|api_key|authorization/i;
const MAX_JSON = 32_000;

/** A value without its secrets (any key naming one), and at most about 32 KB of it. */
export function withoutSecrets(value: unknown, depth = 0): unknown {
  if (depth > 8) return "…";
  if (Array.isArray(value))
    return value.slice(0, 200).map((item) => withoutSecrets(item, depth + 1));
  if (typeof value === "string") return value.length > 4000 ? `${value.slice(0, 4000)}…` : value;
  if (typeof value !== "object" || value === null) return value;
  const kept: Record<string, unknown> = {};
  for (const [key, field] of Object.entries(value)) {
    kept[key] = SECRET.test(key) ? "(hidden)" : withoutSecrets(field, depth + 1);
  }
  return kept;
}

function bounded(value: unknown): unknown {
  const clean = withoutSecrets(value);
  const text = JSON.stringify(clean) ?? "null";
  return text.length > MAX_JSON ? { truncated: true, start: text.slice(0, MAX_JSON) } : clean;
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

/** The item a body or an answer names when the route names none: its `id`, or its `ids`. */
function idsOf(value: unknown): string | null {
  if (!isRecord(value)) return null;
  if (typeof value.id === "string") return value.id;
  const ids = Array.isArray(value.ids) ? value.ids.filter((id) => typeof id === "string") : [];
  return ids.length > 0 ? ids.join(" ").slice(0, 200) : null;
}

/**
 * What names an item in a line: its title, name, slug, email or subject (a text in both
 * languages: its English one); several items (`names`) by their names together.
 */
export function labelOf(item: unknown): string {
  if (!isRecord(item)) return "";
  if (Array.isArray(item.names)) return item.names.join(", ").slice(0, 200);
  for (const key of ["title", "name", "userName", "slug", "email", "subject", "originalName"]) {
    const value = item[key];
    if (typeof value === "string" && value) return value.slice(0, 200);
    if (isRecord(value)) {
      const text = value["en-US"] ?? value["zh-CN"];
      if (typeof text === "string" && text) return text.slice(0, 200);
    }
  }
  return "";
}

/** Records each write an admin made that succeeded (place it after `identify`). */
export const audit = createMiddleware<AppEnv>(async (c, next) => {
  if (!WRITES.has(c.req.method) || isNoise(c)) return next();
  await next();
  const user = c.var.user;
  if (user?.role !== "admin" || c.res.status >= 400) return;
  try {
    // What was asked: the body the route's validator parsed (Hono keeps it; read after the
    // handler, never before, so the route's own body limit reads the stream first).
    const isJson = (c.req.header("content-type") ?? "").includes("application/json");
    const asked: unknown = isJson ? await c.req.json().catch(() => null) : null;
    const answer: unknown = await c.res
      .clone()
      .json()
      .catch(() => null);
    const data = isRecord(answer) ? answer.data : null;
    const { action, targetId: fromPath } = actionOf(c.req.method, routePath(c, -1), c.req.path);
    const targetId = fromPath ?? idsOf(data) ?? idsOf(asked);
    const before = targetId ? await lastStateOf(c.var.db, targetId) : null;
    const after = c.req.method === "DELETE" ? null : bounded(data);
    await insertAuditLog(c.var.db, {
      actorId: user.id,
      actorName: user.userName,
      action,
      method: c.req.method,
      path: c.req.path.slice(0, 512),
      targetId,
      targetLabel: labelOf(data) || labelOf(before) || labelOf(asked),
      before,
      after,
      request: isJson ? bounded(asked) : { contentType: c.req.header("content-type") ?? null },
      ip: c.var.clientIp,
      userAgent: (c.req.header("user-agent") ?? "").slice(0, 512) || null,
    });
  } catch (error) {
    console.error("audit log write failed", error);
  }
});
