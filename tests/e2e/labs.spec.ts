import { readdirSync, readFileSync } from "node:fs";
import { expect, type Page, test } from "@playwright/test";
import { expectSays, labLookTest, labPageTests, openDemo } from "./labs-support.ts";
import { hydrated, type Locale, prefer, shoot } from "./support.ts";

// The hooks lab (/hookslab): its index of experiments (content/labs/hookslab/*.mdx), and every
// experiment's page: a person plays with each demo and sees its result change; axe in both
// languages and themes; the pages without JavaScript (explanation, source, previews); no page
// wider than a phone; and screenshots at a phone's and a desktop's width to look at.

type Both = Record<Locale, string>;
const DIR = "content/labs/hookslab";
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

const labTitle: Both = { "zh-CN": "Hooks 实验室", "en-US": "Hooks lab" };

test("the index lists every experiment, newest first, with a preview, and is reachable", async ({
  page,
}) => {
  expect(experiments.length).toBeGreaterThanOrEqual(8);
  await prefer(page, { locale: "en-US" });
  await page.goto("/");
  await page.getByRole("contentinfo").getByRole("link", { name: "Hooks lab" }).click();
  await expect(page).toHaveURL(/\/hookslab\/?$/);
  await expect(page.getByRole("heading", { level: 1, name: "Hooks lab" })).toBeVisible();
  const cards = page.getByRole("main").getByRole("heading", { level: 2 });
  await expect(cards).toHaveCount(experiments.length);
  for (const e of experiments) {
    await expect(page.getByRole("link", { name: e.title["en-US"], exact: true })).toHaveAttribute(
      "href",
      `/hookslab/${e.slug}`,
    );
  }
  await expect(page.locator("main svg.lab-preview")).toHaveCount(experiments.length);
  const days = await page
    .locator("main .experiment-card time")
    .evaluateAll((ts) => ts.map((t) => t.getAttribute("datetime") ?? ""));
  expect(days).toEqual([...days].sort().reverse());
  // The home page's "From the lab" leads to the newest.
  await page.goto("/");
  const lab = page.getByRole("region", { name: "From the lab" });
  await expect(lab.getByRole("link").first()).toBeVisible();
});

test("the feeds, the sitemap and the search index carry the experiments", async ({ request }) => {
  const zh = await (await request.get("/zh-CN/rss.xml")).text();
  const en = await (await request.get("/en-US/rss.xml")).text();
  const map = await (await request.get("/sitemap.xml")).text();
  for (const e of experiments) {
    expect(zh).toMatch(new RegExp(`/hookslab/${e.slug}/?</link>`));
    expect(en).toMatch(new RegExp(`/hookslab/${e.slug}/?</link>`));
    expect(map).toContain(`/hookslab/${e.slug}</loc>`);
  }
  expect(map).toContain("/hookslab</loc>");
  const entry = await request.get("/pagefind-en-US/pagefind-entry.json");
  expect(entry.ok()).toBe(true);
});

