import { expect, type Page, test } from "@playwright/test";
import { axeViolations, lookTests } from "./admin-session.ts";
import { asAdmin, sql } from "./live-admin.ts";
import { needs, shoot } from "./support.ts";

// The comments screen in /bms: what waits first, approved, answered in place (the answer shows
// on the item marked "author"), marked as spam in bulk; on the PostgreSQL server.
needs("E2E_DATABASE_URL", "a PostgreSQL database of the run's own, as .ci/run creates");

const NOTE = "2026-10-16-psqlrc";
const mark = () => `cm${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;

/** A guest's comment waiting for the owner, written straight into the database. */
async function waiting(name: string, body: string, item = NOTE) {
  await sql`insert into comments (kind, item, guest_name, guest_email, body, html, lang, status)
    values ('note', ${item}, ${name}, ${`${name}@example.com`}, ${body}, ${`<p>${body}</p>`}, 'en-US', 'pending')`;
}

/** The comment of `name` in the list. */
const itemOf = (page: Page, name: string) =>
  page.getByRole("listitem").filter({ has: page.getByRole("heading", { name }) });

test("a waiting comment is approved and answered in place; both show on the note", async ({
  page,
}) => {
  await asAdmin(page, "owner");
  const name = mark();
  await waiting(name, "Which pager do you use?");
  await page.goto("/bms/comments");
  // The list opens on what waits.
  await expect(page.getByRole("combobox", { name: "Status" })).toHaveValue("pending");
  const item = itemOf(page, name);
  await expect(item.getByText("Which pager do you use?")).toBeVisible();
  await expect(item.getByRole("link", { name: NOTE })).toHaveAttribute(
    "href",
    new RegExp(`^/random-notes/${NOTE}/#comment-`),
  );
  await item.getByRole("button", { name: "Approve" }).click();
  await expect(
    page.getByRole("status").filter({ hasText: "Status changed to Approved." }),
  ).toBeVisible();
  // Approved, it leaves the waiting list; under "Any" it is there to answer.
  await expect(itemOf(page, name)).toHaveCount(0);
  await page.getByRole("combobox", { name: "Status" }).selectOption("");
  await page.getByRole("searchbox", { name: "Author (name or email)" }).fill(name);
  const approved = itemOf(page, name);
  await approved.getByRole("button", { name: "Answer" }).click();
  const answer = approved.getByRole("form", { name: `Answer ${name}` });
  await answer.getByRole("textbox", { name: "Your answer" }).fill("`less`, with **-R**.");
  await answer.getByRole("button", { name: "Publish answer" }).click();
  await expect(
    page.getByRole("status").filter({ hasText: `Your answer to ${name} is up.` }),
  ).toBeVisible();

  await page.goto(`/random-notes/${NOTE}/`);
  const comments = page.getByRole("region", { name: "Comments" });
  await comments.scrollIntoViewIfNeeded();
  await expect(comments.getByRole("article", { name })).toContainText("Which pager do you use?");
  const owner = comments.getByRole("article", { name: "owner" }).last();
  await expect(owner.getByText("Author", { exact: true })).toBeVisible();
  await expect(owner.locator("code")).toHaveText("less");
  await sql`delete from comments where item = ${NOTE}`;
});

test("the selected comments are marked as spam together, and leave the page", async ({ page }) => {
  await asAdmin(page);
  const [a, b] = [mark(), mark()];
  await waiting(a, "Cheap pills");
  await waiting(b, "Cheap watches");
  await page.goto("/bms/comments");
  await page.getByRole("searchbox", { name: "Author (name or email)" }).fill("cm");
  await itemOf(page, a).getByRole("checkbox").check();
  await itemOf(page, b).getByRole("checkbox").check();
  await expect(page.getByText("2 selected")).toBeVisible();
  await page
    .getByRole("group", { name: "Move the selected to" })
    .getByRole("button", { name: "Spam" })
    .click();
  await expect(page.getByRole("status").filter({ hasText: "Changed 2 of 2." })).toBeVisible();
  const rows = await sql`select status from comments where guest_name in (${a}, ${b})`;
  expect(rows.map((row) => row.status)).toEqual(["spam", "spam"]);
  await sql`delete from comments where guest_name in (${a}, ${b})`;
});

lookTests(
  "the comments screen: axe finds nothing",
  async (page, look, testInfo) => {
    await asAdmin(page);
    const name = mark();
    await waiting(name, "A question about `psql`, long enough to wrap on a phone screen.");
    await page.goto("/bms/comments");
    await itemOf(page, name)
      .getByRole("button", { name: /Answer|回复/ })
      .click();
    expect(await axeViolations(page)).toEqual([]);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      look.width,
    );
    await shoot(page, testInfo, `comments-${look.tag}`, 2);
    await sql`delete from comments where guest_name = ${name}`;
  },
  { everyLanguage: true, timeout: 60_000 },
);
