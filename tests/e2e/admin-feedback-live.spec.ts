import { expect, type Page, test } from "@playwright/test";
import { axeViolations, lookTests } from "./admin-session.ts";
import { asAdmin, sql } from "./live-admin.ts";
import { needs, shoot } from "./support.ts";

// The feedback center answers: a reply mailed to the writer in their language, a note kept
// here, and a record deleted after a confirm step, on the PostgreSQL server (its outbox holds
// the mail).
needs("E2E_DATABASE_URL", "a PostgreSQL database of the run's own, as .ci/run creates");

const mark = () => `fb${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;

/** A piece of feedback as the widget stores it. */
async function sent(subject: string, contact: string, description = "Sent by the e2e test.") {
  const environment = JSON.stringify({
    url: "http://localhost/about",
    userAgent: "UA",
    viewport: "390×844",
    timestamp: new Date().toISOString(),
  });
  await sql`insert into feedback (feedback_type, subject, description, contact, environment)
    values ('suggestion', ${subject}, ${description}, ${contact}, ${environment}::jsonb)`;
}

/** The record's item with its details opened. */
async function opened(page: Page, subject: string) {
  const item = page
    .getByRole("listitem")
    .filter({ has: page.getByRole("heading", { name: subject }) });
  await item.getByText("Details", { exact: true }).click();
  await expect(item.getByText("Nothing written on it yet.")).toBeVisible();
  return item;
}

test("a reply is mailed in the writer's language, a note is kept unsent, and the record is deleted", async ({
  page,
}) => {
  await asAdmin(page);
  const id = mark();
  const subject = `深色模式 ${id}`;
  await sent(subject, "reader@example.com", "代码块在深色模式下看不清。");
  await page.goto("/bms/FeedBackCenter");
  const item = await opened(page, subject);
  // The back office has its feedback center, and no visitors' feedback button over its fields.
  await expect(page.getByRole("button", { name: "Feedback", exact: true })).toHaveCount(0);
  const form = item.getByRole("form", { name: `Write on “${subject}”` });
  await expect(form.getByLabel("Send as")).toHaveValue("reply");
  // The writer wrote in Chinese: the mail is framed in Chinese unless the owner chooses.
  await expect(form.getByLabel("Language of the mail")).toHaveValue("zh-CN");

  // An empty message is refused before it is sent.
  await form.getByRole("button", { name: "Send reply" }).click();
  await expect(form.getByText("Write the message first.")).toBeVisible();

  await form.getByLabel("Message").fill("谢谢，已经改好了。");
  await form.getByRole("button", { name: "Send reply" }).click();
  await expect(form.getByRole("status")).toHaveText("Reply sent to reader@example.com.");
  const thread = item.locator(".bms-thread-list > li");
  await expect(thread).toHaveCount(1);
  await expect(thread.first()).toContainText("Reply mailed to reader@example.com (Chinese)");
  await expect(thread.first()).toContainText("谢谢，已经改好了。");
  const mails = await sql<{ subject: string; body: string }[]>`
    select subject, body from outbox where "to" = 'reader@example.com' and subject like ${`%${id}`}`;
  expect(mails).toHaveLength(1);
  expect(mails[0]?.subject).toBe(`回复：${subject}`);
  expect(mails[0]?.body).toContain("谢谢，已经改好了。");

  await form.getByLabel("Send as").selectOption("note");
  await expect(form.getByLabel("Language of the mail")).toHaveCount(0);
  await form.getByLabel("Message").fill("Checked on a phone too.");
  await form.getByRole("button", { name: "Keep note" }).click();
  await expect(form.getByRole("status")).toHaveText("Note kept.");
  await expect(thread).toHaveCount(2);
  await expect(thread.nth(1)).toContainText("Internal note");
  expect(await sql`select 1 from outbox where subject like ${`%${id}`}`).toHaveLength(1);

  await item.getByRole("button", { name: "Delete" }).click();
  await expect(item.getByRole("button", { name: "Cancel" })).toBeFocused();
  await item.getByRole("button", { name: "Yes, delete" }).click();
  await expect(page.getByText("Feedback deleted.")).toBeVisible();
  await expect(page.getByRole("heading", { name: subject })).toHaveCount(0);
  expect(await sql`select 1 from feedback where subject = ${subject}`).toHaveLength(0);
});

test("feedback without an email address takes a note only", async ({ page }) => {
  await asAdmin(page);
  const subject = `No address ${mark()}`;
  await sent(subject, "+86 138 0000 0000");
  await page.goto("/bms/FeedBackCenter");
  const item = await opened(page, subject);
  const form = item.getByRole("form", { name: `Write on “${subject}”` });
  await expect(form.getByLabel("Send as")).toHaveValue("note");
  await expect(form.getByLabel("Send as").locator("option")).toHaveText([
    "Internal note (not sent)",
  ]);
  await expect(form.getByText("The writer left no email address")).toBeVisible();
  await sql`delete from feedback where subject = ${subject}`;
});

lookTests(
  "the feedback center with a thread has no axe violations",
  async (page, look, testInfo) => {
    await asAdmin(page);
    const subject = `Looked at ${mark()}`;
    await sent(subject, "look@example.com", "A long description ".repeat(20));
    await sql`insert into feedback_replies (feedback_id, kind, body, locale, sent_to)
        select id, 'reply', 'Thank you, fixed.', 'en-US', 'look@example.com' from feedback where subject = ${subject}`;
    await page.goto("/bms/FeedBackCenter");
    const item = page
      .getByRole("listitem")
      .filter({ has: page.getByRole("heading", { name: subject }) });
    await item.locator("summary").click();
    await expect(item.locator(".bms-thread-list > li")).toHaveCount(1);
    await item.scrollIntoViewIfNeeded();
    expect(await axeViolations(page)).toEqual([]);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      look.width,
    );
    await shoot(page, testInfo, `feedback-${look.tag}`, 2);
    await sql`delete from feedback where subject = ${subject}`;
  },
  { everyLanguage: true, timeout: 60_000 },
);
