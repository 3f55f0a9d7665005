import { expect, type Page, test } from "@playwright/test";
import type { UserInfo } from "../../src/shared/user-info.ts";
import { axeViolations, lookTests } from "./admin-session.ts";
import { asAdmin, bearer, sql } from "./live-admin.ts";
import { needs, shoot, sideways } from "./support.ts";

// The back office's lists on the PostgreSQL server, as a fresh admin: bulk actions on several
// articles, the view kept in the address, orders and counts, View on site, and the user list as
// cards on a phone.
needs("E2E_DATABASE_URL", "a PostgreSQL database of the run's own, as .ci/run creates");

/** A mark of this run's own articles, which the search box then keeps alone in the list. */
const mark = () => `lst${Date.now().toString(36)}`;

/** Three published articles of this run, titled so that A to Z is not the order they are made in. */
async function threeArticles(page: Page, stamp: string, admin: UserInfo) {
  const titles = ["Cherry", "apple", "Banana"];
  for (const [i, title] of titles.entries()) {
    const made = await page.request.post("/api/admin/articles", {
      headers: bearer(admin),
      data: {
        slug: `${stamp}-${i}`,
        lang: "en-US",
        title: `${title} ${stamp}`,
        summary: "One of three.",
        body: "Three at once.",
        category: "engineering",
        tags: [stamp],
        status: "published",
      },
    });
    expect(made.ok()).toBe(true);
  }
}

/** The list's items' titles, in order. */
const titles = (page: Page) => page.locator(".bms-article-list .bms-item h3").allTextContents();

test("three articles are unpublished, moved and deleted at once; the view survives a reload", async ({
  page,
}) => {
  test.setTimeout(90_000);
  const info = await asAdmin(page);
  const stamp = mark();
  await threeArticles(page, stamp, info);

  await page.goto("/bms/article");
  const searched = page.waitForResponse((r) => r.url().includes(`q=${stamp}`) && r.ok());
  await page.getByRole("searchbox", { name: "Search articles" }).fill(stamp);
  await searched;
  await expect(page.locator(".bms-article-list .bms-item")).toHaveCount(3);
  await expect(page).toHaveURL(new RegExp(`[?&]q=${stamp}`));

  // A to Z, case left out; the order goes into the address too.
  await page.getByLabel("Order").selectOption({ label: "Title A–Z" });
  await expect(page).toHaveURL(/[?&]sort=title/);
  await expect
    .poll(() => titles(page))
    .toEqual([`apple ${stamp}`, `Banana ${stamp}`, `Cherry ${stamp}`]);

  // The tag filter names the tag with its count; the view comes back after a reload.
  await expect(page.getByLabel("Tag").getByRole("option", { name: `${stamp} (3)` })).toHaveCount(1);
  await page.reload();
  await expect(page.getByRole("searchbox", { name: "Search articles" })).toHaveValue(stamp);
  await expect(page.getByLabel("Order")).toHaveValue("title");
  await expect
    .poll(() => titles(page))
    .toEqual([`apple ${stamp}`, `Banana ${stamp}`, `Cherry ${stamp}`]);

  // Live items link to their page on the site.
  const onSite = page.getByRole("link", { name: "View on site" });
  await expect(onSite).toHaveCount(3);
  await expect(onSite.first()).toHaveAttribute("href", `/articles/${stamp}-1/`);

  // Select all three and unpublish them in one go.
  const bulk = page.getByRole("group", { name: "Selected articles" });
  await bulk.getByLabel("Select all on this page").check();
  await expect(bulk.getByText("3 selected")).toBeVisible();
  await bulk.getByRole("button", { name: "Unpublish" }).click();
  const status = page.locator(".bms-article-list [role=status]").first();
  await expect(status).toContainText("Unpublished 3 of 3.");
  const rows = await sql`select status from content_articles where slug like ${`${stamp}-%`}`;
  expect(rows.map((row) => row.status)).toEqual(["draft", "draft", "draft"]);
  await expect(page.getByRole("link", { name: "View on site" })).toHaveCount(0);

  // Moved to another category: the choice names how many articles it holds.
  await bulk.getByLabel("Move to category").selectOption("life");
  await bulk.getByRole("button", { name: "Move", exact: true }).click();
  await expect(status).toContainText("Moved 3 of 3.");
  const moved = await sql`select category from content_articles where slug like ${`${stamp}-%`}`;
  expect(moved.map((row) => row.category)).toEqual(["life", "life", "life"]);

  // Deleted after one confirmation that says how many.
  await bulk.getByRole("button", { name: "Delete" }).click();
  await expect(bulk.getByRole("group", { name: /Delete the 3 selected articles\?/ })).toBeVisible();
  await bulk.getByRole("button", { name: "Yes, delete" }).click();
  await expect(page.getByText("Deleted 3 of 3.")).toBeVisible();
  await expect(page.getByText("No articles match.")).toBeVisible();
  const left =
    await sql`select count(*)::int as n from content_articles where slug like ${`${stamp}-%`}`;
  expect(left[0]?.n).toBe(0);
});

