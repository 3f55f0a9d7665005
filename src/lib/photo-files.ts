import { createHash } from "node:crypto";
import { mkdir, readFile, rename, rm, writeFile } from "node:fs/promises";
import { join } from "node:path";
import sharp from "sharp";
import type { Picture } from "../shared/kinds/photo.ts";
import {
  type ProcessedImage,
  processImage,
  type VariantFormat,
  variantWidths,
} from "./images/process.ts";

// A photo file's own image (content/photos/files/<slug>.jpg) goes through the upload pipeline
// (src/lib/images/process.ts), the one way images are made, at build time. Its results are
// cached by the file's SHA-256 under node_modules/.astro/photos/<hash>/ (the facts as JSON and
// each variant as a file), so a second build encodes nothing; the variants are served as static
// files at /photo-files/<hash12>-<width>.<format> (src/pages/photo-files/[name].ts).

/** Where served variants of file photos live on the site. */
export const PHOTO_FILES_PATH = "/photo-files/";

/** Bumped when the pipeline's output changes: a cached entry of another version is made again. */
export const PIPELINE_VERSION = 2;

/** The cache's folder: Astro's own cache folder, so a clean of it clears this too. */
export const DEFAULT_CACHE_DIR = join("node_modules", ".astro", "photos");

/** A variant file to serve: its name under /photo-files/ and where its bytes are cached. */
export interface PhotoFile {
  name: string;
  path: string;
}

/** What the cache keeps of a processed image: its facts, without the bytes. */
interface CachedFacts {
  version: number;
  width: number;
  height: number;
  color: string;
  placeholder: string;
  exif: Picture["exif"];
  variants: Array<{ format: VariantFormat; width: number; height: number; bytes: number }>;
}

export interface FilePicture {
  picture: Picture;
  files: PhotoFile[];
  /** Whether the cache answered (nothing was encoded). */
  cached: boolean;
}

export interface FilePictureOptions {
  cacheDir?: string;
  /** The pipeline (tests count its calls). */
  process?: (bytes: Uint8Array) => Promise<ProcessedImage>;
}

/** The served name of one variant: the first 12 hex digits of the file's hash, its width and format. */
export function variantName(hash: string, width: number, format: VariantFormat): string {
  return `${hash.slice(0, 12)}-${width}.${format}`;
}

const cachedName = (width: number, format: VariantFormat) => `${width}.${format}`;

function pictureOf(
  hash: string,
  dir: string,
  facts: CachedFacts,
): { picture: Picture; files: PhotoFile[] } {
  const files: PhotoFile[] = [];
  const variants = facts.variants
    .slice()
    .sort((a, b) => a.width - b.width || a.format.localeCompare(b.format))
    .map((variant) => {
      const name = variantName(hash, variant.width, variant.format);
      files.push({ name, path: join(dir, cachedName(variant.width, variant.format)) });
      return { ...variant, src: `${PHOTO_FILES_PATH}${name}` };
    });
  const { width, height, color, placeholder, exif } = facts;
  return { picture: { width, height, color, placeholder, exif, variants }, files };
}

async function readFacts(dir: string): Promise<CachedFacts | null> {
  try {
    const facts: unknown = JSON.parse(await readFile(join(dir, "facts.json"), "utf8"));
    if (
      typeof facts === "object" &&
      facts !== null &&
      "version" in facts &&
      facts.version === PIPELINE_VERSION
    ) {
      // Written by writeEntry below with this version; a hand-edited cache is the reader's doing.
      return facts as CachedFacts;
    }
  } catch {
    // Not cached yet (or half written by a build that died): made again.
  }
  return null;
}

/**
 * Writes a processed image into the cache: into a folder of its own first, then renamed into
 * place, so a build running beside (npm start's background build, in the same project) never
 * reads half an entry, and a build that dies leaves none.
 */
async function writeEntry(dir: string, processed: ProcessedImage): Promise<CachedFacts> {
  const facts: CachedFacts = {
    version: PIPELINE_VERSION,
    width: processed.width,
    height: processed.height,
    color: processed.color,
    placeholder: processed.placeholder,
    exif: processed.exif,
    variants: processed.variants.map(({ format, width, height, bytes }) => ({
      format,
      width,
      height,
      bytes: bytes.length,
    })),
  };
  const temporary = `${dir}.${process.pid}-${Date.now().toString(36)}`;
  await mkdir(temporary, { recursive: true });
  for (const variant of processed.variants) {
    await writeFile(join(temporary, cachedName(variant.width, variant.format)), variant.bytes);
  }
  await writeFile(join(temporary, "facts.json"), JSON.stringify(facts));
  try {
    await rename(temporary, dir);
  } catch {
    if (await readFacts(dir)) {
      // Another build put the same entry in place first: theirs is as good.
      await rm(temporary, { recursive: true, force: true });
      return facts;
    }
    // An entry of an older pipeline: replaced.
    await rm(dir, { recursive: true, force: true });
    await rename(temporary, dir);
  }
  return facts;
}

/** The picture of an image file, from the cache or made by the pipeline and cached. */
export async function filePicture(
  file: string,
  options: FilePictureOptions = {},
): Promise<FilePicture> {
  const bytes = new Uint8Array(await readFile(file));
  const hash = createHash("sha256").update(bytes).digest("hex");
  const dir = join(options.cacheDir ?? DEFAULT_CACHE_DIR, hash);
  const cached = await readFacts(dir);
  if (cached) return { ...pictureOf(hash, dir, cached), cached: true };
  let processed: ProcessedImage;
  try {
    processed = await (options.process ?? processImage)(bytes);
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new Error(`${file}: the image pipeline refused it (${reason})`);
  }
  const facts = await writeEntry(dir, processed);
  return { ...pictureOf(hash, dir, facts), cached: false };
}

/** The smallest served variant of a file's image, as the build names it (`servedThumbnail`). */
export interface FileThumbnail {
  src: string;
  width: number;
  height: number;
}

/**
 * Where the site serves the narrowest WebP of an image file once a build has made it: its name
 * from the bytes' hash and the pipeline's widths for the upright image (its header only is
 * read; nothing is encoded). The back office shows a photo or banner file by it.
 */
export async function servedThumbnail(bytes: Uint8Array): Promise<FileThumbnail> {
  const hash = createHash("sha256").update(bytes).digest("hex");
  const { autoOrient } = await sharp(bytes, { limitInputPixels: false }).metadata();
  const [width = autoOrient.width] = variantWidths(autoOrient.width);
  return {
    src: `${PHOTO_FILES_PATH}${variantName(hash, width, "webp")}`,
    width,
    height: Math.max(1, Math.round((autoOrient.height * width) / autoOrient.width)),
  };
}
