import { expect, type Locator, type Page, test } from "@playwright/test";
import { axeViolations, keptText, LOOKS, lookTests, signIn } from "./admin-session.ts";
import { sql } from "./live-admin.ts";
import { holdScript, needs, shoot } from "./support.ts";

// The writing desk's editor (CodeMirror) on the PostgreSQL server, logged in as a fresh admin:
// the preview rendered as the site renders, images pasted into the text, the toolbar and its
// shortcuts by keyboard, full screen, and the slug of a Chinese title.
needs("E2E_DATABASE_URL", "a PostgreSQL database of the run's own, as .ci/run creates");

const stamp = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;

/** Pastes a file into the editor's text as a browser would (a paste event carrying it). */
async function pasteFile(text: Locator, name: string, kind: "png" | "text") {
  await text.evaluate(
    async (el, [fileName, what]) => {
      let blob: Blob;
      if (what === "png") {
        const canvas = document.createElement("canvas");
        canvas.width = 96;
        canvas.height = 64;
        const g = canvas.getContext("2d");
        if (g) {
          g.fillStyle = "#3a7d5c";
          g.fillRect(0, 0, 96, 64);
        }
        blob = await new Promise<Blob>((done) =>
          canvas.toBlob((b) => done(b ?? new Blob()), "image/png"),
        );
      } else {
        blob = new Blob(["<script>alert(1)</script> not an image"], { type: "image/png" });
      }
      const data = new DataTransfer();
      data.items.add(new File([blob], fileName, { type: "image/png" }));
      el.dispatchEvent(
        new ClipboardEvent("paste", { clipboardData: data, bubbles: true, cancelable: true }),
      );
    },
    [name, kind] as const,
  );
}

async function newArticle(page: Page) {
  await page.goto("/bms/editarticle");
  const form = page.getByRole("form", { name: "New article" });
  // The editor itself, not the plain text area that stands in while its code loads.
  await expect(form.locator(".cm-content")).toBeEditable();
  const text = form.getByRole("textbox", { name: "Text", exact: true });
  return { form, text };
}

/**
 * A new article saved as a draft (title, the first category, a summary, `body`), open in its
 * editor: the edit form and its text.
 */
async function savedDraft(page: Page, title: string, body: string) {
  const { form, text } = await newArticle(page);
  await form.getByLabel("Title", { exact: true }).fill(title);
  await form.getByLabel("Category").selectOption("engineering");
  await form.getByLabel("Summary").fill("Written by the end-to-end test.");
  await text.fill(body);
  await form.getByRole("button", { name: "Save draft" }).click();
  await expect(page).toHaveURL(/editarticle\?id=[0-9a-f-]{36}$/);
  const edit = page.getByRole("form", { name: `Edit “${title}”` });
  return { edit, body: edit.getByRole("textbox", { name: "Text", exact: true }) };
}

