import { expect, test } from "@playwright/test";

test.use({ viewport: { width: 1280, height: 360 } });

test("back to top appears once the page is scrolled, 100 px from the right, and goes to the top", async ({
  page,
}) => {
  await page.goto("/");
  const link = page.getByRole("link", { name: "Back to top" });
  await expect(link).toBeHidden();
  await page.mouse.wheel(0, 2000);
  await expect(link).toBeVisible();
  const box = await link.boundingBox();
  expect(box && Math.round(1280 - (box.x + box.width))).toBe(100);
  await link.click();
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
});

test("every page carries the feedback trigger and the version", async ({ page }) => {
  for (const path of ["/", "/no-such-page"]) {
    const res = await page.goto(path);
    expect(res?.status()).toBe(path === "/" ? 200 : 404);
    await expect(page.getByRole("button", { name: "Feedback" })).toBeVisible();
    await expect(page.getByRole("contentinfo")).toContainText("1.1.5");
  }
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });
  test("the page reads and offers no dead feedback button", async ({ page }) => {
    await page.goto("/");
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await expect(page.getByRole("button", { name: "Feedback" })).toBeHidden();
  });
});
