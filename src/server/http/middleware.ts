import type { Context } from "hono";
import { createMiddleware } from "hono/factory";
import { findUserByToken, hashToken } from "../auth/sessions.ts";
import type { Publisher } from "../content/publisher.ts";
import type { Db } from "../db/client.ts";
import type { Mailer } from "../mail/mailer.ts";
import type { Storage } from "../storage/storage.ts";
import type { AppEnv, Outbound, RequestUser } from "./context.ts";
import { ApiError } from "./errors.ts";
import { directLogWriter, type LogWriter } from "./log-writer.ts";

const BEARER = /^Bearer\s+(\S{16,256})$/i;

/** Resolves the caller from `Authorization: Bearer <token>`; an unknown token means anonymous. */
export const identify = createMiddleware<AppEnv>(async (c, next) => {
  const token = BEARER.exec(c.req.header("authorization") ?? "")?.[1];
  c.set("tokenHash", token ? hashToken(token) : null);
  c.set("user", token ? await findUserByToken(c.var.db, token) : null);
  await next();
});

/** 401 "Please log in" unless the caller has an active session. */
export const requireUser = createMiddleware<AppEnv>(async (c, next) => {
  if (!c.var.user) throw new ApiError(401, "unauthorized", "Please log in");
  await next();
});

/** 401 without an active session, 403 "Admin rights required" for a non-admin. The role is read live. */
export const requireAdmin = createMiddleware<AppEnv>(async (c, next) => {
  if (!c.var.user) throw new ApiError(401, "unauthorized", "Please log in");
  if (c.var.user.role !== "admin") throw new ApiError(403, "forbidden", "Admin rights required");
  await next();
});

/** The caller behind a guard (requireUser or requireAdmin ran first). */
export function caller(c: Context<AppEnv>): RequestUser {
  if (!c.var.user) throw new ApiError(401, "unauthorized", "Please log in");
  return c.var.user;
}

/**
 * Work a request leaves for after its answer, such as mail (it catches its own errors). By
 * default the answer does not wait: the platform's `waitUntil` keeps it alive where the request
 * has one (a Netlify Function), and a server that stays up (`npm start`, `astro dev`) finishes
 * it anyway. The tests wait for it, so what it did is there when the answer is.
 */
export type AfterAnswer = (work: Promise<void>) => Promise<void>;

function keepAlive(c: Context<AppEnv>, work: Promise<void>): Promise<void> {
  try {
    c.executionCtx.waitUntil(work);
  } catch {
    // No execution context here (Node): the process outlives the work.
  }
  return Promise.resolve();
}

/** Hands the ports (mail, storage, publishing, outbound requests) to the handlers. */
export function provide(ports: {
  mailer: Mailer;
  storage: Storage;
  publisher: Publisher;
  outbound: Outbound;
  afterAnswer?: AfterAnswer | undefined;
}) {
  return createMiddleware<AppEnv>(async (c, next) => {
    const after = ports.afterAnswer;
    c.set("afterAnswer", after ?? ((work) => keepAlive(c, work)));
    c.set("outbound", ports.outbound);
    c.set("mailer", ports.mailer);
    c.set("storage", ports.storage);
    c.set("publisher", ports.publisher);
    await next();
  });
}

/**
 * The client address: the first X-Forwarded-For hop only when the deployment says a
 * trusted proxy sets it, otherwise what the entry point saw.
 */
export function clientIpFrom(
  forwardedFor: string | undefined,
  peer: string | undefined,
  trustProxy: boolean,
): string | null {
  if (trustProxy && forwardedFor) {
    const first = forwardedFor.split(",")[0]?.trim();
    if (first) return first.slice(0, 64);
  }
  return peer ? peer.slice(0, 64) : null;
}

/**
 * Records every request (time, method, path, status, duration, user, client IP, browser) for the
 * log center, through `writer` (one insert a request unless the server batches them).
 */
export function requestLog(db: Db, trustProxy: boolean, writer: LogWriter = directLogWriter(db)) {
  // Text PostgreSQL accepts, at most `max` UTF-16 units: NUL (which `text` refuses) and lone
  // surrogates (a cut emoji, say) become U+FFFD, one unit for one, so the bound holds.
  const loggable = (value: string, max: number) =>
    value.slice(0, max).replaceAll("\0", "\uFFFD").toWellFormed();
  return createMiddleware<AppEnv>(async (c, next) => {
    const started = performance.now();
    c.set("db", db);
    c.set("user", null);
    c.set("tokenHash", null);
    c.set("clientIp", clientIpFrom(c.req.header("x-forwarded-for"), c.env?.clientIp, trustProxy));
    await next();
    await writer.write({
      method: loggable(c.req.method, 16),
      path: loggable(c.req.path, 512),
      status: c.res.status,
      durationMs: Math.round(performance.now() - started),
      userId: c.var.user?.id ?? null,
      ip: c.var.clientIp === null ? null : loggable(c.var.clientIp, 64),
      userAgent: loggable(c.req.header("user-agent") ?? "", 512) || null,
    });
  });
}
