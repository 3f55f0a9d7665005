import { expect, type Page, test } from "@playwright/test";
import { axeViolations, dress, keptText, LOOKS } from "./admin-session.ts";
import { asAdmin, sql } from "./live-admin.ts";
import { needs, shoot } from "./support.ts";

// The notes screen of the back office on the PostgreSQL server, logged in as a fresh admin.
needs("E2E_DATABASE_URL", "a PostgreSQL database of the run's own, as .ci/run creates");

const stamp = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;

async function open(page: Page) {
  await page.goto("/bms/notes");
  await expect(page.getByRole("heading", { name: "Write a note" })).toBeVisible();
}

const compose = (page: Page) => page.getByRole("form", { name: "Write a note" });
/** The list's own status line (the compose form has one too). */
const listStatus = (page: Page) =>
  page.getByRole("region", { name: "All notes" }).getByRole("status").first();
const item = (page: Page, text: string) =>
  page.getByRole("listitem").filter({ has: page.locator(".bms-excerpt", { hasText: text }) });

test("a note is written and published, another scheduled", async ({ page }) => {
  await asAdmin(page);
  await open(page);
  const words = `Published from the e2e test ${stamp()}`;
  const form = compose(page);
  await form.getByLabel("Language").selectOption("en-US");
  const body = `${words}\n\nWith **Markdown**.`;
  await form.getByLabel("Note", { exact: true }).fill(body);
  // Published from the e2e test <stamp> / With **Markdown**: 8 words; every letter and mark.
  await expect(form.getByText(/ words · /)).toHaveText(
    `8 words · ${body.replace(/\s/g, "").length} characters`,
  );
  await form.getByLabel("Tags").fill("e2e, testing，e2e");
  await form.getByRole("button", { name: "Add a picture" }).click();
  await expect(form.getByLabel("Address of picture 1")).toBeFocused();
  await form.getByLabel("Address of picture 1").fill("https://example.com/a.png");
  await form.getByLabel("Description of picture 1").fill("A test picture");
  await form.getByRole("button", { name: "Publish now" }).click();
  await expect(listStatus(page)).toHaveText(
    "Published. The site shows it once its build is live: see the build status.",
  );
  const rows = await sql<{ status: string; tags: string[]; images: unknown[]; lang: string }[]>`
    select status, tags, images, lang from content_notes where body like ${`${words}%`}`;
  expect(rows).toEqual([
    {
      status: "published",
      tags: ["e2e", "testing"],
      images: [{ src: "https://example.com/a.png", alt: "A test picture" }],
      lang: "en-US",
    },
  ]);
  // The form is empty again; the list shows the note with its status and facts.
  await expect(form.getByLabel("Note", { exact: true })).toHaveText("");
  const published = item(page, words);
  await expect(published.locator(".bms-badge")).toContainText("Published");
  await expect(published).toContainText("Tags: e2e, testing");
  await expect(published).toContainText("Source: Database");
  await expect(published.getByRole("button", { name: "Unpublish" })).toBeVisible();

  const later = `Scheduled from the e2e test ${stamp()}`;
  await form.getByLabel("Note", { exact: true }).fill(later);
  await form.getByLabel(/Publish at/).fill("2031-05-04T09:30");
  await form.getByRole("button", { name: "Schedule" }).click();
  await expect(listStatus(page)).toContainText("Scheduled for");
  const [row] = await sql<{ status: string; published_at: Date }[]>`
    select status, published_at from content_notes where body = ${later}`;
  expect(row?.status).toBe("scheduled");
  expect(row?.published_at.getUTCFullYear()).toBe(2031);
  await expect(item(page, later).locator(".bms-badge")).toContainText("Scheduled for");

  // Unpublish the first one from the list: a draft again.
  await published.getByRole("button", { name: "Unpublish" }).click();
  await expect(listStatus(page)).toHaveText(
    "Unpublished. The site drops it once its build is live: see the build status.",
  );
  await expect(published.locator(".bms-badge")).toHaveText("Draft");
  await expect(published.getByRole("button", { name: "Edit" })).toBeFocused();
});

