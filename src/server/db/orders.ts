import { asc } from "drizzle-orm";
import { contentBanners, navGroups, navLinks } from "./schema.ts";

// The orders the owner sets by hand, shared by every reader of these tables: the back office's
// lists and the site build's snapshot put them in the same order.

/** The banners' one order: the carousel's, the list's and the build snapshot's. */
export const bannerOrder = [
  asc(contentBanners.order),
  asc(contentBanners.createdAt),
  asc(contentBanners.id),
];

/** The groups' one order and the links' (within their group): the page's, the list's, the snapshot's. */
export const navGroupOrder = [asc(navGroups.order), asc(navGroups.createdAt), asc(navGroups.id)];
export const navLinkOrder = [asc(navLinks.order), asc(navLinks.createdAt), asc(navLinks.id)];
