import { translator } from "../../i18n/core.ts";
import type { ContentLang } from "../../shared/content-rules.ts";
import {
  FOLLOW_LINK_HOURS,
  FOLLOW_MAILS_A_DAY,
  type FollowRequest,
  isoDay,
  weekStartOf,
} from "../../shared/following.ts";
import type { SiteSettings } from "../../shared/kinds/settings.ts";
import { sitePaths } from "../../shared/site-paths.ts";
import { hashToken, newToken } from "../auth/sessions.ts";
import type { Db } from "../db/client.ts";
import type { Mailer } from "../mail/mailer.ts";
import { currentSettings } from "../site-config/settings.ts";
import * as repo from "./repository.ts";

// Following the blog by email. Double opt-in: a request only sends a mail with a link; the
// address becomes a subscriber when the link is followed. Every request gets the same answer,
// whether the address is new, waiting, already a subscriber, or over its day's mails.

export interface FollowContext {
  db: Db;
  mailer: Mailer;
  /** The site's address, for the link in the mail. */
  origin: string;
  /** Runs the mail after the answer (src/server/http/middleware.ts's `AfterAnswer`). */
  afterAnswer: (work: Promise<void>) => Promise<void>;
}

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/**
 * Sends the confirmation mail of a request to follow, unless the form was a bot's (its honeypot
 * filled) or the address was sent `FOLLOW_MAILS_A_DAY` already: the same answer either way, so
 * nobody learns whether an address follows, and nobody floods an inbox from many addresses.
 */
export async function requestToFollow(
  ctx: FollowContext,
  request: FollowRequest,
  now = new Date(),
) {
  if (request.website) return;
  const since = new Date(now.getTime() - 24 * HOUR);
  if ((await repo.requestsSince(ctx.db, request.email, since)) >= FOLLOW_MAILS_A_DAY) return;
  const token = newToken();
  await repo.insertRequest(ctx.db, {
    tokenHash: hashToken(token),
    email: request.email,
    langs: request.langs,
    locale: request.locale,
    digest: request.digest,
    expiresAt: new Date(now.getTime() + FOLLOW_LINK_HOURS * HOUR),
  });
  const settings = await currentSettings(ctx.db);
  const t = translator(request.locale);
  const site = settings.title[request.locale] || t("site.name");
  const values = {
    site,
    langs: request.langs
      .map((lang) => t(lang === "zh-CN" ? "content.zh" : "content.en"))
      .join(", "),
    how: t(request.digest ? "mail.followDigest" : "mail.followEach"),
    link: `${ctx.origin}/api/follow/confirm?token=${token}`,
  };
  const mail = {
    to: request.email,
    subject: t("mail.followConfirmSubject", values),
    text: t("mail.followConfirmBody", values),
    siteName: site,
  };
  await ctx.afterAnswer(
    ctx.mailer.send(mail).catch((error: unknown) => {
      console.error(`following: the confirmation mail to ${request.email} failed:`, error);
    }),
  );
}

/** Confirms the request a link's token was made for: false for an unknown or expired link. */
export async function confirmFollowing(db: Db, token: string): Promise<boolean> {
  return (await repo.confirmRequest(db, hashToken(token))) !== null;
}

/** Removes the subscriber a mail's unsubscribe token was made for: false for an unknown token. */
export function stopFollowing(db: Db, token: string): Promise<boolean> {
  return repo.removeByToken(db, hashToken(token));
}

/** A new unsubscribe token for a mail to `subscriberId` (its hash kept). */
export async function unsubscribeToken(db: Db, subscriberId: string): Promise<string> {
  const token = newToken();
  await repo.insertSubscriberToken(db, subscriberId, hashToken(token));
  return token;
}

// --- The mail of each new article

/** Articles live for longer than this when first seen are not mailed (an old one republished). */
const MAILING_WINDOW_MS = 48 * HOUR;
/** How long after its week a digest may still be made. */
const DIGEST_WINDOW_MS = 2 * DAY;
/** A delivery claimed this long ago and not finished is taken again (its sender stopped). */
const STALE_MS = 10 * 60_000;
/** Tries before a delivery is given up (each at least `STALE_MS` after the last). */
const MAX_ATTEMPTS = 5;

/**
 * Makes the digest of the week that ended last (Monday to Sunday, UTC), in the first two days
 * after it (a server down longer skips it), if any article went live in it and anyone takes the
 * digest in its languages.
 */
export async function queueWeeklyDigest(db: Db, now: Date): Promise<boolean> {
  const end = weekStartOf(now);
  if (now.getTime() - end.getTime() >= DIGEST_WINDOW_MS) return false;
  const start = new Date(end.getTime() - 7 * DAY);
  const articles = await repo.weekArticles(db, start, end, now);
  if (articles.length === 0) return false;
  const langs = [...new Set(articles.map((article) => article.lang))];
  return repo.queueDigest(db, isoDay(start), langs, now);
}

/**
 * Mails each article that went live to the subscribers of its language, once, and each week's
 * digest to the subscribers who take it: makes the mailings, then sends their deliveries `batch`
 * at a time until none is left. Each delivery is recorded as sent with its mail (in one
 * transaction where the mail port writes to the database), so a sender stopped mid-way is taken
 * over without losing or doubling a mail.
 */
