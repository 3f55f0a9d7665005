import { expect, type Page, test } from "@playwright/test";
import { axeViolations, dress, LOOKS, signIn } from "./admin-session.ts";
import { bearer, sql } from "./live-admin.ts";
import { needs, shoot } from "./support.ts";

// The articles and categories screens of the back office on the PostgreSQL server, logged in
// as a fresh admin.
needs("E2E_DATABASE_URL", "a PostgreSQL database of the run's own, as .ci/run creates");

const stamp = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;

/** The screen's own status line (the one live region the editor and the lists keep). */
const editorStatus = (page: Page) => page.locator(".bms-editor > [role=status]");
// The list's status line is its `ListSection`'s, a child of the list's section.
const listStatus = (page: Page) => page.locator(".bms-article-list section > [role=status]");
const row = (page: Page, title: string) =>
  page
    .locator(".bms-article-list .bms-item")
    .filter({ has: page.getByRole("heading", { name: title, exact: true }) });

/** What axe finds, checked from the top, as a screen first shows. */
async function axe(page: Page) {
  await page.evaluate(() => window.scrollTo(0, 0));
  return axeViolations(page);
}

test("an article is written, refused when wrong, published, scheduled, unpublished and deleted", async ({
  page,
}) => {
  test.setTimeout(120_000);
  await signIn(page);
  await page.goto("/bms/editarticle");
  const form = page.getByRole("form", { name: "New article" });
  await expect(form).toBeVisible();

  const id = stamp();
  const title = `Editor test ${id}`;
  await form.getByLabel("Title", { exact: true }).fill(title);
  // The slug is suggested from the title while it is left alone.
  await expect(form.getByLabel("Slug")).toHaveValue(`editor-test-${id}`);

  // Wrong input: a bad slug and a javascript: cover are refused, the first problem focused.
  await form.getByLabel("Slug").fill("Bad Slug!");
  await form.getByLabel("Cover address").fill("javascript:alert(1)");
  await form.getByRole("button", { name: "Save draft" }).click();
  await expect(form.getByLabel("Slug")).toBeFocused();
  await expect(form.getByLabel("Slug")).toHaveAttribute("aria-invalid", "true");
  await expect(
    form.getByText("Use lowercase letters and digits joined by single hyphens"),
  ).toBeVisible();
  await expect(form.getByLabel("Cover address")).toHaveAttribute("aria-invalid", "true");
  await expect(
    form.getByText("Use an https:// address or a path on this site starting with /."),
  ).toBeVisible();
  await expect(form.getByText("Choose a category.")).toBeVisible();
  await expect(form.getByText("Enter a summary.")).toBeVisible();
  await expect(page.locator(".bms-editor > [role=alert]")).toHaveText(
    "Please correct the marked fields.",
  );
  expect(await sql`select 1 from content_articles where title = ${title}`).toHaveLength(0);

  // Put right, it is created as a draft and the editor opens it by its id.
  const slug = `editor-test-${id}`;
  await form.getByLabel("Slug").fill(slug);
  await form.getByLabel("Language").selectOption("en-US");
  await form.getByLabel("Category").selectOption("engineering");
  await form.getByLabel("Tags").fill("e2e, testing，e2e");
  await form.getByLabel("Summary").fill("Written by the end-to-end test.");
  await form.getByLabel("Cover address").fill("https://example.com/cover.png");
  await form.getByLabel("Cover description").fill("A test cover");
  await form.getByLabel("Text", { exact: true }).fill("# Hello\n\nSome **Markdown**.");
  // Hello, Some, Markdown; the marks count as characters, the spaces and breaks do not.
  await expect(form.getByText(/ words · /)).toHaveText("3 words · 23 characters");
  await expect(form.getByText("Unsaved changes")).toBeVisible();
  await form.getByRole("button", { name: "Save draft" }).click();
  await expect(editorStatus(page)).toHaveText("Article created as a draft.");
  await expect(page).toHaveURL(/\/bms\/editarticle\?id=[0-9a-f-]{36}$/);
  const edit = page.getByRole("form", { name: `Edit “${title}”` });
  await expect(edit.getByRole("heading", { name: `Edit “${title}”` })).toBeFocused();
  await expect(edit.locator(".bms-editor-state .bms-badge")).toHaveText("Draft");
  const [created] = await sql<{ status: string; tags: string[]; cover: string; lang: string }[]>`
    select status, tags, cover, lang from content_articles where slug = ${slug}`;
  expect(created).toEqual({
    status: "draft",
    tags: ["e2e", "testing"],
    cover: "https://example.com/cover.png",
    lang: "en-US",
  });

  // Published from the editor.
  await edit.getByRole("button", { name: "Publish now" }).click();
  await expect(editorStatus(page)).toHaveText(
    "Published. The site shows it once its build is live: see the build status.",
  );
  await expect(edit.locator(".bms-editor-state .bms-badge")).toContainText("Published");
  await expect(edit.getByRole("button", { name: "Publish now" })).toHaveCount(0);

  // Scheduling needs a future time.
  await edit.getByLabel(/Publish at/).fill("2020-01-01T09:00");
  await edit.getByRole("button", { name: "Schedule" }).click();
  await expect(edit.getByText("Choose a time in the future.")).toBeVisible();
  await expect(edit.getByLabel(/Publish at/)).toBeFocused();
  await edit.getByLabel(/Publish at/).fill("2031-05-04T09:30");
  await edit.getByRole("button", { name: "Schedule" }).click();
  await expect(editorStatus(page)).toContainText("Scheduled for");
  await expect(edit.locator(".bms-editor-state .bms-badge")).toContainText("Scheduled for");
  const [scheduled] = await sql<{ status: string; published_at: Date }[]>`
    select status, published_at from content_articles where slug = ${slug}`;
  expect(scheduled?.status).toBe("scheduled");
  expect(scheduled?.published_at.getUTCFullYear()).toBe(2031);

  // Unpublished: a draft again.
  await edit.getByRole("button", { name: "Unpublish" }).click();
  await expect(editorStatus(page)).toHaveText(
    "Unpublished: the article is a draft again. The site drops it once its build is live: see the build status.",
  );
  await expect(edit.locator(".bms-editor-state .bms-badge")).toHaveText("Draft");

  // An edit is saved in place.
  await edit.getByLabel("Summary").fill("Changed by the end-to-end test.");
  await edit.getByRole("button", { name: "Save changes" }).click();
  await expect(editorStatus(page)).toHaveText("Saved.");
  await expect(edit.getByText("Unsaved changes")).toHaveCount(0);

  // The list shows it as a draft from the database; publish, unpublish and delete it there.
  await page.getByRole("link", { name: "Back to articles" }).click();
  await expect(page).toHaveURL(/\/bms\/article$/);
  await page.getByRole("searchbox", { name: "Search articles" }).fill(id);
  const item = row(page, title);
  await expect(item.locator(".bms-badge")).toHaveText("Draft");
  await expect(item).toContainText("Source: Database");
  await expect(item).toContainText("Category: Engineering");
  await expect(item).toContainText("Tags: e2e, testing");
  await item.getByRole("button", { name: "Publish", exact: true }).click();
  await expect(listStatus(page)).toHaveText(
    `“${title}” published. The site shows it once its build is live: see the build status.`,
  );
  await expect(item.locator(".bms-badge")).toContainText("Published");
  await expect(item.getByRole("button", { name: "Edit" })).toBeFocused();
  await item.getByRole("button", { name: "Unpublish" }).click();
  await expect(listStatus(page)).toHaveText(
    `“${title}” is a draft again. The site drops it once its build is live: see the build status.`,
  );
  await expect(item.locator(".bms-badge")).toHaveText("Draft");

  await page.getByRole("combobox", { name: "Status" }).selectOption("published");
  await expect(page.getByText("No articles match.")).toBeVisible();
  await page.getByRole("combobox", { name: "Status" }).selectOption("draft");
  await item.getByRole("button", { name: "Delete" }).click();
  await expect(item.getByRole("button", { name: "Cancel" })).toBeFocused();
  await item.getByRole("button", { name: "Yes, delete" }).click();
  await expect(listStatus(page)).toHaveText(`“${title}” deleted.`);
  await expect(page.getByRole("heading", { name: "All articles" })).toBeFocused();
  await expect(item).toHaveCount(0);
  expect(await sql`select 1 from content_articles where slug = ${slug}`).toHaveLength(0);
});

