import type { ImageType } from "../../shared/kinds/media.ts";

const startsWith = (bytes: Uint8Array, at: number, ascii: string) =>
  bytes.length >= at + ascii.length &&
  [...ascii].every((char, i) => bytes[at + i] === char.charCodeAt(0));

/** The major and compatible brands of an ISO-BMFF `ftyp` box (AVIF's container). */
function ftypBrands(bytes: Uint8Array): string[] {
  if (!startsWith(bytes, 4, "ftyp") || bytes.length < 16) return [];
  const size =
    ((bytes[0] ?? 0) << 24) | ((bytes[1] ?? 0) << 16) | ((bytes[2] ?? 0) << 8) | (bytes[3] ?? 0);
  const end = Math.min(size, bytes.length, 64);
  const brands = [String.fromCharCode(...bytes.subarray(8, 12))];
  for (let at = 16; at + 4 <= end; at += 4) {
    brands.push(String.fromCharCode(...bytes.subarray(at, at + 4)));
  }
  return brands;
}

/**
 * The image type the bytes start with, or null for anything else: SVG (a document that can carry
 * scripts) and every other format are refused before a decoder sees them.
 */
export function sniffImage(bytes: Uint8Array): ImageType | null {
  if (bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return "image/jpeg";
  if (startsWith(bytes, 0, "\x89PNG\r\n\x1a\n")) return "image/png";
  if (startsWith(bytes, 0, "GIF87a") || startsWith(bytes, 0, "GIF89a")) return "image/gif";
  if (startsWith(bytes, 0, "RIFF") && startsWith(bytes, 8, "WEBP")) return "image/webp";
  const brands = ftypBrands(bytes);
  if (brands.includes("avif") || brands.includes("avis")) return "image/avif";
  return null;
}
