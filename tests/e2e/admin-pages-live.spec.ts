import { expect, type Page, test } from "@playwright/test";
import { axeViolations, lookTests } from "./admin-session.ts";
import { asAdmin, sql } from "./live-admin.ts";
import { needs, shoot } from "./support.ts";

// The about page in the back office (`/bms/about`) on the PostgreSQL server: each language from
// its file until a text is saved here, its history, a save never over another unseen, and going
// back to the file. (Its place on the built site: publish-live.spec.ts.)
needs("E2E_DATABASE_URL", "a PostgreSQL database of the run's own, as .ci/run creates");

// One test writes the English page; the others only look.
test.describe.configure({ mode: "serial" });

async function open(page: Page) {
  await page.goto("/bms/about");
  const english = page.getByRole("form", { name: "About page in English" });
  await expect(english.locator(".cm-content")).toBeEditable();
  return english;
}

const stored = async () =>
  (
    await sql<
      { body: string }[]
    >`select body from site_pages where slug = 'about' and lang = 'en-US'`
  )[0]?.body;

test("the about page is written here, restored from its history, never saved over another unseen, and given back to its file", async ({
  page,
}) => {
  test.setTimeout(120_000);
  await sql`delete from site_pages`;
  await asAdmin(page);
  const form = await open(page);
  const body = form.getByRole("textbox", { name: "English text", exact: true });
  const status = form.locator(":scope > [role=status]");
  await expect(form.getByText("The site shows content/about/en-US.mdx.")).toBeVisible();
  await expect(body).toContainText("About this blog");
  await expect(page.getByRole("form", { name: "About page in Chinese" })).toBeVisible();

  // Saved here: the text replaces the file on the site.
  await body.fill("# About\n\nThe first version.");
  await form.getByRole("button", { name: "Save and publish" }).click();
  await expect(status).toContainText("Saved at");
  expect(await stored()).toBe("# About\n\nThe first version.");
  await expect(
    form.getByText(/^Saved here .*in place of content\/about\/en-US\.mdx\.$/),
  ).toBeVisible();
  await body.fill("# About\n\nThe second version.");
  await form.getByRole("button", { name: "Save and publish" }).click();
  await expect(status).toContainText("Saved at");

  // The history: two saves; the first put back.
  await form.getByText("History", { exact: true }).click();
  const saves = form.locator(".bms-history-list button");
  await expect(saves).toHaveCount(2);
  await saves.nth(1).click();
  const diff = form.locator(".bms-history-compare .bms-diff");
  await expect(diff).toContainText("+ The first version.");
  await expect(diff).toContainText("− The second version.");
  await form.getByRole("button", { name: "Restore this version" }).click();
  await expect(status).toContainText("was restored and saved again");
  await expect(body).toContainText("The first version.");
  expect(await stored()).toBe("# About\n\nThe first version.");

  // Saved elsewhere meanwhile: refused and said, the text kept, Save over it on purpose.
  await sql`update site_pages set body = 'Elsewhere.', updated_at = now() where lang = 'en-US'`;
  await body.fill("# About\n\nMine.");
  await form.getByRole("button", { name: "Save and publish" }).click();
  await expect(form.getByRole("alert")).toContainText("This was saved elsewhere");
  expect(await stored()).toBe("Elsewhere.");
  await expect(body).toContainText("Mine.");
  await form.getByRole("button", { name: "Save over it" }).click();
  await expect(status).toContainText("Saved at");
  expect(await stored()).toBe("# About\n\nMine.");

  // Back to the file, after a confirm step: the saved text and its history are gone.
  await form.getByRole("button", { name: "Go back to the file" }).click();
  const confirm = form.getByRole("group", {
    name: "Forget the text saved here, and its history, and show content/about/en-US.mdx again?",
  });
  await expect(confirm.getByRole("button", { name: "Cancel" })).toBeFocused();
  await confirm.getByRole("button", { name: "Yes, go back" }).click();
  await expect(status).toContainText("shows content/about/en-US.mdx again");
  await expect(body).toContainText("About this blog");
  expect(await stored()).toBeUndefined();
  await expect(form.getByRole("button", { name: "Go back to the file" })).toHaveCount(0);
});

test("an empty text is refused before it is sent", async ({ page }) => {
  await asAdmin(page);
  const form = await open(page);
  await form.getByRole("textbox", { name: "English text", exact: true }).fill("   ");
  await form.getByRole("button", { name: "Save and publish" }).click();
  await expect(form.getByText("Write the page's text first.")).toBeVisible();
  await expect(form.getByRole("alert")).toHaveText("Please correct the marked fields.");
  expect(await stored()).toBeUndefined();
});

lookTests(
  "the about page's editor has no axe violations",
  async (page, look, testInfo) => {
    await asAdmin(page);
    await page.goto("/bms/about");
    await expect(page.locator(".cm-content")).toHaveCount(2);
    await expect(page.locator(".cm-content").first()).toBeEditable();
    expect(await axeViolations(page)).toEqual([]);
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(look.width);
    await shoot(page, testInfo, `about-${look.tag}`, 3);
  },
  { everyLanguage: true, timeout: 90_000 },
);