/** What a person does with each demo, and the visible result that must change. */
const play: Record<string, (page: Page) => Promise<void>> = {
  "use-debounced-value": async (page) => {
    // The longest delay: on a busy machine a pause of 150 ms between two keys is common, and
    // the demo would rightly send a search for "hoo" first.
    await page.goto("/hookslab/use-debounced-value?delay=1000");
    const demo = await openDemo(page);
    await expect(demo.getByRole("radio", { name: "1000 ms" })).toBeChecked();
    await demo.getByRole("searchbox", { name: "Search text" }).pressSequentially("hooks");
    await expectSays(demo.getByTestId("typed"), "hooks");
    await expectSays(demo.getByTestId("settled"), "hooks");
    await expect(demo.getByText("Without debouncing: 5", { exact: true })).toBeVisible();
    await expect(demo.getByText("Searches sent: 1", { exact: true })).toBeVisible();
    await demo.getByRole("radio", { name: "150 ms" }).check();
    await expect(page).toHaveURL(/delay=150/);
  },
  "use-throttled-callback": async (page) => {
    await page.goto("/hookslab/use-throttled-callback");
    const demo = await openDemo(page);
    const slider = demo.getByRole("slider", { name: "Volume" });
    await slider.focus();
    for (let i = 0; i < 10; i++) await slider.press("ArrowRight");
    await expect(demo.getByText("Changes: 10", { exact: true })).toBeVisible();
    await expect(demo.getByText("Last saved value: 60", { exact: true })).toBeVisible();
    await demo.getByRole("radio", { name: "100 ms" }).check();
    await expect(page).toHaveURL(/interval=100/);
  },
  "use-local-storage-state": async (page) => {
    await page.goto("/hookslab/use-local-storage-state");
    const demo = await openDemo(page);
    await demo.getByRole("button", { name: "Like" }).click();
    await demo.getByRole("button", { name: "Like" }).click();
    await expectSays(demo.getByTestId("likes"), "2");
    // A second tab sees it, and its change comes back here through the storage event.
    const other = await page.context().newPage();
    await other.goto("/hookslab/use-local-storage-state");
    const otherDemo = await openDemo(other);
    await expectSays(otherDemo.getByTestId("likes"), "2");
    await otherDemo.getByRole("button", { name: "Like" }).click();
    await expectSays(demo.getByTestId("likes"), "3");
    await demo.getByRole("textbox", { name: "A note kept in this browser" }).fill("hello");
    await expect(
      otherDemo.getByRole("textbox", { name: "A note kept in this browser" }),
    ).toHaveValue("hello");
    await other.close();
  },
  "use-intersection-observer": async (page) => {
    await page.goto("/hookslab/use-intersection-observer");
    const demo = await openDemo(page);
    const box = demo.getByRole("region", { name: /Scroll the box/ });
    await expect(demo.getByText(/^Revealed: \d+ of 12$/)).toBeVisible();
    await expect(demo.getByText("Revealed: 12 of 12", { exact: true })).toBeHidden();
    // Scrolled a page at a time, as a reader would: each card passes through the view.
    await box.focus();
    // After each page, two frames pass: the observer is told at a rendering update, and two
    // presses within one frame (a busy machine) would carry a card past unseen, as a flick would.
    const frames = () =>
      page.evaluate(
        () => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))),
      );
    for (let i = 0; i < 12; i++) {
      await box.press("PageDown");
      await frames();
    }
    await expect(demo.getByText("Revealed: 12 of 12", { exact: true })).toBeVisible();
  },
  "use-media-query": async (page) => {
    await page.emulateMedia({ reducedMotion: "no-preference" });
    await page.goto("/hookslab/use-media-query");
    const demo = await openDemo(page);
    const reduced = demo.locator("dl > div").filter({ hasText: "reduced motion" });
    await expectSays(reduced.locator("dd"), "No");
    await page.emulateMedia({ reducedMotion: "reduce" });
    await expectSays(reduced.locator("dd"), "Yes");
    const query = demo.getByRole("textbox", { name: "Your own media query" });
    await query.fill("(min-width: 1px)");
    await expectSays(demo.getByTestId("custom-answer"), "Your query: Yes");
    await query.fill("min-width 10px");
    await expectSays(
      demo.getByTestId("custom-answer"),
      "Your query: Not a media query the browser understands",
    );
    await expect(page).toHaveURL(/q=min-width/);
  },
  "use-previous": async (page) => {
    await page.goto("/hookslab/use-previous");
    const demo = await openDemo(page);
    await demo.getByRole("button", { name: "Increase" }).click();
    await demo.getByRole("button", { name: "Increase" }).click();
    await expectSays(demo.getByTestId("now"), "Now: 2");
    await expectSays(demo.getByTestId("before"), "Before: 1");
    await demo.getByRole("button", { name: "Render again without a change" }).click();
    await expect(demo.getByText("Renders: 4", { exact: true })).toBeVisible();
    await expectSays(demo.getByTestId("before"), "Before: 1");
  },
  "use-event-listener": async (page) => {
    await page.goto("/hookslab/use-event-listener");
    const demo = await openDemo(page);
    await expectSays(demo.getByTestId("last-key"), "Last key: none yet");
    // The window's size is measured by an effect of the same flush that adds the keyboard
    // listener: once it shows, a key is heard. Hydration alone comes before (a CI run's "k"
    // went unheard on a busy machine).
    await expect(demo.getByText(/^Window: \d+ × \d+ px$/)).toBeVisible();
    await page.keyboard.press("k");
    await expectSays(demo.getByTestId("last-key"), "Last key: k");
    await demo.getByRole("checkbox", { name: "Listen to the keyboard" }).click();
    await page.keyboard.press("x");
    await expectSays(demo.getByTestId("last-key"), "Last key: k");
  },
  "use-optimistic": async (page) => {
    await page.goto("/hookslab/use-optimistic?latency=1500");
    const demo = await openDemo(page);
    await expect(demo.getByRole("radio", { name: "1500 ms" })).toBeChecked();
    await demo.getByRole("textbox", { name: "Message" }).fill("hello");
    await demo.getByRole("button", { name: "Send" }).click();
    const item = demo.getByRole("list", { name: "Messages" }).getByRole("listitem");
    await expectSays(item, /^hello\s*sending…$/);
    await expectSays(item, /^hello\s*kept$/, 5000);
    await demo.getByRole("checkbox", { name: "Make the server refuse the next message" }).check();
    await demo.getByRole("textbox", { name: "Message" }).fill("nope");
    await demo.getByRole("button", { name: "Send" }).click();
    await expect(item).toHaveCount(2);
    await expectSays(
      demo.getByRole("status"),
      "The server refused “nope”: it was taken off the list.",
      5000,
    );
    await expect(item).toHaveCount(1);
  },
  "use-transition": async (page) => {
    await page.goto("/hookslab/use-transition");
    const demo = await openDemo(page);
    const box = demo.getByRole("searchbox", { name: "Filter 1728 words" });
    await expectSays(demo.getByTestId("showing"), "Showing 1728 of 1728");
    await box.pressSequentially("kalo");
    await expect(box).toHaveValue("kalo");
    await expectSays(demo.getByTestId("showing"), "Showing 24 of 1728");
    await demo.getByRole("checkbox", { name: "Filter in a transition" }).uncheck();
    await expect(page).toHaveURL(/transition=off/);
    // Typing goes on at the end of what is there (focus may have put the caret first).
    await box.press("End");
    await box.pressSequentially("mi");
    await expectSays(demo.getByTestId("showing"), "Showing 1 of 1728");
    await expect(demo.getByRole("list", { name: "Matching words" })).toHaveText("kalomi");
  },
};

