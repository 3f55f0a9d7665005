import { expect, type Page, test } from "@playwright/test";
import sharp from "sharp";
import { NO_ALBUM } from "../../src/shared/content.ts";
import { axeViolations, lookTests } from "./admin-session.ts";
import { asAdmin, sql } from "./live-admin.ts";
import { needs, shoot } from "./support.ts";

// The photo screens of the back office (`/bms/photo`, `/bms/editPhoto`) on the PostgreSQL
// server, as a fresh admin: a photo made from an image uploaded in the picker, its time taken
// from the image's EXIF, published into an album of content/albums.json.
needs("E2E_DATABASE_URL", "a PostgreSQL database of the run's own, as .ci/run creates");

const stamp = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;

/** A JPEG with the time a camera writes. */
const jpeg = () =>
  sharp({ create: { width: 900, height: 600, channels: 3, background: "#336655" } })
    .jpeg()
    .withExif({ IFD0: { Make: "E2ECam" }, IFD2: { DateTimeOriginal: "2024:05:01 10:20:30" } })
    .toBuffer();

async function openEditor(page: Page) {
  await page.goto("/bms/editPhoto");
  const form = page.getByRole("form", { name: "New photo" });
  await expect(form.getByRole("button", { name: "Choose or upload the image" })).toBeEnabled();
  return form;
}

test("a photo is made from an image uploaded in the picker and published into an album", async ({
  page,
}) => {
  await asAdmin(page);
  const form = await openEditor(page);
  const name = `e2e-photo-${stamp()}.jpg`;
  await form.getByRole("button", { name: "Choose or upload the image" }).click();
  const dialog = page.getByRole("dialog", { name: "Choose an image" });
  await expect(dialog).toBeVisible();
  await dialog
    .getByLabel("Images to upload")
    .setInputFiles({ name, mimeType: "image/jpeg", buffer: await jpeg() });
  await dialog
    .getByRole("button", { name: `Use ${name}, just uploaded` })
    .click({ timeout: 60_000 });
  await expect(dialog).toBeHidden();
  await expect(form.getByText("900 × 600 pixels", { exact: false })).toBeVisible();
  // The time comes from the image; the titles are the owner's.
  await expect(form.getByLabel("Taken at")).toHaveValue(/^2024-05-01T10:20/);
  const title = `Green field ${stamp()}`;
  await form.getByLabel("Chinese title").fill("绿色的原野");
  await form.getByLabel("English title").fill(title);
  await form.getByLabel("Album").selectOption({ label: "Land and Water" });
  await form.getByLabel("Chinese description").fill("一片绿色");
  await form.getByLabel("English description").fill("A field of green");
  await form.getByRole("button", { name: "Publish now" }).click();
  await expect(page.getByRole("form", { name: `Edit “${title}”` })).toBeVisible();
  const rows = await sql<
    { status: string; album: string | null; taken_at: string | null; image: string }[]
  >`
    select status, album, taken_at, image from content_photos where title->>'en-US' = ${title}`;
  expect(rows).toEqual([
    {
      status: "published",
      album: "landscapes",
      taken_at: expect.stringMatching(/^2024-05-01T10:20/),
      image: expect.stringMatching(/^\/api\/media\/m-[0-9a-f-]{36}-\d+\.webp$/),
    },
  ]);
  // The list shows it beside the photos written as files.
  await page.goto("/bms/photo");
  await page.getByRole("searchbox", { name: "Search titles, captions and tags" }).fill(title);
  await expect(page.getByRole("link", { name: title })).toBeVisible();
});

