import type { MiddlewareHandler } from "hono";
import { bodyLimit } from "hono/body-limit";
import { createMiddleware } from "hono/factory";
import { matchedRoutes } from "hono/route";
import { ApiError } from "./errors.ts";

// Every request body is capped. The cap is small unless the route that answers declares a larger
// one with `largeBody(…)` among its handlers: a route that does not say so cannot take a big body,
// and no list of paths has to mirror the routes.

/** The cap of every body whose route declares none. */
export const BODY_LIMIT_BYTES = 16 * 1024;

function limit(maxSize: number) {
  return bodyLimit({
    maxSize,
    onError: () => {
      throw new ApiError(413, "payload_too_large", `Request body exceeds ${maxSize} bytes`);
    },
  });
}

/** The route-level caps, by the middleware that declares each. */
const declared = new WeakSet<object>();

/** Declares on a route that its body may be up to `maxSize` bytes (and caps it there). */
export function largeBody(maxSize: number): MiddlewareHandler {
  const middleware = limit(maxSize);
  declared.add(middleware);
  return middleware;
}

/** Declares on a route that its body may be at most `maxSize` bytes, below the default (a beacon). */
export const smallBody = (maxSize: number): MiddlewareHandler => largeBody(maxSize);

/**
 * App-wide: the default cap, unless a handler of the matched route is a `largeBody` cap. Hono
 * matches every handler of a request before the first runs, so this sees the route's own.
 */
export function defaultBodyLimit(maxSize = BODY_LIMIT_BYTES): MiddlewareHandler {
  const small = limit(maxSize);
  return createMiddleware(async (c, next) => {
    // A GET or HEAD carries no body to read (the platform's Request never has one), and asking
    // for it (`c.req.raw.body`) made @hono/node-server build the whole platform Request for
    // every read the API answered: 7 % of a busy server's CPU.
    if (c.req.method === "GET" || c.req.method === "HEAD") return next();
    const ownCap = matchedRoutes(c).some((route) => declared.has(route.handler));
    return ownCap ? next() : small(c, next);
  });
}
