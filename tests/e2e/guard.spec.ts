import { expect, type Page, test } from "@playwright/test";
import { adminInfo, axeFindings, prefer, readerInfo } from "./support.ts";

async function identity(
  page: Page,
  answer: { status: number; success: boolean; isAdmin: boolean },
) {
  await page.route("**/api/verifyIdentity", (route) =>
    route.fulfill({
      status: answer.status,
      json: {
        code: answer.status,
        message: answer.status === 200 ? "OK" : "Please log in",
        data: { success: answer.success, isAdmin: answer.isAdmin },
      },
    }),
  );
}

test("a visitor without a session is sent to log in, and comes back after", async ({ page }) => {
  await prefer(page, { locale: "en-US", user: readerInfo });
  await identity(page, { status: 401, success: false, isAdmin: false });
  await page.goto("/bms/LogCenter");
  await expect(page).toHaveURL("/register-login?next=%2Fbms%2FLogCenter");
  expect(await page.evaluate(() => localStorage.getItem("user-info"))).toBeNull();
  await expect(page.getByRole("tab", { name: "Log in" })).toHaveAttribute("aria-selected", "true");
});

test("an erroring identity check also clears the user and goes to log in", async ({ page }) => {
  await prefer(page, { locale: "en-US", user: adminInfo });
  await page.route("**/api/verifyIdentity", (route) => route.abort());
  await page.goto("/bms/overview");
  await expect(page).toHaveURL(/\/register-login\?next=/);
  expect(await page.evaluate(() => localStorage.getItem("user-info"))).toBeNull();
});

test("a reader is sent to the unauthorized page", async ({ page }) => {
  await prefer(page, { locale: "en-US", user: readerInfo });
  await identity(page, { status: 200, success: true, isAdmin: false });
  await page.goto("/bms/userManagement");
  await expect(page).toHaveURL("/unauthorized");
  await expect(page.getByRole("heading", { name: "Admins only" })).toBeVisible();
});

test("nothing of the back office shows before the server answers", async ({ page }) => {
  await prefer(page, { locale: "en-US", user: adminInfo });
  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route("**/api/verifyIdentity", async (route) => {
    await held;
    await route.fulfill({
      json: { code: 200, message: "OK", data: { success: true, isAdmin: true } },
    });
  });
  await page.goto("/bms/overview");
  await expect(page.getByText("Checking your access…")).toBeVisible();
  await expect(page.getByRole("navigation", { name: "Back office sections" })).toHaveCount(0);
  release();
  await expect(page.getByRole("heading", { level: 1, name: "Overview" })).toBeVisible();
});

test("on a phone the back office's sections fold under one button, every label whole", async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await prefer(page, { locale: "en-US", user: adminInfo });
  await identity(page, { status: 200, success: true, isAdmin: true });
  await page.goto("/bms/overview");
  const nav = page.getByRole("navigation", { name: "Back office sections" });
  const menu = nav.getByRole("button", { name: "Sections: Overview" });
  await expect(menu).toHaveAttribute("aria-expanded", "false");
  await expect(nav.getByRole("link", { name: "Write article", exact: true })).toBeHidden();
  await menu.click();
  for (const name of ["Overview", "Write article", "Site navigation", "User settings"]) {
    const link = nav.getByRole("link", { name, exact: true });
    await expect(link).toBeVisible();
    // Whole: its text fits its box, and the box fits the screen.
    expect(await link.evaluate((a) => a.scrollWidth <= a.clientWidth + 1)).toBe(true);
    const box = await link.boundingBox();
    expect((box?.x ?? 0) + (box?.width ?? 0)).toBeLessThanOrEqual(390);
  }
  await nav.getByRole("link", { name: "Feedback", exact: true }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Feedback" })).toBeVisible();
  await expect(nav.getByRole("button", { name: "Sections: Feedback" })).toHaveAttribute(
    "aria-expanded",
    "false",
  );
});

test("an admin gets the shell, with its own router over every admin route", async ({ page }) => {
  await prefer(page, { locale: "en-US", user: adminInfo });
  await identity(page, { status: 200, success: true, isAdmin: true });
  await page.goto("/bms/overview");
  const nav = page.getByRole("navigation", { name: "Back office sections" });
  for (const name of [
    "Overview",
    "Articles",
    "Write article",
    "Categories",
    "Notes",
    "Book documents",
    "Photos",
    "Edit photo",
    "Banners",
    "Site navigation",
    "Feedback",
    "Users",
    "Logs",
    "User settings",
  ]) {
    await expect(nav.getByRole("link", { name, exact: true })).toBeVisible();
  }
  await nav.getByRole("link", { name: "Feedback", exact: true }).click();
  await expect(page).toHaveURL("/bms/FeedBackCenter");
  await expect(page.getByRole("heading", { level: 1, name: "Feedback" })).toBeVisible();
  await expect(nav.getByRole("link", { name: "Feedback", exact: true })).toHaveAttribute(
    "aria-current",
    "page",
  );
  await page.goBack();
  await expect(page.getByRole("heading", { level: 1, name: "Overview" })).toBeVisible();
  expect(await axeFindings(page)).toEqual([]);
  // A route loaded directly is guarded the same way.
  await page.goto("/bms/site-nav");
  await expect(page.getByRole("heading", { level: 1, name: "Site navigation" })).toBeVisible();
});
