import { expect, test } from "@playwright/test";
import { axeViolations, dress } from "./admin-session.ts";
import { asAdmin, bearer, newAdmin } from "./live-admin.ts";
import { needs, picture, shoot, sideways } from "./support.ts";

// The site's settings through the API of the PostgreSQL server (`npm start` over HTTP): read,
// saved over the version opened, two saves sent at once (one goes through, the other is told),
// and refused to a reader. The form itself is placed in /bms/userSet by its screen, whose spec
// drives it. Registration and feedback stay open here: other spec files register accounts and
// send feedback on this server at the same time, so closing them is tested in-process
// (src/server/site-config/settings.test.ts), and what the build makes of the settings in
// src/lib/settings.test.ts (this server does not rebuild its site).
needs("E2E_DATABASE_URL", "a PostgreSQL database of the run's own, as .ci/run creates");

interface Record {
  id: string;
  updatedAt: string | null;
  title: { "zh-CN": string; "en-US": string };
  registrationOpen: boolean;
  feedbackOpen: boolean;
  [field: string]: unknown;
}

test("the settings are saved over the version opened, and two saves at once never both go through", async ({
  request,
}) => {
  const admin = await newAdmin(request);
  const headers = { authorization: `Bearer ${admin.token}` };
  const read = async () => {
    const res = await request.get("/api/admin/settings", { headers });
    expect(res.ok(), await res.text()).toBe(true);
    return (await res.json()).data as Record;
  };
  const opened = await read();
  expect(opened).toMatchObject({ id: "site", registrationOpen: true, feedbackOpen: true });
  const { id: _id, updatedAt: _at, ...fields } = opened;
  const condition = (record: Record) =>
    record.updatedAt ? { "if-match": `"${record.updatedAt}"` } : { "if-none-match": "*" };
  const save = (title: string, over: Record) =>
    request.put("/api/admin/settings", {
      headers: { ...headers, ...condition(over) },
      data: { ...fields, title: { "zh-CN": title, "en-US": title } },
    });

  // Two tabs that opened the same version save at once: one goes through, the other is told.
  const both = await Promise.all([save("One", opened), save("Two", opened)]);
  expect(both.map((res) => res.status()).sort()).toEqual([200, 409]);
  const refused = both.find((res) => res.status() === 409) ?? both[0];
  expect((await refused.json()).error).toMatchObject({
    kind: "conflict",
    issues: [{ field: "updatedAt", key: "bmsEditor.changedElsewhere" }],
  });
  const saved = await read();
  expect(["One", "Two"]).toContain(saved.title["en-US"]);
  expect(saved.updatedAt).not.toBeNull();

  // Saved over the version now stored: it goes through; over the one opened first: refused.
  const again = await save("Three", saved);
  expect(again.status()).toBe(200);
  expect((await save("Four", saved)).status()).toBe(409);
  expect((await read()).title["en-US"]).toBe("Three");

  // Put back what was there, over the version now stored.
  const restored = await request.put("/api/admin/settings", {
    headers: { ...headers, ...condition(await read()) },
    data: fields,
  });
  expect(restored.status()).toBe(200);
  expect((await read()).title).toEqual(opened.title);

  // Admins only.
  expect((await request.get("/api/admin/settings")).status()).toBe(401);
});

/** The form's words in each language (the locales' settings.ts and bms.ts). */
const FORM_WORDS = {
  "zh-CN": {
    region: "网站设置",
    titleEn: "网站名称（英文）",
    addLink: "添加链接",
    linkUrl: "链接 1 的地址",
    save: "保存设置",
    titleRequired: "请填写两种语言的网站名称。",
    urlInvalid: "请输入 http:// 或 https:// 地址。",
    checkFields: "请修改标出的内容。",
  },
  "en-US": {
    region: "Site settings",
    titleEn: "Site name (English)",
    addLink: "Add a link",
    linkUrl: "Address of link 1",
    save: "Save settings",
    titleRequired: "Enter the site's name in both languages.",
    urlInvalid: "Enter an http:// or https:// address.",
    checkFields: "Please correct the marked fields.",
  },
} as const;

const exactly = (text: string) => new RegExp(text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&"));

// Each language in each theme, the phone's width for one pairing and the desktop's for the other
// (admin-userset-live.spec.ts looks at the whole screen in the other two pairings).
for (const [locale, theme, width] of [
  ["zh-CN", "light", 390],
  ["en-US", "dark", 390],
  ["zh-CN", "dark", 1280],
  ["en-US", "light", 1280],
] as const) {
  test(`the settings form tells what is wrong in ${locale}, ${theme}, ${width} px, saves nothing, and axe finds nothing`, async ({
    page,
  }, testInfo) => {
    test.setTimeout(120_000);
    const words = FORM_WORDS[locale];
    await dress(page, { width, theme });
    await page.addInitScript((l) => localStorage.setItem("app-locale", l), locale);
    const admin = await asAdmin(page);
    const before = await page.request.get("/api/admin/settings", { headers: bearer(admin) });
    const opened = (await before.json()).data as Record;

    await page.goto("/bms/userSet");
    const form = page.getByRole("region", { name: words.region });
    const title = form.getByRole("textbox", { name: words.titleEn });
    await expect(title).toBeEnabled();
    await title.fill("");
    await form.getByRole("button", { name: words.addLink }).click();
    const url = form.getByRole("textbox", { name: words.linkUrl });
    await url.fill("ftp://example.com/me");
    await form.getByRole("button", { name: words.save }).click();

    // Each wrong field says why in the page's language, and the form says to correct them.
    await expect(title).toHaveAttribute("aria-invalid", "true");
    await expect(title).toHaveAccessibleDescription(exactly(words.titleRequired));
    await expect(url).toHaveAttribute("aria-invalid", "true");
    await expect(url).toHaveAccessibleDescription(exactly(words.urlInvalid));
    await expect(form.getByText(words.checkFields)).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);
    expect(await sideways(page)).toBeLessThanOrEqual(0);
    await title.scrollIntoViewIfNeeded();
    await shoot(page, testInfo, `settings-problems-${width}-${theme}-${locale}`, 0);
    await picture(form, testInfo, `settings-form-${width}-${theme}-${locale}`);

    // Nothing was sent: the settings are as they were.
    const after = await page.request.get("/api/admin/settings", { headers: bearer(admin) });
    expect(((await after.json()).data as Record).updatedAt).toBe(opened.updatedAt);
  });
}
