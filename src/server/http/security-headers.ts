import type { MiddlewareHandler } from "hono";
import { API_HTML_CSP, apiHeaders } from "../../lib/security-headers.ts";

const HEADERS = Object.entries(apiHeaders());

/**
 * The API's security headers (src/lib/security-headers.ts): the pages' HSTS, nosniff, framing,
 * referrer, COOP, CORP and Permissions-Policy, with a policy that lets nothing load. Set on
 * every answer, errors and avatar images included, wherever the app runs (`npm start`,
 * `astro dev`, the Netlify Function: Netlify's `_headers` never reaches a function). The
 * policy replaces a narrower one a route may have set (the avatars' `default-src 'none'`). An
 * HTML answer (the comments' page without JavaScript) may load the site's stylesheets.
 */
export const securityHeaders: MiddlewareHandler = async (c, next) => {
  await next();
  for (const [name, value] of HEADERS) c.res.headers.set(name, value);
  if (c.res.headers.get("content-type")?.startsWith("text/html"))
    c.res.headers.set("Content-Security-Policy", API_HTML_CSP);
};
