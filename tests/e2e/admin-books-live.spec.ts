import { expect, type Locator, type Page, test } from "@playwright/test";
import { axeViolations, dress, LOOKS } from "./admin-session.ts";
import { asAdmin, bearer, sql } from "./live-admin.ts";
import { needs, shoot } from "./support.ts";

// The book documents screen of the back office on the PostgreSQL server, as a fresh admin.
needs("E2E_DATABASE_URL", "a PostgreSQL database of the run's own, as .ci/run creates");

const stamp = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;

async function open(page: Page, query = "") {
  await page.goto(`/bms/book-doc${query}`);
}

const chapter = (page: Page, title: string) =>
  page.getByRole("article", { name: title, exact: true });

async function addChapter(form: Locator, title: string, parent?: string) {
  await form.getByLabel("Title").fill(title);
  if (parent) await form.getByLabel("Parent chapter").selectOption({ label: parent });
  await form.getByLabel("Text", { exact: true }).fill(`The text of ${title}.`);
  await form.getByRole("button", { name: "Add as draft" }).click();
  await expect(form.getByLabel("Title")).toHaveValue("");
}

test("a book is created, gets chapters and a sub-chapter, and is published", async ({ page }) => {
  test.setTimeout(60_000);
  await asAdmin(page);
  await open(page);
  const id = stamp();
  const title = `Field Notes ${id}`;
  const form = page.getByRole("form", { name: "New book" });
  await expect(form).toBeVisible();
  await form.getByLabel("Title").fill(title);
  await expect(form.getByLabel("Slug")).toHaveValue(`field-notes-${id}`);
  await form.getByLabel("Description").fill("A book written from the e2e test.");
  await form.getByLabel("Language").selectOption("en-US");
  await form.getByLabel("Order").fill("7");
  await form.getByLabel("Translation key").fill(`field-notes-${id}`);
  await form.getByRole("button", { name: "Save draft" }).click();
  const list = page.getByRole("region", { name: "All books" });
  await expect(list.getByRole("status")).toHaveText("Book created as a draft.");
  const book = list.getByRole("listitem").filter({ has: page.getByRole("link", { name: title }) });
  await expect(book.locator(".bms-badge")).toHaveText("Draft");
  await expect(book).toContainText("Order 7");

  await book.getByRole("link", { name: title }).click();
  await expect(page).toHaveURL(/\/bms\/book-doc\?book=/);
  await expect(page.getByRole("heading", { name: `Chapters of “${title}”` })).toBeVisible();
  await expect(page.getByText("No chapters yet.")).toBeVisible();

  const add = page.getByRole("form", { name: "Add a chapter" });
  await addChapter(add, "Getting Started");
  await expect(chapter(page, "Getting Started")).toBeVisible();
  await addChapter(add, "Going Further");
  await addChapter(add, "First Steps", "Getting Started");
  const tree = page.locator(".bms-tree");
  await expect(tree.locator(":scope > li > article h3")).toHaveText([
    "Getting Started",
    "Going Further",
  ]);
  await expect(tree.locator(":scope > li > ol h4")).toHaveText(["First Steps"]);
  const rows = await sql<{ slug: string; order: number; parent: string | null }[]>`
    select c.slug, c."order", p.slug as parent from content_chapters c
    left join content_chapters p on p.id = c.parent_id
    join content_books b on b.id = c.book_id where b.slug = ${`field-notes-${id}`}
    order by c.slug`;
  expect(rows).toEqual([
    { slug: "first-steps", order: 1, parent: "getting-started" },
    { slug: "getting-started", order: 1, parent: null },
    { slug: "going-further", order: 2, parent: null },
  ]);

  // A parent with a sub-chapter cannot be deleted: the server's 409, said plainly.
  const parent = chapter(page, "Getting Started");
  await parent.getByRole("button", { name: "Delete" }).first().click();
  await parent.getByRole("button", { name: "Yes, delete" }).click();
  await expect(parent.getByRole("alert")).toHaveText(
    "“Getting Started” has sub-chapters: delete them or move them to another chapter first.",
  );
  await expect(parent.getByRole("button", { name: "Delete" }).first()).toBeFocused();

  // Move "Going Further" up: it comes first, and focus stays on it.
  const further = chapter(page, "Going Further");
  await further.getByRole("button", { name: "Move up" }).click();
  await expect(tree.locator(":scope > li > article h3")).toHaveText([
    "Going Further",
    "Getting Started",
  ]);
  await expect(further.getByRole("button", { name: "Move down" })).toBeFocused();

  // Edit a chapter in place.
  await further.getByRole("button", { name: "Edit" }).click();
  const editor = page.getByRole("form", { name: "Edit chapter" });
  await expect(editor.getByLabel("Text", { exact: true })).toHaveText("The text of Going Further.");
  await editor.getByLabel("Title").fill("Going Further Still");
  await editor.getByRole("button", { name: "Save changes" }).click();
  await expect(chapter(page, "Going Further Still")).toBeVisible();
  await expect(
    chapter(page, "Going Further Still").getByRole("button", { name: "Edit" }),
  ).toBeFocused();

  // Publish a chapter, then the book.
  await chapter(page, "First Steps").getByRole("button", { name: "Publish" }).click();
  await expect(chapter(page, "First Steps").locator(".bms-badge")).toHaveText("Published");
  await page.getByRole("button", { name: "Publish", exact: true }).first().click();
  await expect(
    page.getByText("Published. The site shows it once its build is live: see the build status."),
  ).toBeVisible();
  await expect(page.getByRole("button", { name: "Unpublish" }).first()).toBeFocused();
  const [row] = await sql<{ status: string }[]>`
    select status from content_books where slug = ${`field-notes-${id}`}`;
  expect(row?.status).toBe("published");

  // The sub-chapter can go; then its parent can too.
  const first = chapter(page, "First Steps");
  await first.getByRole("button", { name: "Delete" }).first().click();
  await first.getByRole("button", { name: "Yes, delete" }).click();
  await expect(first).toHaveCount(0);
  await expect(page.getByRole("heading", { name: "Chapters in reading order" })).toBeFocused();
  const started = chapter(page, "Getting Started");
  await started.getByRole("button", { name: "Delete" }).first().click();
  await started.getByRole("button", { name: "Yes, delete" }).click();
  await expect(started).toHaveCount(0);

  // Back to the list, where the book can be deleted after a confirm step.
  await page.getByRole("link", { name: "All books" }).click();
  const listed = page
    .getByRole("region", { name: "All books" })
    .getByRole("listitem")
    .filter({ has: page.getByRole("link", { name: title }) });
  await expect(listed.locator(".bms-badge")).toContainText("Published");
  await listed.getByRole("button", { name: "Delete" }).first().click();
  await listed.getByRole("button", { name: "Yes, delete" }).click();
  await expect(listed).toHaveCount(0);
});

