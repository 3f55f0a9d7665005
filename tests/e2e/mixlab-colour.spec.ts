import { readdirSync, readFileSync } from "node:fs";
import { expect, type Page, test } from "@playwright/test";
import { expectSays, labLookTest, labPageTests, openDemo } from "./labs-support.ts";
import { hydrated, type Locale, picture, prefer, shoot } from "./support.ts";

// The mix lab (/mixlab): its index of experiments (content/labs/mixlab/*.mdx) and how a reader
// reaches it (footer, home, feeds, sitemap, search), and its colour experiments (the OKLCH
// mixer, the gradient builder, the blend playground): a person plays with each demo and sees
// its result change; axe in both languages and themes; the pages without JavaScript; no page
// wider than a phone; screenshots at a phone's and a desktop's width to look at. The lab's other
// experiments have their own spec (mixlab-type.spec.ts).

type Both = Record<Locale, string>;
const DIR = "content/labs/mixlab";
const unquote = (s: string) => s.trim().replace(/^"(.*)"$/, "$1");
/** Each experiment's slug and title, read from its file's frontmatter. */
const experiments = readdirSync(DIR)
  .filter((f) => f.endsWith(".mdx"))
  .map((file) => {
    const text = readFileSync(`${DIR}/${file}`, "utf8");
    const title = /^title:\n {2}zh-CN: (.+)\n {2}en-US: (.+)$/m.exec(text);
    if (!title?.[1] || !title[2]) throw new Error(`${file} has no title in both languages`);
    const both: Both = { "zh-CN": unquote(title[1]), "en-US": unquote(title[2]) };
    return { slug: file.replace(/\.mdx$/, ""), title: both, draft: /^draft: true$/m.test(text) };
  })
  .filter((e) => !e.draft);

const COLOUR = ["oklch-mixer", "gradient-builder", "blend-playground"];
const ours = experiments.filter((e) => COLOUR.includes(e.slug));
const labTitle: Both = { "zh-CN": "混合实验室", "en-US": "Mix lab" };

test("the index lists every experiment, newest first, with a preview, and is reachable", async ({
  page,
}) => {
  expect(ours.map((e) => e.slug).sort()).toEqual([...COLOUR].sort());
  await prefer(page, { locale: "en-US" });
  await page.goto("/");
  // The home page's "From the lab" names both labs.
  const lab = page.getByRole("region", { name: "From the lab" });
  await expect(lab.getByRole("link", { name: "Mix lab", exact: true })).toHaveAttribute(
    "href",
    "/mixlab",
  );
  await page.getByRole("contentinfo").getByRole("link", { name: "Mix lab" }).click();
  await expect(page).toHaveURL(/\/mixlab\/?$/);
  await expect(page.getByRole("heading", { level: 1, name: "Mix lab" })).toBeVisible();
  await expect(page.getByRole("main").getByRole("heading", { level: 2 })).toHaveCount(
    experiments.length,
  );
  for (const e of experiments) {
    await expect(page.getByRole("link", { name: e.title["en-US"], exact: true })).toHaveAttribute(
      "href",
      `/mixlab/${e.slug}`,
    );
  }
  await expect(page.locator("main svg.lab-preview")).toHaveCount(experiments.length);
  const days = await page
    .locator("main .experiment-card time")
    .evaluateAll((ts) => ts.map((t) => t.getAttribute("datetime") ?? ""));
  expect(days).toEqual([...days].sort().reverse());
});