test("the form refuses bad input and focuses the first problem", async ({ page }) => {
  await asAdmin(page);
  await open(page);
  const form = compose(page);
  await form.getByRole("button", { name: "Save draft" }).click();
  await expect(form.getByText("Write the note first.")).toBeVisible();
  await expect(form.getByLabel("Note", { exact: true })).toBeFocused();
  await expect(form.getByRole("alert")).toHaveText("Please correct the marked fields.");

  await form.getByLabel("Note", { exact: true }).fill(`Bad picture ${stamp()}`);
  await form.getByRole("button", { name: "Add a picture" }).click();
  await form.getByRole("button", { name: "Add a picture" }).click();
  await form.getByLabel("Address of picture 1").fill("https://example.com/ok.png");
  await form.getByLabel("Address of picture 2").fill("javascript:alert(1)");
  await form.getByRole("button", { name: "Save draft" }).click();
  const bad = form.getByLabel("Address of picture 2");
  await expect(bad).toBeFocused();
  await expect(bad).toHaveAttribute("aria-invalid", "true");
  await expect(form.getByText("Use an https:// address or a path on this site")).toBeVisible();

  // Removing the row clears the problem; a past time cannot be scheduled.
  await form.getByRole("button", { name: "Remove picture 2" }).click();
  await form.getByLabel(/Publish at/).fill("2020-01-01T08:00");
  await form.getByRole("button", { name: "Schedule" }).click();
  await expect(form.getByLabel(/Publish at/)).toBeFocused();
  await expect(form.getByText("Choose a time in the future.")).toBeVisible();

  // The server's own check answers too (eleven tags get past no client: the rule is the same).
  const count = await sql<{ n: number }[]>`select count(*)::int as n from content_notes
    where body like 'Bad picture %'`;
  expect(count[0]?.n).toBe(0);
});

test("a note is edited in place and deleted after a confirm step", async ({ page }) => {
  await asAdmin(page);
  await open(page);
  const words = `Edit me ${stamp()}`;
  const form = compose(page);
  await form.getByLabel("Note", { exact: true }).fill(words);
  await form.getByRole("button", { name: "Save draft" }).click();
  await expect(listStatus(page)).toHaveText("Draft saved.");

  const draft = item(page, words);
  await draft.getByRole("button", { name: "Edit" }).click();
  const editor = page.getByRole("form", { name: "Edit note" });
  await expect(editor.getByLabel("Note", { exact: true })).toHaveText(words);
  await editor.getByLabel("Note", { exact: true }).fill(`${words} edited`);
  await editor.getByLabel("Tags").fill("changed");
  await editor.getByRole("button", { name: "Save changes" }).click();
  await expect(listStatus(page)).toHaveText("Saved.");
  const edited = item(page, `${words} edited`);
  await expect(edited).toContainText("Tags: changed");
  await expect(edited.getByRole("button", { name: "Edit" })).toBeFocused();

  await edited.getByRole("button", { name: "Delete" }).click();
  await expect(edited.getByRole("group", { name: "Delete this note?" })).toBeVisible();
  await expect(edited.getByRole("button", { name: "Cancel" })).toBeFocused();
  await edited.getByRole("button", { name: "Cancel" }).click();
  await expect(edited.getByRole("button", { name: "Delete" })).toBeFocused();
  await edited.getByRole("button", { name: "Delete" }).click();
  await edited.getByRole("button", { name: "Yes, delete" }).click();
  await expect(listStatus(page)).toHaveText("Note deleted.");
  await expect(edited).toHaveCount(0);
  await expect(page.getByRole("heading", { name: "All notes" })).toBeFocused();
  const left = await sql`select 1 from content_notes where body like ${`${words}%`}`;
  expect(left).toHaveLength(0);
});

test("a note's edit saves itself, keeps its history and never overwrites a newer save", async ({
  page,
}) => {
  test.setTimeout(90_000);
  await asAdmin(page);
  await open(page);
  const words = `Kept safe ${stamp()}`;
  await compose(page).getByLabel("Note", { exact: true }).fill(`${words} one.`);
  await compose(page).getByRole("button", { name: "Save draft" }).click();
  await expect(listStatus(page)).toHaveText("Draft saved.");
  await item(page, words).getByRole("button", { name: "Edit" }).click();
  const editor = page.getByRole("form", { name: "Edit note" });
  const body = editor.getByRole("textbox", { name: "Note", exact: true });
  await expect(body).toHaveText(`${words} one.`);
  await expect(editor.locator(".cm-content")).toBeEditable();
  const status = editor.locator(":scope > [role=status]");
  const stored = async () =>
    (
      await sql<{ body: string }[]>`select body from content_notes where body like ${`${words}%`}`
    )[0]?.body;

  // A pause in typing saves the draft; the form stays open.
  await body.press("Control+End");
  await page.keyboard.type(" Two.");
  await expect(status).toContainText("Draft saved automatically at", { timeout: 20_000 });
  expect(await stored()).toBe(`${words} one. Two.`);

  // The history: the first save and the autosave; the first one put back.
  await editor.getByText("History", { exact: true }).click();
  const saves = editor.locator(".bms-history-list button");
  await expect(saves).toHaveCount(2);
  await expect(saves.first()).toContainText("saved automatically");
  await saves.nth(1).click();
  await expect(editor.locator(".bms-history-compare .bms-diff")).toContainText(
    `− ${words} one. Two.`,
  );
  await editor.getByRole("button", { name: "Restore this version" }).click();
  await expect(status).toContainText("was restored and saved again");
  await expect(body).toHaveText(`${words} one.`);
  expect(await stored()).toBe(`${words} one.`);
  await expect(saves).toHaveCount(3);

  // Saved elsewhere meanwhile: Save is refused and says so, nothing typed is lost, and Save
  // over it replaces the other version on purpose.
  await sql`update content_notes set body = ${`${words} elsewhere.`}, updated_at = now() where body like ${`${words}%`}`;
  await body.press("Control+End");
  await page.keyboard.type(" Mine.");
  await editor.getByRole("button", { name: "Save changes" }).click();
  await expect(editor.getByRole("alert")).toContainText("This was saved elsewhere");
  expect(await stored()).toBe(`${words} elsewhere.`);
  await expect(body).toHaveText(`${words} one. Mine.`);
  await editor.getByRole("button", { name: "Save over it" }).click();
  await expect(listStatus(page)).toHaveText("Saved.");
  expect(await stored()).toBe(`${words} one. Mine.`);
});