test("a new article can be published or scheduled straight away", async ({ page }) => {
  await signIn(page);
  await page.goto("/bms/editarticle");
  const form = page.getByRole("form", { name: "New article" });
  const id = stamp();
  await form.getByLabel("Title", { exact: true }).fill(`Later ${id}`);
  await form.getByLabel("Category").selectOption("tools");
  await form.getByLabel("Summary").fill("Scheduled at once.");
  await form.getByLabel(/Publish at/).fill("2032-02-03T10:00");
  await form.getByRole("button", { name: "Schedule" }).click();
  await expect(editorStatus(page)).toContainText("Article created and scheduled for");
  const [row1] = await sql<{ status: string; lang: string }[]>`
    select status, lang from content_articles where slug = ${`later-${id}`}`;
  expect(row1).toEqual({ status: "scheduled", lang: "zh-CN" });
  await sql`delete from content_articles where slug = ${`later-${id}`}`;
});

test("file articles are listed read-only and open read-only", async ({ page }) => {
  await signIn(page);
  await page.goto("/bms/article");
  await page.getByRole("searchbox", { name: "Search articles" }).fill("static first");
  await page.getByRole("combobox", { name: "Language" }).selectOption("en-US");
  const item = page.locator(".bms-article-list .bms-item").filter({
    hasText: "Written in a file: content/articles/static-first.md",
  });
  await expect(item).toHaveCount(1);
  await expect(item).toContainText("Source: File");
  await expect(item.getByRole("button", { name: "Edit" })).toHaveCount(0);
  await expect(item.getByRole("button", { name: "Delete" })).toHaveCount(0);
  await item.getByRole("button", { name: "View" }).click();
  await expect(page).toHaveURL(/editarticle\?id=file%3Aarticle%3Astatic-first$/);
  const form = page.locator(".bms-article-form");
  await expect(
    form.getByText(/Written in a file: content\/articles\/static-first\.md/),
  ).toBeVisible();
  await expect(form.getByLabel("Title", { exact: true })).toBeDisabled();
  await expect(form.getByLabel("Text", { exact: true })).toBeDisabled();
  await expect(form.getByLabel("Title", { exact: true })).not.toHaveValue("");
  // Nothing to save: only the text's views (write, preview, full screen) are buttons.
  await expect(form.getByRole("button", { name: /Save|Publish|Schedule|Unpublish/ })).toHaveCount(
    0,
  );
  await expect(form.getByRole("toolbar")).toHaveCount(0);
});

