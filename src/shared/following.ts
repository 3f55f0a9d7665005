import { z } from "zod";
import "./zod-browser.ts";
import { emailSchema, optionalQuery, pageFields } from "./auth.ts";
import { CONTENT_LANGS, type ContentLang } from "./content-rules.ts";

// Following the blog by email: what the API accepts. The form is a plain HTML form (it works
// without JavaScript), so the request is form-encoded: a checkbox sends its value when ticked
// and nothing otherwise, and a repeated field arrives as an array.

/** The site's page of following: its form, and where each link of a follow mail lands. */
export const FOLLOW_PAGE = "/follow/";

/** What the follow page says after a step, by the fragment it is sent to. */
export const FOLLOW_STATES = ["sent", "invalid", "confirmed", "stopped", "unknown"] as const;
export type FollowState = (typeof FOLLOW_STATES)[number];

/** How many confirmation mails one address may be sent a day, however many ask. */
export const FOLLOW_MAILS_A_DAY = 3;

/** How long a confirmation link works. */
export const FOLLOW_LINK_HOURS = 48;

const lang = z.enum(CONTENT_LANGS);

/**
 * A request to follow: the address, the languages whose articles to mail (one or both), a weekly
 * digest instead of a mail an article, and the language of the page it was made on (the mails'
 * language). `website` is a field people never see (a honeypot): a form that fills it is a bot's.
 */
export const followRequestSchema = z.strictObject({
  email: emailSchema,
  langs: z
    .union([lang, z.array(lang)])
    .transform((value) => CONTENT_LANGS.filter((l) => [value].flat().includes(l)))
    .pipe(z.array(lang).min(1, "is required")),
  digest: z
    .literal("on")
    .optional()
    .transform((value) => value === "on"),
  locale: lang,
  website: z.string().max(200).optional(),
});
export type FollowRequest = z.output<typeof followRequestSchema>;

/** The token of a confirmation or unsubscribe link: 32 random bytes, base64url. */
export const followTokenSchema = z.strictObject({
  token: z.string().regex(/^[\w-]{43}$/, "is not a link of ours"),
});

// --- The owner's side (`/bms/followers`)

/** `GET /api/admin/subscribers`: a page of subscribers, newest first; `q` matches the address. */
export const listSubscribersQuerySchema = z.object({
  ...pageFields,
  lang: optionalQuery(lang),
  q: optionalQuery(z.string().trim().max(254)),
});
export type ListSubscribersQuery = z.output<typeof listSubscribersQuerySchema>;

/** `GET /api/admin/subscribers/export`: every subscriber of the filter, as CSV. */
export const subscribersFilterSchema = listSubscribersQuerySchema.omit({
  page: true,
  pageSize: true,
});

/** One confirmed subscriber, as the owner sees them. */
export interface SubscriberItem {
  id: string;
  email: string;
  langs: ContentLang[];
  locale: ContentLang;
  digest: boolean;
  confirmedAt: string;
}

/** `GET /api/admin/subscribers/summary`: how many follow, and how that grows. */
export interface SubscriberSummary {
  total: number;
  /** Subscribers who follow each language (one who follows both counts in both). */
  langs: Record<ContentLang, number>;
  /** Those who take the weekly digest instead of a mail an article. */
  digest: number;
  /** New subscribers in the last 30 days. */
  last30Days: number;
  /** New subscribers each week, the last `FOLLOW_GROWTH_WEEKS` weeks, oldest first. */
  weeks: Array<{ start: string; n: number }>;
}

/** The Monday (UTC) that began the week `at` is in, at midnight. */
export function weekStartOf(at: Date): Date {
  const day = new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), at.getUTCDate()));
  day.setUTCDate(day.getUTCDate() - ((day.getUTCDay() + 6) % 7));
  return day;
}

/** A day as YYYY-MM-DD (UTC). */
export const isoDay = (at: Date) => at.toISOString().slice(0, 10);

/** How many weeks of growth the summary gives. */
export const FOLLOW_GROWTH_WEEKS = 12;

/** How a mailing's deliveries stand. */
export const DELIVERY_STATUSES = ["pending", "sending", "sent", "failed"] as const;
export type DeliveryStatus = (typeof DELIVERY_STATUSES)[number];

/** One mailing of a new article (or of a week's digest), with its progress and failures. */
export interface MailingItem {
  id: string;
  /** The article's title and slug; null for a digest, or when the article has gone since. */
  article: { title: string; slug: string } | null;
  /** A digest's week: the Monday (UTC) it began, YYYY-MM-DD; null for an article's mailing. */
  digestWeek: string | null;
  /** The article's language; null for a digest. */
  lang: ContentLang | null;
  createdAt: string;
  finishedAt: string | null;
  deliveries: Record<DeliveryStatus, number>;
  /** The first failed deliveries: to whom, after how many tries, and the mail server's words. */
  failures: Array<{ email: string; attempts: number; error: string }>;
}

/** `GET /api/admin/mailings`: a page of mailings, newest first. */
export const listMailingsQuerySchema = z.object({ ...pageFields });

// --- Following from the fediverse

/** `GET /api/admin/fediverse/followers`: a page of the accounts that follow, newest first. */
export const listFediverseFollowersQuerySchema = z.object({ ...pageFields });

/** One fediverse account that follows the blog, as the owner sees it. */
export interface FediverseFollowerItem {
  id: string;
  /** `@name@host`. */
  handle: string;
  name: string;
  /** Its profile page (http or https), when it has one. */
  url: string | null;
  since: string;
}

/** `GET /api/admin/fediverse/reactions`: the likes and boosts of each article that has any. */
export interface ArticleReactions {
  /** The article's id, as the back office lists it. */
  id: string;
  likes: number;
  boosts: number;
}