test("a note the page died in is offered back and restored", async ({ page, context }) => {
  test.setTimeout(90_000);
  await asAdmin(page);
  await open(page);
  const words = `Kept through a crash ${stamp()}`;
  await compose(page).getByLabel("Note", { exact: true }).fill(words);
  await expect.poll(() => keptText(page, "note:new")).toBe(words);
  await page.close({ runBeforeUnload: false });

  const again = await context.newPage();
  await asAdmin(again);
  await open(again);
  const form = compose(again);
  const offer = form.getByRole("region", { name: "Unsaved changes were kept in this browser" });
  await expect(offer).toBeVisible();
  await offer.getByText("Show what differs").click();
  await expect(offer.locator(".bms-diff")).toContainText(`+ ${words}`);
  await offer.getByRole("button", { name: "Restore them" }).click();
  await expect(offer).toHaveCount(0);
  await expect(form.getByRole("textbox", { name: "Note", exact: true })).toHaveText(words);
  await form.getByRole("button", { name: "Save draft" }).click();
  await expect(listStatus(again)).toHaveText("Draft saved.");
  await expect.poll(() => keptText(again, "note:new")).toBeNull();
});

test("notes written in files are listed read-only", async ({ page }) => {
  await asAdmin(page);
  await open(page);
  await page.getByRole("searchbox", { name: "Search notes" }).fill("psql");
  const file = page.getByRole("listitem").filter({ hasText: "Written in a file: content/notes/" });
  await expect(file.first()).toBeVisible();
  await expect(file.first()).toContainText("Source: File");
  await expect(file.first().getByRole("button")).toHaveCount(0);
});

test("the filters narrow the list", async ({ page }) => {
  await asAdmin(page);
  await open(page);
  const list = page.getByRole("region", { name: "All notes" });
  await expect(list.locator(".bms-items")).toBeVisible();
  const answered = page.waitForResponse((r) => /admin\/notes\?.*status=scheduled/.test(r.url()));
  await list.getByLabel("Status").selectOption("scheduled");
  await answered;
  await expect(list.getByText(/^\d+ notes?$/)).toBeVisible();
  const badges = page.locator(".bms-items .bms-badge");
  for (const badge of await badges.all()) await expect(badge).toContainText("Scheduled");
});

test("the screen speaks Chinese", async ({ page }) => {
  await page.addInitScript(() => localStorage.setItem("app-locale", "zh-CN"));
  await asAdmin(page);
  await page.goto("/bms/notes");
  await expect(page.getByRole("heading", { name: "写随笔" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "全部随笔" })).toBeVisible();
  const form = page.getByRole("form", { name: "写随笔" });
  await expect(form.getByRole("button", { name: "立即发布" })).toBeVisible();
  await form.getByRole("button", { name: "存为草稿" }).click();
  await expect(form.getByText("请先写下随笔内容。")).toBeVisible();
  await page.getByRole("searchbox", { name: "搜索随笔" }).fill("桂花");
  await expect(page.getByText("写在文件中：content/notes/").first()).toBeVisible();
});

/**
 * Opens the screen as a new admin with the states that add markup showing: a picture row and
 * field errors.
 */
async function openWithErrors(page: Page) {
  await asAdmin(page);
  await open(page);
  await expect(page.locator(".bms-items")).toBeVisible();
  const form = compose(page);
  await form.getByRole("button", { name: "Add a picture" }).click();
  await form.getByLabel("Address of picture 1").fill("javascript:alert(1)");
  await form.getByRole("button", { name: "Save draft" }).click();
}

for (const theme of ["light", "dark"] as const) {
  test(`axe finds nothing on the notes screen (${theme})`, async ({ page }) => {
    await page.addInitScript((t) => localStorage.setItem("app-theme", t), theme);
    await openWithErrors(page);
    expect(await axeViolations(page)).toEqual([]);
  });
}

for (const look of LOOKS) {
  test(`screenshots of the notes screen (${look.width}, ${look.theme}) @look`, async ({
    page,
  }, testInfo) => {
    // Full-page pictures and their parts: over 30 s when both cores are busy.
    test.setTimeout(90_000);
    await dress(page, look);
    await openWithErrors(page);
    await shoot(page, testInfo, `bms-notes-${look.width}-${look.theme}`);
  });
}
