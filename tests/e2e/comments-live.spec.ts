import { expect, type Page, test } from "@playwright/test";
import { XSS_CORPUS } from "../../src/lib/xss-corpus.test-support.ts";
import { renderComment } from "../../src/server/comments/render.ts";
import { lastMailId, mailAfter, newAccount, registerNew, sql } from "./live-admin.ts";
import { axeFindings, COMBOS, type Locale, needs, picture, prefer, sideways } from "./support.ts";

// Readers' comments under an article, a note and a chapter, on the PostgreSQL server: a guest's
// comment waits, a signed-in reader's shows at once and can be answered, edited and deleted,
// errors are said, and nothing loads before a reader scrolls to the comments.

needs("E2E_DATABASE_URL", "comments are written through the PostgreSQL server");
// A fresh browser context a test: each sets its own address as a header of the context, which
// a reused context would carry into the next file's tests.
test.use({ reuseContext: false });

const ARTICLE = "/articles/commit-messages/";
let addresses = 0;

/** Each test writes from an address of its own: comments are limited per address. */
async function ownAddress(page: Page) {
  addresses += 1;
  const ip = `2001:db8:${(process.pid % 60000).toString(16)}:${addresses.toString(16)}::1`;
  await page.context().setExtraHTTPHeaders({ "x-forwarded-for": ip });
}

/** Scrolls to the comments and waits for them to have loaded. */
async function openComments(page: Page) {
  const section = page.getByRole("region", { name: /Comments|评论/ });
  await section.scrollIntoViewIfNeeded();
  await expect(section.getByRole("button", { name: /Post comment|发表评论/ })).toBeVisible();
  return section;
}

test.beforeEach(async ({ page }) => {
  await ownAddress(page);
});

test("nothing of the comments loads before a reader scrolls to them", async ({ page }) => {
  const asked: string[] = [];
  page.on("request", (request) => {
    const url = request.url();
    if (url.includes("/api/comments") || url.includes("CommentsIsland")) asked.push(url);
  });
  await prefer(page, { locale: "en-US" });
  // A long article: its comments are far below the first screen.
  await page.goto(ARTICLE);
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await page.waitForLoadState("networkidle");
  expect(asked).toEqual([]);
  const section = await openComments(page);
  expect(asked.some((url) => url.includes("CommentsIsland"))).toBe(true);
  expect(asked.some((url) => url.includes("/api/comments?kind=article"))).toBe(true);
  await expect(section.getByRole("textbox", { name: "Your comment" })).toBeVisible();
});

test("a short note's comments take their place without moving the page", async ({ page }) => {
  for (const [width, locale] of [
    [1280, "en-US"],
    [390, "zh-CN"],
  ] as const) {
    // Tall enough for the whole short note, its share row and comments at once.
    await page.setViewportSize({ width, height: 1200 });
    await prefer(page, { locale });
    // The island is in view at once: it runs, loads the list and shows the guest's form.
    await page.goto("/random-notes/2026-11-08-desk-by-the-window/");
    const section = page.locator("section.comments");
    await expect(section.getByRole("textbox", { name: /Your comment|你的评论/ })).toBeVisible();
    await expect(section.getByText(/No comments yet|还没有评论/)).toBeVisible();
    // Every layout shift since the page began (the browser keeps them from the start).
    const shift = await page.evaluate(() => {
      // Buffered entries reach the observer's records at once (Performance Timeline).
      const observer = new PerformanceObserver(() => {});
      observer.observe({ type: "layout-shift", buffered: true });
      const entries = observer.takeRecords();
      observer.disconnect();
      let sum = 0;
      for (const entry of entries) {
        // Layout Instability API fields, not in TypeScript's DOM types.
        const { value, hadRecentInput } = entry as unknown as {
          value: number;
          hadRecentInput: boolean;
        };
        if (!hadRecentInput) sum += value;
      }
      return sum;
    });
    expect(shift, `${width} px`).toBeLessThan(0.01);
  }
});

