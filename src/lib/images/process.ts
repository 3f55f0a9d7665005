import exifr from "exifr";
import sharp, { type Metadata, type OutputInfo } from "sharp";
import { rgbaToThumbHash } from "thumbhash";
import { type Exif, type ImageType, MEDIA_LIMITS } from "../../shared/kinds/media.ts";
import { sniffImage } from "./sniff.ts";

/** The widths served, capped at the image's own: a page's `srcset` picks among them. */
export const VARIANT_WIDTHS = [400, 800, 1200, 1600, 2400] as const;
export const VARIANT_FORMATS = ["avif", "webp"] as const;
export type VariantFormat = (typeof VARIANT_FORMATS)[number];

export type RefusalReason = "empty" | "tooLarge" | "type" | "pixels" | "corrupt";

/** An upload the pipeline will not take, with the reason a person is told. */
export class MediaRefusal extends Error {
  readonly reason: RefusalReason;
  constructor(reason: RefusalReason, detail: string) {
    super(detail);
    this.name = "MediaRefusal";
    this.reason = reason;
  }
}

export interface Variant {
  format: VariantFormat;
  width: number;
  height: number;
  bytes: Uint8Array;
}

export interface ProcessedImage {
  type: ImageType;
  /** After orientation is applied. */
  width: number;
  height: number;
  /** Every width in both formats, with no metadata at all. */
  variants: Variant[];
  /** A ThumbHash, base64: a blurred stand-in while the image loads. */
  placeholder: string;
  /** The dominant colour, `#rrggbb`. */
  color: string;
  exif: Exif;
}

/** The widths made for an image `width` wide: the served ones below it, and its own if smaller. */
export function variantWidths(width: number): number[] {
  const below = VARIANT_WIDTHS.filter((w) => w < width);
  const largest = VARIANT_WIDTHS[VARIANT_WIDTHS.length - 1] ?? width;
  return width <= largest ? [...below, width] : [...VARIANT_WIDTHS];
}

/** A text from a file (a camera's field, a file name): printable, trimmed, at most `max` long. */
export function printable(value: unknown, max: number): string | null {
  if (typeof value !== "string") return null;
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what it removes
  const clean = value.replace(/[\u0000-\u001f\u007f]/g, "").trim();
  return clean ? clean.slice(0, max) : null;
}

/** A camera's text: EXIF fields can hold anything. */
const text = (value: unknown) => printable(value, 80);

const positive = (value: unknown): number | null =>
  typeof value === "number" && Number.isFinite(value) && value > 0 ? value : null;

function shutterOf(seconds: number | null): string | null {
  if (seconds === null) return null;
  // From 0.3 s up, a camera says "0.8" rather than "1/1".
  if (seconds >= 0.3) return String(Math.round(seconds * 10) / 10);
  return `1/${Math.round(1 / seconds)}`;
}

/** `2024:05:01 10:00:00` as `2024-05-01T10:00:00`; anything else is no time. */
function takenAtOf(value: unknown): string | null {
  const match =
    typeof value === "string" && /^(\d{4}):(\d\d):(\d\d)[ T](\d\d:\d\d:\d\d)/.exec(value);
  return match ? `${match[1]}-${match[2]}-${match[3]}T${match[4]}` : null;
}

const EXIF_TAGS = [
  "Make",
  "Model",
  "LensModel",
  "FocalLength",
  "FNumber",
  "ExposureTime",
  "ISO",
  "DateTimeOriginal",
];

/** The camera facts of an image, or all null when it has none or they cannot be read. */
export async function readExif(bytes: Uint8Array): Promise<Exif> {
  let tags: Record<string, unknown> = {};
  try {
    tags =
      (await exifr.parse(bytes, {
        pick: EXIF_TAGS,
        gps: false,
        reviveValues: false,
        translateValues: false,
      })) ?? {};
  } catch {
    // A broken EXIF block loses the facts, not the image.
  }
  const make = text(tags.Make);
  const model = text(tags.Model);
  const camera = model && make && !model.startsWith(make) ? `${make} ${model}` : (model ?? make);
  return {
    camera,
    lens: text(tags.LensModel),
    focalLength: positive(tags.FocalLength),
    aperture: positive(tags.FNumber),
    shutter: shutterOf(positive(tags.ExposureTime)),
    iso: positive(tags.ISO),
    takenAt: takenAtOf(tags.DateTimeOriginal),
  };
}

