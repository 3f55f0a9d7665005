import type { ProcessedImage, VariantFormat } from "../../lib/images/process.ts";
import type { ImageType } from "../../shared/kinds/media.ts";
import { ApiError } from "../http/errors.ts";
import type { Storage } from "../storage/storage.ts";

// Where an image's files live in the storage port. The variants are public and never change
// (a new upload is a new id), so they are served with immutable caching; the original keeps
// its metadata (GPS included) and is never served.

/** Where variants are served: `GET /api/media/{name}`. */
export const MEDIA_PATH = "/api/media/";

const ID = "[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}";
/** A served variant's name: `m-{id}-{width}.{avif|webp}`. Nothing else is served. */
export const VARIANT_NAME = new RegExp(`^m-${ID}-[1-9][0-9]{0,4}\\.(avif|webp)$`);

export const variantName = (id: string, width: number, format: VariantFormat) =>
  `m-${id}-${width}.${format}`;

const EXTENSIONS: Record<ImageType, string> = {
  "image/jpeg": "jpg",
  "image/png": "png",
  "image/webp": "webp",
  "image/avif": "avif",
  "image/gif": "gif",
};

export const originalName = (id: string, type: ImageType) => `o-${id}.${EXTENSIONS[type]}`;

/** What names an image's files: its type and its variants' widths and formats. */
export interface ImageFiles {
  type: ImageType;
  variants: ReadonlyArray<{ width: number; format: VariantFormat }>;
}

/** Every name an image's files have: its variants, then its original. */
export function imageFiles(id: string, image: ImageFiles) {
  return [
    ...image.variants.map((v) => variantName(id, v.width, v.format)),
    originalName(id, image.type),
  ];
}

/**
 * Stores an image's variants and its original. All or nothing: when one write fails, the ones
 * done are deleted again and the failure is thrown, so no half-stored image is left behind.
 */
export async function storeImage(
  storage: Storage,
  id: string,
  image: ProcessedImage,
  original: Uint8Array,
): Promise<void> {
  const written: string[] = [];
  try {
    for (const variant of image.variants) {
      const name = variantName(id, variant.width, variant.format);
      await storage.put(name, variant.bytes);
      written.push(name);
    }
    const name = originalName(id, image.type);
    await storage.put(name, original);
    written.push(name);
  } catch (error) {
    await Promise.all(written.map((name) => storage.delete(name).catch(() => {})));
    throw error;
  }
}

/** Deletes an image's files; best effort (a file already gone is no failure). */
export async function dropImage(storage: Storage, id: string, image: ImageFiles): Promise<void> {
  await Promise.all(imageFiles(id, image).map((name) => storage.delete(name).catch(() => {})));
}

/** A served variant's bytes and type; anything else (an original included) is not found. */
export async function readVariant(
  storage: Storage,
  name: string,
): Promise<{ bytes: Uint8Array; type: string }> {
  const bytes = VARIANT_NAME.test(name) ? await storage.get(name) : null;
  if (!bytes) throw new ApiError(404, "not_found", "No such image");
  return { bytes, type: name.endsWith(".avif") ? "image/avif" : "image/webp" };
}
