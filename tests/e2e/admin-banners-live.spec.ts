import { type APIRequestContext, expect, type Page, test } from "@playwright/test";
import sharp from "sharp";
import type { UserInfo } from "../../src/shared/user-info.ts";
import { axeViolations, lookTests } from "./admin-session.ts";
import { asAdmin, bearer, sql } from "./live-admin.ts";
import { needs, shoot, sideways } from "./support.ts";

// The banner screen of the back office (`/bms/bannerSet`) on the PostgreSQL server, as a fresh
// admin: a banner made from an image uploaded in the picker, edited, switched off and deleted;
// the database's banners ordered by Move up and Move down and by dragging with the keyboard,
// after the three of content/banners.json, which stay first and read-only.
needs("E2E_DATABASE_URL", "a PostgreSQL database of the run's own, as .ci/run creates");

const stamp = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;

const jpeg = (background = "#553366") =>
  sharp({ create: { width: 1200, height: 600, channels: 3, background } })
    .jpeg()
    .toBuffer();

/** An image put in the library through the API, as the picker's upload does. */
async function libraryImage(request: APIRequestContext, admin: UserInfo): Promise<string> {
  const res = await request.post("/api/admin/media", {
    headers: bearer(admin),
    multipart: {
      file: { name: `e2e-banner-${stamp()}.jpg`, mimeType: "image/jpeg", buffer: await jpeg() },
    },
  });
  expect(res.ok(), await res.text()).toBe(true);
  return (await res.json()).data.src;
}

/** A banner made through the API; its id. */
async function addBanner(
  request: APIRequestContext,
  admin: UserInfo,
  image: string,
  title: string,
): Promise<string> {
  const res = await request.post("/api/admin/banners", {
    headers: bearer(admin),
    data: { image, title: { "zh-CN": title, "en-US": title } },
  });
  expect(res.ok(), await res.text()).toBe(true);
  return (await res.json()).data.id;
}

/** The titles of the banners in the list, in its order. */
const listed = (page: Page) => page.locator(".bms-banner-list > li h3").allTextContents();

async function openScreen(page: Page) {
  await page.goto("/bms/bannerSet");
  await expect(page.getByRole("heading", { name: "All banners" })).toBeVisible();
  await expect(page.getByText("Written in content/banners.json").first()).toBeVisible();
}

test("a banner is added with an image uploaded in the picker, edited, switched off and deleted", async ({
  page,
}) => {
  test.setTimeout(120_000);
  await asAdmin(page);
  await openScreen(page);
  // The seed's three come first, read-only: no tools of their own.
  const files = page
    .locator(".bms-banner-list > li")
    .filter({ hasText: "Written in content/banners.json" });
  await expect(files).toHaveCount(3);
  await expect(files.first().getByRole("button")).toHaveCount(0);

  const form = page.getByRole("form", { name: "Add a banner" });
  // Nothing sent without an image and the titles.
  await form.getByRole("button", { name: "Add banner" }).click();
  await expect(form.getByText("Choose the banner's image.")).toBeVisible();
  await expect(form.getByText("Enter the title in both languages.").first()).toBeVisible();

  const name = `e2e-banner-${stamp()}.jpg`;
  await form.getByRole("button", { name: "Choose or upload the image" }).click();
  const dialog = page.getByRole("dialog", { name: "Choose an image" });
  await dialog
    .getByLabel("Images to upload")
    .setInputFiles({ name, mimeType: "image/jpeg", buffer: await jpeg() });
  await dialog
    .getByRole("button", { name: `Use ${name}, just uploaded` })
    .click({ timeout: 60_000 });
  await expect(dialog).toBeHidden();
  await expect(form.getByText("1200 × 600 pixels", { exact: false })).toBeVisible();
  const title = `Winter reading ${stamp()}`;
  await form.getByLabel("Chinese title").fill("冬日书单");
  await form.getByLabel("English title").fill(title);
  await form.getByLabel("Link").fill("javascript:alert(1)");
  await form.getByRole("button", { name: "Add banner" }).click();
  await expect(
    form.getByText("Enter a path on this site starting with / or an https:// address."),
  ).toBeVisible();
  await form.getByLabel("Link").fill("/book-doc/");
  await form.getByRole("button", { name: "Add banner" }).click();
  await expect(page.getByText(`Added “${title}”.`, { exact: false })).toBeVisible();

  const item = page
    .locator(".bms-banner-list > li")
    .filter({ has: page.getByRole("heading", { name: title }) });
  await expect(item.getByText("Showing")).toBeVisible();
  await expect(item.getByText("Leads to /book-doc/")).toBeVisible();
  const [row] = await sql<{ id: string; link: string; enabled: boolean }[]>`
    select id, link, enabled from content_banners where title->>'en-US' = ${title}`;
  expect(row).toMatchObject({ link: "/book-doc/", enabled: true });

  // Edited in place: a window whose end comes before its start is refused, then fixed.
  await item.getByRole("button", { name: "Edit" }).click();
  const edit = item.getByRole("group", { name: `Editing “${title}”` });
  await edit.getByLabel("English subtitle").fill("Five books for the cold months");
  await edit.getByLabel("Show from").fill("2030-01-02T09:00");
  await edit.getByLabel("Show until").fill("2030-01-01T09:00");
  await edit.getByRole("button", { name: "Save changes" }).click();
  await expect(edit.getByText("The end must come after the start.")).toBeVisible();
  await edit.getByLabel("Show until").fill("2030-02-01T09:00");
  await edit.getByRole("button", { name: "Save changes" }).click();
  await expect(page.getByText(`Saved “${title}”.`)).toBeVisible();
  await expect(item.getByText(/^Starts /)).toBeVisible();
  await expect(item.getByText("Five books for the cold months")).toBeVisible();
  // Focus is back on Edit.
  await expect(item.getByRole("button", { name: "Edit" })).toBeFocused();

  await item.getByRole("button", { name: "Switch off" }).click();
  await expect(item.getByText("Switched off", { exact: true })).toBeVisible();
  expect((await sql`select enabled from content_banners where id = ${row?.id ?? ""}`)[0]).toEqual({
    enabled: false,
  });

  await item.getByRole("button", { name: "Delete" }).click();
  await item.getByRole("button", { name: "Yes, delete" }).click();
  await expect(page.getByText(`Deleted the banner “${title}”.`)).toBeVisible();
  await expect(item).toHaveCount(0);
  await expect(page.getByRole("heading", { name: "All banners" })).toBeFocused();
  expect(await sql`select id from content_banners where id = ${row?.id ?? ""}`).toEqual([]);
});