test("an article with a pasted image, math and code shows in the preview before it is saved", async ({
  page,
}) => {
  test.setTimeout(120_000);
  await signIn(page);
  const { form, text } = await newArticle(page);
  const id = stamp();

  // A Chinese title suggests its slug in pinyin.
  await form.getByLabel("Title", { exact: true }).fill(`静态优先的写作台 ${id}`);
  await expect(form.getByLabel("Slug")).toHaveValue(`jing-tai-you-xian-de-xie-zuo-tai-${id}`);
  // The slug is checked as it is typed: one a file uses is named, a new one is free.
  const slugNote = form.locator(".bms-slug-use");
  await expect(slugNote).toHaveText(`“jing-tai-you-xian-de-xie-zuo-tai-${id}” is free.`);
  await form.getByLabel("Slug").fill("static-first");
  await expect(slugNote).toHaveText(
    "“static-first” is already used by content/articles/static-first.md: choose another.",
  );
  await form.getByLabel("Slug").fill(`jing-tai-you-xian-de-xie-zuo-tai-${id}`);
  await expect(slugNote).toContainText("is free.");
  await form.getByLabel("Category").selectOption("engineering");
  await form.getByLabel("Summary").fill("Written in the editor by the end-to-end test.");

  await text.fill(
    "## Section one\n\nInline $E = mc^2$ and code:\n\n```ts\nconst answer = 42;\n```\n",
  );
  // The end of the text: the picture goes there.
  await text.press("Control+End");
  await pasteFile(text, "green-field.png", "png");
  const uploads = form.locator(".md-uploads");
  await expect(uploads).toHaveText("green-field.png uploaded and placed in the text.");
  await expect(text).toContainText("![green field](/api/media/m-");

  // Wide: the preview is beside the text, rendered by the site's own pipeline.
  const preview = form.getByRole("region", { name: "Preview of Text" });
  await expect(preview.getByRole("heading", { name: "Section one", level: 2 })).toBeVisible();
  await expect(preview.locator(".katex").first()).toBeVisible();
  await expect(preview.locator("pre.astro-code")).toContainText("const answer = 42;");
  await expect(preview.getByRole("img", { name: "green field" })).toHaveJSProperty(
    "complete",
    true,
  );
  expect(
    await preview.getByRole("img", { name: "green field" }).evaluate((img) => {
      const image = img as HTMLImageElement;
      return image.naturalWidth;
    }),
  ).toBe(96);

  // A file that is no image is refused in words, and nothing of it reaches the text.
  await pasteFile(text, "evil<b>.png", "text");
  await expect(uploads).toContainText("evil<b>.png was not uploaded:");
  await expect(uploads).toContainText("Nothing was added to the text.");
  await expect(uploads).toHaveAttribute("data-failed");
  await expect(text).not.toContainText("evil");

  await form.getByRole("button", { name: "Save draft" }).click();
  await expect(page.locator(".bms-editor > [role=status]")).toHaveText(
    "Article created as a draft.",
  );
  const [saved] = await sql<{ body: string }[]>`
    select body from content_articles where slug = ${`jing-tai-you-xian-de-xie-zuo-tai-${id}`}`;
  expect(saved?.body).toMatch(/!\[green field\]\(\/api\/media\/m-[0-9a-f-]+-\d+\.webp\)\n$/);
});

test("the toolbar and its shortcuts by keyboard alone, and full screen", async ({ page }) => {
  await signIn(page);
  const { form, text } = await newArticle(page);
  await text.fill("plain words");
  await text.press("Control+a");
  await text.press("Control+b");
  await expect(text).toHaveText("**plain words**");
  await text.press("Control+z");
  await expect(text).toHaveText("plain words");

  // The toolbar is one stop of the Tab order; arrows move along it.
  await text.press("End");
  await text.press("Shift+Home");
  const toolbar = form.getByRole("toolbar", { name: "Formatting" });
  const bold = toolbar.getByRole("button", { name: "Bold" });
  await bold.focus();
  await page.keyboard.press("ArrowRight");
  await expect(toolbar.getByRole("button", { name: "Italic" })).toBeFocused();
  await page.keyboard.press("End");
  await expect(toolbar.getByRole("button", { name: "List" })).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(text).toHaveText("- plain words");
  await expect(toolbar.getByRole("button", { name: "List" })).toHaveAttribute("tabindex", "0");
  await expect(bold).toHaveAttribute("tabindex", "-1");
  await expect(bold).toHaveAttribute("aria-keyshortcuts", "Control+B");

  // Full screen covers the window; Escape leaves it, focus still in the text.
  const full = form.getByRole("button", { name: "Full screen" });
  await full.click();
  await expect(full).toHaveAttribute("aria-pressed", "true");
  const box = await form.locator(".md-editor").boundingBox();
  expect(box?.height).toBeGreaterThan(700);
  await text.click();
  await page.keyboard.press("Escape");
  await expect(full).toHaveAttribute("aria-pressed", "false");
  await expect(text).toBeFocused();
});

test("focus and text given while the editor loads stay with the text when it arrives", async ({
  page,
}) => {
  await signIn(page);
  // The editor's code held back until the plain text area has been used.
  const release = await holdScript(page, "MarkdownEditor");
  await page.goto("/bms/editarticle");
  const form = page.getByRole("form", { name: "New article" });
  const loading = form.getByRole("textbox", { name: "Text", exact: true });
  await expect(loading).toHaveAttribute("aria-busy", "true");
  await loading.focus();
  await page.keyboard.type("Typed early.");
  release();
  const text = form.locator(".cm-content");
  await expect(text).toHaveText("Typed early.");
  await expect(text).toBeFocused();
  await page.keyboard.type(" And on.");
  await expect(text).toHaveText("Typed early. And on.");
});