test("the feeds, the sitemap and the search index carry the experiments", async ({
  page,
  request,
}) => {
  const zh = await (await request.get("/zh-CN/rss.xml")).text();
  const en = await (await request.get("/en-US/rss.xml")).text();
  const map = await (await request.get("/sitemap.xml")).text();
  for (const e of experiments) {
    expect(zh).toMatch(new RegExp(`/mixlab/${e.slug}/?</link>`));
    expect(en).toMatch(new RegExp(`/mixlab/${e.slug}/?</link>`));
    expect(map).toContain(`/mixlab/${e.slug}</loc>`);
  }
  expect(map).toContain("/mixlab</loc>");
  // The search finds an experiment by its words, in each language's index.
  await page.goto("/about/");
  const found = (index: string, query: string) =>
    page.evaluate(
      async ([index, query]) => {
        const pagefind: unknown = await import(`/pagefind-${index}/pagefind.js`);
        if (typeof pagefind !== "object" || pagefind === null || !("search" in pagefind))
          throw new Error("no Pagefind bundle");
        // Narrowed by the checks above to an object with a search function; its result shape is Pagefind's.
        const search = pagefind.search as (q: string) => Promise<{
          results: { data: () => Promise<{ url: string }> }[];
        }>;
        const answer = await search(query);
        return Promise.all(answer.results.map(async (r) => (await r.data()).url));
      },
      [index, query] as const,
    );
  expect(await found("en-US", "gamut")).toContainEqual(
    expect.stringMatching(/^\/mixlab\/oklch-mixer\/?$/),
  );
  expect(await found("zh-CN", "混合模式")).toContainEqual(
    expect.stringMatching(/^\/mixlab\/blend-playground\/?$/),
  );
});