test("the book form checks its fields before sending", async ({ page }) => {
  await asAdmin(page);
  await open(page);
  const form = page.getByRole("form", { name: "New book" });
  await form.getByRole("button", { name: "Save draft" }).click();
  await expect(form.getByLabel("Title")).toBeFocused();
  await expect(form.getByText("Enter a title.")).toBeVisible();
  await expect(form.getByText("Enter a description.")).toBeVisible();
  await form.getByLabel("Title").fill("小书");
  // A Chinese title suggests its slug in pinyin (once the romanizer has loaded).
  await expect(form.getByLabel("Slug")).toHaveValue("xiao-shu");
  await form.getByLabel("Slug").fill("Not A Slug");
  await form.getByLabel("Description").fill("Something.");
  await form.getByLabel("Cover address").fill("javascript:alert(1)");
  await form.getByRole("button", { name: "Save draft" }).click();
  await expect(form.getByLabel("Slug")).toBeFocused();
  await expect(form.getByLabel("Cover address")).toHaveAttribute("aria-invalid", "true");

  // A slug taken by a book written in a file: the server's 409 lands on the slug field.
  await form.getByLabel("Slug").fill("the-quiet-page");
  await form.getByLabel("Cover address").fill("");
  await form.getByRole("button", { name: "Save draft" }).click();
  await expect(form.getByRole("alert")).toContainText("the-quiet-page");
  await expect(form.getByLabel("Slug")).toBeFocused();
});

