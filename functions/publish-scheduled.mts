// Netlify scheduled function: every five minutes, calls the build hook when a scheduled
// article, note or book fell due since the last check, so it goes live without anyone acting;
// and prunes the logs past their retention (LOG_RETENTION_DAYS, default 90), so they never fill
// the database; sends the owner's daily digest of comments that wait, when asked for; and
// mails each new article to the readers who follow its language; and delivers what the blog's
// fediverse actor has queued (an Accept, later its articles), since no worker stays up here.
import type { Config } from "@netlify/functions";
import { sendCommentDigest } from "../src/server/comments/digest.ts";
import { openPostgres } from "../src/server/db/client.ts";
import { createBlogFederation, drainQueue } from "../src/server/fediverse/federation.ts";
import { sendArticleActivities } from "../src/server/fediverse/posts.ts";
import { sendArticleMails } from "../src/server/following/service.ts";
import { pruneOldLogs } from "../src/server/logs/service.ts";
import { mailerFromEnv } from "../src/server/mail/mailer.ts";
import { publishDueItems } from "../src/server/site/schedule.ts";

export default async (): Promise<Response> => {
  const url = process.env.DATABASE_URL;
  const hook = process.env.BUILD_HOOK_URL;
  if (!url || !hook) {
    console.error("publish-scheduled needs DATABASE_URL and BUILD_HOOK_URL");
    return new Response(null, { status: 503 });
  }
  const database = openPostgres(url, { max: 1 });
  try {
    const due = await publishDueItems(database.db, async () => {
      const response = await fetch(hook, { method: "POST", signal: AbortSignal.timeout(10_000) });
      if (!response.ok) throw new Error(`Build hook answered ${response.status}`);
    });
    if (due > 0) console.log(`${due} scheduled item(s) fell due: build hook called`);
    // Netlify names the site's address URL; SITE_URL, when set, is the owner's own domain.
    const site = process.env.SITE_URL || process.env.URL || "";
    const mailer = mailerFromEnv(process.env, database.db);
    await sendCommentDigest(database.db, mailer, site);
    // The mail of each article that went live to its followers, then the fediverse's queue:
    // what this run leaves after 12 s and 8 s (Netlify ends a function at 30 s) the next takes.
    const mails = await sendArticleMails(
      { db: database.db, mailer, origin: site },
      { stopAfterMs: 12_000 },
    );
    if (mails.sent + mails.failed > 0) {
      console.log(`Follow mails: ${mails.sent} sent, ${mails.failed} failed`);
    }
    // Articles gone live, changed or gone, queued for the fediverse's followers, then sent.
    const federation = createBlogFederation({ db: database.db, origin: site || undefined });
    if (site) await sendArticleActivities(federation, { db: database.db }, site);
    const delivered = await drainQueue(federation, { db: database.db }, 8_000);
    if (delivered > 0) console.log(`Fediverse: ${delivered} queued task(s) run`);
    const gone = await pruneOldLogs(database.db);
    if (gone.requests + gone.audit > 0) {
      console.log(`Log retention: ${gone.requests} request and ${gone.audit} audit entries pruned`);
    }
    return new Response(null, { status: 204 });
  } finally {
    await database.close();
  }
};

export const config: Config = { schedule: "*/5 * * * *" };