test("Chinese typed through an input method arrives once: nothing lost, nothing doubled", async ({
  page,
}) => {
  await signIn(page);
  const { form, text } = await newArticle(page);
  await text.click();
  // What an input method does, as the browser reports it: a composition of Latin letters that
  // ends in the characters chosen.
  const cdp = await page.context().newCDPSession(page);
  for (const [letters, chosen] of [
    ["jing", "静"],
    ["tai", "态"],
  ] as const) {
    for (let i = 1; i <= letters.length; i++) {
      const typed = letters.slice(0, i);
      await cdp.send("Input.imeSetComposition", {
        text: typed,
        selectionStart: typed.length,
        selectionEnd: typed.length,
      });
    }
    await cdp.send("Input.insertText", { text: chosen });
  }
  await page.keyboard.type("ok");
  await expect(text).toHaveText("静态ok");
  // Each Chinese character is a word; "ok" is one more.
  await expect(form.getByText("3 words · 4 characters")).toBeVisible();
  await page.keyboard.press("Control+z");
  await expect(text).not.toHaveText("静态ok");
  await page.keyboard.press("Control+Shift+z");
  await expect(text).toHaveText("静态ok");
});

test("text typed while a pasted image uploads stays after it, and the caret follows it", async ({
  page,
}) => {
  test.setTimeout(90_000);
  await signIn(page);
  const title = `Slow upload ${stamp()}`;
  const { edit, body } = await savedDraft(page, title, "前言");
  await body.click();
  await body.press("Control+End");
  await page.keyboard.press("Enter");
  // The upload waits until the test lets it go: a slow network.
  let release = () => {};
  const held = new Promise<void>((done) => {
    release = done;
  });
  await page.route("**/api/admin/media", async (route) => {
    await held;
    await route.continue();
  });
  const uploads = edit.locator(".md-uploads");
  await pasteFile(body, "slow.png", "png");
  await expect(uploads).toContainText("slow.png");
  // The owner types on while it uploads, a line through an input method, left unfinished when
  // the image arrives.
  await page.keyboard.type("完。");
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("Input.imeSetComposition", { text: "hou", selectionStart: 3, selectionEnd: 3 });
  const uploaded = page.waitForResponse((res) => res.url().endsWith("/api/admin/media"));
  release();
  expect((await uploaded).status()).toBe(200);
  // The image waits for the word being composed, then goes to its place.
  await cdp.send("Input.insertText", { text: "后" });
  await expect(uploads).toHaveText("slow.png uploaded and placed in the text.");
  // Focus stayed in the text: typing goes on after what was typed.
  await expect(body).toBeFocused();
  await page.keyboard.type("记");

  // An image placed with nothing typed meanwhile: the caret goes after it.
  await page.keyboard.press("Enter");
  await pasteFile(body, "quick.png", "png");
  await expect(uploads).toHaveText("quick.png uploaded and placed in the text.");
  await expect(body).toBeFocused();
  await page.keyboard.type("尾");

  await edit.getByRole("button", { name: "Save changes" }).click();
  await expect(page.locator(".bms-editor > [role=status]")).toHaveText(/^Saved/);
  const [stored] = await sql<{ body: string }[]>`
    select body from content_articles where title = ${title}`;
  const image = (name: string) => `!\\[${name}\\]\\(/api/media/m-[0-9a-f-]+-\\d+\\.webp\\)`;
  expect(stored?.body).toMatch(
    new RegExp(`^前言\\n${image("slow")}\\n\\n完。后记\\n${image("quick")}\\n尾$`),
  );
});

