import { type APIRequestContext, expect, test } from "@playwright/test";
import { DEMO_ADMIN, logInByApi } from "./support.ts";

// Against its own `npm start` (embedded database, self-rebuild on): an article written and
// published through the back-office API appears on the static site (rendered at once, then the
// background rebuild), the old site answering meanwhile; unpublishing takes it away again.

test.describe.configure({ mode: "serial", timeout: 300_000 });

const slug = `written-in-the-back-office-${Date.now().toString(36)}`;
const title = "Written in the back office";

/** Polls `path` until it answers `status`, checking the old site keeps answering meanwhile. */
async function waitForStatus(request: APIRequestContext, path: string, status: number) {
  const deadline = Date.now() + 240_000;
  for (;;) {
    const response = await request.get(path);
    if (response.status() === status) return;
    expect((await request.get("/")).status(), "the current site keeps answering").toBe(200);
    if (Date.now() > deadline) throw new Error(`${path} never answered ${status}`);
    await new Promise((r) => setTimeout(r, 2000));
  }
}

/** Polls the build status until no build waits or runs and the newest went live. */
async function waitForWholeBuild(request: APIRequestContext, headers: Record<string, string>) {
  // Pages go live at once; the search index and feeds follow with the whole build behind them
  // (src/server/site/hot-render.ts).
  await expect
    .poll(
      async () => {
        const status = await request.get("/api/admin/site/build", { headers });
        const body = (await status.json()) as { data: { runs: { state: string }[] } };
        const runs = body.data.runs;
        const busy = runs.some((run) => run.state === "queued" || run.state === "building");
        return busy ? "busy" : (runs[0]?.state ?? "none");
      },
      { timeout: 240_000, intervals: [2000] },
    )
    .toBe("live");
}

test("publishing rebuilds the site; the article is there, sanitised, in lists and feeds; unpublishing removes it", async ({
  page,
  request,
}) => {
  const { token } = await logInByApi(request, DEMO_ADMIN.email, DEMO_ADMIN.password);
  const headers = { authorization: `Bearer ${token}` };
  const created = await request.post("/api/admin/articles", {
    headers,
    data: {
      slug,
      lang: "en-US",
      title,
      summary: "An article stored as a database row, rendered like the files.",
      body: [
        "## Why a database",
        "",
        "Some text, then a payload that must not run: <img src=x onerror=\"document.title='pwned'\">",
        "and [a link](javascript:alert(1)).",
        "",
        "```ts",
        "const answer: number = 42;",
        "```",
      ].join("\n"),
      category: "tools",
      tags: ["back-office"],
    },
  });
  expect(created.status()).toBe(200);
  const id = ((await created.json()) as { data: { id: string } }).data.id;

  // A draft is nowhere.
  expect((await request.get(`/articles/${slug}/`)).status()).toBe(404);

  const published = await request.post(`/api/admin/articles/${id}/publish`, { headers, data: {} });
  expect(published.status()).toBe(200);
  await waitForStatus(request, `/articles/${slug}/`, 200);

  await page.goto(`/articles/${slug}/`);
  await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();
  await expect(page.getByRole("heading", { level: 2, name: "Why a database" })).toBeVisible();
  await expect(page.locator(".prose pre.astro-code")).toContainText("const answer");
  await expect(page).not.toHaveTitle("pwned");
  expect(await page.locator(".prose [onerror]").count()).toBe(0);
  expect(await page.locator('.prose a[href^="javascript"]').count()).toBe(0);

  await page.goto("/articles/");
  await expect(page.getByRole("link", { name: title })).toBeVisible();
  // The feed follows with the whole build behind the page (src/server/site/hot-render.ts).
  await expect
    .poll(async () => (await request.get("/en-US/rss.xml")).text(), {
      timeout: 240_000,
      intervals: [2000],
    })
    .toContain(`/articles/${slug}/`);

  const unpublished = await request.post(`/api/admin/articles/${id}/unpublish`, { headers });
  expect(unpublished.status()).toBe(200);
  await waitForStatus(request, `/articles/${slug}/`, 404);
  await page.goto("/articles/");
  await expect(page.getByRole("link", { name: title })).toHaveCount(0);
});