for (const locale of ["en-US", "zh-CN"] as const satisfies Locale[]) {
  test(`a guest's comment waits for approval, said in ${locale}`, async ({ page }) => {
    await prefer(page, { locale });
    await page.goto("/random-notes/2026-10-12-osmanthus/");
    const section = await openComments(page);
    const zh = locale === "zh-CN";
    // Only guests write on this note here: their comments wait, so it shows none.
    await expect(
      section.getByText(
        zh ? "还没有评论，来写第一条吧。" : "No comments yet. Be the first to write one.",
      ),
    ).toBeVisible();
    await section.getByRole("button", { name: zh ? "发表评论" : "Post comment" }).click();
    // Every problem at once, the first field focused, each said beside its field.
    const body = section.getByRole("textbox", { name: zh ? "你的评论" : "Your comment" });
    await expect(body).toBeFocused();
    await expect(body).toHaveAttribute("aria-invalid", "true");
    const name = section.getByRole("textbox", { name: zh ? "称呼" : "Name" });
    await expect(name).toHaveAttribute("aria-invalid", "true");
    await body.fill(zh ? "桂花真香。" : "Lovely smell.");
    await name.fill(zh ? "小林" : "Lin");
    await section.getByRole("textbox", { name: zh ? "邮箱" : "Email" }).fill("lin@example.com");
    await section.getByRole("button", { name: zh ? "发表评论" : "Post comment" }).click();
    await expect(section.getByRole("status")).toHaveText(
      zh
        ? "谢谢！评论将在作者审核后显示。"
        : "Thank you. Your comment will show once the author approves it.",
    );
    // Waiting: not shown, and the text box is empty again.
    await expect(section.getByRole("article")).toHaveCount(0);
    await expect(body).toHaveValue("");
    const [row] =
      await sql`select status, guest_email from comments where item = '2026-10-12-osmanthus' and guest_name = ${zh ? "小林" : "Lin"} order by created_at desc limit 1`;
    expect(row).toMatchObject({ status: "pending", guest_email: "lin@example.com" });
  });
}

test("a signed-in reader comments, is answered, edits and deletes, by keyboard", async ({
  page,
}) => {
  // Names of this run's own: the database may hold an earlier run's comments.
  const tag = Date.now().toString(36).slice(-5);
  const [mei, own] = [`mei${tag}`, `own${tag}`];
  const reader = await newAccount(page.request, "user", mei);
  const owner = await newAccount(page.request, "admin", own);
  await prefer(page, { locale: "en-US", user: reader });
  await page.goto("/book-doc/the-quiet-page/fonts/");
  const section = await openComments(page);
  await expect(section.getByText(`Commenting as ${mei}.`)).toBeVisible();
  const text = `Which font do you use? ${Date.now()}`;
  await section.getByRole("textbox", { name: "Your comment" }).fill(text);
  // Past the hidden field, which takes no focus, to the button.
  await page.keyboard.press("Tab");
  await expect(section.getByRole("button", { name: "Post comment" })).toBeFocused();
  await page.keyboard.press("Enter");
  // The new comment shows, and takes the focus, for a screen reader to read it.
  const mine = section.getByRole("article", { name: mei }).filter({ hasText: text });
  await expect(mine).toBeFocused();
  await expect(section.getByRole("status")).toHaveText("Your comment is up.");

  // The owner answers through the API; the answer shows marked, in the thread.
  const [root] = await sql`select id from comments where body = ${text}`;
  const answered = await page.request.post("/api/comments", {
    headers: { authorization: `Bearer ${owner.token}` },
    data: {
      kind: "chapter",
      item: "the-quiet-page/fonts",
      body: "Noto Serif, **mostly**.",
      lang: "en-US",
      replyTo: root?.id,
    },
  });
  expect(answered.ok()).toBe(true);
  await page.reload();
  const thread = await openComments(page);
  const answer = thread.getByRole("article", { name: own });
  await expect(answer.getByText("Author", { exact: true })).toBeVisible();
  await expect(answer.locator("strong", { hasText: "mostly" })).toBeVisible();

  // A reply to the answer names whom it answers.
  await answer.getByRole("button", { name: "Reply" }).click();
  await expect(thread.getByText(`Replying to ${own}`)).toBeVisible();
  const box = thread.getByRole("textbox", { name: "Your comment" });
  await expect(box).toBeFocused();
  await box.fill("Thank you!");
  await thread.getByRole("button", { name: "Post comment" }).click();
  const reply = thread.getByRole("article", { name: mei }).filter({ hasText: "Thank you!" });
  await expect(reply.getByRole("link", { name: `to ${own}` })).toBeVisible();

  // Edited within the window (the reply is the thread's last comment), then deleted after a
  // confirmation.
  await reply.getByRole("button", { name: "Edit" }).click();
  const last = thread.getByRole("article", { name: mei }).last();
  const edit = last.getByRole("textbox", { name: "Edit your comment" });
  await expect(edit).toBeFocused();
  await expect(edit).toHaveValue("Thank you!");
  await edit.fill("Thank you, that helps.");
  await last.getByRole("button", { name: "Save" }).click();
  const edited = thread.getByRole("article", { name: mei }).filter({ hasText: "that helps" });
  await expect(edited.getByText("edited")).toBeVisible();
  page.once("dialog", (dialog) => void dialog.accept());
  await edited.getByRole("button", { name: "Delete" }).click();
  await expect(thread.getByRole("status")).toHaveText("Your comment is deleted.");
  await expect(thread.getByText("that helps")).toHaveCount(0);
});

