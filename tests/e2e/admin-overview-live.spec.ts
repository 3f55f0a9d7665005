import { expect, type Page, test } from "@playwright/test";
import { axeViolations, lookTests } from "./admin-session.ts";
import { asAdmin, sql } from "./live-admin.ts";
import { needs, shoot, sideways } from "./support.ts";

// The overview (`/bms/overview`) on the PostgreSQL server, as a fresh admin: the counts, the
// readership's charts with their tables (views put in the table as the beacon would count
// them), a change of period, the queues and the newest admin actions.
needs("E2E_DATABASE_URL", "a PostgreSQL database of the run's own, as .ci/run creates");

/** A day `n` days ago, as the readership counts days (the blog's zone is near UTC's here). */
const dayAgo = (n: number) => new Date(Date.now() - n * 86_400_000).toISOString().slice(0, 10);

test.beforeAll(async () => {
  // Views spread over the last 60 days, some pages, a referrer, both languages and devices.
  await sql`delete from page_views where path like '/e2e-%'`;
  for (let n = 0; n < 60; n += 3) {
    await sql`insert into page_views (day, path, referrer, locale, device, views)
      values (${dayAgo(n)}, '/e2e-articles/static-first/', 'news.example', 'en-US', 'desktop', ${n + 4}),
             (${dayAgo(n)}, '/e2e-image-library/', '', 'zh-CN', 'phone', ${2})
      on conflict do nothing`;
  }
});

async function openOverview(page: Page) {
  await page.goto("/bms/overview");
  await expect(page.locator(".bms-glance-card").first()).toBeVisible();
  await expect(page.locator(".bms-chart canvas").first()).toBeVisible();
}

test("the overview counts, charts the readership with its tables, and changes period", async ({
  page,
}) => {
  test.setTimeout(120_000);
  await asAdmin(page);
  await openOverview(page);
  const glance = page.getByRole("region", { name: "At a glance" });
  await expect(glance.getByText("Articles")).toBeVisible();
  await expect(glance.getByText("Accounts")).toBeVisible();

  const readership = page.getByRole("region", { name: "Readership" });
  await expect(readership.getByRole("button", { name: "30 days" })).toHaveAttribute(
    "aria-pressed",
    "true",
  );
  await expect(readership.getByRole("status")).toContainText(/views in the last 30 days/);
  // Each chart is an image named by its summary, with its numbers in a table.
  await expect(readership.getByRole("img", { name: /^Views per day:/ })).toBeVisible();
  const pages = readership.getByRole("table", { name: "Most read pages" });
  await expect(
    pages.getByRole("rowheader", { name: "/e2e-articles/static-first/" }),
  ).toBeAttached();
  const sites = readership.getByRole("table", { name: "Sites that sent readers" });
  await expect(sites.getByRole("rowheader", { name: "news.example" })).toBeAttached();
  const days30 = await readership
    .getByRole("table", { name: "Views per day" })
    .locator("tbody tr")
    .count();
  expect(days30).toBe(30);

  await readership.getByRole("button", { name: "90 days" }).click();
  await expect(readership.getByRole("button", { name: "90 days" })).toHaveAttribute(
    "aria-pressed",
    "true",
  );
  await expect(
    readership.getByRole("table", { name: "Views per day" }).locator("tbody tr"),
  ).toHaveCount(90);
  await expect(readership.getByRole("status")).toContainText(/views in the last 90 days/);

  // The theme switch redraws the charts in the other theme's colours, with no error.
  const errors: string[] = [];
  page.on("pageerror", (error) => errors.push(error.message));
  await page.evaluate(() => document.documentElement.setAttribute("data-theme", "dark"));
  await expect(readership.getByRole("img", { name: /^Views per day:/ })).toBeVisible();
  expect(errors).toEqual([]);

  await expect(page.getByRole("region", { name: "Newest admin actions" })).toBeVisible();
  await expect(page.getByRole("link", { name: "The whole audit log" })).toHaveAttribute(
    "href",
    "/bms/LogCenter?log=audit",
  );
});

lookTests("the overview: axe finds nothing", async (page, look, testInfo) => {
  await asAdmin(page);
  await openOverview(page);
  expect(await axeViolations(page)).toEqual([]);
  expect(await sideways(page)).toBeLessThanOrEqual(0);
  await shoot(page, testInfo, `bms-overview-${look.tag}`);
});