test("a title with characters HTML, JSON and CSP hashing care about publishes, is searched, and blocks nothing after it", async ({
  page,
  request,
}) => {
  const { token } = await logInByApi(request, DEMO_ADMIN.email, DEMO_ADMIN.password);
  const headers = { authorization: `Bearer ${token}` };
  const mark = Date.now().toString(36);
  // `>` cut a pattern over <html …> short (the build failed, and every build after it); `<script`
  // in the page's data-titles attribute was read as a script, so the CSP hashed the wrong text.
  const hostile = `Why 2 > 1 in TypeScript ${mark}: </script><script>alert(1)</script> <!-- "q" & 'a' \\`;
  const write = async (title: string, slugOf: string) => {
    const created = await request.post("/api/admin/articles", {
      headers,
      data: {
        slug: slugOf,
        lang: "en-US",
        title,
        summary: `A summary with <b>tags</b>, "quotes" & a line\nbreak ${mark}`,
        body: `Plain words about zephyrine${mark} for search.`,
        category: "tools",
        tags: [],
      },
    });
    expect(created.status()).toBe(200);
    const id = ((await created.json()) as { data: { id: string } }).data.id;
    expect(
      (await request.post(`/api/admin/articles/${id}/publish`, { headers, data: {} })).status(),
    ).toBe(200);
  };
  const first = `hostile-title-${mark}`;
  await write(hostile, first);
  await waitForStatus(request, `/articles/${first}/`, 200);

  const violations: string[] = [];
  page.on("console", (message) => {
    if (/Content.Security.Policy/i.test(message.text())) violations.push(message.text());
  });
  await page.addInitScript(() => localStorage.setItem("app-locale", "en-US"));
  await page.goto(`/articles/${first}/`);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(hostile);
  await expect(page).toHaveTitle(`${hostile} · Two Inks`);
  await expect(page.locator("meta[name='description']")).toHaveAttribute(
    "content",
    new RegExp(`^A summary with <b>tags</b>, "quotes" & a line\\s+break ${mark}$`),
  );
  // The site's own inline scripts ran (the theme script sets the class the stylesheet reads).
  await expect(page.locator("html")).toHaveClass(/\bjs\b/);
  expect(await page.evaluate(() => document.title)).not.toBe("1");

  // The search finds it by its words and names it by its title, as text.
  await waitForWholeBuild(request, headers);
  const box = page.getByRole("combobox", { name: "Search" });
  await box.fill(`zephyrine${mark}`);
  await expect(
    page.getByRole("listbox", { name: "Search" }).getByRole("option", { name: hostile }),
  ).toBeVisible({ timeout: 20_000 });
  expect(violations).toEqual([]);

  // A later article publishes too: the first one stopped nothing.
  const second = `after-the-hostile-title-${mark}`;
  await write(`After the hostile title ${mark}`, second);
  await waitForStatus(request, `/articles/${second}/`, 200);
  await waitForWholeBuild(request, headers);
});

/** Polls `path` until its page holds `text` (or, with `present` false, no longer does). */
async function waitForText(request: APIRequestContext, path: string, text: string, present = true) {
  const deadline = Date.now() + 240_000;
  for (;;) {
    const response = await request.get(path);
    expect(response.status(), "the current site keeps answering").toBe(200);
    if ((await response.text()).includes(text) === present) return;
    if (Date.now() > deadline)
      throw new Error(`${path} never ${present ? "held" : "lost"} ${text}`);
    await new Promise((r) => setTimeout(r, 2000));
  }
}