test("the database's banners are ordered by Move up and Move down and by dragging their handle", async ({
  page,
}) => {
  test.setTimeout(120_000);
  const admin = await asAdmin(page);
  const image = await libraryImage(page.request, admin);
  const tag = stamp();
  const [a, b, c] = [`Order A ${tag}`, `Order B ${tag}`, `Order C ${tag}`];
  // Enough banners before them that the list runs past the window, as an owner's may.
  for (let n = 1; n <= 6; n++) await addBanner(page.request, admin, image, `Filler ${n} ${tag}-`);
  for (const title of [a, b, c]) await addBanner(page.request, admin, image, title);
  await openScreen(page);
  const mine = async () => (await listed(page)).filter((title) => title.endsWith(tag));
  await expect.poll(mine).toEqual([a, b, c]);

  // C up once: A, C, B; focus stays on Move up.
  const itemOf = (title: string) =>
    page
      .locator(".bms-banner-list > li")
      .filter({ has: page.getByRole("heading", { name: title }) });
  await itemOf(c).getByRole("button", { name: "Move up" }).click();
  await expect(page.getByText(`Moved “${c}” to place`)).toBeVisible();
  await expect.poll(mine).toEqual([a, c, b]);
  await expect(itemOf(c).getByRole("button", { name: "Move up" })).toBeFocused();

  // A dragged down by its handle with the mouse, past C: C, A, B. The keyboard's way is the
  // buttons above (dnd-kit's keyboard dragging misplaced a banner once the page scrolled).
  const handle = itemOf(a).locator(".bms-order-handle");
  await handle.scrollIntoViewIfNeeded();
  const from = await handle.boundingBox();
  const start = await itemOf(a).boundingBox();
  const to = await itemOf(c).boundingBox();
  if (!from || !start || !to) throw new Error("the banners are not on screen");
  // By as far as C's top is below A's: A's middle lands on C's.
  const x = from.x + from.width / 2;
  const y = from.y + from.height / 2;
  await page.mouse.move(x, y);
  await page.mouse.down();
  await page.mouse.move(x, y + (to.y - start.y), { steps: 12 });
  await expect(page.locator("[id^='DndLiveRegion']")).toContainText(`“${a}” is over place`);
  await page.mouse.up();
  await expect(page.getByText(`Moved “${a}” to place`)).toBeVisible();
  await expect.poll(mine).toEqual([c, a, b]);

  // What the server holds is what the list shows, after a reload too.
  const server = await sql<{ title: string }[]>`
    select title->>'en-US' as title from content_banners
    where title->>'en-US' like ${`% ${tag}`} order by "order"`;
  expect(server.map((row) => row.title)).toEqual([c, a, b]);
  await page.reload();
  await expect.poll(mine).toEqual([c, a, b]);

  // Another tab adds a banner meanwhile: this tab's order is refused whole and the list reloads.
  const d = `Order D ${tag}`;
  await addBanner(page.request, admin, image, d);
  await itemOf(b).getByRole("button", { name: "Move up" }).click();
  await expect(
    page.getByText(
      "The banners changed in another tab meanwhile: the list is reloaded, order them again.",
    ),
  ).toBeVisible();
  await expect.poll(mine).toEqual([c, a, b, d]);
});

test("the media library's “used by” leads to the banner, its form open", async ({ page }) => {
  const admin = await asAdmin(page);
  const image = await libraryImage(page.request, admin);
  const title = `Used by ${stamp()}`;
  const id = await addBanner(page.request, admin, image, title);
  await page.goto(`/bms/bannerSet?id=${id}`);
  await expect(page.getByRole("group", { name: `Editing “${title}”` })).toBeVisible();
  await expect(page.getByRole("group", { name: `Editing “${title}”` })).toBeInViewport();
});

lookTests("the banner screen: axe finds nothing", async (page, look, testInfo) => {
  const admin = await asAdmin(page);
  const image = await libraryImage(page.request, admin);
  await addBanner(page.request, admin, image, `Look ${stamp()}`);
  await page.goto("/bms/bannerSet");
  await expect(page.locator(".bms-banner-list .bms-banner-thumb img").first()).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);
  expect(await sideways(page)).toBeLessThanOrEqual(0);
  await shoot(page, testInfo, `bms-bannerSet-${look.tag}`);
});
