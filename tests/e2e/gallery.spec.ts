import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { expect, type Page, test } from "@playwright/test";
import exifr from "exifr";
import { parse } from "yaml";
import { axeFindings, holdScript, hydrated, picture, prefer, shoot } from "./support.ts";

// The photo gallery (/image-library), read against the seed photos in content/photos/: the
// lists, an album, a photo's page, the lightbox from the keyboard, the served files, layout
// shift, axe in both languages and themes, and screenshots for a person to judge.

interface Seed {
  slug: string;
  title: { "zh-CN": string; "en-US": string };
  alt: { "zh-CN": string; "en-US": string };
  album: string | null;
  tags: string[];
  publishedAt: Date;
}

const dir = "content/photos";
const seeds: Seed[] = readdirSync(dir)
  .filter((file) => /^[a-z0-9].*\.md$/.test(file))
  .map((file) => {
    const text = readFileSync(join(dir, file), "utf8");
    const data = parse(text.split(/^---$/m)[1] ?? "");
    return {
      slug: file.replace(/\.md$/, ""),
      title: data.title,
      alt: data.alt,
      album: data.album ?? null,
      tags: data.tags ?? [],
      publishedAt: new Date(data.publishedAt),
    };
  })
  // The build's clock: a photo scheduled later is not in it (the site is built before the run).
  .filter((seed) => seed.publishedAt.getTime() <= Date.now());
const albums: Array<{ id: string; name: { "zh-CN": string; "en-US": string } }> = JSON.parse(
  readFileSync("content/albums.json", "utf8"),
);
const firstAlbum = albums[0];

/** The gallery's photo links, in order. */
const photoLinks = (page: Page) =>
  page.getByRole("list", { name: /Photos|照片/ }).getByRole("link");

test("the gallery lists every live seed photo and the albums", async ({ page }) => {
  expect(seeds.length).toBeGreaterThanOrEqual(14);
  await prefer(page, { locale: "en-US" });
  await page.goto("/image-library");
  await expect(page.getByRole("heading", { level: 1, name: "Photo Gallery" })).toBeVisible();
  const links = photoLinks(page);
  await expect(links).toHaveCount(seeds.length);
  // Each link is named by its photo's English alt text alone.
  for (const seed of seeds) {
    await expect(page.getByRole("link", { name: seed.alt["en-US"], exact: true })).toHaveAttribute(
      "href",
      `/image-library/photo/${seed.slug}/`,
    );
  }
  const cards = page.getByRole("region", { name: "Albums" }).getByRole("link");
  await expect(cards).toHaveCount(albums.length);
  for (const album of albums) {
    const count = seeds.filter((s) => s.album === album.id).length;
    await expect(
      page.getByRole("link", { name: `${album.name["en-US"]} ${count} photos` }),
    ).toHaveAttribute("href", `/image-library/album/${album.id}/`);
  }
});

test("an album's page shows its photos only, its filter marked current", async ({ page }) => {
  if (!firstAlbum) throw new Error("content/albums.json lists no album");
  await prefer(page, { locale: "zh-CN" });
  await page.goto("/image-library");
  const filters = page.getByRole("navigation", { name: "筛选照片" });
  await filters.getByRole("link", { name: firstAlbum.name["zh-CN"] }).click();
  await expect(page).toHaveURL(`/image-library/album/${firstAlbum.id}/`);
  await expect(
    page.getByRole("heading", { level: 1, name: `相册集：${firstAlbum.name["zh-CN"]}` }),
  ).toBeVisible();
  const inAlbum = seeds.filter((s) => s.album === firstAlbum.id);
  await expect(photoLinks(page)).toHaveCount(inAlbum.length);
  for (const seed of inAlbum) {
    await expect(page.getByRole("link", { name: seed.alt["zh-CN"], exact: true })).toBeVisible();
  }
  await expect(filters.getByRole("link", { name: firstAlbum.name["zh-CN"] })).toHaveAttribute(
    "aria-current",
    "page",
  );
});