test("the about page saved in the back office replaces its file on the site, sanitised; going back shows the file again", async ({
  page,
  request,
}) => {
  const { token } = await logInByApi(request, DEMO_ADMIN.email, DEMO_ADMIN.password);
  const headers = { authorization: `Bearer ${token}` };
  const mark = `Rewritten in the back office ${Date.now().toString(36)}`;
  const saved = await request.put("/api/admin/pages/about/en-US", {
    headers: { ...headers, "if-none-match": "*" },
    data: { body: `# ${mark}\n\nNew words, and <img src=x onerror="document.title='pwned'">.` },
  });
  expect(saved.status()).toBe(200);
  await waitForText(request, "/about", mark);

  await page.addInitScript(() => localStorage.setItem("app-locale", "en-US"));
  await page.goto("/about");
  await expect(page.getByRole("heading", { level: 1, name: mark })).toBeVisible();
  await expect(page.locator('article[lang="en-US"]')).not.toContainText("About this blog");
  // The Chinese version still comes from its file.
  await expect(page.locator('article[lang="zh-CN"] h1')).toHaveText("关于本站");
  await expect(page).not.toHaveTitle("pwned");
  expect(await page.locator(".prose [onerror]").count()).toBe(0);

  const back = await request.delete("/api/admin/pages/about/en-US", { headers });
  expect(back.status()).toBe(200);
  await waitForText(request, "/about", mark, false);
  await page.reload();
  await expect(page.getByRole("heading", { level: 1, name: "About this blog" })).toBeVisible();
});

test("the site settings saved in the back-office form rebuild the site: its name and tagline, the author's name and bio on the home and about pages; put back the same way", async ({
  page,
  request,
}) => {
  const admin = await logInByApi(request, DEMO_ADMIN.email, DEMO_ADMIN.password);
  await page.addInitScript((stored) => {
    localStorage.setItem("user-info", JSON.stringify(stored));
    localStorage.setItem("app-locale", "en-US");
  }, admin);
  const mark = Date.now().toString(36);
  const changed = {
    title: `Renamed ${mark}`,
    tagline: `A tagline saved in the form ${mark}`,
    author: `Author ${mark}`,
    bio: `A bio saved in the form ${mark}.`,
  };

  await page.goto("/bms/userSet");
  const form = page.getByRole("region", { name: "Site settings" });
  const fields = {
    title: form.getByRole("textbox", { name: "Site name (English)" }),
    tagline: form.getByRole("textbox", { name: "Tagline (English)" }),
    author: form.getByRole("textbox", { name: "Name (English)", exact: true }),
    bio: form.getByRole("textbox", { name: "Short bio (English)" }),
  };
  const build = page.getByRole("status").filter({ hasText: "Site build:" });
  /** Fills the fields, saves, and waits for the back office to say the rebuild is live. */
  async function save(values: typeof changed) {
    for (const [name, field] of Object.entries(fields)) {
      await field.fill(values[name as keyof typeof fields]);
    }
    await form.getByRole("button", { name: "Save settings" }).click();
    await expect(
      form.getByText("Settings saved. The site is being rebuilt with them."),
    ).toBeVisible();
    // The build status shows the rebuild the save set off, then that it is live.
    await expect(build).toContainText(/queued|building/);
    await expect(build).toContainText("live. The site shows the change", { timeout: 240_000 });
  }

  await expect(fields.title).toBeEnabled();
  const before = {
    title: await fields.title.inputValue(),
    tagline: await fields.tagline.inputValue(),
    author: await fields.author.inputValue(),
    bio: await fields.bio.inputValue(),
  };
  await save(changed);

  // The site being served now is the rebuilt one (checked by its page, not by waiting a while).
  await waitForText(request, "/", changed.tagline);
  await page.goto("/");
  const hero = page.getByRole("region", { name: changed.title });
  await expect(page.locator(".brand-name [lang='en-US']").first()).toHaveText(changed.title);
  await expect(page).toHaveTitle(new RegExp(changed.title));
  await expect(hero.getByText(changed.tagline, { exact: true })).toBeVisible();
  await expect(hero.getByText(changed.author, { exact: true })).toBeVisible();
  await expect(hero.getByText(changed.bio, { exact: true })).toBeVisible();
  await page.goto("/about");
  const card = page.getByRole("region", { name: changed.author });
  await expect(card.getByRole("heading", { name: changed.author })).toBeVisible();
  await expect(card.getByText(changed.bio, { exact: true })).toBeVisible();

  // Put back what was there through the form, and see it back on the site.
  await page.goto("/bms/userSet");
  await expect(fields.title).toHaveValue(changed.title);
  await save(before);
  await waitForText(request, "/", changed.tagline, false);
  await page.goto("/");
  await expect(page.getByText(changed.author)).toHaveCount(0);
  if (before.author) {
    await expect(
      page.getByText(before.author, { exact: true }).filter({ visible: true }),
    ).toHaveCount(1);
  }
});
