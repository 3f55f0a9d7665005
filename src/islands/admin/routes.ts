import type { MessageKey } from "../../i18n/core.ts";

/** The back office's screens (SPEC.md section 2), in menu order; categories', media's and the about page's routes are ours. */
export const ADMIN_ROUTES = [
  "overview",
  "article",
  "editarticle",
  "categories",
  "notes",
  "book-doc",
  "about",
  "photo",
  "editPhoto",
  "media",
  "bannerSet",
  "site-nav",
  "FeedBackCenter",
  "comments",
  "followers",
  "userManagement",
  "LogCenter",
  "userSet",
] as const;
export type AdminRoute = (typeof ADMIN_ROUTES)[number];

export const routeTitle = (route: AdminRoute): MessageKey => `bms.${route}`;
export const routeAbout = (route: AdminRoute): MessageKey => `bms.${route}About`;

export function routeFromPath(pathname: string): AdminRoute {
  const segment = pathname.replace(/^\/bms\/?/, "").replace(/\/$/, "");
  return ADMIN_ROUTES.find((route) => route === segment) ?? "overview";
}
