import { expect, test } from "@playwright/test";
import {
  adminInfo,
  COMBOS,
  FIRST_SEARCH,
  hydrated,
  openInEnglish,
  prefer,
  readerInfo,
} from "./support.ts";

test.describe("header", () => {
  test("navigation in English and Chinese, with the current page marked", async ({ page }) => {
    await prefer(page, { locale: "en-US" });
    await page.goto("/about");
    const nav = page.getByRole("navigation", { name: "Main" });
    for (const name of ["Home", "Article", "Photo Gallery", "Note", "About"]) {
      await expect(nav.getByRole("link", { name, exact: true })).toBeVisible();
    }
    await expect(nav.getByRole("link", { name: "About" })).toHaveAttribute("aria-current", "page");
    await expect(page.getByRole("link", { name: "Log in", exact: true })).toBeVisible();
    await expect(page.getByRole("link", { name: "Admin" })).toBeHidden();

    await page
      .getByRole("group", { name: "Language" })
      .getByRole("button", { name: "中文" })
      .click();
    const zhNav = page.getByRole("navigation", { name: "主导航" });
    for (const name of ["首页", "文章", "相册", "随笔", "关于"]) {
      await expect(zhNav.getByRole("link", { name, exact: true })).toBeVisible();
    }
  });

  test("on a phone the navigation folds into a menu that opens, closes with Escape and keeps focus", async ({
    page,
  }) => {
    await page.setViewportSize({ width: 360, height: 740 });
    await prefer(page, { locale: "en-US" });
    await page.goto("/");
    const menu = page.getByRole("button", { name: "Menu" });
    await expect(menu).toHaveAttribute("aria-expanded", "false");
    await expect(page.getByRole("link", { name: "Photo Gallery" })).toBeHidden();
    await menu.click();
    await expect(menu).toHaveAttribute("aria-expanded", "true");
    await expect(page.getByRole("link", { name: "Photo Gallery" })).toBeVisible();
    await page.keyboard.press("Tab");
    await page.keyboard.press("Escape");
    await expect(menu).toHaveAttribute("aria-expanded", "false");
    await expect(menu).toBeFocused();
    // Nothing in the header runs past the screen's edge.
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - window.innerWidth,
    );
    expect(overflow).toBeLessThanOrEqual(0);
  });

  test("an admin sees the Admin button and the person menu", async ({ page }) => {
    await prefer(page, { locale: "en-US", user: adminInfo });
    await page.goto("/");
    await expect(page.getByRole("link", { name: "Admin" })).toHaveAttribute(
      "href",
      "/bms/overview",
    );
    await expect(page.getByRole("link", { name: "Log in", exact: true })).toBeHidden();
    const person = page.getByRole("button", { name: "Account menu for owner" });
    await person.click();
    const menu = page.getByRole("menu");
    for (const name of ["Personal settings", "Change password", "Switch account", "Log out"]) {
      await expect(menu.getByRole("menuitem", { name })).toBeVisible();
    }
    await expect(menu.getByRole("menuitem", { name: "Personal settings" })).toBeFocused();
    await page.keyboard.press("ArrowDown");
    await expect(menu.getByRole("menuitem", { name: "Change password" })).toBeFocused();
    await page.keyboard.press("Escape");
    await expect(menu).toBeHidden();
    await expect(person).toBeFocused();
  });

  test("a reader has no Admin button, and logging out clears the stored user info", async ({
    page,
  }) => {
    await prefer(page, { locale: "en-US", user: readerInfo });
    await page.goto("/");
    await expect(page.getByRole("link", { name: "Admin" })).toBeHidden();
    await page.getByRole("button", { name: "Account menu for reader" }).click();
    // Logging out loads "/" again: the checks below belong to that new page.
    const reloaded = page.waitForEvent("load");
    await page.getByRole("menuitem", { name: "Log out" }).click();
    await reloaded;
    await expect(page).toHaveURL("/");
    await expect(page.getByRole("link", { name: "Log in", exact: true })).toBeVisible();
    expect(await page.evaluate(() => localStorage.getItem("user-info"))).toBeNull();
  });
});

