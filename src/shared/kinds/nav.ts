import { z } from "zod";
import type { ContentLang, SourceFields } from "../content-rules.ts";
import {
  type Blanks,
  type Flat,
  NOTHING,
  nonEmpty,
  type StoredTimes,
  undefaulted,
} from "./fields.ts";
import { bothLanguages, LIBRARY_IMAGE, optionalBothLanguages } from "./photo.ts";

/**
 * The site navigation (`/site-navigation`, edited at `/bms/site-nav`): groups of links, each
 * group a name in both languages, each link a title and a description in both languages, an
 * address, an icon (a library image, or none for the title's first letter) and a hidden flag.
 * Like a banner, a group or link is one item in both languages. Their fields, each once, with
 * their rules and defaults; the API, the tables (src/server/db/schema.ts), the snapshot and the
 * `navigation` collection are made from them. Groups written in content/site-nav.json
 * (`[{ id, name, links: [{ id, … }] }]`, the seed's) come first, in the file's order, read-only
 * in the back office; the owner's follow in the order set by dragging them, each with its links
 * in their own order.
 */

/** `groups` and `links`: how many the database keeps at most (each link is checked in turn). */
export const NAV_LIMITS = {
  name: 40,
  title: 60,
  description: 160,
  url: 2000,
  groups: 50,
  links: 500,
} as const;

/** Whether an address holds what none may: controls, spaces or a backslash (a browser strips or reads them otherwise). */
const hasUnsafe = (value: string): boolean =>
  [...value].some((ch) => {
    const code = ch.charCodeAt(0);
    return code <= 0x20 || code === 0x7f || ch === "\\";
  });

/**
 * Where a link leads: an http:// or https:// address with a host, or a path on this site
 * (`/about`, never `//host`). Anything else (`javascript:`, `data:`, a relative path) is refused,
 * so no link on the page can run a script or leave the reader nowhere.
 */