test("an article is written and saved by keyboard alone", async ({ page }) => {
  test.setTimeout(90_000);
  await signIn(page);
  await page.goto("/bms/editarticle");
  const form = page.getByRole("form", { name: "New article" });
  await expect(form.locator(".cm-content")).toBeEditable();
  const id = stamp();

  /** Presses Tab until `target` has focus (at most 80 times): it is in the Tab order. */
  async function tabTo(target: Locator) {
    for (let i = 0; i < 80; i++) {
      if (await target.evaluate((el) => el === document.activeElement)) return;
      await page.keyboard.press("Tab");
    }
    throw new Error("not reached by Tab");
  }

  await tabTo(form.getByLabel("Title", { exact: true }));
  await page.keyboard.type(`By keyboard ${id}`);
  const category = form.getByLabel("Category");
  await tabTo(category);
  await page.keyboard.press("ArrowDown");
  await expect(category).not.toHaveValue("");
  await tabTo(form.getByLabel("Summary"));
  await page.keyboard.type("Written without a mouse.");
  await tabTo(form.getByRole("textbox", { name: "Text", exact: true }));
  await page.keyboard.type("# Hello\n\n- one\ntwo");
  await page.keyboard.press("Control+b");
  await page.keyboard.type("bold");
  await expect(form.getByRole("textbox", { name: "Text", exact: true })).toContainText(
    "- two**bold**",
  );
  // Tab leaves the text (it never traps focus) and reaches the buttons.
  await tabTo(form.getByRole("button", { name: "Save draft" }));
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/editarticle\?id=[0-9a-f-]{36}$/);
  await expect(page.locator(".bms-editor > [role=status]")).toHaveText(
    "Article created as a draft.",
  );
  const [stored] = await sql<{ body: string }[]>`
    select body from content_articles where title = ${`By keyboard ${id}`}`;
  expect(stored?.body).toBe("# Hello\n\n- one\n- two**bold**");
});

test("bad input gets a clear message and loses nothing: 2 MB pasted, an image pasted offline, a title of emoji", async ({
  page,
}) => {
  test.setTimeout(120_000);
  await signIn(page);
  const { form, text } = await newArticle(page);
  const title = form.getByLabel("Title", { exact: true });
  await title.fill("🎉🚀✨");
  await form.getByLabel("Category").selectOption("engineering");
  await form.getByLabel("Summary").fill("Bad input from the end-to-end test.");

  // An image pasted while offline: said so, and nothing added to the text.
  await text.fill("Before the picture.");
  // Back online whatever happens: the worker's next test reuses this context.
  await page.context().setOffline(true);
  try {
    await pasteFile(text, "offline.png", "png");
    await expect(form.locator(".md-uploads")).toContainText(
      "offline.png was not uploaded: The server could not be reached.",
    );
    await expect(form.locator(".md-uploads")).toContainText("Nothing was added to the text.");
    await expect(text).toHaveText("Before the picture.");
  } finally {
    await page.context().setOffline(false);
  }

  // A title of emoji only gives no slug to suggest: saving asks for one, at the slug.
  await form.getByRole("button", { name: "Save draft" }).click();
  const slug = form.getByLabel("Slug");
  await expect(slug).toBeFocused();
  await expect(form.getByText("Enter a slug.")).toBeVisible();
  await expect(title).toHaveValue("🎉🚀✨");

  // 2 MB pasted: the editor takes it all, saving says the limit, and the browser keeps it.
  const big = "0123456789 ".repeat(200_000);
  await text.evaluate((el, pasted) => {
    const data = new DataTransfer();
    data.setData("text/plain", pasted);
    el.dispatchEvent(
      new ClipboardEvent("paste", { clipboardData: data, bubbles: true, cancelable: true }),
    );
  }, big);
  await expect(form.getByText(/200,00\d words · 2,000,0\d\d characters/)).toBeVisible();
  // The preview says why it shows nothing rather than failing.
  await expect(form.getByRole("region", { name: "Preview of Text" })).toContainText(
    "No preview: the text is longer than the 200,000 characters a text may have.",
  );
  await slug.fill(`emoji-${stamp()}`);
  await form.getByRole("button", { name: "Save draft" }).click();
  await expect(
    form.getByText("The text is too long: at most 200,000 characters.", { exact: false }),
  ).toBeVisible();
  await expect(page.locator(".bms-editor > [role=alert]")).toHaveText(
    "Please correct the marked fields.",
  );
  await expect
    .poll(async () => (await keptText(page, "article:new"))?.length ?? 0, { timeout: 20_000 })
    .toBeGreaterThan(big.length);
  await expect(page).toHaveURL(/\/bms\/editarticle$/);
});