/**
 * When the camera took the image in `file` (its EXIF `DateTimeOriginal`, as `readExif` says it),
 * reading only the file's first chunk; null when it has none or cannot be read.
 */
export async function readTakenAt(file: string): Promise<string | null> {
  try {
    const tags = await exifr.parse(file, {
      pick: ["DateTimeOriginal"],
      gps: false,
      reviveValues: false,
      translateValues: false,
    });
    return takenAtOf(tags?.DateTimeOriginal);
  } catch {
    return null;
  }
}

const hex = (n: number) => Math.round(n).toString(16).padStart(2, "0");

/** Checks an upload before any decoding: empty, too large, not an image we take. */
export function checkUpload(bytes: Uint8Array): ImageType {
  if (bytes.length === 0) throw new MediaRefusal("empty", "the file is empty");
  if (bytes.length > MEDIA_LIMITS.bytes) {
    throw new MediaRefusal("tooLarge", `the file is ${bytes.length} bytes`);
  }
  const type = sniffImage(bytes);
  if (!type) throw new MediaRefusal("type", "not a JPEG, PNG, WebP, AVIF or GIF image");
  return type;
}

/**
 * Turns an upload into what pages serve: orientation applied, every variant width in AVIF and
 * WebP with no metadata (sharp writes none unless asked: no GPS, no comment, no camera serial),
 * a ThumbHash and the dominant colour; the camera facts are read from the original, which the
 * caller keeps private. The image is decoded once, to the largest width served.
 */
export async function processImage(bytes: Uint8Array): Promise<ProcessedImage> {
  const type = checkUpload(bytes);
  const input = { limitInputPixels: MEDIA_LIMITS.pixels, failOn: "error" } as const;
  let header: Metadata;
  try {
    // The header only: no pixel is decoded, so the pixel limit is checked here, with its reason.
    header = await sharp(bytes, { limitInputPixels: false }).metadata();
  } catch (error) {
    throw new MediaRefusal("corrupt", error instanceof Error ? error.message : String(error));
  }
  const pixels = (header.width ?? 0) * (header.height ?? 0);
  if (pixels > MEDIA_LIMITS.pixels) {
    throw new MediaRefusal("pixels", `${header.width}×${header.height} pixels`);
  }
  const widths = variantWidths(header.autoOrient.width);
  const largest = Math.max(...widths);
  let base: { data: Buffer; info: OutputInfo };
  try {
    base = await sharp(bytes, input)
      .autoOrient()
      .resize({ width: largest, withoutEnlargement: true })
      .toColourspace("srgb")
      .raw()
      .toBuffer({ resolveWithObject: true });
  } catch (error) {
    throw new MediaRefusal("corrupt", error instanceof Error ? error.message : String(error));
  }
  const { width, height, channels } = base.info;
  const raw = { raw: { width, height, channels } };
  const jobs = widths.flatMap((w) => VARIANT_FORMATS.map((format) => ({ w, format })));
  const variants: Variant[] = [];
  // Two encodes at a time: both cores busy, and the memory of two encoders, not ten.
  for (let at = 0; at < jobs.length; at += 2) {
    const batch = jobs.slice(at, at + 2).map(async ({ w, format }): Promise<Variant> => {
      const resized = sharp(base.data, raw).resize({ width: w });
      // AVIF's slowest part is its search effort: 0 keeps a 24-megapixel photo within budget.
      // Quality 45, not sharp's 50: a quarter fewer bytes (a leafy 800-pixel banner 32 KB, not
      // 42 KB, a phone's largest paint one round trip sooner) for a difference seen only at 2x.
      const encoded =
        format === "avif"
          ? resized.avif({ quality: 45, effort: 0 })
          : resized.webp({ quality: 78, effort: 2 });
      const out = await encoded.toBuffer({ resolveWithObject: true });
      return { format, width: out.info.width, height: out.info.height, bytes: out.data };
    });
    variants.push(...(await Promise.all(batch)));
  }
  const small = await sharp(base.data, raw)
    .resize({ width: 100, height: 100, fit: "inside" })
    .ensureAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  const hash = rgbaToThumbHash(small.info.width, small.info.height, small.data);
  const { dominant } = await sharp(base.data, raw).stats();
  return {
    type,
    width: header.autoOrient.width,
    height: header.autoOrient.height,
    variants,
    placeholder: Buffer.from(hash).toString("base64"),
    color: `#${hex(dominant.r)}${hex(dominant.g)}${hex(dominant.b)}`,
    exif: await readExif(bytes),
  };
}
