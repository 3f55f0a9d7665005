import { expect, type Page, test } from "@playwright/test";
import { expectSays, labLookTest, openDemo, wideElements } from "./labs-support.ts";
import { adminInfo, axeFindings, COMBOS, type Locale, prefer, shoot } from "./support.ts";

// Three experiments of the mix lab (content/labs/mixlab/): CJK typography, the generative
// pattern and the Markdown playground. A person plays with each and sees its result change;
// axe in both languages and themes; the pages without JavaScript; nothing wider than a phone;
// screenshots at a phone's and a desktop's width to look at.

type Both = Record<Locale, string>;
const PAGES = {
  "cjk-typography": {
    "zh-CN": "中文排版：竖排、中西文间距与标点挤压",
    "en-US": "CJK typography: vertical text, spacing and punctuation",
  },
  "generative-pattern": {
    "zh-CN": "生成图案：用封面生成器画一整张",
    "en-US": "Generative pattern: a sheet from the cover generator",
  },
  "markdown-playground": {
    "zh-CN": "Markdown 试验场：博客自己的渲染管线",
    "en-US": "Markdown playground: the blog's own pipeline",
  },
} satisfies Record<string, Both>;
const SLUGS = Object.keys(PAGES) as (keyof typeof PAGES)[]; // the keys just written

test.describe("CJK typography", () => {
  test("a setting changes the text, the CSS shown and the address; the browser's support is said", async ({
    page,
  }) => {
    await prefer(page, { locale: "en-US" });
    await page.goto("/mixlab/cjk-typography");
    const demo = await openDemo(page);
    const specimen = demo.getByTestId("specimen");
    const css = demo.getByTestId("cjk-css");
    const box = async () => (await specimen.boundingBox()) ?? { width: 0, height: 0 };
    // The line is 16em long: across in horizontal text, down in vertical text.
    const before = await box();
    await expect(css).toContainText("writing-mode: horizontal-tb;");
    // Horizontal text has no text-orientation to choose.
    await expect(demo.getByRole("group", { name: /text-orientation/ })).toHaveCount(0);

    const writing = demo.getByRole("group", { name: "Writing mode (writing-mode)" });
    await writing.getByRole("radio", { name: "vertical-rl" }).check();
    await expect(specimen).toHaveCSS("writing-mode", "vertical-rl");
    await expect.poll(async () => Math.round((await box()).height)).toBe(Math.round(before.width));
    expect((await box()).width).not.toBeCloseTo(before.width, 0);
    await expect(css).toContainText("writing-mode: vertical-rl;");
    await expect(css).toContainText("text-orientation: mixed;");
    await expect(page).toHaveURL(/writing=vertical-rl/);

    // Short numbers set across the column: the CSS gains a rule and the numbers their property.
    const combine = demo.getByRole("group", { name: /text-combine-upright/ });
    await combine.getByRole("radio", { name: "all" }).check();
    await expect(css).toContainText(".specimen .tcy {");
    await expect(specimen.locator(".tcy").first()).toHaveCSS("text-combine-upright", "all");

    const autospace = demo.getByRole("group", { name: /text-autospace/ });
    await autospace.getByRole("radio", { name: "normal" }).check();
    await expect(css).toContainText("text-autospace: normal;");
    await expect(page).toHaveURL(/autospace=normal/);

    // Each property named with what this browser says of it.
    await expectSays(
      demo.getByTestId("support-count"),
      /^This browser knows [0-8] of these 8 properties \(asked with CSS\.supports\)\.$/,
    );
    await expectSays(demo.getByTestId("support-writing-mode"), "writing-mode supported");
    const spacing = await page.evaluate(() => CSS.supports("text-autospace", "normal"));
    await expectSays(
      demo.getByTestId("support-text-autospace"),
      spacing
        ? "text-autospace supported"
        : "text-autospace not supported: this setting changes nothing here",
    );
  });

  test("a shared address opens with its settings", async ({ page }) => {
    await prefer(page, { locale: "zh-CN" });
    await page.goto("/mixlab/cjk-typography?writing=vertical-rl&orientation=upright&measure=12em");
    const demo = await openDemo(page);
    await expect(demo.getByTestId("specimen")).toHaveCSS("text-orientation", "upright");
    await expect(demo.getByRole("radio", { name: "12em" })).toBeChecked();
    await expect(demo.getByTestId("cjk-css")).toContainText("inline-size: 12em;");
  });
});