test("categories are added, renamed and deleted; one in use stays", async ({ page }) => {
  test.setTimeout(60_000);
  const info = await signIn(page);
  await page.goto("/bms/categories");
  await expect(page.getByRole("heading", { name: "All categories" })).toBeVisible();
  // The files' categories are listed read-only.
  const engineering = page.locator(".bms-item").filter({ hasText: "engineering" });
  await expect(engineering).toContainText("Defined in content/categories.json");
  await expect(engineering.getByRole("button")).toHaveCount(0);

  const add = page.getByRole("form", { name: "Add a category" });
  await add.getByLabel("Slug").fill("Not OK");
  await add.getByRole("button", { name: "Add category" }).click();
  await expect(add.getByLabel("Slug")).toBeFocused();
  await expect(add.getByText("Enter a name.")).toHaveCount(2);

  const slug = `cat-${stamp()}`;
  await add.getByLabel("Slug").fill(slug);
  await add.getByLabel("Chinese name").fill("测试分类");
  await add.getByLabel("English name").fill("Test category");
  await add.getByLabel("Order").fill("50");
  await add.getByRole("button", { name: "Add category" }).click();
  const status = page.locator(".bms-categories section > [role=status]");
  await expect(status).toHaveText("Category “Test category” added.");
  await expect(add.getByLabel("Slug")).toHaveValue("");
  const item = page.locator(".bms-item").filter({ has: page.getByText(slug, { exact: true }) });
  await expect(item).toContainText("Chinese name: 测试分类");
  await expect(item).toContainText("Source: Database");

  // The same slug again: taken.
  await add.getByLabel("Slug").fill(slug);
  await add.getByLabel("Chinese name").fill("再来");
  await add.getByLabel("English name").fill("Again");
  await add.getByRole("button", { name: "Add category" }).click();
  await expect(add.getByText("A category with this slug already exists.")).toBeVisible();

  // Renamed in place.
  await item.getByRole("button", { name: "Edit" }).click();
  await expect(item.getByLabel("Chinese name")).toBeFocused();
  await item.getByLabel("English name").fill("Renamed category");
  await item.getByRole("button", { name: "Save" }).click();
  await expect(status).toHaveText(`Category “${slug}” saved.`);
  await expect(item.getByRole("heading", { name: "Renamed category" })).toBeVisible();
  await expect(item.getByRole("button", { name: "Edit" })).toBeFocused();

  // A category under it: named under its parent; the parent stays while it is there.
  await add.getByLabel("Slug").fill(`${slug}-sub`);
  await add.getByLabel("Chinese name").fill("子分类");
  await add.getByLabel("English name").fill("Sub category");
  await add.getByLabel("Parent category").selectOption(slug);
  await add.getByRole("button", { name: "Add category" }).click();
  await expect(status).toHaveText("Category “Sub category” added.");
  const sub = page
    .locator(".bms-item")
    .filter({ has: page.getByText(`${slug}-sub`, { exact: true }) });
  await expect(sub).toContainText("Under “Renamed category”");
  await item.getByRole("button", { name: "Delete" }).click();
  await item.getByRole("button", { name: "Yes, delete" }).click();
  await expect(page.locator(".bms-categories section > [role=alert]")).toHaveText(
    `“${slug}-sub” sits under “${slug}”, so it stays. Move that category first.`,
  );
  // The parent's own form offers neither itself nor the category under it.
  await item.getByRole("button", { name: "Edit" }).click();
  const parentChoices = item.getByLabel("Parent category").locator("option");
  await expect(parentChoices.filter({ hasText: "Life" })).toHaveCount(1);
  await expect(parentChoices.filter({ hasText: "Renamed category" })).toHaveCount(0);
  await expect(parentChoices.filter({ hasText: "Sub category" })).toHaveCount(0);
  await item.getByRole("button", { name: "Cancel" }).click();
  await sub.getByRole("button", { name: "Delete" }).click();
  await sub.getByRole("button", { name: "Yes, delete" }).click();
  await expect(status).toHaveText(`Category “${slug}-sub” deleted.`);

  // In use by an article: the delete is refused with the reason.
  const made = await page.request.post("/api/admin/articles", {
    headers: bearer(info),
    data: {
      slug: `in-${slug}`,
      lang: "en-US",
      title: `Uses ${slug}`,
      summary: "Holds the category.",
      category: slug,
    },
  });
  expect(made.ok()).toBe(true);
  await item.getByRole("button", { name: "Delete" }).click();
  await item.getByRole("button", { name: "Yes, delete" }).click();
  await expect(page.locator(".bms-categories section > [role=alert]")).toHaveText(
    `“${slug}” is still used by the article “in-${slug}”, so it stays. Move that article to another category first.`,
  );
  await expect(item.getByRole("button", { name: "Delete" })).toBeFocused();

  await sql`delete from content_articles where slug = ${`in-${slug}`}`;
  await item.getByRole("button", { name: "Delete" }).click();
  await item.getByRole("button", { name: "Yes, delete" }).click();
  await expect(status).toHaveText(`Category “${slug}” deleted.`);
  await expect(item).toHaveCount(0);
  expect(await sql`select 1 from content_categories where slug = ${slug}`).toHaveLength(0);
});

