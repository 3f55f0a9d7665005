import type { MessageKey, Translate } from "../../../../i18n/core.ts";
import type {
  Exif,
  ImageType,
  MediaRecord,
  MediaUse,
  MediaVariant,
} from "../../../../shared/kinds/media.ts";
import type { AdminRoute } from "../../routes.ts";

// What the library's screens say about an image, as text and links: its size, its camera facts,
// its served files, where it is used.

/** A file's size in the interface's language: "830 KB", "4.2 MB". */
export function formatBytes(bytes: number, locale: string): string {
  const units = ["B", "KB", "MB", "GB"];
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  const digits = unit === 0 || value >= 100 ? 0 : 1;
  const number = new Intl.NumberFormat(locale, { maximumFractionDigits: digits }).format(value);
  return `${number} ${units[unit]}`;
}

/** Each type's name, as the type filter and the details say it. */
export const TYPE_NAMES: Record<ImageType, MessageKey> = {
  "image/jpeg": "media.types.jpeg",
  "image/png": "media.types.png",
  "image/webp": "media.types.webp",
  "image/avif": "media.types.avif",
  "image/gif": "media.types.gif",
};

/** The narrowest served file of each format: a grid's thumbnail (AVIF where the browser takes it). */
export function thumbnailOf(record: Pick<MediaRecord, "variants" | "src">) {
  const narrowest = (format: MediaVariant["format"]) =>
    record.variants.find((variant) => variant.format === format);
  return { avif: narrowest("avif"), webp: narrowest("webp")?.src ?? record.src };
}

/** A `srcset` of one format's served files (each with its width). */
export const srcSetOf = (variants: readonly MediaVariant[], format: MediaVariant["format"]) =>
  variants
    .filter((variant) => variant.format === format)
    .map((variant) => `${variant.src} ${variant.width}w`)
    .join(", ");

/** The camera facts a photo has, each with its label, in the interface's words. */
export function exifFacts(t: Translate, exif: Exif): Array<{ label: string; value: string }> {
  const facts: Array<[MessageKey, string | null]> = [
    ["media.details.camera", exif.camera],
    ["media.details.lens", exif.lens],
    [
      "media.details.focalLength",
      exif.focalLength === null ? null : t("media.details.mm", { value: exif.focalLength }),
    ],
    [
      "media.details.aperture",
      exif.aperture === null ? null : t("media.details.fNumber", { value: exif.aperture }),
    ],
    [
      "media.details.shutter",
      exif.shutter === null ? null : t("media.details.seconds", { value: exif.shutter }),
    ],
    ["media.details.iso", exif.iso === null ? null : String(exif.iso)],
    // The camera's own local time, as it wrote it (no zone to convert from).
    ["media.details.takenAt", exif.takenAt?.replace("T", " ").slice(0, 16) ?? null],
  ];
  return facts.flatMap(([label, value]) => (value ? [{ label: t(label), value }] : []));
}

/** Where the back office edits an item that uses an image. */
export function linkOf(use: MediaUse): { route: AdminRoute; search: string } {
  const id = encodeURIComponent(use.id);
  if (use.kind === "article") return { route: "editarticle", search: `id=${id}` };
  if (use.kind === "book") return { route: "book-doc", search: `book=${id}` };
  if (use.kind === "photo") return { route: "editPhoto", search: `id=${id}` };
  if (use.kind === "banner") return { route: "bannerSet", search: `id=${id}` };
  if (use.kind === "navLink") return { route: "site-nav", search: `id=${id}` };
  if (use.kind === "settings") return { route: "userSet", search: "" };
  return { route: "notes", search: "" };
}

/** A photo or banner written in a file: its id, its file and its image as written there. */
export interface FileImageItem {
  id: string;
  file: string | null;
  image: string;
}

/**
 * Where a photo or banner written in a file keeps its image, from the project's root: the file
 * writes it relative to itself (`./files/a.jpg` in `content/photos/a.md`).
 */
export function fileImagePath(item: FileImageItem): string {
  const { file, image } = item;
  if (!file || !image.startsWith("./")) return image || (file ?? "");
  return `${file.slice(0, file.lastIndexOf("/") + 1)}${image.slice(2)}`;
}
