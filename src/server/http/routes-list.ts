/** One endpoint of the app: a method and a path pattern as registered (`/api/feedback/:id/status`). */
export interface RouteEntry {
  method: string;
  path: string;
}

/**
 * Every endpoint an app answers, read from Hono's own `app.routes`, in registration order.
 *
 * `app.routes` holds one entry per registered handler: a route with two middlewares and a
 * handler appears three times, and each `app.use(…)` adds an `ALL` entry on a wildcard path
 * (`/api/*`). Those middleware entries are left out (`ALL` on a path ending in `*`); the rest
 * are folded into one entry per method and path. An endpoint registered with `app.all(path)`
 * on a plain path stays, with method `ALL`.
 */
export function listRoutes(app: {
  routes: ReadonlyArray<{ method: string; path: string }>;
}): RouteEntry[] {
  const seen = new Set<string>();
  const routes: RouteEntry[] = [];
  for (const { method, path } of app.routes) {
    if (method === "ALL" && path.endsWith("*")) continue;
    const key = `${method} ${path}`;
    if (seen.has(key)) continue;
    seen.add(key);
    routes.push({ method, path });
  }
  return routes;
}

/**
 * A concrete path for a route pattern: each `:param` (with or without a `{regex}`) becomes
 * `value`, and a trailing `*` becomes `x`.
 */
export function concretePath(pattern: string, value: string): string {
  return pattern
    .replace(/:[A-Za-z0-9_]+(\{[^}]*\})?\??/g, encodeURIComponent(value))
    .replace(/\*$/, "x");
}