test("a photo's tags and a tag's page speak the reader's language", async ({ page }) => {
  const names: { id: string; name: Record<"zh-CN" | "en-US", string> }[] = JSON.parse(
    readFileSync("content/photo-tags.json", "utf8"),
  );
  const seed = seeds.find((s) => s.tags.length > 0);
  const tag = names.find((n) => n.id === seed?.tags[0]);
  if (!seed || !tag) throw new Error("no seed photo has a tag named in content/photo-tags.json");
  await prefer(page, { locale: "zh-CN" });
  await page.goto(`/image-library/photo/${seed.slug}/`);
  // The Chinese reader sees the Chinese name, never the tag as written.
  const link = page.getByRole("link", { name: `#${tag.name["zh-CN"]}`, exact: true });
  await expect(link).toBeVisible();
  await expect(page.getByRole("link", { name: `#${tag.id}`, exact: true })).toHaveCount(0);
  await link.click();
  await expect(page).toHaveURL(`/image-library/tag/${encodeURIComponent(tag.id)}/`);
  await expect(
    page.getByRole("heading", { level: 1, name: `标签为“${tag.name["zh-CN"]}”的照片` }),
  ).toBeVisible();
  await expect(page).toHaveTitle(new RegExp(`^#${tag.name["zh-CN"]} · `));
  const filters = page.getByRole("navigation", { name: "筛选照片" });
  await expect(filters.getByRole("link", { name: `#${tag.name["zh-CN"]}` })).toHaveAttribute(
    "aria-current",
    "page",
  );
  // The language switch, as a reader would.
  await page.getByRole("button", { name: "English" }).click();
  await expect(
    page.getByRole("heading", { level: 1, name: `Photos tagged “${tag.name["en-US"]}”` }),
  ).toBeVisible();
  await expect(page).toHaveTitle(new RegExp(`^#${tag.name["en-US"]} · `));
});

test("a photo's page shows it with its camera facts", async ({ page }) => {
  // The first seed whose file says which camera took it.
  let withCamera: { seed: Seed; model: string; fNumber: number } | undefined;
  for (const seed of seeds) {
    const tags = await exifr.parse(join(dir, "files", `${seed.slug}.jpg`), ["Model", "FNumber"]);
    if (tags?.Model && tags?.FNumber) {
      withCamera = { seed, model: String(tags.Model), fNumber: Number(tags.FNumber) };
      break;
    }
  }
  test.skip(!withCamera, "no seed photo carries camera EXIF");
  if (!withCamera) return;
  const { seed, model, fNumber } = withCamera;
  await prefer(page, { locale: "en-US" });
  await page.goto(`/image-library/photo/${seed.slug}/`);
  await expect(page.getByRole("heading", { level: 1, name: seed.title["en-US"] })).toBeVisible();
  await expect(page.getByRole("img", { name: seed.alt["en-US"], exact: true })).toBeVisible();
  const facts = page.getByRole("region", { name: "Camera facts" });
  await expect(facts.getByRole("definition").first()).toContainText(model);
  await expect(facts).toContainText(`f/${Math.round(fNumber * 10) / 10}`);
  await expect(facts.getByRole("term").filter({ hasText: "Shutter speed" })).toBeVisible();
  const image = page.locator("figure img");
  await expect(image).toHaveAttribute("fetchpriority", "high");
  await expect(image).not.toHaveAttribute("loading", "lazy");
  const og = page.locator('meta[property="og:image"]');
  await expect(og).toHaveAttribute("content", /-1200\.webp$/);
  await expect(page.getByRole("link", { name: "Back to the gallery" })).toBeVisible();
});