test("the screens speak Chinese", async ({ page }) => {
  await page.addInitScript(() => localStorage.setItem("app-locale", "zh-CN"));
  await signIn(page);
  await page.goto("/bms/article");
  await expect(page.getByRole("heading", { name: "全部文章" })).toBeVisible();
  await expect(page.getByRole("link", { name: "写新文章" })).toBeVisible();
  await page.getByRole("link", { name: "写新文章" }).click();
  await expect(page.getByRole("form", { name: "新文章" })).toBeVisible();
  await expect(page.getByRole("button", { name: "存为草稿" })).toBeVisible();
});

test("axe finds nothing on the list, the editor and the categories", async ({ browser }) => {
  // Six axe runs: 84 s in a CI run, over 90 s with both cores busy (stress-ng --cpu 2).
  test.setTimeout(240_000);
  for (const theme of ["dark", "light"] as const) {
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.addInitScript((th) => localStorage.setItem("app-theme", th), theme);
    await signIn(page);
    await page.goto("/bms/article");
    await expect(page.locator(".bms-article-list .bms-item").first()).toBeVisible();
    expect(await axe(page)).toEqual([]);
    await page.goto("/bms/editarticle");
    const form = page.getByRole("form", { name: "New article" });
    await form.getByLabel("Slug").fill("Bad Slug");
    await form.getByRole("button", { name: "Save draft" }).click();
    await expect(form.getByLabel("Title", { exact: true })).toBeFocused();
    expect(await axe(page)).toEqual([]);
    await page.goto("/bms/editarticle?id=file%3Aarticle%3Astatic-first");
    await expect(page.locator(".bms-readonly-note")).toBeVisible();
    expect(await axe(page)).toEqual([]);
    await page.goto("/bms/categories");
    await expect(page.locator(".bms-item").first()).toBeVisible();
    expect(await axe(page)).toEqual([]);
    await context.close();
  }
});