test("a refusal in a bulk action names the article and why; the others are done", async ({
  page,
}) => {
  const info = await asAdmin(page);
  const stamp = mark();
  await threeArticles(page, stamp, info);
  await page.goto(`/bms/article?q=${stamp}`);
  await expect(page.locator(".bms-article-list .bms-item")).toHaveCount(3);
  const bulk = page.getByRole("group", { name: "Selected articles" });
  await bulk.getByLabel("Select all on this page").check();
  // One of them is deleted elsewhere meanwhile.
  await sql`delete from content_articles where slug = ${`${stamp}-0`}`;
  await bulk.getByRole("button", { name: "Unpublish" }).click();
  const failure = page.locator(".bms-article-list [role=alert]").first();
  await expect(failure).toContainText("Unpublished 2 of 3.");
  await expect(failure).toContainText(`Not unpublished: “Cherry ${stamp}”`);
  await sql`delete from content_articles where slug like ${`${stamp}-%`}`;
});

test("feedback is moved to a status many at a time; a transition refused is named", async ({
  page,
}) => {
  await asAdmin(page);
  const stamp = mark();
  const environment = JSON.stringify({
    url: "http://localhost/",
    userAgent: "UA",
    viewport: "390×844",
    timestamp: new Date().toISOString(),
  });
  for (const subject of [`${stamp} first`, `${stamp} second`]) {
    await sql`insert into feedback (feedback_type, subject, description, environment)
      values ('bug', ${subject}, 'Sent for the bulk test.', ${environment}::jsonb)`;
  }
  await page.goto("/bms/FeedBackCenter?status=new");
  await expect(page.getByLabel("Status", { exact: true })).toHaveValue("new");
  for (const subject of [`${stamp} first`, `${stamp} second`]) {
    await page.getByRole("checkbox", { name: `Select “${subject}”` }).check();
  }
  const bulk = page.getByRole("group", { name: "Selected feedback" });
  await expect(bulk.getByText("2 selected")).toBeVisible();
  // New feedback cannot be resolved at once: both refused, each named.
  const moveTo = bulk.getByRole("group", { name: "Move the selected to" });
  await moveTo.getByRole("button", { name: "Resolved" }).click();
  const alert = page.locator(".bms-feedback [role=alert]").first();
  await expect(alert).toContainText("Changed 0 of 2.");
  await expect(alert).toContainText(`“${stamp} first”`);
  await moveTo.getByRole("button", { name: "In progress" }).click();
  await expect(page.getByText("Changed 2 of 2.")).toBeVisible();
  const rows = await sql`select status from feedback where subject like ${`${stamp}%`}`;
  expect(rows.map((row) => row.status)).toEqual(["in_progress", "in_progress"]);
});

test("the book and photo forms say a slug is taken as it is typed", async ({ page }) => {
  await asAdmin(page);
  await page.goto("/bms/book-doc");
  const book = page.getByRole("form", { name: "New book" });
  await book.getByLabel("Slug").fill("the-quiet-page");
  await expect(book.locator(".bms-slug-use")).toContainText("content/books/the-quiet-page");
  await book.getByLabel("Slug").fill(`free-${mark()}`);
  await expect(book.locator(".bms-slug-use")).toContainText("is free");

  await page.goto("/bms/editPhoto");
  const photo = page.getByRole("form", { name: "New photo" });
  await photo.getByLabel("Slug").fill("blue-hour-lake");
  await expect(photo.locator(".bms-slug-use")).toContainText("content/photos/blue-hour-lake.md");
});

test("the user list is sorted by a column heading and fits a phone as cards", async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await asAdmin(page, "zz-last-by-name");
  await page.goto("/bms/userManagement");
  const table = page.getByRole("table");
  await expect(table.getByRole("row").nth(1)).toBeVisible();
  await page.getByRole("button", { name: "Name", exact: true }).click();
  await expect(page).toHaveURL(/[?&]sort=name/);
  await expect(page.getByRole("columnheader", { name: "Name" })).toHaveAttribute(
    "aria-sort",
    "ascending",
  );
  // Nothing wider than the window: no sideways scrolling.
  expect(await sideways(page)).toBeLessThanOrEqual(0);
  // Measured once the sorted page has replaced the rows (a row replaced meanwhile has no box).
  const card = table.locator("tbody tr").first();
  await expect.poll(async () => (await card.boundingBox())?.width ?? 999).toBeLessThanOrEqual(390);
});

lookTests(
  "the lists: axe finds nothing, nothing sideways",
  async (page, look, testInfo) => {
    const info = await asAdmin(page);
    const stamp = mark();
    await threeArticles(page, stamp, info);
    for (const [route, ready] of [
      ["article", ".bms-article-list .bms-item"],
      ["notes", ".bms-notes .bms-item"],
      ["book-doc", ".bms-books .bms-item"],
      ["userManagement", "tbody tr"],
    ] as const) {
      await page.goto(`/bms/${route}`);
      await expect(page.locator(ready).first()).toBeVisible();
      if (route === "article") {
        await page.locator(".bms-bulk input[type=checkbox]").first().check();
      }
      expect(await axeViolations(page), route).toEqual([]);
      expect(await sideways(page), route).toBeLessThanOrEqual(0);
      await shoot(page, testInfo, `bms-${route}-${look.tag}`);
    }
    await sql`delete from content_articles where slug like ${`${stamp}-%`}`;
  },
  { everyLanguage: true, timeout: 90_000 },
);
