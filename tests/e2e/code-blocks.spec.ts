import { expect, type Locator, test } from "@playwright/test";
import { axeFindings, COMBOS, hydrated, picture, prefer } from "./support.ts";

// Code blocks (src/lib/code-blocks.mjs, prose.css): a caption with the fence's title and
// language, a marked line, a ```diff block's inserted and deleted lines, and line numbers that
// the copy button leaves out. The seed's small-tests (English) and terminal-history-zh
// (Chinese) articles carry one of each.

const background = (locator: Locator) =>
  locator.evaluate((element) => getComputedStyle(element).backgroundColor);

for (const { locale, theme } of COMBOS) {
  test(`code blocks show their title, language and marks, ${locale} ${theme}`, async ({
    page,
  }, info) => {
    await prefer(page, { locale, theme });
    for (const width of [390, 1280]) {
      await page.setViewportSize({ width, height: 900 });
      await page.goto("/articles/small-tests/");
      await hydrated(page);

      // The caption names the block: its title and its language.
      const titled = page.getByRole("figure", { name: /tests\/e2e\/feedback\.spec\.ts/ });
      await expect(titled).toBeVisible();
      await expect(titled.locator("figcaption")).toContainText("ts");
      const code = titled.locator("pre");
      const marked = code.locator(".line.highlighted");
      await expect(marked).toHaveCount(1);
      await expect(marked).toContainText('getByRole("button"');
      // The marked line stands out from its neighbours.
      const plain = code.locator(".line:not(.highlighted)").first();
      expect(await background(marked)).not.toBe(await background(plain));
      // The whole line, not only its text: as wide as the block.
      const [lineBox, codeBox] = [await marked.boundingBox(), await code.boundingBox()];
      expect(lineBox && codeBox && lineBox.width >= codeBox.width - 4).toBe(true);

      // A diff block: its lines inserted and deleted, for a screen reader too.
      const diff = page.getByRole("figure", { name: /diff/ });
      await expect(diff.getByRole("insertion")).toHaveCount(1);
      await expect(diff.getByRole("deletion")).toHaveCount(1);
      await expect(diff.getByRole("insertion")).toContainText('aria-label="Close"');
      const [inserted, deleted] = [
        await background(diff.getByRole("insertion")),
        await background(diff.getByRole("deletion")),
      ];
      expect(inserted).not.toBe(deleted);

      expect(await axeFindings(page, ".prose")).toEqual([]);
      await picture(diff, info, `code-diff-${width}-${locale}-${theme}`);
      await titled.scrollIntoViewIfNeeded();
      await picture(page, info, `code-${width}-${locale}-${theme}`, { fullPage: false });
    }
  });
}

test("line numbers are shown and not copied; a block's copy button still copies", async ({
  page,
  context,
}, info) => {
  await context.grantPermissions(["clipboard-read", "clipboard-write"]);
  await prefer(page, { locale: "zh-CN", theme: "dark" });
  await page.setViewportSize({ width: 360, height: 800 });
  await page.goto("/articles/terminal-history-zh/");
  await hydrated(page);
  const block = page.getByRole("figure", { name: /~\/\.bashrc/ });
  await expect(block).toBeVisible();
  await expect(block.locator("figcaption")).toContainText("bash");
  const lines = block.locator(".line");
  await expect(lines).toHaveCount(4);
  // Each line has its number before it, in a gutter of its own.
  const gutter = await lines
    .first()
    .evaluate((line) => Number.parseFloat(getComputedStyle(line, "::before").width));
  expect(gutter).toBeGreaterThan(5);
  // Not in the text: not read, selected or copied.
  await expect(block.locator("pre")).toHaveText(/^HISTSIZE=100000/);

  await block.locator("pre").hover();
  await block.getByRole("button", { name: "复制", exact: true }).click();
  await expect(block.getByRole("button", { name: "已复制", exact: true })).toBeVisible();
  const copied = await page.evaluate(() => navigator.clipboard.readText());
  expect(copied.split("\n")[0]).toBe("HISTSIZE=100000");
  expect(await axeFindings(page, ".prose")).toEqual([]);
  await block.scrollIntoViewIfNeeded();
  await picture(page, info, "code-line-numbers-360-zh-CN-dark", { fullPage: false });
});

test("a feed keeps a code block's caption and marks", async ({ page }) => {
  // The feed keeps the caption and the marks (feed-html.ts sanitises with the page's rules).
  const feed = await (await page.request.get("/en-US/feed.json")).json();
  const item = feed.items.find((i: { url: string }) => i.url.endsWith("/articles/small-tests/"));
  expect(item?.content_html ?? "").toContain('<figcaption><span class="code-title">');
  expect(item?.content_html ?? "").toContain('<ins class="line diff add">');
});