export function isNavUrl(value: string): boolean {
  if (value.length === 0 || value.length > NAV_LIMITS.url || hasUnsafe(value)) return false;
  if (value.startsWith("/")) return !value.startsWith("//");
  if (!/^https?:\/\//i.test(value)) return false;
  try {
    const url = new URL(value);
    return (url.protocol === "http:" || url.protocol === "https:") && url.hostname !== "";
  } catch {
    return false;
  }
}

/** Whether a link leaves the site (it opens in a new tab, marked as such). */
export const isExternalNavUrl = (url: string): boolean => !url.startsWith("/");

export const navUrlSchema = z
  .string()
  .trim()
  .refine(
    isNavUrl,
    "must be an http:// or https:// address or a path on this site starting with /",
  );

/** A link's icon: a library image, or empty for a badge with its title's first letter. */
export const navIconSchema = z.union([
  z.literal(""),
  z
    .string()
    .trim()
    .refine((src) => LIBRARY_IMAGE.test(src), "must be an image of the media library"),
]);

export const navGroupFields = {
  name: bothLanguages(NAV_LIMITS.name),
};

export const navLinkFields = {
  title: bothLanguages(NAV_LIMITS.title),
  description: optionalBothLanguages(NAV_LIMITS.description),
  url: navUrlSchema,
  icon: navIconSchema.default(""),
  /** Hidden: kept here, never shown on the site. */
  hidden: z.boolean().default(false),
};

/** `POST /api/admin/nav/groups`: a new group goes last. */
export const createNavGroupSchema = z.strictObject(navGroupFields);
/** `PUT /api/admin/nav/groups/:id`. */
export const updateNavGroupSchema = z
  .strictObject(navGroupFields)
  .partial()
  .refine(nonEmpty, NOTHING);

/** The group a link of the database belongs to: one of the database's groups. */
const groupId = z.uuid({ error: "must be a group of the database" });

/** `POST /api/admin/nav/links`: a new link goes last in its group. */
export const createNavLinkSchema = z.strictObject({ group: groupId, ...navLinkFields });
/** `PUT /api/admin/nav/links/:id`: partial; a new `group` puts it last there. */
export const updateNavLinkSchema = z
  .strictObject(undefaulted({ group: groupId, ...navLinkFields }))
  .partial()
  .refine(nonEmpty, NOTHING);

/**
 * `PUT /api/admin/nav/groups/order` and `PUT /api/admin/nav/groups/:id/links/order`: every
 * group (or every link of the group) of the database in the order wanted, moved from the order
 * the caller saw (`seen`); refused unless that is the one stored, so one order never silently
 * undoes another made in another tab.
 */
export const orderNavSchema = z.strictObject({
  ids: z.array(z.uuid()).max(NAV_LIMITS.links),
  seen: z.array(z.uuid()).max(NAV_LIMITS.links),
});

/** `:id` of a group or link: a uuid (database) or `file:nav:<id>` (content/site-nav.json). */
export const navIdParamSchema = z.object({
  id: z.union([z.uuid(), z.string().regex(/^file:nav:[a-z0-9-]+$/)], {
    error: "must be a navigation id",
  }),
});

/** `POST /api/admin/nav/check`: the links to try, all of them when none are named. */
export const checkNavLinksSchema = z.strictObject({
  ids: z.array(navIdParamSchema.shape.id).max(NAV_LIMITS.links).optional(),
});

export type CreateNavGroupInput = z.output<typeof createNavGroupSchema>;
export type UpdateNavGroupInput = z.output<typeof updateNavGroupSchema>;
export type CreateNavLinkInput = z.output<typeof createNavLinkSchema>;
export type UpdateNavLinkInput = z.output<typeof updateNavLinkSchema>;
export type OrderNavInput = z.output<typeof orderNavSchema>;

/** A link as the API answers it: its group, its place there, its times and where it lives. */
export type NavLinkRecord = Flat<
  { id: string; order: number } & CreateNavLinkInput & StoredTimes & SourceFields
>;

/** A group as the API answers it, with its links in order. */
export type NavGroupRecord = Flat<
  { id: string; order: number; links: NavLinkRecord[] } & CreateNavGroupInput &
    StoredTimes &
    SourceFields
>;

/** What trying a link found: its status, or why it could not be reached. */
export const NAV_CHECK_OUTCOMES = ["ok", "broken", "unreachable", "timeout", "refused"] as const;
export type NavCheckOutcome = (typeof NAV_CHECK_OUTCOMES)[number];

export interface NavCheckResult {
  id: string;
  url: string;
  outcome: NavCheckOutcome;
  /** The HTTP status when the address answered. */
  status: number | null;
  /** How long it took, in milliseconds. */
  ms: number;
}

/** A link as the site shows it (hidden ones never reach the snapshot or the page). */
const navLinkEntry = z.object({ id: z.string(), ...navLinkFields });

/** A group in the build's snapshot: its shown links in order. */
export const navGroupSnapshotSchema = z.object({
  id: z.string(),
  ...navGroupFields,
  order: z.number().int(),
  links: z.array(navLinkEntry),
});
export type SnapshotNavGroup = z.output<typeof navGroupSnapshotSchema>;

/**
 * The `navigation` collection's fields: a file's group has no order (the file's own order
 * counts), a row brings its own; a file's links may be hidden, which the page leaves out.
 */
export const navCollectionFields = {
  ...navGroupFields,
  order: z.number().int().optional(),
  links: z.array(navLinkEntry).default([]),
};

/**
 * A group of content/site-nav.json as the back office reads it: its name, and its links as
 * written (each then read with `navLinkFields` and `navLinkBlanks`).
 */
export const navGroupFileFields = { ...navGroupFields, links: z.array(z.unknown()).default([]) };
export const navGroupBlanks: Blanks<typeof navGroupFileFields> = {
  name: { "zh-CN": "", "en-US": "" },
};
export const navLinkBlanks: Blanks<typeof navLinkFields> = {
  title: { "zh-CN": "", "en-US": "" },
  url: "",
};

// --- A link without an icon: a badge with its first letter ----------------------------------

const graphemes = new Intl.Segmenter(undefined, { granularity: "grapheme" });

/**
 * A badge's letter, the same on the page and in the back office: the first grapheme of the title
 * that is a letter or a digit (else its first grapheme; "?" for none), in capitals.
 */
export function navInitial(title: string, locale: ContentLang): string {
  const parts = [...graphemes.segment(title.trim())].map((s) => s.segment);
  const first = parts.find((part) => /[\p{L}\p{N}]/u.test(part)) ?? parts[0] ?? "?";
  return first.toLocaleUpperCase(locale);
}

/** A badge's hue (0–359) from a text, the same every build: FNV-1a over its UTF-16 code units. */
export function navHue(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return (hash >>> 0) % 360;
}