test.describe("theme and language", () => {
  test("dark by default; the switch changes and remembers the theme", async ({ page }) => {
    await page.goto("/");
    await expect(page.locator("html")).toHaveAttribute("data-theme", "dark");
    await page.getByRole("button", { name: /^(Light|浅色)$/ }).click();
    await expect(page.locator("html")).toHaveAttribute("data-theme", "light");
    expect(await page.evaluate(() => localStorage.getItem("app-theme"))).toBe("light");
    await page.reload();
    await expect(page.locator("html")).toHaveAttribute("data-theme", "light");
    await expect(page.getByRole("button", { name: /^(Light|浅色)$/ })).toHaveAttribute(
      "aria-pressed",
      "true",
    );
  });

  test("the browser language decides when nothing is stored", async ({ browser }) => {
    for (const [browserLocale, expected] of [
      ["zh-TW", "zh-CN"],
      ["fr-FR", "en-US"],
    ] as const) {
      const context = await browser.newContext({ locale: browserLocale });
      const page = await context.newPage();
      await page.goto("/");
      await expect(page.locator("html")).toHaveAttribute("lang", expected);
      await context.close();
    }
  });

  test("switching language changes every text at once, without a reload", async ({ page }) => {
    await prefer(page, { locale: "en-US" });
    await page.goto("/");
    await hydrated(page);
    await page.evaluate(() => {
      (window as unknown as { marker: number }).marker = 1;
    });
    await page.getByRole("button", { name: "中文" }).click();
    await expect(page.locator("html")).toHaveAttribute("lang", "zh-CN");
    await expect(page).toHaveTitle("双墨");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("双墨", {
      useInnerText: true,
    });
    await expect(page.getByRole("heading", { name: "最新文章" })).toBeVisible();
    await expect(page.getByRole("link", { name: "登录" })).toBeVisible();
    await expect(page.getByRole("combobox", { name: "搜索" })).toBeVisible();
    await expect(page.getByRole("button", { name: "反馈" })).toBeVisible();
    await expect(page.getByRole("contentinfo")).toContainText("版本 1.1.5");
    expect(await page.evaluate(() => (window as unknown as { marker?: number }).marker)).toBe(1);
    expect(await page.evaluate(() => localStorage.getItem("app-locale"))).toBe("zh-CN");
  });

  for (const stored of [
    { theme: "light", locale: "zh-CN" },
    { theme: "dark", locale: "en-US" },
  ] as const) {
    test(`no flash: the first frame already has ${stored.theme} and ${stored.locale}`, async ({
      page,
    }) => {
      await prefer(page, stored);
      // Record the state in the first animation frame that has text to show: the browser paints
      // nothing before an animation frame, and frames before any text can show no wrong language.
      await page.addInitScript(() => {
        const record = () => {
          const zh = document.querySelector('[data-lang="zh-CN"]');
          if (!zh || !document.body) {
            requestAnimationFrame(record);
            return;
          }
          const root = document.documentElement;
          (window as unknown as { firstFrame: unknown }).firstFrame = {
            theme: root.dataset.theme,
            lang: root.lang,
            background: getComputedStyle(document.body).backgroundColor,
            zhShown: getComputedStyle(zh).display !== "none",
          };
        };
        requestAnimationFrame(record);
      });
      await page.goto("/about");
      const first = await page.evaluate(
        () => (window as unknown as { firstFrame: unknown }).firstFrame,
      );
      expect(first).toMatchObject({
        theme: stored.theme,
        lang: stored.locale,
        background: stored.theme === "light" ? "rgb(251, 250, 247)" : "rgb(20, 22, 26)",
        zhShown: stored.locale === "zh-CN",
      });
    });
  }

  test("the inline head script is the only blocking script and stays under 1 KB", async ({
    request,
  }) => {
    for (const path of ["/", "/about", "/unauthorized", "/register-login", "/missing"]) {
      const html = await (await request.get(path)).text();
      const head = html.slice(0, html.indexOf("</head>"));
      const scripts = [...head.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)];
      const blocking = scripts.filter(
        ([, attrs]) => !/\b(type="module"|async|defer)\b/.test(attrs ?? ""),
      );
      expect(blocking, path).toHaveLength(1);
      expect(Buffer.byteLength(blocking[0]?.[2] ?? "")).toBeLessThan(1024);
    }
  });
});

