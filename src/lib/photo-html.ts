import { bilingualHtml, bilingualText, LOCALES, type Locale } from "../i18n";
import type { MediaVariant } from "../shared/kinds/media.ts";
import type { BothLanguages, Picture } from "../shared/kinds/photo.ts";
import { sitePaths } from "../shared/site-paths.ts";
import { escapeHtml } from "./html.ts";
import type { GalleryAlbum, GalleryPhoto } from "./photos.ts";

// The gallery's repeated markup as HTML made once per photo (see
// docs/decisions/build-cost.md): a tile shows on the gallery, its album, each of its tags and its year, and
// the home page. Every text is escaped; the styles are src/components/gallery/*.astro's.
//
// Alt text: an <img> has one alt, and the page is printed in both languages before a script
// could choose one. So images inside a link are decorative (alt="") and the link is named by
// the alt text printed in both languages (visually hidden spans, of which CSS hides the other
// language, so the accessible name is the interface language's alone); the photo page's large
// image is a role="img" frame labelled the same way. Never both languages in one alt.

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

const hasText = (text: BothLanguages) => Boolean(text["zh-CN"] || text["en-US"]);

/** Served files of one format, narrowest first. */
function ofFormat(picture: Picture, format: MediaVariant["format"]): MediaVariant[] {
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

interface PictureOptions {
  sizes: string;
  /** Lazy in lists (tiles, album covers); a photo's own page loads its image at once. */
  lazy: boolean;
  /**
   * "high" for the page's largest paint; "low" for an image a reader cannot see yet although it
   * is laid out beside the screen (a carousel's next slides), which Chromium would otherwise raise
   * to high and fetch alongside the largest paint.
   */
  priority?: "high" | "low";
}

/** `<picture>` with AVIF and WebP sources; the `<img>` is decorative (see the top of this file). */
export function pictureHtml(picture: Picture, options: PictureOptions): string {
  const sizes = escapeHtml(options.sizes);
  const sources = (["avif", "webp"] as const)
    .map((format) => ofFormat(picture, format))
    .filter((variants) => variants.length > 0)
    .map(
      (variants) =>
        `<source type="image/${variants[0]?.format}" srcset="${escapeHtml(srcsetOf(variants))}" sizes="${sizes}">`,
    )
    .join("");
  const fallback = webpAtLeast(picture, 800);
  const loading = options.lazy ? ' loading="lazy"' : "";
  // The page's largest paint (high) is decoded in the frame that first shows it: decoded apart
  // (async), an AVIF that arrived before the first paint was shown 100-150 ms after it on a phone
  // preset, and every request that ended meanwhile counted in Lighthouse's estimate of that paint.
  const priority = options.priority ? ` fetchpriority="${options.priority}"` : "";
  const decoding = options.priority === "high" ? "" : ' decoding="async"';
  return (
    `<picture>${sources}<img src="${escapeHtml(fallback?.src ?? "")}" alt="" width="${picture.width}" height="${picture.height}"` +
    `${loading}${priority}${decoding}></picture>`
  );
}

// --- Facts -------------------------------------------------------------------------------------

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

/** When it was taken, in both languages, as a `<time>`. */
export function takenHtml(takenAt: string): string {
  const text = Object.fromEntries(LOCALES.map((l) => [l, formatTaken(takenAt, l)]));
  // LOCALES lists each locale once: the object has both.
  return `<time datetime="${escapeHtml(takenAt)}">${bilingualText(text as BothLanguages)}</time>`;
}

const round = (n: number) => String(Math.round(n * 10) / 10);

/** The camera facts that were recorded, as label and value HTML. */
export function factRows(exif: Picture["exif"]): Array<{ label: string; value: string }> {
  const rows: Array<{ label: string; value: string }> = [];
  if (exif.camera)
    rows.push({ label: bilingualHtml("gallery.camera"), value: escapeHtml(exif.camera) });
  if (exif.lens) rows.push({ label: bilingualHtml("gallery.lens"), value: escapeHtml(exif.lens) });
  if (exif.focalLength !== null) {
    rows.push({
      label: bilingualHtml("gallery.focalLength"),
      value: bilingualHtml("gallery.focalValue", { mm: round(exif.focalLength) }),
    });
  }
  if (exif.aperture !== null) {
    rows.push({ label: bilingualHtml("gallery.aperture"), value: `f/${round(exif.aperture)}` });
  }
  if (exif.shutter) {
    rows.push({
      label: bilingualHtml("gallery.shutter"),
      value: bilingualHtml("gallery.shutterValue", { shutter: exif.shutter }),
    });
  }
  if (exif.iso !== null)
    rows.push({ label: bilingualHtml("gallery.iso"), value: String(exif.iso) });
  return rows;
}

/** The camera facts as a `<dl>`, or nothing when the camera recorded none. */
export function factsHtml(exif: Picture["exif"]): string {
  const rows = factRows(exif);
  if (rows.length === 0) return "";
  return `<dl class="photo-facts">${rows.map((r) => `<div><dt>${r.label}</dt><dd>${r.value}</dd></div>`).join("")}</dl>`;
}

// --- Tiles -------------------------------------------------------------------------------------

/** The panel the lightbox shows under a photo: its title, caption and camera facts. */
function infoHtml(photo: GalleryPhoto): string {
  const caption = hasText(photo.caption)
    ? `<p class="pswp-info-caption">${bilingualText(bothOrEither(photo.caption))}</p>`
    : "";
  return (
    `<p class="pswp-info-title">${bilingualText(bothOrEither(photo.title))}</p>${caption}` +
    `${factsHtml(photo.picture.exif)}<p class="pswp-info-link"><a href="${galleryPaths.photo(photo.slug)}">${bilingualHtml("gallery.openPage")}</a></p>`
  );
}

/**
 * One photo of a justified row: a flex item whose grow and basis follow its ratio (so a row's
 * photos share one height), a frame of that ratio in the photo's colour (nothing shifts as it
 * loads), linked to its page; the lightbox (src/components/gallery/lightbox.ts) reads the link's
 * data-pswp-* attributes and the panel's template.
 */
function makeTile(photo: GalleryPhoto): string {
  const { picture } = photo;
  const widest = ofFormat(picture, "webp").at(-1);
  const r = picture.width / Math.max(1, picture.height);
  // A tile is its ratio times the row's height (PhotoTiles.astro: clamp(6rem, 20vw, 11rem)) wide,
  // grown to fill its row. Measured in the seed's galleries, width over ratio, median: up to
  // 384 px two photos a row, about half the screen (155-189 px at 320-375 px); three or more up
  // to 48rem, about 28% of it (100-129 px at 390-480 px, 215 at 768 px); 196-204 px from 1024 px
  // on. Stating the median (the worst case, a tile alone in its row, is about twice as wide)
  // lets a phone fetch the file as wide as it shows the photo: at 390-412 px and 1.75-3x the
  // 400-pixel file for most photos, not the 800 (four times the pixels to fetch and decode) it
  // fetched when 200 px per unit of ratio was stated, which cost a Lighthouse mobile run of an
  // album 2-4 points whenever those requests ended before its first paint.
  const vw = (share: number) => `${Math.min(92, Math.round(r * share * 10) / 10)}vw`;
  const sizes = `(max-width: 24rem) ${vw(50)}, (max-width: 48rem) ${vw(28)}, ${Math.ceil(r * 210)}px`;
  const lightbox = widest
    ? ` data-pswp-src="${escapeHtml(widest.src)}" data-pswp-srcset="${escapeHtml(srcsetOf(ofFormat(picture, "webp")))}" data-pswp-width="${widest.width}" data-pswp-height="${widest.height}"`
    : "";
  // Lazy, the first row too: a list's largest paint is its heading and words, which must not
  // wait behind photos fetched with the stylesheets (measured: Lighthouse mobile LCP 2.0-2.2 s
  // with the first row loaded at once, 1.3 s lazily; its frame holds the photo's colour meanwhile).
  return (
    `<li class="tile" style="${frameStyle(picture)}"><a href="${galleryPaths.photo(photo.slug)}"${lightbox}>` +
    `${pictureHtml(picture, { sizes, lazy: true })}<span class="visually-hidden">${bilingualText(bothOrEither(photo.alt, photo.title))}</span></a>` +
    `<template>${infoHtml(photo)}</template></li>`
  );
}

const tiles = new WeakMap<GalleryPhoto, string>();

/** A photo's tile, made once per photo. */
export function tileHtml(photo: GalleryPhoto): string {
  let html = tiles.get(photo);
  if (html === undefined) {
    html = makeTile(photo);
    tiles.set(photo, html);
  }
  return html;
}

/** The tiles of these photos. */
export function tilesHtml(photos: readonly GalleryPhoto[]): string {
  return photos.map(tileHtml).join("");
}

// --- Albums ------------------------------------------------------------------------------------

export function photoCountHtml(count: number): string {
  return count === 1
    ? bilingualHtml("gallery.onePhoto")
    : bilingualHtml("gallery.photoCount", { count });
}

const cards = new WeakMap<GalleryAlbum, string>();

/** An album's card: its cover, name and number of photos, linked to its page. */
export function albumCardHtml(album: GalleryAlbum): string {
  let html = cards.get(album);
  if (html === undefined) {
    const { picture } = album.cover;
    html =
      `<li><a class="album-card" href="${galleryPaths.album(album.slug)}">` +
      `<span class="album-cover" style="${frameStyle(picture)}">${pictureHtml(picture, { sizes: "(max-width: 48rem) 50vw, 280px", lazy: true })}</span>` +
      `<span class="album-name">${bilingualText(bothOrEither(album.name))}</span>` +
      `<span class="album-count">${photoCountHtml(album.photos.length)}</span></a></li>`;
    cards.set(album, html);
  }
  return html;
}

// --- Filters -----------------------------------------------------------------------------------

interface FilterLink {
  href: string;
  /** The link's content, HTML (escaped). */
  html: string;
}

export interface GalleryFilterGroups {
  albums: FilterLink[];
  tags: FilterLink[];
  years: FilterLink[];
}

/** A tag's name as a tag shows: `#秋天`, `#autumn`. */
export const hashed = (name: BothLanguages): BothLanguages => ({
  "zh-CN": `#${name["zh-CN"]}`,
  "en-US": `#${name["en-US"]}`,
});

const filters = new WeakMap<object, GalleryFilterGroups>();

/**
 * The filter links of the gallery (every album, tag and year that has photos), made once per
 * gallery; each page marks its own with filterLinksHtml (src/lib/article-filters.ts).
 */
export function galleryFilterGroups(gallery: {
  albums: readonly GalleryAlbum[];
  tags: ReadonlyArray<{ key: string; name: BothLanguages }>;
  years: ReadonlyArray<{ key: string }>;
}): GalleryFilterGroups {
  let groups = filters.get(gallery);
  if (!groups) {
    groups = {
      albums: [
        { href: galleryPaths.gallery, html: bilingualHtml("gallery.all") },
        ...gallery.albums.map((a) => ({
          href: galleryPaths.album(a.slug),
          html: bilingualText(bothOrEither(a.name)),
        })),
      ],
      tags: gallery.tags.map(({ key, name }) => ({
        href: galleryPaths.tag(key),
        html: bilingualText(hashed(name)),
      })),
      years: gallery.years.map(({ key }) => ({
        href: galleryPaths.year(key),
        html: escapeHtml(key),
      })),
    };
    filters.set(gallery, groups);
  }
  return groups;
}
