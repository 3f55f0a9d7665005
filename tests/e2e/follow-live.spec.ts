import { expect, type Page, test } from "@playwright/test";
import { bearer, freshEmail, lastMailId, mailAfter, newAdmin, sql } from "./live-admin.ts";
import { axeFindings, COMBOS, type Locale, needs, picture, prefer, sideways } from "./support.ts";

// Following the blog by email from its follow page (src/pages/follow.astro): a plain form, a
// confirmation mail in the page's language, its link, and the page saying each step, in both
// languages and themes, with scripts and without.

needs("E2E_DATABASE_URL", "the outbox of the PostgreSQL server holds the confirmation mails");
// A fresh browser context a test: each sets its own address as a header of the context, which
// a reused context would carry into the next file's tests.
test.use({ reuseContext: false });

const WORDS = {
  "zh-CN": {
    title: "关注本站",
    email: "你的邮箱",
    zh: "中文",
    en: "英文",
    digest: "每周汇总一封，而不是每篇文章一封",
    submit: "用邮箱关注",
    sent: "就差一步：请查收邮件。",
    invalid: "没有成功。",
    confirmed: "完成：你已关注本站。",
    unknown: "这个链接不是我们发出的，或者已经过期。",
    stopped: "完成：你不会再收到本站的邮件。",
    footer: "邮件关注",
  },
  "en-US": {
    title: "Follow this blog",
    email: "Your email address",
    zh: "Chinese",
    en: "English",
    digest: "A weekly digest instead of a mail for each article",
    submit: "Follow by email",
    sent: "Almost done: look in your inbox.",
    invalid: "That did not work.",
    confirmed: "Done: you follow this blog.",
    unknown: "This link is not one we sent, or it has expired.",
    stopped: "Done: you get no more mails from this blog.",
    footer: "Follow by email",
  },
} as const;

let addresses = 0;
/** Each test asks from an address of its own: requests to follow are limited per address. */
async function ownAddress(page: Page) {
  addresses += 1;
  const ip = `2001:db8:f0${(process.pid % 250).toString(16)}:${addresses.toString(16)}::1`;
  await page.context().setExtraHTTPHeaders({ "x-forwarded-for": ip });
}

/** The path of the confirmation link in a mail's text. */
function confirmPath(body: string): string {
  const link = /https?:\/\/[^/\s]+(\/api\/follow\/confirm\?token=[\w-]{43})/.exec(body)?.[1];
  if (!link) throw new Error(`no confirmation link in ${body}`);
  return link;
}

const subscriberOf = async (email: string) =>
  (
    await sql<{ langs: string[]; locale: string; digest: boolean }[]>`
    select langs, locale, digest from subscribers where email = ${email}`
  )[0];

test.beforeEach(async ({ page }) => {
  await ownAddress(page);
});

