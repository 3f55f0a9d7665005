import { createMiddleware } from "hono/factory";
import { findUserByToken } from "../auth/sessions.ts";
import type { Db } from "../db/client.ts";
import { requestLogs } from "../db/schema.ts";
import type { AppEnv } from "./context.ts";

const BEARER = /^Bearer\s+(\S{16,256})$/i;

/** Resolves the caller from `Authorization: Bearer <token>`; an unknown token means anonymous. */
export const identify = createMiddleware<AppEnv>(async (c, next) => {
  const match = BEARER.exec(c.req.header("authorization") ?? "");
  c.set("user", match?.[1] ? await findUserByToken(c.var.db, match[1]) : null);
  await next();
});

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

/** Records every request (time, method, path, status, duration, user, client IP) for the log center. */
export function requestLog(db: Db, trustProxy: boolean) {
  return createMiddleware<AppEnv>(async (c, next) => {
    const started = performance.now();
    c.set("db", db);
    c.set("user", null);
    c.set("clientIp", clientIpFrom(c.req.header("x-forwarded-for"), c.env?.clientIp, trustProxy));
    await next();
    const entry = {
      method: c.req.method.slice(0, 16),
      path: c.req.path.slice(0, 512),
      status: c.res.status,
      durationMs: Math.round(performance.now() - started),
      userId: c.var.user?.id ?? null,
      ip: c.var.clientIp,
    };
    try {
      await db.insert(requestLogs).values(entry);
    } catch (error) {
      // A lost log line must not turn a good answer into an error.
      console.error("request log write failed", error);
    }
  });
}
