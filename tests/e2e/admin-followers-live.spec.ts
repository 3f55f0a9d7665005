import { readFile } from "node:fs/promises";
import { expect, type Page, test } from "@playwright/test";
import { axeViolations, lookTests } from "./admin-session.ts";
import { asAdmin, sql } from "./live-admin.ts";
import { needs, shoot } from "./support.ts";

// The followers screen in /bms: the counts and growth, the subscribers (found, exported as CSV,
// removed one at a time), the fediverse followers, each mailing's progress with its failures,
// and each article's likes and boosts in the article list; on the PostgreSQL
// server, whose rows other specs share (so each test finds its own by a mark).
needs("E2E_DATABASE_URL", "a PostgreSQL database of the run's own, as .ci/run creates");

const mark = () => `fw${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;

/** Three subscribers whose addresses start with `prefix`: English, Chinese, and both (digest). */
async function subscribers(prefix: string) {
  await sql`insert into subscribers (email, langs, locale, digest) values
    (${`${prefix}-en@example.com`}, ${["en-US"]}, 'en-US', false),
    (${`${prefix}-zh@example.com`}, ${["zh-CN"]}, 'zh-CN', false),
    (${`${prefix}-both@example.com`}, ${["zh-CN", "en-US"]}, 'zh-CN', true)`;
}

/**
 * A mailing of an article to two of them: one sent, one given up with the server's words. The
 * article went live days ago, so the server's own sender never makes a mailing of it.
 */
async function mailing(prefix: string) {
  const [article] = await sql<{ id: string }[]>`
    insert into content_articles (slug, lang, title, summary, body, category, status, published_at)
    values (${prefix}, 'en-US', ${`Mailed ${prefix}`}, 'Sum.', 'Text.', 'engineering', 'published', now() - interval '3 days')
    returning id`;
  const [made] = await sql<{ id: string }[]>`
    insert into mailings (article_id, lang) values (${article?.id ?? ""}, 'en-US') returning id`;
  await sql`insert into mailing_deliveries (mailing_id, subscriber_id, status, attempts, last_error, sent_at)
    select ${made?.id ?? ""}, id,
      case when email like '%-en@%' then 'sent' else 'failed' end,
      case when email like '%-en@%' then 1 else 5 end,
      case when email like '%-en@%' then null else 'Error: 550 no such mailbox' end,
      case when email like '%-en@%' then now() else null end
    from subscribers where email like ${`${prefix}-%`} and 'en-US' = any(langs)`;
  await sql`update mailings set finished_at = now() where id = ${made?.id ?? ""}`;
}

/**
 * Two fediverse accounts that follow, both of whom liked the mailed article, one boosted it. An
 * account's name is another server's words: one tries markup.
 */
async function fediverse(prefix: string) {
  await sql`insert into fediverse_followers (actor_uri, inbox_uri, handle, name, url) values
    (${`https://social.example/users/${prefix}a`}, 'https://social.example/inbox',
      ${`@${prefix}a@social.example`}, ${`Ana ${prefix}`}, ${`https://social.example/@${prefix}a`}),
    (${`https://social.example/users/${prefix}b`}, 'https://social.example/inbox',
      ${`@${prefix}b@social.example`}, ${`<b>Bo</b> ${prefix}`}, 'javascript:alert(1)')`;
  await sql`insert into fediverse_reactions (kind, article_id, actor_uri)
    select kind, a.id::text, ${"https://social.example/users/"} || who
    from content_articles a,
      (values ('like', ${`${prefix}a`}), ('like', ${`${prefix}b`}), ('boost', ${`${prefix}a`})) r(kind, who)
    where a.slug = ${prefix}`;
}

async function cleanUp(prefix: string) {
  await sql`delete from fediverse_followers where actor_uri like ${`https://social.example/users/${prefix}%`}`;
  await sql`delete from fediverse_reactions where actor_uri like ${`https://social.example/users/${prefix}%`}`;
  await sql`delete from subscribers where email like ${`${prefix}-%`}`;
  await sql`delete from mailings where article_id in (select id from content_articles where slug = ${prefix})`;
  await sql`delete from content_articles where slug = ${prefix}`;
}

/** The subscriber of `email` in the list. */
const rowOf = (page: Page, email: string) =>
  page.getByRole("listitem").filter({ has: page.getByRole("heading", { name: email }) });

test("the owner finds, exports and removes subscribers, and sees how a mailing went", async ({
  page,
}) => {
  const prefix = mark();
  await subscribers(prefix);
  await mailing(prefix);
  await asAdmin(page, "owner");
  await page.goto("/bms/followers");
  await expect(page.getByRole("heading", { level: 2, name: "Who follows by email" })).toBeVisible();
  await expect(page.getByText("Follow Chinese")).toBeVisible();

  // Found by address and language; the digest marked.
  await page.getByRole("searchbox", { name: "Email address" }).fill(prefix);
  await expect(page.getByText("3 subscribers")).toBeVisible();
  await page.getByRole("combobox", { name: "Language followed" }).selectOption("zh-CN");
  await expect(page.getByText("2 subscribers")).toBeVisible();
  await expect(rowOf(page, `${prefix}-both@example.com`).getByText("Weekly")).toBeVisible();
  await expect(rowOf(page, `${prefix}-en@example.com`)).toHaveCount(0);

  // The CSV holds what the filter shows.
  const download = page.waitForEvent("download");
  await page.getByRole("button", { name: "Export as CSV" }).click();
  const file = await (await download).path();
  const csv = await readFile(file, "utf8");
  expect(csv).toContain(`"${prefix}-zh@example.com","zh-CN","zh-CN","no"`);
  expect(csv).toContain(`"${prefix}-both@example.com","zh-CN en-US","zh-CN","yes"`);
  expect(csv).not.toContain(`${prefix}-en@`);

  // Removed after a question; focus goes to the list's heading.
  const zh = rowOf(page, `${prefix}-zh@example.com`);
  await zh.getByRole("button", { name: "Remove" }).click();
  await zh.getByRole("group").getByRole("button", { name: "Remove" }).click();
  await expect(
    page.getByRole("status").filter({ hasText: `${prefix}-zh@example.com removed.` }),
  ).toBeVisible();
  await expect(page.getByRole("heading", { level: 2, name: "Subscribers" })).toBeFocused();
  await expect(page.getByText("1 subscriber", { exact: true })).toBeVisible();
  expect(
    await sql`select 1 from subscribers where email = ${`${prefix}-zh@example.com`}`,
  ).toHaveLength(0);

  // The mailing: one of two sent, one failed, and why.
  const mailed = page
    .getByRole("listitem")
    .filter({ has: page.getByRole("link", { name: `Mailed ${prefix}` }) });
  await expect(mailed.getByText("1 of 2 sent · 1 failed")).toBeVisible();
  await expect(mailed.getByRole("progressbar", { name: "1 of 2 sent" })).toBeVisible();
  await mailed.getByText("Mails that failed").click();
  await expect(mailed.getByText("Error: 550 no such mailbox")).toBeVisible();
  await expect(mailed.getByText(`${prefix}-both@example.com`)).toBeVisible();
  await cleanUp(prefix);
});

test("the owner sees who follows from the fediverse, and each article's likes and boosts", async ({
  page,
}) => {
  const prefix = mark();
  await subscribers(prefix);
  await mailing(prefix);
  await fediverse(prefix);
  await asAdmin(page, "owner");
  await page.goto("/bms/followers");
  const section = page.getByRole("region", { name: "Followers in the fediverse" });
  await expect(section.getByRole("link", { name: `Ana ${prefix}` })).toHaveAttribute(
    "href",
    `https://social.example/@${prefix}a`,
  );
  await expect(section.getByText(`@${prefix}a@social.example`)).toBeVisible();
  // Markup in a name is text; an address that is no web page is not linked.
  await expect(section.getByRole("heading", { name: `<b>Bo</b> ${prefix}` })).toBeVisible();
  await expect(section.getByRole("link", { name: `<b>Bo</b> ${prefix}` })).toHaveCount(0);

  await page.goto("/bms/article");
  await page.getByRole("searchbox", { name: "Search articles" }).fill(prefix);
  const row = page
    .getByRole("listitem")
    .filter({ has: page.getByRole("heading", { name: `Mailed ${prefix}` }) });
  await expect(row.getByText("Fediverse: 2 likes, 1 boost")).toBeVisible();
  await cleanUp(prefix);
});

lookTests(
  "the followers screen: axe finds nothing",
  async (page, look, testInfo) => {
    const prefix = mark();
    await subscribers(prefix);
    await mailing(prefix);
    await fediverse(prefix);
    await asAdmin(page);
    await page.goto("/bms/followers");
    await page.getByRole("searchbox").fill(prefix);
    await expect(page.getByRole("heading", { name: `${prefix}-both@example.com` })).toBeVisible();
    await page
      .getByRole("listitem")
      .filter({ hasText: `Mailed ${prefix}` })
      .getByText(/Mails that failed|发送失败的邮件/)
      .click();
    expect(await axeViolations(page)).toEqual([]);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      look.width,
    );
    await shoot(page, testInfo, `followers-${look.tag}`, 2);
    await cleanUp(prefix);
  },
  { everyLanguage: true, timeout: 60_000 },
);