test("the lightbox opens from the keyboard, moves with the arrows and gives focus back", async ({
  page,
}) => {
  await prefer(page, { locale: "en-US" });
  await page.goto("/image-library");
  await hydrated(page);
  const links = photoLinks(page);
  const second = links.nth(1);
  await second.focus();
  await page.keyboard.press("Enter");
  const dialog = page.getByRole("dialog", { name: "Photo Gallery" });
  await expect(dialog).toBeVisible();
  // Focus moves into the lightbox once it has opened; the page stays, the address names it.
  await expect(dialog).toBeFocused();
  const seedAt = async (index: number) => {
    const href = (await links.nth(index).getAttribute("href")) ?? "";
    const seed = seeds.find((s) => href.endsWith(`/${s.slug}/`));
    if (!seed) throw new Error(`no seed photo at ${href}`);
    return seed;
  };
  // The panel under the photo names it in the interface language only; the address, its slug.
  const showsTitleOf = async (index: number) => {
    const { title, slug } = await seedAt(index);
    await expect(dialog.getByText(title["en-US"], { exact: true })).toBeVisible();
    await expect(dialog.getByText(title["zh-CN"], { exact: true })).toBeHidden();
    await expect(page).toHaveURL(new RegExp(`/image-library/?#photo=${slug}$`));
  };
  await showsTitleOf(1);
  await page.keyboard.press("ArrowRight");
  await showsTitleOf(2);
  await page.keyboard.press("ArrowLeft");
  await showsTitleOf(1);
  await page.keyboard.press("ArrowLeft");
  await showsTitleOf(0);
  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();
  await expect(second).toBeFocused();
  await expect(page).toHaveURL(/\/image-library\/?$/);
});

test("the open photo is in the address: Back closes it, a link opens it", async ({ page }) => {
  await prefer(page, { locale: "en-US" });
  await page.goto("/image-library");
  await hydrated(page);
  const links = photoLinks(page);
  const dialog = page.getByRole("dialog", { name: "Photo Gallery" });
  const hash = () => new URL(page.url()).hash;

  // Opened and moved on: one history entry, which Back takes, leaving the gallery.
  await links.nth(1).click();
  await expect(dialog).toBeVisible();
  await expect.poll(hash).toMatch(/^#photo=/);
  const opened = hash();
  // Moved on once it has opened (PhotoSwipe ignores its arrows while it opens): Next is pressed
  // again only while the opened photo is still shown, never past the one after it.
  await expect(async () => {
    if (hash() === opened) await dialog.getByRole("button", { name: "Next photo" }).click();
    await expect.poll(hash, { timeout: 1000 }).not.toBe(opened);
  }).toPass();
  const slug = hash().slice("#photo=".length);
  const seed = seeds.find((s) => s.slug === slug);
  if (!seed) throw new Error(`no seed photo ${slug}`);
  await page.goBack();
  await expect(dialog).toBeHidden();
  await expect(page).toHaveURL(/\/image-library\/?$/);
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();

  // A link with the hash opens the lightbox at that photo; closing leaves the gallery's address.
  await page.goto(`/image-library#photo=${seed.slug}`);
  await expect(dialog).toBeVisible();
  await expect(dialog.getByText(seed.title["en-US"], { exact: true })).toBeVisible();
  // PhotoSwipe ignores Escape while it is still opening: pressed again until it goes.
  await expect(async () => {
    await page.keyboard.press("Escape");
    await expect(dialog).toBeHidden({ timeout: 1000 });
  }).toPass();
  await expect(page).toHaveURL(/\/image-library\/?$/);
});

test("PhotoSwipe comes when a photo is reached for, and a click made while it loads opens it", async ({
  page,
}) => {
  await prefer(page, { locale: "en-US" });
  const fetched: string[] = [];
  page.on("request", (request) => fetched.push(request.url()));
  const release = await holdScript(page, "lightbox");
  await page.goto("/image-library");
  await hydrated(page);
  // Nothing of PhotoSwipe with the page: about 5 KB of gzip a reader who only looks never needs.
  expect(fetched.filter((url) => /\/_astro\/(lightbox|photoswipe)\./.test(url))).toEqual([]);
  await photoLinks(page).nth(1).click();
  // The click waits for the lightbox instead of leaving for the photo's page.
  await expect(page).toHaveURL(/\/image-library\/?$/);
  release();
  const dialog = page.getByRole("dialog", { name: "Photo Gallery" });
  await expect(dialog).toBeVisible();
  await expect(page).toHaveURL(/\/image-library\/?#photo=[a-z0-9-]+$/);
  await expect(dialog).toBeFocused();
  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();
});

test("the gallery and its lightbox break no rule of the Content-Security-Policy", async ({
  page,
}) => {
  const violations: string[] = [];
  page.on("console", (message) => {
    if (/Content[- ]Security[- ]Policy/i.test(message.text())) violations.push(message.text());
  });
  const response = await page.goto("/image-library");
  expect(response?.headers()["content-security-policy"]).toContain("script-src 'self'");
  await hydrated(page);
  await photoLinks(page).first().click();
  const dialog = page.getByRole("dialog", { name: "Photo Gallery" });
  // Opened by the pointer: its own buttons, named in the interface language.
  await expect(dialog.getByRole("link", { name: "Open the photo's page" })).toBeVisible();
  await dialog.getByRole("button", { name: "Next photo" }).click();
  // PhotoSwipe ignores Close while its opening animation runs (a busy machine makes that long):
  // pressed again until the dialog goes, as a reader would.
  await expect(async () => {
    await dialog.getByRole("button", { name: "Close (Esc)" }).click({ timeout: 2_000 });
    await expect(dialog).toBeHidden({ timeout: 2_000 });
  }).toPass({ timeout: 20_000 });
  await page.goto(`/image-library/photo/${seeds[0]?.slug}/`);
  await page.goto("/");
  await page.waitForLoadState("networkidle");
  expect(violations).toEqual([]);
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });
  test("a photo's link opens its page, every photo shows", async ({ page }) => {
    await page.goto("/image-library");
    await expect(photoLinks(page)).toHaveCount(seeds.length);
    await expect(page.locator("ul.justified img").first()).toBeVisible();
    await photoLinks(page).first().click();
    await expect(page).toHaveURL(/\/image-library\/photo\/[a-z0-9-]+\/$/);
    await expect(page.getByRole("region", { name: "Camera facts" })).toBeVisible();
  });
});