test("an edit made in two tabs is not overwritten unseen: the second is told and may save over it", async ({
  page,
  context,
}) => {
  test.setTimeout(90_000);
  await signIn(page);
  const { form, text } = await newArticle(page);
  const id = stamp();
  await form.getByLabel("Title", { exact: true }).fill(`Two tabs ${id}`);
  await form.getByLabel("Category").selectOption("engineering");
  await form.getByLabel("Summary").fill("Edited in two tabs by the end-to-end test.");
  await text.fill("The first version.");
  await form.getByRole("button", { name: "Save draft" }).click();
  await expect(page).toHaveURL(/editarticle\?id=[0-9a-f-]{36}$/);
  const address = page.url();

  const other = await context.newPage();
  await signIn(other);
  await other.goto(address);
  const first = page.getByRole("form", { name: `Edit “Two tabs ${id}”` });
  const second = other.getByRole("form", { name: `Edit “Two tabs ${id}”` });
  await expect(second.getByRole("textbox", { name: "Text", exact: true })).toHaveText(
    "The first version.",
  );

  // The first tab saves; then the second, which opened the older version.
  await first.getByRole("textbox", { name: "Text", exact: true }).fill("Saved by the first tab.");
  await first.getByRole("button", { name: "Save changes" }).click();
  await expect(page.locator(".bms-editor > [role=status]")).toHaveText(/^Saved/);
  const secondText = second.getByRole("textbox", { name: "Text", exact: true });
  await secondText.fill("Written in the second tab.");
  await second.getByRole("button", { name: "Save changes" }).click();
  await expect(other.locator(".bms-editor > [role=alert]")).toContainText(
    "This was saved elsewhere",
  );
  const [stored] = await sql<{ body: string }[]>`
    select body from content_articles where slug = ${`two-tabs-${id}`}`;
  expect(stored?.body).toBe("Saved by the first tab.");
  // Nothing typed is lost; Save over it replaces the other version on purpose.
  await expect(secondText).toHaveText("Written in the second tab.");
  await second.getByRole("button", { name: "Save over it" }).click();
  await expect(other.locator(".bms-editor > [role=status]")).toHaveText(/^Saved/);
  await expect(second.getByRole("button", { name: "Save over it" })).toHaveCount(0);
  const [after] = await sql<{ body: string }[]>`
    select body from content_articles where slug = ${`two-tabs-${id}`}`;
  expect(after?.body).toBe("Written in the second tab.");
  // And saving again right away is no conflict with itself.
  await secondText.fill("Written in the second tab, twice.");
  await second.getByRole("button", { name: "Save changes" }).click();
  await expect(other.locator(".bms-editor > [role=status]")).toHaveText(/^Saved/);
});

test("a draft saves itself after a pause in typing, as one revision, and never over a newer save", async ({
  page,
}) => {
  test.setTimeout(90_000);
  await signIn(page);
  const id = stamp();
  const { edit, body } = await savedDraft(page, `Autosaved ${id}`, "Typed, then left alone.");
  const status = page.locator(".bms-editor > [role=status]");
  const stored = async () =>
    (
      await sql<
        { body: string }[]
      >`select body from content_articles where slug = ${`autosaved-${id}`}`
    )[0]?.body;

  // A pause in typing saves the draft; nothing is pressed.
  await body.press("Control+End");
  await page.keyboard.type(" More words.");
  await expect(status).toContainText("Draft saved automatically at", { timeout: 20_000 });
  expect(await stored()).toBe("Typed, then left alone. More words.");
  await expect(edit.getByText("Unsaved changes", { exact: true })).toHaveCount(0);
  await page.keyboard.type(" And more.");
  await expect
    .poll(stored, { timeout: 20_000 })
    .toBe("Typed, then left alone. More words. And more.");

  // The history holds the first save and the autosaves as one.
  await edit.getByText("History", { exact: true }).click();
  const saves = edit.locator(".bms-history-list button");
  await expect(saves).toHaveCount(2);
  await expect(saves.first()).toContainText("saved automatically");

  // Saved elsewhere meanwhile: the next autosave is refused and says so; nothing typed is lost.
  await sql`update content_articles set body = 'Changed elsewhere.', updated_at = now() where slug = ${`autosaved-${id}`}`;
  await body.press("Control+End");
  await page.keyboard.type(" Third.");
  await expect(page.locator(".bms-editor > [role=alert]")).toContainText(
    "This was saved elsewhere",
    { timeout: 20_000 },
  );
  expect(await stored()).toBe("Changed elsewhere.");
  await expect(body).toContainText("And more. Third.");
  await expect(edit.getByRole("button", { name: "Save over it" })).toBeVisible();
});

