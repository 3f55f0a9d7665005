import { mkdtemp, readdir, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import exifr from "exifr";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { processImage } from "./images/process.ts";
import {
  filePicture,
  PHOTO_FILES_PATH,
  PIPELINE_VERSION,
  servedThumbnail,
  variantName,
} from "./photo-files.ts";

let folder: string;
let image: string;

beforeAll(async () => {
  folder = await mkdtemp(join(tmpdir(), "photo-files-"));
  image = join(folder, "photo.jpg");
  // A camera's photo: EXIF with a camera and a place, which no served file may carry.
  const bytes = await sharp({
    create: { width: 640, height: 480, channels: 3, background: { r: 40, g: 90, b: 160 } },
  })
    .jpeg()
    .withExif({
      IFD0: { Make: "Testcam", Model: "Testcam One" },
      IFD3: { GPSLatitudeRef: "N", GPSLatitude: "31/1 14/1 0/1" },
    })
    .toBuffer();
  await writeFile(image, bytes);
});

afterAll(async () => {
  await rm(folder, { recursive: true, force: true });
});

describe("a photo file's picture", () => {
  it("names each variant by the file's hash, width and format", () => {
    expect(variantName("0123456789abcdef".repeat(4), 800, "webp")).toBe("0123456789ab-800.webp");
  });

  it("is made by the upload pipeline once, then read from the cache", async () => {
    const cacheDir = join(folder, "cache");
    const process = vi.fn(processImage);
    const first = await filePicture(image, { cacheDir, process });
    expect(first.cached).toBe(false);
    expect(process).toHaveBeenCalledTimes(1);
    expect(first.picture).toMatchObject({ width: 640, height: 480 });
    expect(first.picture.exif.camera).toBe("Testcam One");
    expect(first.picture.color).toMatch(/^#[0-9a-f]{6}$/);
    // 400 and its own 640, each as AVIF and WebP, narrowest first, served under /photo-files/.
    expect(first.picture.variants.map((v) => `${v.width}.${v.format}`)).toEqual([
      "400.avif",
      "400.webp",
      "640.avif",
      "640.webp",
    ]);
    for (const variant of first.picture.variants) {
      expect(variant.src).toMatch(
        new RegExp(`^${PHOTO_FILES_PATH}[0-9a-f]{12}-\\d+\\.(avif|webp)$`),
      );
    }
    expect(first.files.map((f) => `${PHOTO_FILES_PATH}${f.name}`)).toEqual(
      first.picture.variants.map((v) => v.src),
    );

    const second = await filePicture(image, { cacheDir, process });
    expect(second.cached).toBe(true);
    expect(process).toHaveBeenCalledTimes(1);
    expect(second.picture).toEqual(first.picture);
    expect(second.files).toEqual(first.files);
    // One entry, complete: no half-written folder left behind.
    expect(await readdir(cacheDir)).toHaveLength(1);
  });

  it("serves files with no metadata at all", async () => {
    const { files } = await filePicture(image, { cacheDir: join(folder, "cache") });
    for (const file of files) {
      const bytes = await readFile(file.path);
      const meta = await sharp(bytes).metadata();
      expect([meta.exif, meta.xmp, meta.icc], file.name).toEqual([undefined, undefined, undefined]);
      // exifr reads AVIF and refuses WebP outright: either way it finds nothing.
      expect(await exifr.parse(bytes, true).catch(() => undefined)).toBeUndefined();
    }
  });

  it("names the narrowest WebP the build serves, upright, without encoding it", async () => {
    const bytes = new Uint8Array(await readFile(image));
    const { picture } = await filePicture(image, { cacheDir: join(folder, "cache") });
    const narrowest = picture.variants.find((v) => v.format === "webp");
    expect(await servedThumbnail(bytes)).toEqual({
      src: narrowest?.src,
      width: narrowest?.width,
      height: narrowest?.height,
    });

    // A portrait taken sideways (EXIF orientation 6): the pipeline turns it upright first.
    const sideways = join(folder, "sideways.jpg");
    await writeFile(
      sideways,
      await sharp({
        create: { width: 300, height: 200, channels: 3, background: { r: 9, g: 9, b: 9 } },
      })
        .jpeg()
        .withMetadata({ orientation: 6 })
        .toBuffer(),
    );
    const turned = await filePicture(sideways, { cacheDir: join(folder, "cache-turned") });
    const [only] = turned.picture.variants.filter((v) => v.format === "webp");
    expect(only).toMatchObject({ width: 200, height: 300 });
    expect(await servedThumbnail(new Uint8Array(await readFile(sideways)))).toEqual({
      src: only?.src,
      width: 200,
      height: 300,
    });
  });

  it("makes an entry again when the file changes", async () => {
    const cacheDir = join(folder, "cache-change");
    const process = vi.fn(processImage);
    await filePicture(image, { cacheDir, process });
    const changed = join(folder, "changed.jpg");
    await writeFile(changed, await sharp(image).flip().jpeg().toBuffer());
    const other = await filePicture(changed, { cacheDir, process });
    expect(other.cached).toBe(false);
    expect(process).toHaveBeenCalledTimes(2);
    expect(await readdir(cacheDir)).toHaveLength(2);
  });

  it("makes an entry of an older pipeline again", async () => {
    const cacheDir = join(folder, "cache-old");
    const first = await filePicture(image, { cacheDir });
    const [entry] = await readdir(cacheDir);
    const facts = join(cacheDir, entry ?? "", "facts.json");
    await writeFile(facts, JSON.stringify({ version: PIPELINE_VERSION - 1 }));
    const process = vi.fn(processImage);
    const again = await filePicture(image, { cacheDir, process });
    expect(again.cached).toBe(false);
    expect(process).toHaveBeenCalledTimes(1);
    expect(again.picture).toEqual(first.picture);
    expect(JSON.parse(await readFile(facts, "utf8")).version).toBe(PIPELINE_VERSION);
  });

  it("names the file when the pipeline refuses it", async () => {
    const broken = join(folder, "broken.jpg");
    await writeFile(broken, "not an image");
    await expect(filePicture(broken, { cacheDir: join(folder, "cache") })).rejects.toThrow(
      /broken\.jpg: the image pipeline refused it/,
    );
  });
});