for (const { locale, theme } of COMBOS) {
  test(`a reader follows by email and confirms, ${locale} ${theme}`, async ({ page }, info) => {
    const words = WORDS[locale];
    const other: Locale = locale === "zh-CN" ? "en-US" : "zh-CN";
    await prefer(page, { locale, theme });
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto("/");
    await page.getByRole("contentinfo").getByRole("link", { name: words.footer }).click();
    await expect(page.getByRole("heading", { level: 1, name: words.title })).toBeVisible();
    expect(await sideways(page)).toBeLessThanOrEqual(0);
    expect(await axeFindings(page)).toEqual([]);
    await picture(page, info, `follow-${locale}-${theme}-390`);

    const email = freshEmail();
    const before = await lastMailId(email);
    await page.getByRole("textbox", { name: words.email }).fill(email);
    // The page's language is ticked at first; the reader adds the other and asks for a digest.
    await expect(
      page.getByRole("checkbox", { name: words[locale === "zh-CN" ? "zh" : "en"] }),
    ).toBeChecked();
    await page.getByRole("checkbox", { name: words[other === "zh-CN" ? "zh" : "en"] }).check();
    await page.getByRole("checkbox", { name: words.digest }).check();
    await page.getByRole("button", { name: words.submit }).click();
    await expect(page).toHaveURL(/\/follow\/#sent$/);
    const sent = page.getByRole("region", { name: words.sent });
    await expect(sent).toBeVisible();
    await expect(sent).toBeFocused();
    expect(await axeFindings(page)).toEqual([]);
    await picture(page, info, `follow-sent-${locale}-${theme}-390`);
    expect(await subscriberOf(email)).toBeUndefined();

    const mail = await mailAfter(email, before);
    expect(mail.subject).toContain(locale === "zh-CN" ? "确认关注" : "Confirm that you follow");
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto(confirmPath(mail.body));
    await expect(page).toHaveURL(/\/follow\/#confirmed$/);
    await expect(page.getByRole("region", { name: words.confirmed })).toBeVisible();
    await picture(page, info, `follow-confirmed-${locale}-${theme}-1280`);
    expect(await subscriberOf(email)).toEqual({
      langs: ["zh-CN", "en-US"],
      locale,
      digest: true,
    });

    // The same link again: spent.
    await page.goto(confirmPath(mail.body));
    await expect(page.getByRole("region", { name: words.unknown })).toBeVisible();
  });
}

for (const { locale, theme } of COMBOS) {
  test(`the short form under an article ticks its language, ${locale} ${theme}`, async ({
    page,
  }, info) => {
    const words = WORDS[locale];
    const box = locale === "zh-CN" ? "用邮件接收新文章" : "New articles by email";
    await prefer(page, { locale, theme });
    await page.setViewportSize({ width: 360, height: 780 });
    // The home page's box ticks the page's language.
    await page.goto("/");
    const home = page.getByRole("region", { name: box });
    await expect(
      home.getByRole("checkbox", { name: words[locale === "zh-CN" ? "zh" : "en"] }),
    ).toBeChecked();
    await picture(home, info, `follow-home-${locale}-${theme}-360`);

    // Under an English article, whatever the page's language: English is ticked, the other not.
    await page.goto("/articles/slow-network-budget/");
    const form = page.getByRole("region", { name: box });
    await form.scrollIntoViewIfNeeded();
    await expect(form.getByRole("checkbox", { name: words.en })).toBeChecked();
    await expect(form.getByRole("checkbox", { name: words.zh })).not.toBeChecked();
    await expect(form.getByRole("checkbox", { name: words.digest })).toHaveCount(0);
    expect(await sideways(page)).toBeLessThanOrEqual(0);
    expect(await axeFindings(page)).toEqual([]);
    await picture(form, info, `follow-article-${locale}-${theme}-360`);

    const email = freshEmail();
    const before = await lastMailId(email);
    await form.getByRole("textbox", { name: words.email }).fill(email);
    await form.getByRole("button", { name: words.submit }).click();
    await expect(page.getByRole("region", { name: words.sent })).toBeVisible();
    const mail = await mailAfter(email, before);
    await page.goto(confirmPath(mail.body));
    await expect(page.getByRole("region", { name: words.confirmed })).toBeVisible();
    expect(await subscriberOf(email)).toEqual({ langs: ["en-US"], locale, digest: false });
  });
}

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the form works and a bad address says so", async ({ page }) => {
    await page.goto("/follow/");
    const form = page.locator("form.follow-form:visible");
    await expect(form).toHaveCount(1);
    // Without a script, the page shows its first language; its own form is the one shown.
    const shown: Locale = (await form.getAttribute("lang")) === "zh-CN" ? "zh-CN" : "en-US";
    const w = WORDS[shown];
    // A browser's own check stops an address without "@": the server's check is for the rest.
    await form.getByRole("textbox", { name: w.email }).fill("someone@nowhere");
    await form.getByRole("button", { name: w.submit }).click();
    await expect(page).toHaveURL(/\/follow\/#invalid$/);
    await expect(page.getByRole("region", { name: w.invalid })).toBeVisible();

    const email = freshEmail();
    const before = await lastMailId(email);
    await form.getByRole("textbox", { name: w.email }).fill(email);
    await form.getByRole("button", { name: w.submit }).click();
    await expect(page.getByRole("region", { name: w.sent })).toBeVisible();
    const mail = await mailAfter(email, before);
    await page.goto(confirmPath(mail.body));
    await expect(page.getByRole("region", { name: w.confirmed })).toBeVisible();
    expect((await subscriberOf(email))?.langs).toEqual([shown]);
  });
});

test("an article published in the back office is mailed at once to whom follows its language", async ({
  page,
}) => {
  const english = freshEmail();
  const chinese = freshEmail();
  await sql`insert into subscribers (email, langs, locale) values
    (${english}, ${["en-US"]}, 'en-US'), (${chinese}, ${["zh-CN"]}, 'zh-CN')`;
  const before = await lastMailId(english);
  const owner = await newAdmin(page.request);
  const slug = `followed-${Date.now().toString(36)}`;
  const made = await page.request.post("/api/admin/articles", {
    headers: bearer(owner),
    data: {
      slug,
      lang: "en-US",
      title: `Followed ${slug}`,
      summary: "A new article for the readers who follow the blog.",
      category: "engineering",
      body: "Its text.",
      status: "published",
    },
  });
  expect(made.ok()).toBe(true);
  // Within the outbox's 10 s wait: the server mails at the change, not at its next minute.
  const mail = await mailAfter(english, before);
  expect(mail.subject).toBe(`Followed ${slug}`);
  expect(mail.body).toContain(`/articles/${slug}/`);
  expect(mail.headers?.["List-Unsubscribe-Post"]).toBe("List-Unsubscribe=One-Click");
  // The Chinese reader gets nothing of it; the English one nothing more, however often it looks.
  expect(await sql`select 1 from outbox where "to" = ${chinese}`).toHaveLength(0);
  const [{ n } = { n: 0 }] = await sql<{ n: number }[]>`
    select count(*)::int as n from outbox where "to" = ${english} and id > ${before}`;
  expect(n).toBe(1);

  // Its unsubscribe link, followed in the browser, stops the mails without signing in.
  const link = new URL((mail.headers?.["List-Unsubscribe"] ?? "").slice(1, -1));
  await page.goto(link.pathname + link.search);
  await expect(page.getByRole("region", { name: WORDS["en-US"].stopped })).toBeVisible();
  expect(await subscriberOf(english)).toBeUndefined();
});