test("a served photo file carries no EXIF and no GPS", async ({ page }) => {
  await page.goto("/image-library");
  const srcsetsOf = (sources: Element[]) =>
    sources.flatMap((e) =>
      (e.getAttribute("srcset") ?? "").split(", ").map((part) => part.split(" ")[0] ?? ""),
    );
  // Every width and format of the first photo, and the narrowest of every other.
  const first = await page
    .locator("ul.justified picture")
    .first()
    .locator("source")
    .evaluateAll(srcsetsOf);
  const all = await page.locator("ul.justified source").evaluateAll(srcsetsOf);
  const sample = [...first, ...all.filter((src) => src.includes("-400."))];
  expect(sample.length).toBeGreaterThan(seeds.length);
  expect(sample.every((src) => src.startsWith("/photo-files/"))).toBe(true);
  for (const src of new Set(sample)) {
    const response = await page.request.get(src);
    expect(response.ok(), src).toBe(true);
    expect(response.headers()["content-type"]).toMatch(/^image\/(avif|webp)/);
    const bytes = await response.body();
    const tags = await exifr.parse(bytes, true).catch(() => undefined);
    expect(tags, src).toBeUndefined();
    const gps = await exifr.gps(bytes).catch(() => undefined);
    expect(gps, src).toBeUndefined();
    // Nor any EXIF or XMP block exifr might not look for in this format.
    const text = bytes.toString("latin1");
    expect(text.includes("Exif\u0000\u0000") || text.includes("EXIF"), src).toBe(false);
    expect(text.includes("ns.adobe.com/xap"), src).toBe(false);
  }
});

