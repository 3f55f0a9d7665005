import { sql } from "drizzle-orm";
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import type { ContentLang } from "../../../shared/content-rules.ts";
import type { PageSlug } from "../../../shared/kinds/page.ts";
import { userOrNull } from "./accounts.ts";
import { type Bilingual, stamps, uuidId, zoned } from "./columns.ts";

// The site's own parts: banners, navigation, the about page and the settings.

/**
 * Banners of the home page's carousel: one item in both languages, its image a library image's
 * served path, shown in `order` (after content/banners.json's) while `enabled` and inside its
 * window (`starts_at`, `ends_at`; null for open).
 */
export const contentBanners = pgTable(
  "content_banners",
  {
    id: uuidId(),
    title: jsonb("title").$type<Bilingual>().notNull(),
    subtitle: jsonb("subtitle").$type<Bilingual>().notNull(),
    alt: jsonb("alt").$type<Bilingual>().notNull(),
    image: text("image").notNull(),
    link: text("link").notNull().default(""),
    order: integer("order").notNull().default(0),
    startsAt: zoned("starts_at"),
    endsAt: zoned("ends_at"),
    enabled: boolean("enabled").notNull().default(true),
    ...stamps(),
  },
  (t) => [index("content_banners_order_idx").on(t.order)],
).enableRLS();

/**
 * The site navigation's groups (`/site-navigation`, after content/site-nav.json's), in `order`,
 * each with its links in their own `order`; a link goes with its group.
 */
export const navGroups = pgTable(
  "nav_groups",
  {
    id: uuidId(),
    name: jsonb("name").$type<Bilingual>().notNull(),
    order: integer("order").notNull().default(0),
    ...stamps(),
  },
  (t) => [index("nav_groups_order_idx").on(t.order)],
).enableRLS();

/** A link of the site navigation: shown unless `hidden`; `icon` a library image or empty. */
export const navLinks = pgTable(
  "nav_links",
  {
    id: uuidId(),
    group: uuid("group_id")
      .notNull()
      .references(() => navGroups.id, { onDelete: "cascade" }),
    title: jsonb("title").$type<Bilingual>().notNull(),
    description: jsonb("description").$type<Bilingual>().notNull(),
    url: text("url").notNull(),
    icon: text("icon").notNull().default(""),
    hidden: boolean("hidden").notNull().default(false),
    order: integer("order").notNull().default(0),
    ...stamps(),
  },
  (t) => [index("nav_links_group_order_idx").on(t.group, t.order)],
).enableRLS();

/**
 * The site's pages written in /bms (the about page), one row per page and language: a row
 * replaces the page's file (content/about/<lang>.mdx) on the site. Its fields are the kind's
 * (src/shared/kinds/page.ts).
 */
export const sitePages = pgTable(
  "site_pages",
  {
    id: uuidId(),
    slug: text("slug").$type<PageSlug>().notNull(),
    lang: text("lang").$type<ContentLang>().notNull(),
    body: text("body").notNull(),
    updatedBy: userOrNull("updated_by"),
    ...stamps(),
  },
  (t) => [uniqueIndex("site_pages_slug_lang_idx").on(t.slug, t.lang)],
).enableRLS();

/**
 * The site's settings (src/shared/kinds/settings.ts): one row, `id` 'site', its fields as one
 * JSON value read through the kind's schema (a field added later reads with its default, so it
 * needs no migration); none until they are first saved, and the defaults meanwhile.
 */
export const siteSettings = pgTable(
  "site_settings",
  {
    id: text("id").primaryKey(),
    value: jsonb("value").$type<Record<string, unknown>>().notNull(),
    updatedBy: userOrNull("updated_by"),
    ...stamps(),
  },
  (t) => [check("site_settings_one_row", sql`${t.id} = 'site'`)],
).enableRLS();
