import { z } from "zod";
import "./zod-browser.ts";
import { emailSchema } from "./auth.ts";
import { CONTENT_LANGS } from "./content-rules.ts";

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