test("books and chapters written in files are read-only", async ({ page }) => {
  await asAdmin(page);
  await open(page);
  const list = page.getByRole("region", { name: "All books" });
  await list.getByRole("searchbox", { name: "Search books" }).fill("quiet");
  const file = list
    .getByRole("listitem")
    .filter({ has: page.getByRole("link", { name: "The Quiet Page" }) });
  await expect(file).toContainText("Written in files: content/books/the-quiet-page");
  await expect(file.getByRole("button")).toHaveCount(0);
  await file.getByRole("link", { name: "The Quiet Page" }).click();
  await expect(page.getByRole("heading", { name: "Chapters of “The Quiet Page”" })).toBeVisible();
  await expect(page.locator(".bms-tree article").first()).toBeVisible();
  await expect(page.locator(".bms-tree").getByRole("button")).toHaveCount(0);
  await expect(page.getByRole("form", { name: "Add a chapter" })).toHaveCount(0);
  // A sub-chapter (fonts, under page-weight) sits inside its parent.
  await expect(page.locator(".bms-tree > li > ol h4", { hasText: "Fonts" })).toBeVisible();
});

test("the screen speaks Chinese", async ({ page }) => {
  await page.addInitScript(() => localStorage.setItem("app-locale", "zh-CN"));
  await asAdmin(page);
  await open(page);
  await expect(page.getByRole("heading", { name: "全部书籍" })).toBeVisible();
  const form = page.getByRole("form", { name: "新建书籍" });
  await form.getByRole("button", { name: "存为草稿" }).click();
  await expect(form.getByText("请填写标题。")).toBeVisible();
  await page.getByRole("searchbox", { name: "搜索书籍" }).fill("安静");
  await expect(page.getByText("写在文件中：content/books/").first()).toBeVisible();
  await page.getByRole("link", { name: "安静的网页" }).click();
  await expect(page.getByRole("heading", { name: "章节（按阅读顺序）" })).toBeVisible();
});

/** A book with two chapters and a sub-chapter made through the API, to look at. */
async function seedBook(page: Page) {
  const info = await asAdmin(page);
  const headers = bearer(info);
  const id = stamp();
  const created = await page.request.post("/api/admin/books", {
    headers,
    data: {
      slug: `seeded-${id}`,
      lang: "en-US",
      title: `A Seeded Book ${id}`,
      description: "Made through the API to look at.",
    },
  });
  const book = ((await created.json()) as { data: { id: string } }).data;
  const chapterIds: string[] = [];
  for (const [slug, parentId] of [
    ["one", null],
    ["two", null],
    ["two-a", 1],
  ] as const) {
    const answer = await page.request.post("/api/admin/chapters", {
      headers,
      data: {
        bookId: book.id,
        slug,
        title: `Chapter ${slug}`,
        parentId: parentId === null ? null : chapterIds[parentId],
        order: chapterIds.length + 1,
      },
    });
    chapterIds.push(((await answer.json()) as { data: { id: string } }).data.id);
  }
  return book.id;
}

const unseed = (bookId: string) => sql`delete from content_books where id = ${bookId}`;