test.describe("generative pattern", () => {
  const picture = (page: Page) =>
    page.getByTestId("pattern").evaluate((c) => (c as HTMLCanvasElement).toDataURL());
  /** Once the landscapes have all appeared. */
  const drawn = (page: Page) =>
    expect(page.getByTestId("pattern")).toHaveAttribute("data-drawing", "false");

  test("seed, inks and density change the picture and its description, kept in the address", async ({
    page,
  }) => {
    await prefer(page, { locale: "en-US" });
    await page.goto("/mixlab/generative-pattern?seed=hello");
    const demo = await openDemo(page);
    const seed = demo.getByRole("textbox", { name: "Seed" });
    await expect(seed).toHaveValue("hello");
    // The canvas is an image named by the words under it.
    const canvas = demo.getByRole("img", { name: /drawn from the seed “hello”/ });
    await expect(canvas).toBeVisible();
    await drawn(page);
    const first = await picture(page);

    await seed.fill("another");
    await expect(page).toHaveURL(/seed=another/);
    await drawn(page);
    await expect.poll(() => picture(page)).not.toBe(first);
    await expectSays(
      demo.getByTestId("pattern-alt"),
      /^A sheet of 4 ink landscapes .* “another”\.$/,
    );
    const second = await picture(page);

    await demo.getByRole("radio", { name: "teal" }).check();
    await expect(page).toHaveURL(/palette=teal/);
    await expectSays(demo.getByTestId("pattern-alt"), /in teal with/);
    await drawn(page);
    await expect.poll(() => picture(page)).not.toBe(second);

    await demo.getByRole("radio", { name: "3 × 3" }).check();
    await expect(page).toHaveURL(/density=3/);
    await expectSays(demo.getByTestId("pattern-alt"), /^A sheet of 9 ink landscapes/);

    await demo.getByRole("button", { name: "New seed" }).click();
    await expect(seed).toHaveValue(/^[a-z]+-[a-z]+-\d\d$/);
    await expect(page).toHaveURL(/seed=[a-z]+-[a-z]+-\d\d/);

    // The same address draws the same picture.
    await drawn(page);
    const shared = await picture(page);
    await page.reload();
    await openDemo(page);
    await drawn(page);
    await expect.poll(() => picture(page)).toBe(shared);

    const [file] = await Promise.all([
      page.waitForEvent("download"),
      demo.getByRole("button", { name: "Download as PNG" }).click(),
    ]);
    expect(file.suggestedFilename()).toMatch(/^pattern-[a-z]+-[a-z]+-\d\d-3x3\.png$/);
  });

  test("with reduced motion the picture appears at once, without it one landscape at a time", async ({
    page,
  }) => {
    await prefer(page, { locale: "en-US" });
    for (const motion of ["reduce", "no-preference"] as const) {
      await page.emulateMedia({ reducedMotion: motion });
      await page.goto("/mixlab/generative-pattern");
      const demo = await openDemo(page);
      await expect(page.getByTestId("pattern")).toHaveAttribute("data-drawing", "false");
      // Watches for any moment the canvas says it is animating.
      await page.getByTestId("pattern").evaluate((canvas) => {
        const seen = { animated: false };
        (window as unknown as { seen: typeof seen }).seen = seen;
        new MutationObserver(() => {
          if (canvas.getAttribute("data-drawing") === "true") seen.animated = true;
        }).observe(canvas, { attributes: true });
      });
      const before = await picture(page);
      await demo.getByRole("textbox", { name: "Seed" }).fill(`motion-${motion}`);
      await expect.poll(() => picture(page)).not.toBe(before);
      await expect(page.getByTestId("pattern")).toHaveAttribute("data-drawing", "false");
      const animated = await page.evaluate(
        () => (window as unknown as { seen: { animated: boolean } }).seen.animated,
      );
      expect(animated, motion).toBe(motion === "no-preference");
    }
  });
});