for (const e of experiments) {
  test(`${e.slug}: a person plays with the demo and sees it answer`, async ({ page }) => {
    const run = play[e.slug];
    expect(run, `no interaction written for ${e.slug}`).toBeDefined();
    await prefer(page, { locale: "en-US" });
    await run?.(page);
    await expect(page.getByRole("heading", { level: 1, name: e.title["en-US"] })).toBeVisible();
  });
}

test("no experiment of either lab logs an error as its demo hydrates (React #418 and the like)", async ({
  page,
}) => {
  test.setTimeout(180_000);
  const errors: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error") errors.push(`${page.url()}: ${message.text()}`);
  });
  page.on("pageerror", (error) => errors.push(`${page.url()}: ${error.message}`));
  await prefer(page, { locale: "en-US" });
  for (const lab of ["hookslab", "mixlab"]) {
    const slugs = readdirSync(`content/labs/${lab}`)
      .filter((file) => file.endsWith(".mdx"))
      .map((file) => file.replace(/\.mdx$/, ""));
    for (const slug of slugs) {
      await page.goto(`/${lab}/${slug}/`);
      await openDemo(page);
    }
  }
  expect(errors).toEqual([]);
});

labPageTests({ lab: "hookslab", title: labTitle, experiments: experiments }, 180_000);

labLookTest("hookslab", 240_000, async (page, tag, testInfo) => {
  await page.goto("/hookslab");
  await hydrated(page);
  await shoot(page, testInfo, `hookslab-${tag}`);
  for (const slug of ["use-debounced-value", "use-optimistic", "use-intersection-observer"]) {
    await page.goto(`/hookslab/${slug}`);
    await openDemo(page);
    await shoot(page, testInfo, `${slug}-${tag}`);
  }
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the index shows its previews, and each page its explanation and source", async ({
    page,
  }) => {
    await page.goto("/hookslab");
    await expect(page.locator("main svg.lab-preview")).toHaveCount(experiments.length);
    for (const e of experiments) {
      await page.goto(`/hookslab/${e.slug}`);
      // Without the head script the page is in the site's default language, English.
      await expect(page.getByRole("heading", { level: 1, name: e.title["en-US"] })).toBeVisible();
      await expect(page.getByRole("heading", { level: 2, name: "Why it exists" })).toBeVisible();
      const source = page.getByRole("region", { name: "Source" });
      await expect(source.locator("pre.shiki").first()).toContainText("export function use");
    }
  });
});