test("a chapter's edit never overwrites a newer save, an old version is restored from its history, and a draft link shows it", async ({
  page,
  browser,
}) => {
  test.setTimeout(90_000);
  const bookId = await seedBook(page);
  await open(page, `?book=${bookId}`);
  const one = chapter(page, "Chapter one");
  const stored = async () =>
    (
      await sql<{ body: string }[]>`
        select body from content_chapters where book_id = ${bookId} and slug = 'one'`
    )[0]?.body;
  const edit = async () => {
    await one.getByRole("button", { name: "Edit" }).click();
    const editor = page.getByRole("form", { name: "Edit chapter" });
    await expect(editor.locator(".cm-content")).toBeEditable();
    return { editor, body: editor.getByRole("textbox", { name: "Text", exact: true }) };
  };

  let { editor, body } = await edit();
  await body.fill("First words.");
  await editor.getByRole("button", { name: "Save changes" }).click();
  await expect(one.getByRole("button", { name: "Edit" })).toBeFocused();
  expect(await stored()).toBe("First words.");

  // Saved elsewhere after the form opened: Save is refused and says so, the text stays, and
  // Save over it replaces the other version on purpose.
  ({ editor, body } = await edit());
  await sql`update content_chapters set body = 'Changed elsewhere.', updated_at = now()
    where book_id = ${bookId} and slug = 'one'`;
  await body.fill("Second words.");
  await editor.getByRole("button", { name: "Save changes" }).click();
  await expect(editor.getByRole("alert")).toContainText("This was saved elsewhere");
  expect(await stored()).toBe("Changed elsewhere.");
  await expect(body).toHaveText("Second words.");
  await editor.getByRole("button", { name: "Save over it" }).click();
  await expect(one.getByRole("button", { name: "Edit" })).toBeFocused();
  expect(await stored()).toBe("Second words.");

  // The history: made, saved, saved over; the first save compared and put back.
  ({ editor, body } = await edit());
  await editor.getByText("History", { exact: true }).click();
  const saves = editor.locator(".bms-history-list button");
  await expect(saves).toHaveCount(3);
  await saves.nth(1).click();
  const diff = editor.locator(".bms-history-compare .bms-diff");
  await expect(diff).toContainText("+ First words.");
  await expect(diff).toContainText("− Second words.");
  await editor.getByRole("button", { name: "Restore this version" }).click();
  await expect(editor.locator(":scope > [role=status]")).toContainText(
    "was restored and saved again",
  );
  await expect(body).toHaveText("First words.");
  expect(await stored()).toBe("First words.");

  // A draft chapter is shown as its page, in its book, through a secret link.
  const share = editor.getByRole("region", { name: "Preview as a page" });
  await share.getByRole("button", { name: "Make a link" }).click();
  const address = share.getByRole("textbox", { name: "Secret link" });
  await expect(address).toHaveValue(/\/draft-preview\/\?t=[A-Za-z0-9_-]{43}$/);
  const stranger = await browser.newContext();
  const other = await stranger.newPage();
  await other.goto(await address.inputValue());
  await expect(other.getByRole("heading", { level: 1, name: "Chapter one" })).toBeVisible();
  await expect(other.locator("[data-draft-subtitle]")).toHaveText(/^A Seeded Book /);
  await expect(other.locator(".prose")).toContainText("First words.");
  await stranger.close();
  await unseed(bookId);
});

for (const theme of ["light", "dark"] as const) {
  test(`axe finds nothing on the books screen (${theme})`, async ({ page }) => {
    // Two screens, each checked by axe after a failed save: over 30 s on a busy CI machine.
    test.slow();
    await page.addInitScript((t) => localStorage.setItem("app-theme", t), theme);
    const bookId = await seedBook(page);
    for (const query of ["", `?book=${bookId}`]) {
      await open(page, query);
      await expect(page.locator(query ? ".bms-tree" : ".bms-items")).toBeVisible();
      const form = page.getByRole("form", { name: query ? "Add a chapter" : "New book" });
      await form.getByRole("button", { name: query ? "Add as draft" : "Save draft" }).click();
      expect(await axeViolations(page), query || "list").toEqual([]);
    }
    await unseed(bookId);
  });
}

for (const look of LOOKS) {
  test(`screenshots of the books screen (${look.width}, ${look.theme}) @look`, async ({
    page,
  }, testInfo) => {
    // Full-page pictures and their parts: over 30 s when both cores are busy.
    test.setTimeout(90_000);
    await dress(page, look);
    const bookId = await seedBook(page);
    for (const [query, label] of [
      ["", "list"],
      [`?book=${bookId}`, "book"],
    ] as const) {
      await open(page, query);
      await expect(page.locator(query ? ".bms-tree" : ".bms-items")).toBeVisible();
      await shoot(page, testInfo, `bms-books-${label}-${look.width}-${look.theme}`);
    }
    await unseed(bookId);
  });
}