test.describe("pages", () => {
  test("home shows the hero and the six newest photos, each leading to its page", async ({
    page,
  }) => {
    await openInEnglish(page, "/", "Two Inks");
    const photos = page.getByRole("list", { name: "Latest photos" }).getByRole("link");
    await expect(photos).toHaveCount(6);
    for (const href of await photos.evaluateAll((links) =>
      links.map((link) => link.getAttribute("href")),
    )) {
      expect(href).toMatch(/^\/image-library\/photo\/[a-z0-9-]+\/$/);
    }
    const region = page.getByRole("region", { name: "Latest photos" });
    await region.getByRole("link", { name: "Latest photos" }).click();
    await expect(page).toHaveURL(/\/image-library\/?$/);
  });

  test("unknown paths get a helpful 404 in both languages", async ({ page }) => {
    await prefer(page, { locale: "zh-CN" });
    const res = await page.goto("/no/such/page");
    expect(res?.status()).toBe(404);
    await expect(page.getByRole("heading", { name: "页面不存在" })).toBeVisible();
    await page.getByRole("button", { name: "English" }).click();
    await expect(page.getByRole("heading", { name: "Page not found" })).toBeVisible();
    await page.getByRole("link", { name: "Back to the home page" }).click();
    await expect(page).toHaveURL("/");
  });

  for (const [index, { locale, theme }] of COMBOS.entries()) {
    test(`a mistyped address offers the page meant, the newest articles and a search, ${locale} ${theme}`, async ({
      page,
    }) => {
      const zh = locale === "zh-CN";
      await prefer(page, { locale, theme });
      await page.setViewportSize(
        index % 2 === 0 ? { width: 390, height: 844 } : { width: 1280, height: 800 },
      );
      const res = await page.goto("/articles/postgres-habit");
      expect(res?.status()).toBe(404);
      await hydrated(page);
      const main = page.getByRole("main");
      // The page most like the address: one letter off.
      const meant = page
        .locator("#meant")
        .getByRole("link", { name: "Small PostgreSQL habits that have saved me" });
      await expect(meant).toBeVisible();
      await expect(meant).toHaveAttribute("href", "/articles/postgres-habits/");
      // The five newest articles in the reader's language, newest first.
      const newest = main.getByRole("region", { name: zh ? "最新文章" : "The newest articles" });
      await expect(newest).toHaveAttribute("lang", locale);
      await expect(newest.getByRole("link")).toHaveCount(5);
      // A search box of its own, which finds pages.
      const box = main.getByRole("combobox", { name: zh ? "搜索" : "Search" });
      await box.fill("PostgreSQL");
      const found = main.getByRole("listbox").getByRole("option").first();
      await expect(found).toBeVisible(FIRST_SEARCH);
      // An address like no page: no guess.
      await page.goto("/zzzz-qqqq-xxxx-wwww");
      await hydrated(page);
      await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
      await expect(page.locator("#meant")).toBeHidden();
    });
  }

  test("the unauthorized page asks a guest to log in and tells a reader their account lacks the rights", async ({
    page,
  }) => {
    await prefer(page, { locale: "en-US" });
    await page.goto("/unauthorized");
    await expect(page.getByRole("heading", { name: "Admins only" })).toBeVisible();
    await expect(page.getByText("Log in with an admin account to open it.")).toBeVisible();
    await expect(page.getByText("your account does not have admin rights")).toBeHidden();
    await expect(
      page.getByRole("main").getByRole("link", { name: "Log in", exact: true }),
    ).toHaveAttribute("href", "/register-login?next=%2Fbms");

    await page.evaluate(
      (user) => localStorage.setItem("user-info", JSON.stringify(user)),
      readerInfo,
    );
    await page.reload();
    await expect(page.getByText("your account does not have admin rights")).toBeVisible();
    await expect(page.getByText("Log in with an admin account to open it.")).toBeHidden();
    await expect(page.getByRole("link", { name: "Log in with another account" })).toHaveAttribute(
      "href",
      "/register-login?next=%2Fbms",
    );
  });

  test("feeds exist for both languages", async ({ request }) => {
    for (const lang of ["zh-CN", "en-US"]) {
      const res = await request.get(`/${lang}/rss.xml`);
      expect(res.status()).toBe(200);
      const xml = await res.text();
      expect(xml).toContain("<rss");
      expect(xml).toContain(`<language>${lang.toLowerCase()}</language>`);
    }
  });
});

test.describe("about without JavaScript", () => {
  test.use({ javaScriptEnabled: false });
  test("reads fully, with a working footer and no dead controls", async ({ page }) => {
    await page.goto("/about");
    await expect(page.getByRole("heading", { level: 1, name: "About this blog" })).toBeVisible();
    await expect(page.getByRole("heading", { name: "How this site is made" })).toBeVisible();
    await expect(page.getByRole("link", { name: "Photo Gallery" })).toBeVisible();
    await expect(page.getByRole("combobox")).toBeHidden();
    await expect(page.getByRole("button", { name: "Light" })).toBeHidden();
    await expect(page.getByRole("link", { name: "English feed" })).toBeVisible();
  });
});