test("a draft is shown as its page through a secret link, to someone not logged in, until it ends", async ({
  page,
  browser,
}, testInfo) => {
  test.setTimeout(90_000);
  await signIn(page);
  const id = stamp();
  const title = `Shown early ${id}`;
  await savedDraft(page, title, "## Before it is out\n\nWith $x^2$ and `code`.");

  const share = page.getByRole("region", { name: "Preview as a page" });
  await share.getByLabel("The link works for").selectOption({ label: "1 day" });
  await share.getByRole("button", { name: "Make a link" }).click();
  const address = share.getByRole("textbox", { name: "Secret link" });
  await expect(address).toHaveValue(/\/draft-preview\/\?t=[A-Za-z0-9_-]{43}$/);
  await expect(share.getByRole("link", { name: "Open the preview" })).toHaveAttribute(
    "target",
    "_blank",
  );
  const link = await address.inputValue();

  // Someone else, not logged in, in Chinese: the page in the site's layout, the text rendered.
  const stranger = await browser.newContext();
  const other = await stranger.newPage();
  await other.addInitScript(() => localStorage.setItem("app-locale", "zh-CN"));
  await other.goto(link);
  await expect(other.getByRole("heading", { level: 1, name: title })).toBeVisible();
  await expect(other.locator(".prose .katex").first()).toBeVisible();
  await expect(other.getByRole("heading", { level: 2, name: "Before it is out" })).toBeVisible();
  await expect(other.getByRole("note")).toContainText("只有拿到这个链接的人能看到");
  await expect(other.getByRole("note")).toContainText("链接有效期至");
  await expect(other.locator('meta[name="robots"]')).toHaveAttribute(
    "content",
    "noindex, nofollow",
  );
  expect(await axeViolations(other)).toEqual([]);
  for (const look of LOOKS) {
    await other.setViewportSize({ width: look.width, height: look.width < 500 ? 844 : 800 });
    await other.evaluate((theme) => {
      document.documentElement.dataset.theme = theme;
    }, look.theme);
    await shoot(other, testInfo, `draft-preview-${look.width}-${look.theme}-zh-CN`, 1);
  }

  // Once it ends, the page says so.
  await sql`update draft_links set expires_at = now() - interval '1 minute' where item_id = (select id from content_articles where slug = ${`shown-early-${id}`})`;
  await other.reload();
  await expect(other.locator("article [role=status]")).toContainText("这个预览链接已过期或不存在");
  await expect(other.getByRole("heading", { level: 1, name: title })).toHaveCount(0);
  await stranger.close();
});

test("an old version is found in the history, compared with the text, and restored", async ({
  page,
}) => {
  test.setTimeout(90_000);
  await signIn(page);
  const id = stamp();
  const { edit, body } = await savedDraft(
    page,
    `History ${id}`,
    "Version one.\n\nA paragraph that stays.",
  );
  const status = page.locator(".bms-editor > [role=status]");
  for (const version of ["Version two.", "Version three."]) {
    await body.press("Control+Home");
    await body.press("Shift+End");
    await page.keyboard.type(version);
    await edit.getByRole("button", { name: "Save changes" }).click();
    await expect(status).toHaveText(/^Saved/);
  }

  // The history lists the three saves, newest first; the oldest compared with the text.
  await edit.getByText("History", { exact: true }).click();
  const saves = edit.locator(".bms-history-list button");
  await expect(saves).toHaveCount(3);
  await expect(edit.locator(".bms-history summary")).toContainText("3 saves");
  await saves.nth(2).click();
  await expect(saves.nth(2)).toHaveAttribute("aria-pressed", "true");
  const diff = edit.locator(".bms-history-compare .bms-diff");
  await expect(diff).toContainText("+ Version one.");
  await expect(diff).toContainText("− Version three.");
  await edit.getByRole("button", { name: "Restore this version" }).click();
  await expect(status).toContainText("was restored and saved again");
  await expect(body).toContainText("Version one.");
  await expect(edit.getByText("Unsaved changes", { exact: true })).toHaveCount(0);
  const [stored] = await sql<{ body: string }[]>`
    select body from content_articles where slug = ${`history-${id}`}`;
  expect(stored?.body).toBe("Version one.\n\nA paragraph that stays.");
  // Restoring was itself a save.
  await expect(saves).toHaveCount(4);
  // And the next save is no conflict with the restore.
  await body.press("Control+End");
  await page.keyboard.type(" More.");
  await edit.getByRole("button", { name: "Save changes" }).click();
  await expect(status).toHaveText(/^Saved/);
});