test("photos written as files show their own picture; the list sorts by time taken and finds photos in no album", async ({
  page,
}) => {
  await asAdmin(page);
  await page.goto("/bms/photo");
  // A file's photo: the narrowest file the site's build serves of its image, loaded.
  const card = page.locator(".bms-photo-grid > .bms-card").filter({
    hasText: "From a file, read-only",
  });
  const picture = card.first().locator(".bms-photo-thumb img");
  await expect(picture).toHaveAttribute("src", /^\/photo-files\/[0-9a-f]{12}-\d+\.webp$/);
  await expect
    .poll(() => picture.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
    .toBeGreaterThan(0);

  // Newest taken first: the list's order is the API's, and the API's is by the time taken
  // (the files' from their EXIF), photos without one last.
  const sorted = page.waitForResponse((r) => r.url().includes("sort=taken") && r.ok());
  await page.getByLabel("Sort").selectOption({ label: "Newest taken" });
  const { data } = (await (await sorted).json()) as {
    data: { items: { title: { "en-US": string }; takenAt: string | null }[] };
  };
  const times = data.items.map((item) => item.takenAt);
  expect(times.filter(Boolean).length).toBeGreaterThanOrEqual(10);
  const known = times.filter((time): time is string => time !== null);
  expect(known).toEqual([...known].sort().reverse());
  expect(times.slice(known.length).every((time) => time === null)).toBe(true);
  const first = data.items[0]?.title["en-US"] ?? "";
  await expect(page.locator(".bms-photos .bms-card").first()).toContainText(first);

  // In no album: only photos without one (the seed files all have one).
  const loose = page.waitForResponse((r) => r.url().includes("album=-none") && r.ok());
  // Each choice says how many photos it holds ("In no album (0)").
  const album = page.getByLabel("Album", { exact: true });
  await expect(album.getByRole("option", { name: /^In no album \(\d+\)$/ })).toHaveCount(1);
  await album.selectOption(NO_ALBUM);
  const none = (await (await loose).json()) as { data: { items: { album: string | null }[] } };
  expect(none.data.items.every((item) => item.album === null)).toBe(true);
  await expect(page.getByText("From a file, read-only")).toHaveCount(0);
});

test("the owner names a tag in both languages, and clears the names again", async ({ page }) => {
  const tag = `e2e-tag-${stamp()}`;
  await sql`insert into content_photos (slug, title, caption, alt, place, image, tags)
    values (${tag}, ${sql.json({ "zh-CN": "带标签", "en-US": "Tagged" })},
      ${sql.json({ "zh-CN": "", "en-US": "" })}, ${sql.json({ "zh-CN": "", "en-US": "" })},
      ${sql.json({ "zh-CN": "", "en-US": "" })}, '/api/media/none.webp', ${sql.json([tag])})`;
  await asAdmin(page);
  await page.goto("/bms/photo");
  const section = page.getByRole("region", { name: "Tag names" });
  const item = section.getByRole("listitem").filter({
    has: page.getByRole("heading", { name: `#${tag}` }),
  });
  await expect(item).toContainText(`No names yet: shows as “#${tag}”.`);
  // A tag of content/photo-tags.json is read-only here.
  await expect(
    section
      .getByRole("listitem")
      .filter({ has: page.getByRole("heading", { name: "#autumn", exact: true }) }),
  ).toContainText("content/photo-tags.json");

  await item.getByRole("button", { name: "Name", exact: true }).click();
  const form = item.getByRole("group", { name: `Names of “${tag}”` });
  await form.getByLabel("Chinese name").fill("");
  await form.getByLabel("English name").fill("Tagged things");
  await form.getByRole("button", { name: "Save" }).click();
  await expect(form.getByText("Enter the name in both languages.")).toBeVisible();
  await form.getByLabel("Chinese name").fill("有标签的");
  await form.getByRole("button", { name: "Save" }).click();
  await expect(section.getByText(`Names of “${tag}” saved.`)).toBeVisible();
  await expect(item).toContainText("Shows as “#有标签的” in Chinese, “#Tagged things” in English.");
  // Focus is back on the item's own button.
  await expect(item.getByRole("button", { name: "Name", exact: true })).toBeFocused();
  expect(await sql`select name from photo_tag_names where tag = ${tag}`).toEqual([
    { name: { "zh-CN": "有标签的", "en-US": "Tagged things" } },
  ]);

  await item.getByRole("button", { name: "Clear names" }).click();
  await item.getByRole("button", { name: "Clear", exact: true }).click();
  await expect(section.getByText(`Names of “${tag}” cleared.`)).toBeVisible();
  await expect(item).toContainText(`No names yet: shows as “#${tag}”.`);
  expect(await sql`select name from photo_tag_names where tag = ${tag}`).toEqual([]);
  await sql`delete from content_photos where slug = ${tag}`;
});

lookTests("the photo screens: axe finds nothing", async (page, look, testInfo) => {
  await asAdmin(page);
  await page.goto("/bms/photo");
  await expect(page.locator(".bms-photo-thumb").first()).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);
  await shoot(page, testInfo, `bms-photo-${look.tag}`);
  await page.goto("/bms/editPhoto");
  await expect(page.locator("form .bms-image-field")).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);
  await shoot(page, testInfo, `bms-editPhoto-${look.tag}`);
});