test("a reader signs up, comments, is mailed an answer and stops such mails with one click", async ({
  page,
}) => {
  const tag = Date.now().toString(36).slice(-5);
  await prefer(page, { locale: "en-US" });
  const email = await registerNew(page, `rin${tag}`);
  await page.goto(ARTICLE);
  const section = await openComments(page);
  const text = `Does this hold for merges too? ${tag}`;
  await section.getByRole("textbox", { name: "Your comment" }).fill(text);
  await section.getByRole("button", { name: "Post comment" }).click();
  await expect(section.getByRole("status")).toHaveText("Your comment is up.");

  // The owner answers; the reader's mail names who, says what, and links to the answer.
  const owner = await newAccount(page.request, "admin", `own${tag}`);
  const [root] = await sql`select id from comments where body = ${text}`;
  const answer = (words: string) =>
    page.request.post("/api/comments", {
      headers: { authorization: `Bearer ${owner.token}` },
      data: {
        kind: "article",
        item: "commit-messages",
        body: words,
        lang: "en-US",
        replyTo: root?.id,
      },
    });
  const before = await lastMailId(email);
  const answered = await answer("Yes, merges **too**.");
  expect(answered.ok()).toBe(true);
  const { id } = ((await answered.json()) as { data: { id: string } }).data;
  const mail = await mailAfter(email, before);
  expect(mail.subject).toBe(`own${tag} answered your comment`);
  expect(mail.body).toContain("Yes, merges **too**.");
  expect(mail.headers?.["List-Unsubscribe-Post"]).toBe("List-Unsubscribe=One-Click");
  const link = new URL(mail.body.split(/\s/).find((word) => word.includes("#comment-")) ?? "");
  expect(link.hash).toBe(`#comment-${id}`);
  // From another page: on the article itself, a link to it at a fragment would only scroll.
  await page.goto("/about/");
  await page.goto(link.pathname + link.hash);
  const thread = await openComments(page);
  await expect(thread.getByRole("article", { name: `own${tag}` })).toContainText("merges too");

  // One click on the mail's link stops such mails, and the site's page says so.
  const stop = new URL((mail.headers?.["List-Unsubscribe"] ?? "").slice(1, -1));
  await page.goto(stop.pathname + stop.search);
  await expect(page).toHaveURL(/\/comment-mail\/#stopped$/);
  await expect(page.getByRole("heading", { level: 1, name: "Mails about answers" })).toBeVisible();
  await expect(
    page.getByText("Done: you will get no more mails about answers to your comments."),
  ).toBeVisible();
  await expect(page.getByText("This link is not one we sent")).toBeHidden();
  const after = await lastMailId(email);
  expect((await answer("And rebases.")).ok()).toBe(true);
  expect(await lastMailId(email)).toBe(after);
});

test("the article list says how many comments each card's article has", async ({
  page,
}, testInfo) => {
  const reader = await newAccount(page.request, "user", "kai");
  const posted = await page.request.post("/api/comments", {
    headers: { authorization: `Bearer ${reader.token}` },
    data: { kind: "article", item: "commit-messages", body: "Counted.", lang: "en-US" },
  });
  expect(posted.ok()).toBe(true);
  await prefer(page, { locale: "en-US" });
  const counts = page.waitForResponse("/api/comments/counts");
  await page.goto("/articles/");
  expect((await counts).ok()).toBe(true);
  const card = (title: string) =>
    page.getByRole("article").filter({ has: page.getByRole("heading", { name: title }) });
  const counted = card("Commit messages are letters to a stranger").getByRole("link", {
    name: /^\d+ comments?$/,
  });
  await expect(counted).toBeVisible();
  await expect(counted).toHaveAttribute("href", "/articles/commit-messages/#comments-title");
  for (const width of [360, 1280]) {
    await page.setViewportSize({ width, height: 844 });
    await picture(
      card("Commit messages are letters to a stranger"),
      testInfo,
      `card-count-${width}`,
    );
  }
  // An article without comments says nothing.
  await expect(card("Small PostgreSQL habits that have saved me")).toBeVisible();
  await expect(
    card("Small PostgreSQL habits that have saved me").getByRole("link", { name: /comment/ }),
  ).toHaveCount(0);
});

test("without JavaScript, a link under the article leads to its comments as a page", async ({
  browser,
}, testInfo) => {
  // No script, so no stored language: the article is in the site's first-visit language, and
  // its link leads to the comments in it; the other language's page is one parameter away.
  const noScript = await browser.newContext({ javaScriptEnabled: false });
  const reader = await noScript.newPage();
  await reader.goto(ARTICLE);
  await reader
    .getByRole("link", { name: /Read the comments on a page of their own|在单独的页面阅读评论/ })
    .click();
  await expect(reader).toHaveURL(/\/api\/comments\/page\?kind=article&item=commit-messages&lang=/);
  await expect(reader.getByRole("article").first()).toBeVisible();
  await noScript.close();

  // The page has no script of its own; axe needs the browser's to look at it.
  const title = "Commit messages are letters to a stranger";
  for (const theme of ["light", "dark"] as const) {
    const context = await browser.newContext({ colorScheme: theme });
    const page = await context.newPage();
    for (const locale of ["zh-CN", "en-US"] as const) {
      await page.goto(`/api/comments/page?kind=article&item=commit-messages&lang=${locale}`);
      const heading = locale === "zh-CN" ? `${title} 的评论` : `Comments on ${title}`;
      await expect(page.getByRole("heading", { level: 1, name: heading })).toBeVisible();
      expect(await axeFindings(page), `${locale} ${theme}`).toEqual([]);
      for (const width of [360, 1280]) {
        await page.setViewportSize({ width, height: 844 });
        expect(await sideways(page), `${locale} at ${width} px`).toBeLessThanOrEqual(0);
        await picture(page, testInfo, `comments-page-${width}-${theme}-${locale}`);
      }
    }
    await context.close();
  }
});

test("the XSS corpus in comments' texts and guests' names runs nothing in the browser", async ({
  page,
}) => {
  // Written straight into the database, as the API stores them (the limits allow a few a
  // minute); under an article no other test comments on.
  const item = "small-tests";
  await sql`delete from comments where kind = 'article' and item = ${item}`;
  for (const payload of XSS_CORPUS) {
    const { html } = renderComment(payload);
    await sql`insert into comments (kind, item, guest_name, guest_email, body, html, lang, status)
      values ('article', ${item}, ${payload.slice(0, 60)}, 'x@example.com', ${payload}, ${html}, 'en-US', 'approved')`;
  }
  const ran: string[] = [];
  page.on("dialog", (dialog) => {
    ran.push(dialog.message());
    void dialog.dismiss();
  });
  // A request to another host would be a payload's doing: none may leave.
  const site = new URL(test.info().project.use.baseURL ?? "http://localhost").host;
  page.on("request", (request) => {
    const { protocol, host } = new URL(request.url());
    if (protocol !== "data:" && host !== site) ran.push(`request: ${request.url()}`);
  });
  await prefer(page, { locale: "en-US" });
  await page.goto(`/articles/${item}/`);
  const section = await openComments(page);
  await expect(section.getByRole("article")).toHaveCount(XSS_CORPUS.length);
  await expect(
    section.getByRole("article", { name: "<script>alert(1)</script>", exact: true }),
  ).toBeVisible();
  // Nothing that could run is in the comments' text, even where the page's policy would stop it.
  const risky = await section
    .locator(".comment-body *")
    .evaluateAll((elements) =>
      elements.flatMap((element) => [
        ...(/^(script|iframe|object|embed|svg|math|img|style|form)$/i.test(element.tagName)
          ? [element.tagName]
          : []),
        ...[...element.attributes]
          .filter((attribute) => /^on/i.test(attribute.name))
          .map((attribute) => `${element.tagName}[${attribute.name}]`),
      ]),
    );
  expect(risky).toEqual([]);
  // Links in comments lead nowhere but the web (one whose address was refused has none).
  const hrefs = await section
    .locator(".comment-body a[href]")
    .evaluateAll((links) => links.map((link) => link.getAttribute("href") ?? ""));
  expect(hrefs.filter((href) => !/^(https?:|mailto:)/i.test(href))).toEqual([]);
  // And the page without JavaScript.
  await page.goto(`/api/comments/page?kind=article&item=${item}&lang=en-US`);
  await expect(page.getByRole("article")).toHaveCount(XSS_CORPUS.length);
  expect(ran).toEqual([]);
});

test("the reply mail's page reads in both languages and themes, on a phone too", async ({
  page,
}, testInfo) => {
  for (const combo of COMBOS) {
    const look = `${combo.locale} ${combo.theme}`;
    const tab = await page.context().newPage();
    await prefer(tab, combo);
    await tab.setViewportSize({ width: 390, height: 844 });
    // A link that is not ours: the API sends the reader to the page's words for it.
    await tab.goto(`/api/comments/unsubscribe?token=${"x".repeat(43)}`);
    await expect(tab).toHaveURL(/\/comment-mail\/#unknown$/);
    const zh = combo.locale === "zh-CN";
    await expect(
      tab.getByText(
        zh
          ? "这个链接不是本站发出的，或者不完整。"
          : "This link is not one we sent, or it was cut short.",
      ),
    ).toBeVisible();
    await expect(tab.getByText(zh ? "已完成" : "Done:")).toBeHidden();
    expect(await axeFindings(tab), look).toEqual([]);
    for (const width of [360, 390, 1280]) {
      await tab.setViewportSize({ width, height: 844 });
      expect(await sideways(tab), `${look} at ${width} px`).toBeLessThanOrEqual(0);
      await picture(tab, testInfo, `comment-mail-${width}-${combo.theme}-${combo.locale}`);
    }
    await tab.close();
  }
});

test("comments fit a phone and pass axe, in both languages and themes", async ({
  page,
}, testInfo) => {
  const reader = await newAccount(page.request, "user", "ana");
  await page.request.post("/api/comments", {
    headers: { authorization: `Bearer ${reader.token}` },
    data: {
      kind: "article",
      item: "commit-messages",
      body: "A `code` word, a [link](https://example.com) and *emphasis*.",
      lang: "en-US",
    },
  });
  for (const combo of COMBOS) {
    const look = `${combo.locale} ${combo.theme}`;
    // A tab each: a tab takes its language and theme once.
    const tab = await page.context().newPage();
    await prefer(tab, combo);
    await tab.setViewportSize({ width: 390, height: 844 });
    await tab.goto(ARTICLE);
    const section = await openComments(tab);
    await expect(section.getByRole("article").first()).toBeVisible();
    expect(await axeFindings(tab, ".comments"), look).toEqual([]);
    for (const width of [360, 390, 1280]) {
      await tab.setViewportSize({ width, height: 844 });
      expect(await sideways(tab), `${look} at ${width} px`).toBeLessThanOrEqual(0);
      await picture(section, testInfo, `comments-${width}-${combo.theme}-${combo.locale}`);
    }
    await tab.close();
  }
});