export async function sendArticleMails(
  ctx: Omit<FollowContext, "afterAnswer">,
  {
    batch = 50,
    now = () => new Date(),
    stopAfterMs,
  }: {
    batch?: number;
    now?: () => Date;
    /** Claims nothing more after this long (a short-lived function); the next run goes on. */
    stopAfterMs?: number;
  } = {},
): Promise<{ mailings: number; sent: number; failed: number }> {
  let made = await repo.queueMailings(ctx.db, now(), MAILING_WINDOW_MS);
  if (await queueWeeklyDigest(ctx.db, now())) made += 1;
  let sent = 0;
  let failed = 0;
  let settings: SiteSettings | undefined;
  // A digest's articles depend only on its week and its reader's languages: read once a run.
  const digests = new Map<string, ReturnType<typeof repo.weekArticles>>();
  const weekArticles: WeekArticles = (week, langs) => {
    const key = `${week} ${langs.join(" ")}`;
    let found = digests.get(key);
    if (!found) {
      const start = new Date(`${week}T00:00:00Z`);
      found = repo.weekArticles(ctx.db, start, new Date(start.getTime() + 7 * DAY), now(), langs);
      digests.set(key, found);
    }
    return found;
  };
  const started = Date.now();
  while (stopAfterMs === undefined || Date.now() - started < stopAfterMs) {
    const claimed = await repo.claimDeliveries(ctx.db, batch, now(), STALE_MS);
    if (claimed.length === 0) break;
    settings ??= await currentSettings(ctx.db);
    for (const delivery of claimed) {
      try {
        const content = await contentOf(ctx, delivery, settings, weekArticles);
        if (typeof content === "string") {
          // Nothing left to mail (the article deleted since): given up at once, with why.
          failed += 1;
          await repo.markFailed(ctx.db, delivery, content, 0);
          continue;
        }
        await deliver(ctx, delivery, content, now());
        sent += 1;
      } catch (error) {
        failed += 1;
        console.error(`following: the mail to ${delivery.email} failed:`, error);
        await repo.markFailed(ctx.db, delivery, String(error), MAX_ATTEMPTS);
      }
    }
  }
  await repo.finishMailings(ctx.db, now());
  return { mailings: made, sent, failed };
}

/** The articles of the digest of `week` (its Monday) in `langs`. */
type WeekArticles = (week: string, langs: ContentLang[]) => ReturnType<typeof repo.weekArticles>;

/** What a mail says, before its unsubscribe link: its subject and its text's parts. */
interface MailContent {
  site: string;
  subject: string;
  /** The text, given the unsubscribe link's address. */
  text: (unsubscribe: string) => string;
}

/**
 * The subject and text of a delivery's mail in its subscriber's language: a new article (its
 * summary, or its whole text where the settings say), or a week's digest of the articles in the
 * subscriber's languages. A string says why there is nothing to mail.
 */
async function contentOf(
  ctx: Omit<FollowContext, "afterAnswer">,
  delivery: repo.ClaimedDelivery,
  settings: SiteSettings,
  weekArticles: WeekArticles,
): Promise<MailContent | string> {
  const t = translator(delivery.locale);
  const site = settings.title[delivery.locale] || t("site.name");
  const link = (slug: string) => `${ctx.origin}${sitePaths.article(slug)}`;
  if (delivery.digestWeek !== null) {
    const start = new Date(`${delivery.digestWeek}T00:00:00Z`);
    const articles = await weekArticles(delivery.digestWeek, delivery.langs);
    if (articles.length === 0) return "none of the week's articles is live any more";
    const week = new Intl.DateTimeFormat(delivery.locale, {
      dateStyle: "long",
      timeZone: "UTC",
    }).format(start);
    const list = articles
      .map((article) => `${article.title}\n${article.summary}\n${link(article.slug)}`)
      .join("\n\n");
    return {
      site,
      subject: t("mail.followDigestSubject", { site, week }),
      text: (unsubscribe) => t("mail.followDigestBody", { site, week, list, unsubscribe }),
    };
  }
  const { article } = delivery;
  if (!article) return "the article was deleted";
  const values = {
    site,
    title: article.title,
    text: settings.followMailFullText ? article.body : article.summary,
    link: link(article.slug),
  };
  return {
    site,
    subject: t("mail.followArticleSubject", values),
    text: (unsubscribe) => t("mail.followArticleBody", { ...values, unsubscribe }),
  };
}

async function deliver(
  ctx: Omit<FollowContext, "afterAnswer">,
  delivery: repo.ClaimedDelivery,
  content: MailContent,
  now: Date,
) {
  /** The mail, with the unsubscribe link of a token kept (its hash) through `db`. */
  const mailThrough = async (db: Db) => {
    const unsubscribe = `${ctx.origin}/api/follow/unsubscribe?token=${await unsubscribeToken(db, delivery.subscriberId)}`;
    return {
      to: delivery.email,
      subject: content.subject,
      text: content.text(unsubscribe),
      siteName: content.site,
      headers: {
        "List-Unsubscribe": `<${unsubscribe}>`,
        "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
      },
    };
  };
  const { sendWithin } = ctx.mailer;
  if (sendWithin) {
    await ctx.db.transaction(async (tx) => {
      await sendWithin(tx, await mailThrough(tx));
      await repo.markSent(tx, delivery, now);
    });
    return;
  }
  // SMTP: a stop between the server taking the mail and this record sends it again later.
  await ctx.mailer.send(await mailThrough(ctx.db));
  await repo.markSent(ctx.db, delivery, now);
}
