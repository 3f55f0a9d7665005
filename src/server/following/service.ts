import { translator } from "../../i18n/core.ts";
import {
  FOLLOW_LINK_HOURS,
  FOLLOW_MAILS_A_DAY,
  type FollowRequest,
} from "../../shared/following.ts";
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
