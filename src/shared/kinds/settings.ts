import { z } from "zod";
import "../zod-browser.ts";
import enSite from "../../i18n/locales/en-US/site.ts";
import zhSite from "../../i18n/locales/zh-CN/site.ts";
import { COMMENT_MAIL_MODES } from "../comment-rules.ts";
import { langSchema, leniently } from "./fields.ts";
import { isExternalNavUrl, isNavUrl } from "./nav.ts";
import { type BothLanguages, bothLanguages, LIBRARY_IMAGE, pictureSchema } from "./photo.ts";

/**
 * The site's settings (`GET`/`PUT /api/admin/settings`, edited in /bms/userSet): its title,
 * tagline and description in both languages, the author's profile card on the about page, whether
 * registration and feedback are open, and the language of a first visit. One document for the
 * whole site, kept as one row of `site_settings` (src/server/db/schema.ts: its fields as one JSON
 * value, so a field added here needs no migration and a row saved before it reads with its
 * default). Each field once, with its rule and its default; the defaults are the site as it was
 * before it had settings (its name and tagline are the i18n messages `site.name` and
 * `site.tagline`), so a site that never saved any looks the same. The API's body, its answer, the
 * build's snapshot and the `settings` collection are made from this list.
 */

export const SETTINGS_LIMITS = {
  title: 60,
  tagline: 160,
  description: 300,
  authorName: 60,
  authorBio: 500,
  linkLabel: 40,
  links: 8,
  /** A social link's address (a profile's address is short; this keeps the body small). */
  url: 500,
  /** The comment blocklist, all its lines. */
  blocklist: 5000,
} as const;

/** A text in both languages that may be empty, its default given. */
const both = (max: number, fallback: BothLanguages) =>
  z
    .strictObject({ "zh-CN": z.string().trim().max(max), "en-US": z.string().trim().max(max) })
    .default(() => ({ ...fallback }));

const blank = (): BothLanguages => ({ "zh-CN": "", "en-US": "" });

/**
 * A social link's address: an http:// or https:// address with a host (the navigation's rule,
 * src/shared/kinds/nav.ts, without a path on this site: these lead elsewhere).
 */
export const isSocialUrl = (value: string): boolean => isNavUrl(value) && isExternalNavUrl(value);

export const socialLinkSchema = z.strictObject({
  /** What the link reads as: "GitHub", "Mastodon", "微博". */
  label: z.string().trim().min(1, "is required").max(SETTINGS_LIMITS.linkLabel),
  url: z
    .string()
    .trim()
    .max(SETTINGS_LIMITS.url)
    .refine(isSocialUrl, "must be an http:// or https:// address"),
});
export type SocialLink = z.output<typeof socialLinkSchema>;

/** The author's picture: a library image, or empty for none. */
export const avatarSchema = z.union([
  z.literal(""),
  z
    .string()
    .trim()
    .refine((src) => LIBRARY_IMAGE.test(src), "must be an image of the media library"),
]);

/** A fediverse handle's name part: small letters, digits and `_`, as Mastodon's usernames. */
export const fediverseHandleSchema = z
  .string()
  .trim()
  .toLowerCase()
  .regex(/^[a-z0-9_]{1,30}$/, "must be 1 to 30 small letters, digits or _");

