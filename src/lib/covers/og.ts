import { execFile } from "node:child_process";
import { createHash } from "node:crypto";
import { access, mkdir, readFile, rename, writeFile } from "node:fs/promises";
import { availableParallelism } from "node:os";
import { join } from "node:path";
import sharp from "sharp";
import { COVER_HEIGHT, COVER_WIDTH } from "./art.ts";

// The Open Graph image of a page: its cover's SVG (src/lib/covers/art.ts) drawn by sharp into
// a 1200×630 PNG at build time, the title set by the system's fonts (fonts-noto-cjk on Debian:
// docs/deploy.md, "Fonts for Open Graph images"). Each image is named by the hash of what it
// is drawn from, so its address changes with it and `_headers` serves it immutable; a drawn
// image is kept under node_modules/.astro/og/ so a second build draws nothing.

/** Where the images are served. */
export const OG_PATH = "/og/";

/** Bumped when the drawing changes while the SVG does not (sharp's settings). */
const OG_VERSION = 3;

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
 * Draws the SVG as a PNG. zlib at level 1 without adaptive filtering: about 6 ms and 46 KB an
 * image with two drawing at once on two cores, where level 6 took 9 ms for 31 KB (and adaptive
 * filtering 20 ms), and a palette 14 KB for 57 ms: at 2000 articles the build's cost is what
 * counts; a link preview fetches one image once.
 */
export function drawPng(svg: string): Promise<Buffer> {
  return sharp(Buffer.from(svg)).png({ compressionLevel: 1, adaptiveFiltering: false }).toBuffer();
}

/** Images made (found in the cache or drawn into it) in this process, by path: each once. */
const made = new Map<string, Promise<void>>();

/**
 * Makes sure the image is in the cache: drawn and kept there unless it is already (written
 * beside and renamed into place, so a build beside never reads half a file). Each image is made
 * once per process, however many callers ask at once.
 */
export function ensureOgPng(
  image: OgImage,
  cacheDir = DEFAULT_OG_CACHE_DIR,
  draw: (svg: string) => Promise<Buffer> = drawPng,
): Promise<void> {
  const path = join(cacheDir, image.name);
  let making = made.get(path);
  if (!making) {
    making = makePng(image.svg, path, cacheDir, draw);
    made.set(path, making);
    // A failure is not kept: the next caller tries again (and sees the error).
    making.catch(() => made.delete(path));
  }
  return making;
}

async function makePng(
  svg: string,
  path: string,
  cacheDir: string,
  draw: (svg: string) => Promise<Buffer>,
): Promise<void> {
  try {
    await access(path);
    return;
  } catch {
    // Not drawn yet.
  }
  const png = await draw(svg);
  await mkdir(cacheDir, { recursive: true });
  const temporary = `${path}.${process.pid}-${Date.now().toString(36)}`;
  await writeFile(temporary, png);
  await rename(temporary, path);
}

/** The PNG of an image, from the cache (made first when it is not there). */
export async function ogPng(
  image: OgImage,
  cacheDir = DEFAULT_OG_CACHE_DIR,
  draw: (svg: string) => Promise<Buffer> = drawPng,
): Promise<Uint8Array> {
  await ensureOgPng(image, cacheDir, draw);
  return new Uint8Array(await readFile(join(cacheDir, image.name)));
}

/**
 * Draws every image not cached yet, as many at a time as the machine has cores (Astro renders
 * endpoints one at a time; drawing is most of an image's cost), so the pages then only read.
 * Images `drawAhead` is already making are waited for, not drawn twice.
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
      // Once more after a failure: it may have been `drawAhead`'s attempt this one joined.
      if (image) {
        await ensureOgPng(image, cacheDir, draw).catch(() => ensureOgPng(image, cacheDir, draw));
      }
    }
  };
  await Promise.all(Array.from({ length: availableParallelism() }, worker));
}

/**
 * Starts `drawAll` in the background and returns at once: the build calls it before Astro asks
 * its routes for their paths, so the drawing overlaps the gallery's photo work and `/og/` then
 * waits only for what is left. A failure here is met again by `drawAll` and the page that needs
 * the image.
 */
export function drawAhead(
  images: readonly OgImage[],
  cacheDir = DEFAULT_OG_CACHE_DIR,
  draw: (svg: string) => Promise<Buffer> = drawPng,
): void {
  drawAll(images, cacheDir, draw).catch(() => undefined);
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
      "Open Graph images: no font for Chinese found (fc-list :lang=zh); Chinese titles will show as boxes. Install fonts-noto-cjk (docs/deploy.md).",
    );
  }
}
