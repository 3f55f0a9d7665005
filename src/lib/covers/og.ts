import { execFile } from "node:child_process";
import { createHash } from "node:crypto";
import { mkdir, readFile, rename, writeFile } from "node:fs/promises";
import { availableParallelism } from "node:os";
import { join } from "node:path";
import sharp from "sharp";
import { COVER_HEIGHT, COVER_WIDTH } from "./art.ts";

// The Open Graph image of a page: its cover's SVG (src/lib/covers/art.ts) drawn by sharp into
// a 1200×630 PNG at build time, the title set by the system's fonts (fonts-noto-cjk on Debian:
// README "Fonts for images"). Each image is named by the hash of what it is drawn from, so its
// address changes with it and `_headers` serves it immutable; a drawn image is kept under
// node_modules/.astro/og/ so a second build draws nothing.

/** Where the images are served. */
export const OG_PATH = "/og/";

/** Bumped when the drawing changes while the SVG does not (sharp's settings). */
const OG_VERSION = 2;

export const DEFAULT_OG_CACHE_DIR = join("node_modules", ".astro", "og");

export interface OgImage {
  /** The served name, `<hash16>.png`. */
  name: string;
  src: string;
  width: number;
  height: number;
  svg: string;
}

/** The image of an SVG: its name and address (nothing is drawn yet). */
export function ogImageOf(svg: string): OgImage {
  const hash = createHash("sha256").update(`${OG_VERSION}\u0000${svg}`).digest("hex").slice(0, 16);
  const name = `${hash}.png`;
  return { name, src: `${OG_PATH}${name}`, width: COVER_WIDTH, height: COVER_HEIGHT, svg };
}

/**
 * Draws the SVG as a PNG. Plain zlib at level 6: about 12 ms and 60 KB an image on one core,
 * where a palette would make it 14 KB for 57 ms, five times the build's cost at 2000 articles.
 */
export function drawPng(svg: string): Promise<Buffer> {
  return sharp(Buffer.from(svg)).png({ compressionLevel: 6 }).toBuffer();
}

/**
 * The PNG of an image: from the cache, or drawn and kept there (written beside and renamed into
 * place, so a build beside never reads half a file).
 */
export async function ogPng(
  image: OgImage,
  cacheDir = DEFAULT_OG_CACHE_DIR,
  draw: (svg: string) => Promise<Buffer> = drawPng,
): Promise<Uint8Array> {
  const path = join(cacheDir, image.name);
  try {
    return new Uint8Array(await readFile(path));
  } catch {
    // Not drawn yet.
  }
  const png = await draw(image.svg);
  await mkdir(cacheDir, { recursive: true });
  const temporary = `${path}.${process.pid}-${Date.now().toString(36)}`;
  await writeFile(temporary, png);
  await rename(temporary, path);
  return new Uint8Array(png);
}

/**
 * Draws every image not cached yet, as many at a time as the machine has cores (Astro renders
 * endpoints one at a time; drawing is most of an image's cost), so the pages then only read.
 */
export async function drawAll(
  images: readonly OgImage[],
  cacheDir = DEFAULT_OG_CACHE_DIR,
  draw: (svg: string) => Promise<Buffer> = drawPng,
): Promise<void> {
  if (images.length > 0) await warnWithoutChineseFont();
  let next = 0;
  const worker = async () => {
    while (next < images.length) {
      const image = images[next++];
      if (image) await ogPng(image, cacheDir, draw);
    }
  };
  await Promise.all(Array.from({ length: availableParallelism() }, worker));
}

let fontsChecked = false;

/** Says on the console, once per build, when fontconfig knows no font for Chinese. */
async function warnWithoutChineseFont(): Promise<void> {
  if (fontsChecked) return;
  fontsChecked = true;
  const families = await new Promise<string>((resolve) => {
    execFile("fc-list", [":lang=zh", "family"], (error, stdout) => resolve(error ? "" : stdout));
  });
  if (!families.trim()) {
    console.warn(
      "Open Graph images: no font for Chinese found (fc-list :lang=zh); Chinese titles will show as boxes. Install fonts-noto-cjk (README, Fonts for images).",
    );
  }
}