export const siteSettingsFields = {
  /** The site's name: the header, the footer, every page's title, the home page's heading. */
  title: bothLanguages(SETTINGS_LIMITS.title).default(() => ({
    "zh-CN": zhSite.site.name,
    "en-US": enSite.site.name,
  })),
  /** The line under the home page's heading; empty for none. */
  tagline: both(SETTINGS_LIMITS.tagline, {
    "zh-CN": zhSite.site.tagline,
    "en-US": enSite.site.tagline,
  }),
  /** The pages' meta description where a page has none of its own (the home page's). */
  description: both(SETTINGS_LIMITS.description, {
    "zh-CN": zhSite.site.tagline,
    "en-US": enSite.site.tagline,
  }),
  /** The about page's profile card, shown once it has a name. */
  authorName: both(SETTINGS_LIMITS.authorName, blank()),
  authorBio: both(SETTINGS_LIMITS.authorBio, blank()),
  authorAvatar: avatarSchema.default(""),
  socialLinks: z
    .array(socialLinkSchema)
    .max(SETTINGS_LIMITS.links, `at most ${SETTINGS_LIMITS.links} links`)
    .default(() => []),
  /** Off: `POST /api/register` and its code request are refused, and the register tab is gone. */
  registrationOpen: z.boolean().default(true),
  /** Off: `POST /api/createFeedback` is refused, and no page has the feedback button. */
  feedbackOpen: z.boolean().default(true),
  /** Off: no new comment anywhere (those written stay shown). */
  commentsOpen: z.boolean().default(true),
  /** Off: only signed-in readers comment. On: guests too, their first comment held. */
  guestComments: z.boolean().default(true),
  /**
   * Words and addresses, one a line: a comment holding a word, or written from an address (or a
   * range such as `203.0.113.0/24`), goes to spam unseen.
   */
  commentBlocklist: z.string().max(SETTINGS_LIMITS.blocklist).default(""),
  /** The owner's mail about comments that wait: one per comment, or a digest once a day. */
  commentMail: z.enum(COMMENT_MAIL_MODES).default("each"),
  /** A first visit's language when neither a stored choice nor the browser's language says. */
  defaultLocale: langSchema.default("en-US"),
  /** On: feeds carry each item's whole text. Off: its summary. */
  feedFullText: z.boolean().default(true),
  /** On: the mail of a new article to its followers carries its whole text. Off: its summary. */
  followMailFullText: z.boolean().default(false),
  /** The blog's name in the fediverse: `@<handle>@<this site's host>`. */
  fediverseHandle: fediverseHandleSchema.default("blog"),
};

/** The settings, every field with its default: what a stored row (or none) reads as. */
export const siteSettingsSchema = z.object(siteSettingsFields);
export type SiteSettings = z.output<typeof siteSettingsSchema>;

/** The settings of a site that never saved any. */
export const DEFAULT_SETTINGS: SiteSettings = siteSettingsSchema.parse({});

/**
 * A stored value as settings, field by field: a field added since reads as its default, and one
 * that no longer passes its rule (a rule made stricter) falls back to its default alone.
 */
export const settingsFrom = (value: unknown): SiteSettings =>
  leniently(
    siteSettingsFields,
    {},
    typeof value === "object" && value !== null ? (value as Record<string, unknown>) : {},
  );

/**
 * `PUT /api/admin/settings`: every field, none left to a default (a body that forgot one would
 * otherwise put it back silently), nothing unknown.
 */
export const saveSettingsSchema = z.strictObject({
  title: siteSettingsFields.title.unwrap(),
  tagline: siteSettingsFields.tagline.unwrap(),
  description: siteSettingsFields.description.unwrap(),
  authorName: siteSettingsFields.authorName.unwrap(),
  authorBio: siteSettingsFields.authorBio.unwrap(),
  authorAvatar: avatarSchema,
  socialLinks: siteSettingsFields.socialLinks.unwrap(),
  registrationOpen: z.boolean(),
  feedbackOpen: z.boolean(),
  commentsOpen: z.boolean(),
  guestComments: z.boolean(),
  commentBlocklist: z.string().max(SETTINGS_LIMITS.blocklist),
  commentMail: z.enum(COMMENT_MAIL_MODES),
  defaultLocale: langSchema,
  feedFullText: z.boolean(),
  followMailFullText: z.boolean(),
  fediverseHandle: fediverseHandleSchema,
});
export type SaveSettingsInput = z.output<typeof saveSettingsSchema>;

/** The settings' one id: the audit log names them by it. */
export const SETTINGS_ID = "site";

/**
 * The settings as the API answers them: every field, and when they were last saved (null: never,
 * the defaults; a save then sends `If-None-Match: *`, else `If-Match` with this time).
 */
export type SettingsRecord = SiteSettings & { id: typeof SETTINGS_ID; updatedAt: string | null };

/**
 * The settings in the build's snapshot, with the avatar's picture (sizes and served files, null
 * without an avatar or when it has left the library), as a banner's image comes.
 */
export const settingsSnapshotSchema = z.object({
  ...siteSettingsFields,
  avatarPicture: pictureSchema.nullable().default(null),
});
export type SnapshotSettings = z.output<typeof settingsSnapshotSchema>;

/** The `settings` collection's fields: one entry, `site`, the saved settings or the defaults. */
export const settingsCollectionFields = settingsSnapshotSchema.shape;
