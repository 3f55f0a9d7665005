import { expect, test } from "@playwright/test";
import { axeViolations, lookTests } from "./admin-session.ts";
import { asAdmin, bearer, sql } from "./live-admin.ts";
import { logInByApi, needs, shoot, sideways } from "./support.ts";

// The admin's own account (`/bms/userSet`) on the PostgreSQL server: the profile and password
// forms every account has, and where they are signed in, another browser signed out from here.
needs("E2E_DATABASE_URL", "a PostgreSQL database of the run's own, as .ci/run creates");

test("the account shows its forms and its sessions; another browser is signed out from here", async ({
  page,
  playwright,
}) => {
  test.setTimeout(120_000);
  const admin = await asAdmin(page);
  const [row] = await sql<
    { email: string }[]
  >`select email from users where id = ${admin.user._id}`;
  // A second browser signs in to the same account.
  const other = await playwright.request.newContext({
    baseURL: test.info().project.use.baseURL ?? "",
    extraHTTPHeaders: { "user-agent": "Other Browser/2.0" },
  });
  const second = await logInByApi(other, row?.email ?? "", "ink2ink!");

  await page.goto("/bms/userSet");
  await expect(page.getByRole("heading", { name: "Personal settings" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Change password" })).toBeVisible();
  // The screen opens at its top: no form further down takes focus and scrolls it away.
  await expect(page.getByLabel("Current password")).not.toBeFocused();
  expect(await page.evaluate(() => window.scrollY)).toBe(0);
  await expect(page.getByRole("heading", { name: "Site settings" })).toBeVisible();
  const sessions = page.getByRole("region", { name: "Where you are signed in" });
  await expect(sessions.getByText("This browser")).toBeVisible();
  const item = sessions.getByRole("listitem").filter({ hasText: "Other Browser/2.0" });
  await expect(item).toBeVisible();
  await expect(item).toContainText(".*");

  await item.getByRole("button", { name: "Sign out" }).click();
  await expect(page.getByText("Signed out of that browser.")).toBeVisible();
  await expect(item).toHaveCount(0);
  const check = await other.get("/api/sessions", { headers: bearer(second) });
  expect(check.status()).toBe(401);
  await other.dispose();
});

lookTests("the account screen: axe finds nothing", async (page, look, testInfo) => {
  await asAdmin(page);
  await page.goto("/bms/userSet");
  await expect(page.locator(".bms-session").first()).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);
  expect(await sideways(page)).toBeLessThanOrEqual(0);
  await shoot(page, testInfo, `bms-userSet-${look.tag}`);
});