test.describe("Markdown playground", () => {
  test("samples show the pipeline's result beside its HTML; an edit is kept and said", async ({
    page,
  }) => {
    await prefer(page, { locale: "en-US" });
    await page.goto("/mixlab/markdown-playground");
    const demo = await openDemo(page);
    const result = demo.getByTestId("md-result");
    const source = demo.getByTestId("md-source");
    await expect(result.getByRole("table")).toBeVisible();
    await expect(source).toContainText("<table>");

    await demo.getByRole("button", { name: "Code" }).click();
    await expect(demo.getByRole("button", { name: "Code" })).toHaveAttribute(
      "aria-pressed",
      "true",
    );
    await expect(result.locator("pre.astro-code")).toContainText("export function greet");
    await expect(source).toContainText('<pre class="astro-code css-variables"');
    await expect(page).toHaveURL(/sample=code/);

    await demo.getByRole("button", { name: "Maths" }).click();
    await expect(result.locator(".katex-display")).toBeVisible();
    await expect(page).toHaveURL(/sample=math/);

    await demo.getByRole("button", { name: "Footnotes" }).click();
    await expect(result.locator('a[href="#user-content-fn-1"]')).toBeVisible();
    await expectSays(demo.getByTestId("md-origin"), /^Rendered by the blog’s pipeline/);

    // A text of one's own: kept in the address while short, and the page says why it is not
    // rendered here (the pipeline's parser runs at build time and on the server).
    const text = demo.getByRole("textbox", { name: "Markdown" });
    await text.fill("# Mine");
    await expect(page).toHaveURL(/md=%23\+Mine|md=%23%20Mine/);
    await expectSays(demo.getByTestId("md-origin"), /^Your own text is not rendered here/);
    await text.fill(`# Long\n\n${"A long paragraph. ".repeat(40)}`);
    await expect(page).not.toHaveURL(/md=/);
    expect(await page.evaluate(() => localStorage.getItem("mixlab-markdown"))).toMatch(/^# Long/);
    await page.goto("/mixlab/markdown-playground");
    await openDemo(page);
    await expect(demo.getByRole("textbox", { name: "Markdown" })).toHaveValue(/^# Long/);
  });

  test("the sanitiser runs live in the browser on typed HTML", async ({ page }) => {
    await prefer(page, { locale: "en-US" });
    await page.goto("/mixlab/markdown-playground");
    const demo = await openDemo(page);
    const html = demo.getByRole("textbox", { name: "HTML to sanitise" });
    await expect(html).toBeEnabled();
    await expect(demo.getByTestId("clean-source")).toContainText('id="user-content-main"');
    await html.fill(
      '<p onclick="steal()">Hi <b>there</b><img src="javascript:alert(1)" onerror="alert(1)"></p><script>alert(1)</script>',
    );
    await expect(demo.getByTestId("clean-source")).toHaveText("<p>Hi <b>there</b><img></p>");
    await expectSays(demo.getByTestId("clean-result"), "Hi there");
  });

  test("for the signed-in owner an edited text goes to the back office's preview", async ({
    page,
  }) => {
    await prefer(page, { locale: "en-US", user: adminInfo });
    let asked = "";
    await page.route("**/api/admin/preview", async (route) => {
      asked = (route.request().postDataJSON() as { body: string }).body;
      await route.fulfill({
        json: { code: 200, message: "ok", data: { html: "<p>From the server</p>", headings: [] } },
      });
    });
    await page.goto("/mixlab/markdown-playground");
    const demo = await openDemo(page);
    await expect(page.locator("html")).toHaveAttribute("data-auth", "admin");
    await demo.getByRole("textbox", { name: "Markdown" }).fill("From the server");
    await expectSays(demo.getByTestId("md-result"), "From the server");
    await expectSays(demo.getByTestId("md-origin"), /^Rendered just now by the server’s preview/);
    expect(asked).toBe("From the server");
  });
});

for (const combo of COMBOS) {
  test(`the three experiments pass axe, ${combo.locale} ${combo.theme}`, async ({ page }) => {
    test.setTimeout(120_000);
    await prefer(page, combo);
    for (const slug of SLUGS) {
      await page.goto(`/mixlab/${slug}`);
      await expect(
        page.getByRole("heading", { level: 1, name: PAGES[slug][combo.locale] }),
      ).toBeVisible();
      await openDemo(page);
      // Back at the top: the sticky header would otherwise cover the controls it was over.
      await page.evaluate(() => window.scrollTo(0, 0));
      expect(await axeFindings(page), slug).toEqual([]);
    }
    // The settings that change the most: vertical text, the densest sheet, maths.
    for (const path of [
      "/mixlab/cjk-typography?writing=vertical-rl&combine=all&measure=24em",
      "/mixlab/generative-pattern?density=4&palette=plum",
      "/mixlab/markdown-playground?sample=math",
    ]) {
      await page.goto(path);
      await openDemo(page);
      await page.evaluate(() => window.scrollTo(0, 0));
      expect(await axeFindings(page), path).toEqual([]);
    }
  });
}

test("nothing is wider than a phone, at 360 and 390 px", async ({ page }) => {
  test.setTimeout(120_000);
  await prefer(page, { locale: "zh-CN" });
  const paths = [
    ...SLUGS.map((s) => `/mixlab/${s}`),
    "/mixlab/cjk-typography?writing=vertical-rl&measure=24em",
    "/mixlab/cjk-typography?measure=24em&overflowWrap=anywhere",
    "/mixlab/markdown-playground?sample=code",
  ];
  for (const width of [360, 390]) {
    await page.setViewportSize({ width, height: 800 });
    for (const path of paths) {
      await page.goto(path);
      await openDemo(page);
      const out = await wideElements(page, width);
      expect(out, `${path} at ${width}px`).toEqual([]);
    }
  }
});

test("the Markdown panes stand side by side on a desktop and stack on a phone", async ({
  page,
}) => {
  await prefer(page, { locale: "en-US" });
  for (const [width, side] of [
    [1280, true],
    [390, false],
  ] as const) {
    await page.setViewportSize({ width, height: 900 });
    await page.goto("/mixlab/markdown-playground");
    const demo = await openDemo(page);
    const a = await demo.getByTestId("md-result").boundingBox();
    const b = await demo.getByTestId("md-source").boundingBox();
    if (!a || !b) throw new Error("the panes are not shown");
    expect(Math.abs(a.y - b.y) < 80, `side by side at ${width}`).toBe(side);
  }
});

labLookTest("the type experiments", 180_000, async (page, tag, testInfo) => {
  for (const path of [
    "/mixlab/cjk-typography?writing=vertical-rl&combine=all&autospace=normal",
    "/mixlab/generative-pattern?seed=ink&density=3",
    "/mixlab/markdown-playground?sample=code",
  ]) {
    await page.goto(path);
    await openDemo(page);
    if (path.includes("pattern")) {
      await expect(page.getByTestId("pattern")).toHaveAttribute("data-drawing", "false");
    }
    await shoot(page, testInfo, `${path.split("?")[0]?.slice(8)}-${tag}`);
  }
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("each page shows its explanation, source and a preview of the demo", async ({ page }) => {
    const explained: Record<(typeof SLUGS)[number], string> = {
      "cjk-typography": "Why try them out",
      "generative-pattern": "The same generator",
      "markdown-playground": "One pipeline",
    };
    for (const slug of SLUGS) {
      await page.goto(`/mixlab/${slug}`);
      // Without the head script the page is in the site's default language, English.
      await expect(
        page.getByRole("heading", { level: 1, name: PAGES[slug]["en-US"] }),
      ).toBeVisible();
      await expect(page.getByRole("heading", { level: 2, name: explained[slug] })).toBeVisible();
      const source = page.getByRole("region", { name: "Source" });
      await expect(source.locator("pre.astro-code, pre.shiki").first()).toContainText("export");
    }
    await page.goto("/mixlab/cjk-typography");
    await expect(page.getByTestId("specimen")).toContainText("静态优先");
    await expect(page.getByTestId("cjk-css")).toContainText("writing-mode: horizontal-tb;");
    await page.goto("/mixlab/generative-pattern");
    // The canvas shows what it holds: the same picture as SVG, in the default (dark) theme.
    await expect(page.locator(".mt-fallback svg")).toBeVisible();
    await page.goto("/mixlab/markdown-playground");
    await expect(page.getByTestId("md-result").getByRole("table")).toBeVisible();
    await expect(page.getByTestId("md-source")).toContainText("<table>");
  });
});