/** What a person does with each demo, and the visible result that must change. */
const play: Record<string, (page: Page) => Promise<void>> = {
  "oklch-mixer": async (page) => {
    await page.goto("/mixlab/oklch-mixer");
    const demo = await openDemo(page);
    const css = demo.getByTestId("oklch-css");
    const before = ((await css.textContent()) ?? "").trim();
    expect(before).toMatch(/^oklch\(\d/);
    const onDark = demo.getByTestId("contrast-darkBg");
    // biome-ignore lint/performance/useDomNodeTextContent: the rendered text is the point: CSS hides the other language
    const ratioBefore = await onDark.locator(".mix-ratio").innerText();
    // Colour A made nearly black by typing its lightness: the mix darkens, its contrast changes.
    const a = demo.getByRole("group", { name: /^Colour A/ });
    await a.getByRole("spinbutton", { name: "Lightness (L)" }).fill("5");
    // A at 5%, B at 55%: halfway is 30%.
    await expectSays(css, /^oklch\(30% /);
    // biome-ignore lint/performance/useDomNodeTextContent: the rendered text is the point
    await expect.poll(() => onDark.locator(".mix-ratio").innerText()).not.toBe(ratioBefore);
    await expect(page).toHaveURL(/[?&]a=0\.05_/);
    // All of B, by the ratio's slider: the mix is B itself.
    const ratio = demo.getByRole("slider", { name: "Mix" });
    await ratio.focus();
    await ratio.press("End");
    await expect(demo.getByText("100% of B", { exact: true })).toBeVisible();
    const b = demo.getByRole("group", { name: /^Colour B/ });
    // biome-ignore lint/performance/useDomNodeTextContent: the rendered text is the point
    const bCss = (await b.locator("legend code").innerText()).trim();
    await expectSays(css, bCss);
    // A chroma no screen of sRGB shows: out of the gamut, and a hex it maps to.
    await b.getByRole("spinbutton", { name: "Chroma (C)" }).fill("0.4");
    await expectSays(demo.getByTestId("oklch-gamut"), /^No: /);
    await expectSays(demo.getByTestId("oklch-hex"), /^#[0-9a-f]{6}$/);
    // The hue the long way round: halfway, the mix's hue is on the other side of the wheel.
    await ratio.press("Home");
    await demo.getByRole("spinbutton", { name: "Mix" }).fill("50");
    const shorter = ((await css.textContent()) ?? "").trim();
    await demo.getByRole("radio", { name: "The longer way" }).check();
    await expect(page).toHaveURL(/hue=longer/);
    await expect(css).not.toHaveText(shorter);
    // Each of the four pairs says a ratio and all four levels.
    for (const pair of ["darkBg", "darkText", "lightBg", "lightText"]) {
      const item = demo.getByTestId(`contrast-${pair}`);
      await expectSays(item.locator(".mix-ratio"), /^Contrast \d+\.\d\d:1$/);
      await expect(item.locator(".mix-levels > li")).toHaveCount(4);
    }
  },
  "gradient-builder": async (page) => {
    await page.context().grantPermissions(["clipboard-read", "clipboard-write"]);
    await page.goto("/mixlab/gradient-builder");
    const demo = await openDemo(page);
    const preview = demo.getByTestId("gradient-preview");
    const image = () => preview.evaluate((el) => getComputedStyle(el).backgroundImage);
    // Polled: the island may still put its preview in place once it has read the link's
    // settings (a preview read in between was detached: its style read "" in one CI run).
    await expect.poll(image).toMatch(/^linear-gradient/);
    await demo.getByRole("radio", { name: "Conic" }).check();
    await expect.poll(image).toMatch(/^conic-gradient/);
    await expect(page).toHaveURL(/kind=conic/);
    await demo.getByRole("button", { name: "Add a stop" }).click();
    await expect(demo.getByRole("slider", { name: "Stop 3 position" })).toHaveValue("50");
    await demo.getByRole("radio", { name: "oklch" }).check();
    await demo.getByRole("radio", { name: "The longer way round" }).check();
    await expect(page).toHaveURL(/hue=longer/);
    const code = demo.locator(".mix-css pre");
    await expect(code).toContainText("conic-gradient(from 90deg in oklch longer hue, #0d6dfd 0%");
    await demo.getByRole("button", { name: "Copy" }).click();
    await expectSays(demo.getByRole("status"), "Copied");
    const copied = await page.evaluate(() => navigator.clipboard.readText());
    // biome-ignore lint/performance/useDomNodeTextContent: what is shown is what is copied
    expect(copied).toBe(await code.innerText());
    // A shared link opens on the same gradient.
    await page.reload();
    const again = await openDemo(page);
    await expect(again.getByRole("radio", { name: "Conic" })).toBeChecked();
    await expect(again.getByRole("slider", { name: "Stop 3 position" })).toBeVisible();
    await again.getByRole("button", { name: "Remove stop 2" }).click();
    await expect(again.getByRole("slider", { name: "Stop 3 position" })).toHaveCount(0);
  },
  "blend-playground": async (page) => {
    await page.context().grantPermissions(["clipboard-read", "clipboard-write"]);
    await page.goto("/mixlab/blend-playground");
    const demo = await openDemo(page);
    // The gallery's photo, as the gallery serves it.
    const photo = demo.getByTestId("blend-photo");
    await expect
      .poll(() => photo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
      .toBeGreaterThan(0);
    expect(await photo.evaluate((img: HTMLImageElement) => img.currentSrc)).toContain(
      "/photo-files/",
    );
    await expect(demo.getByRole("img", { name: /cups/ })).toBeVisible();
    const layer = demo.getByTestId("blend-layer");
    const blend = () => layer.evaluate((el) => getComputedStyle(el).mixBlendMode);
    expect(await blend()).toBe("multiply");
    await demo.getByRole("combobox", { name: "Blend mode" }).selectOption("screen");
    await expect.poll(blend).toBe("screen");
    await demo.getByRole("spinbutton", { name: "Greyscale" }).fill("100");
    await expect
      .poll(() => photo.evaluate((img) => getComputedStyle(img).filter))
      .toBe("grayscale(1)");
    await demo.getByRole("radio", { name: "A colour" }).check();
    await expect(demo.getByLabel("Gradient end")).toHaveCount(0);
    const code = demo.locator(".mix-css pre");
    await expect(code).toContainText("filter: grayscale(100%);");
    await expect(code).toContainText("mix-blend-mode: screen;");
    await expect(page).toHaveURL(/mode=screen/);
    await expect(page).toHaveURL(/grayscale=100/);
    await demo.getByRole("button", { name: "Copy" }).click();
    await expectSays(demo.getByRole("status"), "Copied");
    // The settings come back from the address, and Reset clears them.
    await page.reload();
    const again = await openDemo(page);
    await expect(again.getByRole("combobox", { name: "Blend mode" })).toHaveValue("screen");
    await again.getByRole("button", { name: "Reset" }).click();
    await expect(again.getByRole("combobox", { name: "Blend mode" })).toHaveValue("multiply");
    await expect(page).not.toHaveURL(/mode=/);
  },
};

for (const e of ours) {
  test(`${e.slug}: a person plays with the demo and sees it answer`, async ({ page }) => {
    const run = play[e.slug];
    expect(run, `no interaction written for ${e.slug}`).toBeDefined();
    await prefer(page, { locale: "en-US" });
    await run?.(page);
    await expect(page.getByRole("heading", { level: 1, name: e.title["en-US"] })).toBeVisible();
  });
}

test("the OKLCH mixer measures against the site's own theme colours", async ({ page }) => {
  const css = readFileSync("src/styles/global.css", "utf8");
  const value = (theme: string, prop: string) =>
    new RegExp(`:root\\[data-theme="${theme}"\\]\\s*\\{[^}]*--${prop}:\\s*([^;]+);`).exec(css)?.[1];
  await prefer(page, { locale: "zh-CN", theme: "light" });
  await page.goto("/mixlab/oklch-mixer");
  const demo = await openDemo(page);
  for (const [pair, theme, prop] of [
    ["darkBg", "dark", "bg"],
    ["darkText", "dark", "text"],
    ["lightBg", "light", "bg"],
    ["lightText", "light", "text"],
  ] as const) {
    const shown = value(theme, prop);
    expect(shown, `${theme} --${prop}`).toBeTruthy();
    await expect(demo.getByTestId(`contrast-${pair}`).locator(".mix-pair-name code")).toHaveText(
      shown ?? "",
    );
  }
  // In Chinese, the verdicts are in Chinese.
  await expectSays(demo.getByTestId("contrast-lightBg").locator(".mix-ratio"), /^对比度 /);
});

labPageTests({ lab: "mixlab", title: labTitle, experiments: ours }, 120_000);

labLookTest("the colour experiments", 180_000, async (page, tag, testInfo) => {
  await page.goto("/mixlab");
  await hydrated(page);
  await shoot(page, testInfo, `mixlab-${tag}`);
  for (const e of ours) {
    await page.goto(`/mixlab/${e.slug}`);
    const stage = await openDemo(page);
    await shoot(page, testInfo, `${e.slug}-${tag}`);
    // The demo alone, large enough to look at closely.
    await picture(stage, testInfo, `${e.slug}-demo-${tag}`);
  }
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the index shows its previews, and each page its explanation, source and picture", async ({
    page,
  }) => {
    await page.goto("/mixlab");
    await expect(page.locator("main svg.lab-preview")).toHaveCount(experiments.length);
    for (const e of ours) {
      await page.goto(`/mixlab/${e.slug}`);
      // Without the head script the page is in the site's default language, English.
      await expect(page.getByRole("heading", { level: 1, name: e.title["en-US"] })).toBeVisible();
      await expect(
        page
          .getByRole("heading", { level: 2, name: "Why it exists" })
          .or(page.getByRole("heading", { level: 2, name: "Why OKLCH" })),
      ).toBeVisible();
      const source = page.getByRole("region", { name: "Source" });
      await expect(source.locator("pre.shiki").first()).toContainText("export function");
    }
    // The demos' first picture is in the page: the gradient, and the gallery's photo.
    await page.goto("/mixlab/gradient-builder");
    const preview = page.getByTestId("gradient-preview");
    expect(await preview.evaluate((el) => getComputedStyle(el).backgroundImage)).toMatch(
      /^linear-gradient/,
    );
    await page.goto("/mixlab/blend-playground");
    const photo = page.getByTestId("blend-photo");
    await expect
      .poll(() => photo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
      .toBeGreaterThan(0);
  });
});
