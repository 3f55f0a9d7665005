// Where the blog's actor lives. The site answers these public paths with the API (the node
// server and the Netlify function hand them over, `toFederationRequest`), and Fedify routes them.

/** The actor's internal identifier: its URI stays when the handle (a setting) changes. */
export const FEDIVERSE_ACTOR = "blog";

export const FEDIVERSE_PATHS = {
  actor: "/ap/actor/{identifier}",
  inbox: "/ap/actor/{identifier}/inbox",
  sharedInbox: "/ap/inbox",
  followers: "/ap/actor/{identifier}/followers",
  article: "/ap/articles/{slug}",
  nodeInfo: "/ap/nodeinfo/2.1",
} as const;

/** The public paths Fedify answers: its own under /ap/, and the two well-known ones. */
export function isFederationPath(pathname: string): boolean {
  return (
    pathname.startsWith("/ap/") ||
    pathname === "/.well-known/webfinger" ||
    pathname === "/.well-known/nodeinfo"
  );
}

/** Where the API app takes a federation request (its base path is /api). */
export const API_FEDERATION_PREFIX = "/api/federation";

/** A public federation request as the API app receives it: under `API_FEDERATION_PREFIX`. */
export function toApiRequest(request: Request): Request {
  const url = new URL(request.url);
  url.pathname = `${API_FEDERATION_PREFIX}${url.pathname}`;
  return new Request(url, request);
}

/** The API's request back at its public path, as Fedify routes and signs it. */
export function toPublicRequest(request: Request): Request {
  const url = new URL(request.url);
  url.pathname = url.pathname.slice(API_FEDERATION_PREFIX.length) || "/";
  return new Request(url, request);
}