test("an edit the page died in is offered back, showing what differs, and restored", async ({
  page,
  context,
}) => {
  test.setTimeout(90_000);
  await signIn(page);
  let { form, text } = await newArticle(page);
  const id = stamp();
  const words = `Kept through a crash ${id}`;
  const title = `A draft the tab lost ${id}`;
  await form.getByLabel("Title", { exact: true }).fill(title);
  await text.fill(`${words}\n\nSecond paragraph.`);
  await expect.poll(() => keptText(page, "article:new")).toContain(words);

  // The page dies without a chance to save or ask (no beforeunload).
  await page.close({ runBeforeUnload: false });
  const again = await context.newPage();
  await signIn(again);
  ({ form, text } = await newArticle(again));
  const offer = again.getByRole("region", { name: "Unsaved changes were kept in this browser" });
  await expect(offer).toBeVisible();
  await offer.getByText("Show what differs").click();
  await expect(offer.locator('.bms-diff [data-kind="added"]').first()).toBeVisible();
  await expect(offer.locator(".bms-diff")).toContainText(`+ ${words}`);
  await expect(offer.locator(".bms-diff")).toContainText(`+ Title: ${title}`);
  await offer.getByRole("button", { name: "Restore them" }).click();
  await expect(offer).toHaveCount(0);
  await expect(text).toContainText(words);
  await expect(form.getByLabel("Title", { exact: true })).toHaveValue(title);
  await expect(form.getByText("Unsaved changes", { exact: true })).toBeVisible();

  // Saved, it is forgotten: the next new article starts clean.
  await form.getByLabel("Category").selectOption("engineering");
  await form.getByLabel("Summary").fill("Recovered by the end-to-end test.");
  await form.getByRole("button", { name: "Save draft" }).click();
  await expect(again.locator(".bms-editor > [role=status]")).toHaveText(
    "Article created as a draft.",
  );
  await expect.poll(() => keptText(again, "article:new")).toBeNull();
  await again.goto("/bms/editarticle");
  await expect(again.getByRole("form", { name: "New article" })).toBeVisible();
  await expect(
    again.getByRole("region", { name: "Unsaved changes were kept in this browser" }),
  ).toHaveCount(0);
});

lookTests(
  "the editor and its preview have no axe violations",
  async (page, look, testInfo) => {
    const { locale } = look;
    await signIn(page);
    await page.goto("/bms/editarticle");
    const text = page.locator(".cm-content");
    await expect(text).toBeEditable();
    // Longer than the editor's box: its scrolling box must be reachable by keyboard too.
    const lines = Array.from({ length: 40 }, (_, i) => `Line ${i + 1} of a long text.`);
    await text.fill(
      `## Heading\n\nWith $x^2$ and \`code\`.\n\n| a | b |\n| - | - |\n| 1 | 2 |\n\n${lines.join("\n\n")}\n`,
    );
    // A phone shows the preview as a view of its own; a wide window beside the text.
    const previewName = locale === "en-US" ? "Preview" : "预览";
    if (look.width < 1100)
      await page.getByRole("button", { name: previewName, exact: true }).click();
    await expect(page.locator(".md-preview .katex").first()).toBeVisible();
    // Nothing wider than the window.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      look.width,
    );
    await page.locator(".md-editor").scrollIntoViewIfNeeded();
    expect(await axeViolations(page)).toEqual([]);
    if (locale === "zh-CN") await shoot(page, testInfo, `editor-${look.width}-${look.theme}`, 2);
  },
  { everyLanguage: true, timeout: 90_000 },
);