test("nothing shifts while the gallery loads", async ({ page }) => {
  await page.goto("/image-library");
  await page.waitForLoadState("load");
  // Scroll through so the lazy photos load too, then count every shift seen since the start.
  // The pointer stays low on the screen, off the header's search box.
  await page.mouse.move(640, 700);
  const height = await page.evaluate(() => document.documentElement.scrollHeight);
  for (let y = 0; y < height; y += 600) {
    await page.evaluate(() => window.scrollBy(0, 600));
    await page.waitForTimeout(50);
  }
  await page.waitForFunction(() =>
    [...document.querySelectorAll<HTMLImageElement>("ul.justified img")].every((i) => i.complete),
  );
  const shifts = await page.evaluate(
    () =>
      new Promise<string[]>((resolve) => {
        const seen: string[] = [];
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries()) {
            // LayoutShift is not in TypeScript's DOM library yet: its fields, as the spec names them.
            const shift = entry as PerformanceEntry & {
              value: number;
              hadRecentInput: boolean;
              sources?: Array<{ node?: Node | null }>;
            };
            if (shift.hadRecentInput) continue;
            const sources = shift.sources ?? [];
            // The site header's own shift (its search box growing, on every page) is not the
            // gallery's: counted are the shifts of anything in <main>, or of a node gone since.
            const main = document.querySelector("main");
            const outside = (node: Node | null | undefined) =>
              node instanceof Node && node.isConnected && !main?.contains(node);
            if (sources.length > 0 && sources.every((s) => outside(s.node))) continue;
            // A node gone since, moved by under a thousandth of the screen: an island's server
            // render replaced as it wakes (seen once in a full CI run, 0.00012), not a photo,
            // which stays. A photo's shift keeps its node and is counted at any size.
            const gone = sources.every((s) => !(s.node instanceof Node) || !s.node.isConnected);
            if (gone && shift.value < 0.001) continue;
            const nodes = sources.map((s) =>
              s.node instanceof Element ? `${s.node.localName}.${s.node.className}` : "?",
            );
            seen.push(`${shift.value.toFixed(5)} ${nodes.join(", ")}`);
          }
        }).observe({ type: "layout-shift", buffered: true });
        setTimeout(() => resolve(seen), 500);
      }),
  );
  expect(shifts).toEqual([]);
});

const combos = [
  { locale: "zh-CN", theme: "dark" },
  { locale: "en-US", theme: "light" },
] as const;
const axePages = () => [
  "/",
  "/image-library",
  `/image-library/album/${firstAlbum?.id}/`,
  `/image-library/photo/${seeds[0]?.slug}/`,
];

for (const combo of combos) {
  test(`axe finds nothing on the gallery, an album and a photo in ${combo.locale}, ${combo.theme}`, async ({
    page,
  }) => {
    test.setTimeout(90_000);
    await prefer(page, combo);
    for (const path of axePages()) {
      await page.goto(path);
      await hydrated(page);
      expect(await axeFindings(page), path).toEqual([]);
    }
  });
}

for (const width of [390, 1280]) {
  test(`screenshots at ${width} px for a person to judge @look`, async ({ page }, testInfo) => {
    test.setTimeout(90_000);
    await page.setViewportSize({ width, height: 900 });
    const look = width === 390 ? combos[0] : combos[1];
    await prefer(page, look);
    const shots: Array<[string, string]> = [
      ["gallery", "/image-library"],
      ["album", `/image-library/album/${firstAlbum?.id}/`],
      ["photo", `/image-library/photo/${seeds[0]?.slug}/`],
      ["home", "/"],
    ];
    for (const [name, path] of shots) {
      await page.goto(path);
      await hydrated(page);
      // Every photo loaded, lazy ones too, so the picture is whole.
      await page.evaluate(() =>
        Promise.all(
          [...document.images].map(async (img) => {
            img.loading = "eager";
            await img.decode().catch(() => undefined);
          }),
        ),
      );
      await shoot(page, testInfo, `${name}-${width}-${look.locale}-${look.theme}`);
    }
    await page.goto("/image-library");
    await hydrated(page);
    await photoLinks(page).first().focus();
    await page.keyboard.press("Enter");
    const dialog = page.getByRole("dialog");
    await expect(dialog).toBeVisible();
    // Once its opening animation has ended.
    await dialog.evaluate((el) =>
      Promise.all(el.getAnimations({ subtree: true }).map((a) => a.finished)),
    );
    await picture(page, testInfo, `lightbox-${width}`, { fullPage: false });
  });
}
