import { translator } from "../../i18n/core.ts";
import type { Db } from "../db/client.ts";
import { readMeta, writeMeta } from "../db/meta.ts";
import type { Mailer } from "../mail/mailer.ts";
import { composeCommentMail } from "../mail/messages.ts";
import { periodic } from "../periodic.ts";
import { currentSettings } from "../site-config/settings.ts";
import * as repo from "./repository.ts";
import { mailOwners } from "./service.ts";

// The owner's daily digest of comments that wait, when the settings ask for one instead of a
// mail per comment: `npm start` looks every hour, Netlify's scheduled function every five
// minutes; a digest goes at most once a day, and only when something new waits.

const KEY = "comment-digest-at";
const DAY_MS = 24 * 3_600_000;
/** How many waiting comments a digest names; the screen shows the rest. */
const LISTED = 20;

/**
 * Mails each owner the comments that began waiting since the last digest, if the settings ask
 * for a daily digest and a day has passed. Answers how many comments it named (0: no mail).
 */
export async function sendCommentDigest(
  db: Db,
  mailer: Mailer,
  siteUrl: string,
  now = new Date(),
): Promise<number> {
  const settings = await currentSettings(db);
  if (settings.commentMail !== "daily") return 0;
  const last = await readMeta(db, KEY);
  const since = last ? new Date(last) : new Date(0);
  if (now.getTime() - since.getTime() < DAY_MS) return 0;
  // Written before the mail goes: two servers that look at once may both send, never twice a day
  // from one; a digest lost to a failing mail server is not sent again.
  await writeMeta(db, KEY, now.toISOString());
  const waiting = await repo.waitingSince(db, since, LISTED);
  if (waiting.total === 0) return 0;
  const locale = settings.defaultLocale;
  const t = translator(locale);
  const lines = waiting.rows.map((row) =>
    t("mail.commentDigestLine", {
      author: row.authorName ?? row.guestName ?? "",
      item: `${row.kind} ${row.item}`,
      text: row.body.replace(/\s+/g, " ").slice(0, 140),
    }),
  );
  const more = waiting.total - waiting.rows.length;
  const mail = composeCommentMail("commentDigest", locale, {
    count: waiting.total,
    list: [...lines, ...(more > 0 ? [t("mail.commentDigestMore", { count: more })] : [])].join(
      "\n",
    ),
    link: `${siteUrl.replace(/\/$/, "")}/bms/comments`,
    site: settings.title[locale],
  });
  await mailOwners(db, mailer, mail);
  return waiting.total;
}

/** `npm start`: a look every hour (and one at start), stopped before the database closes. */
export const commentDigestTimer = (look: () => Promise<unknown>) =>
  periodic("The comment digest", 3_600_000, look);
