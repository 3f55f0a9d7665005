import { bilingual, type Locale } from "../i18n";
import type { MediaVariant } from "../shared/kinds/media.ts";
import type { BothLanguages, Picture } from "../shared/kinds/photo.ts";
import { sitePaths } from "../shared/site-paths.ts";

// What the gallery's components compute about a photo before they print it: paths, the
// served files and their sizes, the frame's ratio and colour, the camera facts.
// The markup is src/components/Picture.astro's and src/components/gallery/*.astro's.

export const galleryPaths = {
  gallery: "/image-library/",
  photo: sitePaths.photo,
  album: (slug: string) => `/image-library/album/${slug}/`,
  tag: (tag: string) => `/image-library/tag/${encodeURIComponent(tag)}/`,
  year: (year: string) => `/image-library/year/${year}/`,
};

/**
 * A text of both languages where an empty one is filled: by the fallback text in that language
 * (an alt text by the title), else by the other language.
 */
export function bothOrEither(text: BothLanguages, fallback?: BothLanguages): BothLanguages {
  const pick = (locale: Locale, other: Locale) =>
    text[locale] || fallback?.[locale] || text[other] || fallback?.[other] || "";
  return { "zh-CN": pick("zh-CN", "en-US"), "en-US": pick("en-US", "zh-CN") };
}

export const hasText = (text: BothLanguages) => Boolean(text["zh-CN"] || text["en-US"]);

/** A tag's name as a tag shows: `#秋天`, `#autumn`. */
export const hashed = (name: BothLanguages): BothLanguages => ({
  "zh-CN": `#${name["zh-CN"]}`,
  "en-US": `#${name["en-US"]}`,
});

/** Served files of one format, narrowest first. */
export function ofFormat(picture: Picture, format: MediaVariant["format"]): MediaVariant[] {
  return picture.variants.filter((v) => v.format === format).sort((a, b) => a.width - b.width);
}

export function srcsetOf(variants: readonly MediaVariant[]): string {
  return variants.map((v) => `${v.src} ${v.width}w`).join(", ");
}

/** The narrowest WebP at least `width` wide, else the widest there is. */
export function webpAtLeast(picture: Picture, width: number): MediaVariant | undefined {
  const webp = ofFormat(picture, "webp");
  return webp.find((v) => v.width >= width) ?? webp.at(-1);
}

/** Width over height, for CSS (a flex item's grow and basis, an aspect-ratio). */
export function ratioOf(picture: Picture): string {
  return (picture.width / Math.max(1, picture.height)).toFixed(4);
}

/** The frame's custom properties: ratio and colour (only a `#rrggbb` colour is printed). */
export function frameStyle(picture: Picture): string {
  const color = /^#[0-9a-f]{6}$/i.test(picture.color) ? `;--c:${picture.color}` : "";
  return `--r:${ratioOf(picture)}${color}`;
}

/** A `<source>` of each format there is, AVIF first: its type and srcset. */
export function pictureSources(picture: Picture): Array<{ type: string; srcset: string }> {
  return (["avif", "webp"] as const)
    .map((format) => ofFormat(picture, format))
    .filter((variants) => variants.length > 0)
    .map((variants) => ({ type: `image/${variants[0]?.format}`, srcset: srcsetOf(variants) }));
}

/**
 * A tile's `sizes`: its ratio times the row's height (PhotoTiles.astro: clamp(6rem, 20vw,
 * 11rem)), grown to fill its row. Measured in the seed's galleries, width over ratio, median:
 * up to 384 px two photos a row, about half the screen (155-189 px at 320-375 px); three or more
 * up to 48rem, about 28% of it (100-129 px at 390-480 px, 215 at 768 px); 196-204 px from
 * 1024 px on. Stating the median (the worst case, a tile alone in its row, is about twice as
 * wide) lets a phone fetch the file as wide as it shows the photo: at 390-412 px and 1.75-3x the
 * 400-pixel file for most photos, not the 800 (four times the pixels to fetch and decode) it
 * fetched when 200 px per unit of ratio was stated, which cost a Lighthouse mobile run of an
 * album 2-4 points whenever those requests ended before its first paint.
 */
export function tileSizes(picture: Picture): string {
  const r = picture.width / Math.max(1, picture.height);
  const vw = (share: number) => `${Math.min(92, Math.round(r * share * 10) / 10)}vw`;
  return `(max-width: 24rem) ${vw(50)}, (max-width: 48rem) ${vw(28)}, ${Math.ceil(r * 210)}px`;
}

const takenFormats = new Map<Locale, Intl.DateTimeFormat>();

/** A camera's local time (no zone) in a language, as written: date and minutes. */
export function formatTaken(takenAt: string, locale: Locale): string {
  let format = takenFormats.get(locale);
  if (!format) {
    format = new Intl.DateTimeFormat(locale, {
      timeZone: "UTC",
      dateStyle: "long",
      timeStyle: "short",
    });
    takenFormats.set(locale, format);
  }
  const date = new Date(`${takenAt}Z`);
  return Number.isNaN(date.getTime()) ? takenAt : format.format(date);
}

/** When it was taken, in both languages. */
export const takenText = (takenAt: string): BothLanguages => ({
  "zh-CN": formatTaken(takenAt, "zh-CN"),
  "en-US": formatTaken(takenAt, "en-US"),
});

const round = (n: number) => String(Math.round(n * 10) / 10);

const message = bilingual;
const same = (text: string): BothLanguages => ({ "zh-CN": text, "en-US": text });

/** The camera facts that were recorded, as label and value in both languages (plain text). */
export function factRows(
  exif: Picture["exif"],
): Array<{ label: BothLanguages; value: BothLanguages }> {
  const rows: Array<{ label: BothLanguages; value: BothLanguages }> = [];
  if (exif.camera) rows.push({ label: message("gallery.camera"), value: same(exif.camera) });
  if (exif.lens) rows.push({ label: message("gallery.lens"), value: same(exif.lens) });
  if (exif.focalLength !== null) {
    rows.push({
      label: message("gallery.focalLength"),
      value: message("gallery.focalValue", { mm: round(exif.focalLength) }),
    });
  }
  if (exif.aperture !== null) {
    rows.push({ label: message("gallery.aperture"), value: same(`f/${round(exif.aperture)}`) });
  }
  if (exif.shutter) {
    rows.push({
      label: message("gallery.shutter"),
      value: message("gallery.shutterValue", { shutter: exif.shutter }),
    });
  }
  if (exif.iso !== null)
    rows.push({ label: message("gallery.iso"), value: same(String(exif.iso)) });
  return rows;
}
