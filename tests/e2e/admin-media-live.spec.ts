import { expect, type Page, test } from "@playwright/test";
import exifr from "exifr";
import sharp from "sharp";
import { axeViolations, lookTests } from "./admin-session.ts";
import { asAdmin, bearer, sql } from "./live-admin.ts";
import { needs, shoot } from "./support.ts";

// The media library of the back office (`/bms/media`) and its picker, on the PostgreSQL server,
// logged in as a fresh admin: uploads by the file chooser and by drag and drop with a progress
// bar each, refusals in words, the served files without metadata, the picker in the editor.
needs("E2E_DATABASE_URL", "a PostgreSQL database of the run's own, as .ci/run creates");

const stamp = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;

/** A JPEG as a phone writes one: a camera's name and where it was, in its EXIF. */
function photo(colour: string) {
  return sharp({ create: { width: 640, height: 480, channels: 3, background: colour } })
    .jpeg()
    .withExif({
      IFD0: { Make: "E2ECam", Model: "Model 7" },
      IFD3: {
        GPSLatitudeRef: "N",
        GPSLatitude: "48/1 51/1 2400/100",
        GPSLongitudeRef: "E",
        GPSLongitude: "2/1 21/1 300/100",
      },
    })
    .toBuffer();
}

async function open(page: Page) {
  await page.goto("/bms/media");
  await expect(page.getByRole("heading", { name: "Upload" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Choose files" })).toBeEnabled();
}

const uploads = (page: Page) => page.getByRole("list", { name: "Uploads" });

test("files chosen upload each with its progress; a file that is no image is refused in words", async ({
  page,
}) => {
  await asAdmin(page);
  await open(page);
  const name = `e2e-${stamp()}`;
  // The chooser's input is labelled for assistive technology; the button opens it.
  const chooser = page.waitForEvent("filechooser");
  await page.getByRole("button", { name: "Choose files" }).click();
  await (await chooser).setFiles([
    { name: `${name}-a.jpg`, mimeType: "image/jpeg", buffer: await photo("#3366aa") },
    { name: `${name}-b.jpg`, mimeType: "image/jpeg", buffer: await photo("#aa6633") },
    { name: `${name}-notes.jpg`, mimeType: "image/jpeg", buffer: Buffer.from("not an image") },
  ]);
  const list = uploads(page);
  for (const file of ["a", "b", "notes"]) {
    await expect(
      list.getByRole("progressbar", { name: `Uploading ${name}-${file}.jpg` }),
    ).toHaveCount(1);
  }
  const row = (file: string) =>
    list.getByRole("listitem").filter({ hasText: `${name}-${file}.jpg` });
  await expect(row("a")).toContainText("Uploaded.", { timeout: 60_000 });
  await expect(row("b")).toContainText("Uploaded.", { timeout: 60_000 });
  await expect(row("notes")).toContainText(
    "Not uploaded: The file is not a JPEG, PNG, WebP, AVIF or GIF image.",
  );
  // Nothing half-kept: two rows, none for the refused file.
  const rows = await sql<{ name: string }[]>`
    select name from media where name like ${`${name}%`} order by name`;
  expect(rows.map((r) => r.name)).toEqual([`${name}-a.jpg`, `${name}-b.jpg`]);
  await expect(page.getByRole("checkbox", { name: `Select ${name}-a.jpg` })).toBeVisible();
});

test("a file dropped on the screen uploads; its served files carry no GPS and no EXIF at all", async ({
  page,
}) => {
  const info = await asAdmin(page);
  await open(page);
  const name = `e2e-drop-${stamp()}.jpg`;
  const bytes = [...(await photo("#228844"))];
  // A drop as a browser makes it: a DataTransfer holding the file, dispatched on the screen.
  await page.evaluate(
    ([fileName, data]) => {
      const transfer = new DataTransfer();
      transfer.items.add(new File([new Uint8Array(data)], fileName, { type: "image/jpeg" }));
      const target = document.querySelector(".bms-media-upload") ?? document.body;
      for (const type of ["dragenter", "dragover", "drop"]) {
        target.dispatchEvent(
          new DragEvent(type, { bubbles: true, cancelable: true, dataTransfer: transfer }),
        );
      }
    },
    [name, bytes] as const,
  );
  const row = uploads(page).getByRole("listitem").filter({ hasText: name });
  await expect(row).toContainText("Uploaded.", { timeout: 60_000 });
  const [stored] = await sql<{ id: string; exif: { camera: string | null } }[]>`
    select id, exif from media where name = ${name}`;
  expect(stored?.exif.camera).toBe("E2ECam Model 7");
  // Every served file of it: readable, and nothing of the camera or the place left in it.
  const answer = await page.request.get(`/api/admin/media/${stored?.id}`, {
    headers: bearer(info),
  });
  const { data } = (await answer.json()) as { data: { variants: { src: string }[] } };
  expect(data.variants.length).toBeGreaterThan(0);
  for (const variant of data.variants) {
    const served = await page.request.get(variant.src);
    expect(served.status()).toBe(200);
    expect(served.headers()["cache-control"]).toContain("immutable");
    const body = await served.body();
    expect(await exifr.gps(body).catch(() => undefined), variant.src).toBeUndefined();
    expect(await exifr.parse(body).catch(() => undefined), variant.src).toBeUndefined();
  }
});

test("the editor's cover is chosen from the library in a dialog that gives focus back", async ({
  page,
}) => {
  await asAdmin(page);
  await open(page);
  const name = `e2e-cover-${stamp()}.jpg`;
  const chooser = page.waitForEvent("filechooser");
  await page.getByRole("button", { name: "Choose files" }).click();
  await (await chooser).setFiles([
    { name, mimeType: "image/jpeg", buffer: await photo("#884422") },
  ]);
  await expect(uploads(page).getByRole("listitem").filter({ hasText: name })).toContainText(
    "Uploaded.",
    { timeout: 60_000 },
  );
  await page.goto("/bms/editarticle");
  const form = page.getByRole("form", { name: "New article" });
  const opener = form.getByRole("button", { name: "Choose the cover from the library" });
  await opener.click();
  const dialog = page.getByRole("dialog", { name: "Choose an image" });
  await expect(dialog).toBeVisible();
  await dialog.getByRole("searchbox").fill(name);
  await dialog.getByRole("button", { name: `Choose ${name}` }).click();
  await expect(dialog).toBeHidden();
  await expect(opener).toBeFocused();
  await expect(form.getByLabel("Cover address")).toHaveValue(
    /^\/api\/media\/m-[0-9a-f-]{36}-\d+\.webp$/,
  );
  // Escape closes it too, and focus comes back the same way.
  await opener.click();
  await expect(dialog).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();
  await expect(opener).toBeFocused();
});

lookTests(
  "the media library: axe finds nothing",
  async (page, look, testInfo) => {
    await asAdmin(page);
    await page.goto("/bms/media");
    await expect(page.locator(".bms-media-upload h2")).toBeVisible();
    await expect(page.getByRole("progressbar")).toHaveCount(0);
    expect(await axeViolations(page)).toEqual([]);
    await shoot(page, testInfo, `bms-media-${look.tag}`);
  },
  { timeout: 90_000 },
);