// Dark pages in Chinese, light ones in English: both languages and both themes at each width.
for (const look of LOOKS) {
  const locale = look.theme === "dark" ? "zh-CN" : "en-US";
  test(`screenshots of the articles screens (${look.width}, ${look.theme}, ${locale}) @look`, async ({
    page,
  }, testInfo) => {
    // Full-page pictures and their parts: over 30 s when both cores are busy.
    test.setTimeout(90_000);
    await dress(page, look);
    await page.addInitScript((l) => localStorage.setItem("app-locale", l), locale);
    await signIn(page);
    const shots = [
      ["/bms/article", ".bms-article-list .bms-item"],
      ["/bms/editarticle", ".bms-article-form"],
      ["/bms/editarticle?id=file%3Aarticle%3Astatic-first", ".bms-readonly-note"],
      ["/bms/categories", ".bms-item"],
    ] as const;
    for (const [path, ready] of shots) {
      await page.goto(path);
      await expect(page.locator(ready).first()).toBeVisible();
      const name = `bms-${path.includes("?") ? "viewarticle" : path.slice(5)}-${look.width}-${look.theme}-${locale}`;
      await shoot(page, testInfo, name);
    }
  });
}

test("leaving the editor with unsaved changes asks first, from the sidebar too", async ({
  page,
}) => {
  await signIn(page);
  await page.goto("/bms/editarticle");
  const form = page.getByRole("form", { name: "New article" });
  await form.getByLabel("Title", { exact: true }).fill(`Unsaved ${stamp()}`);
  const sidebar = page.getByRole("navigation", { name: "Back office sections" });
  const asked: string[] = [];
  page.once("dialog", (dialog) => {
    asked.push(dialog.message());
    void dialog.dismiss();
  });
  // The writing screen folds the sections under their button, to give the text the width.
  await expect(sidebar.getByRole("link", { name: "Articles", exact: true })).toBeHidden();
  await sidebar.getByRole("button", { name: "Sections: Write article" }).click();
  await sidebar.getByRole("link", { name: "Articles", exact: true }).click();
  expect(asked).toEqual(["Leave without saving your changes?"]);
  await expect(page).toHaveURL("/bms/editarticle");
  await expect(form.getByLabel("Title", { exact: true })).not.toHaveValue("");
  page.once("dialog", (dialog) => void dialog.accept());
  await sidebar.getByRole("link", { name: "Articles", exact: true }).click();
  await expect(page).toHaveURL("/bms/article");
});

test("the text comes first and takes the width; the details sit beside it, or after it on a phone", async ({
  page,
}) => {
  await signIn(page);
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 900 });
    await page.goto("/bms/editarticle");
    const form = page.getByRole("form", { name: "New article" });
    const parts = [
      form.getByLabel("Title", { exact: true }),
      form.getByRole("textbox", { name: "Text" }),
      form.getByRole("group", { name: "Details" }),
    ] as const;
    // Measured once the editor itself has replaced the plain text area that stands in while
    // its code loads (a busy machine shows the form in steps).
    await expect(form.locator(".cm-content")).toBeEditable();
    for (const part of parts) await expect(part).toBeVisible();
    const [title, text, details] = await Promise.all(parts.map((part) => part.boundingBox()));
    if (!title || !text || !details) throw new Error("the editor's parts are not on screen");
    // Title, then text, in the first place.
    expect(text.y).toBeGreaterThan(title.y);
    if (width === 1280) {
      // Before: a column of about 700 px under ten fields. Now the text is first, and with
      // the side-by-side preview each pane is wider than the whole column's half was.
      expect(details.x).toBeGreaterThan(text.x + text.width);
      expect(details.y).toBeLessThan(text.y);
      await form.getByRole("button", { name: "Side by side" }).click();
      const pane = await form.getByRole("textbox", { name: "Text" }).boundingBox();
      expect(pane?.width ?? 0).toBeGreaterThan(350);
    } else {
      expect(details.y).toBeGreaterThan(text.y);
    }
  }
});
