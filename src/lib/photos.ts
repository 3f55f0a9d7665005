import { type CollectionEntry, getCollection } from "astro:content";
import { dirname, resolve } from "node:path";
import { bilingual } from "../i18n";
import type { BothLanguages, Picture } from "../shared/kinds/photo.ts";
import type { FilterLink } from "./article-filters.ts";
import { dayOf, isLive } from "./content.ts";
import { filePicture, type PhotoFile } from "./photo-files.ts";
import { bothOrEither, galleryPaths, hashed } from "./picture.ts";

// The gallery as the build sees it: the live photos of both sources (files in content/photos/
// and rows written in /bms), each with one `Picture` whatever its source, and the albums, tags
// and years they are filed under. Made once per build and shared by every gallery page, the
// home page, the sitemap and the static endpoint serving file photos' variants.

export type PhotoEntry = CollectionEntry<"photos">;
export type AlbumEntry = CollectionEntry<"albums">;

export interface GalleryPhoto {
  slug: string;
  title: BothLanguages;
  caption: BothLanguages;
  alt: BothLanguages;
  place: BothLanguages;
  credit: string;
  tags: string[];
  /** The album's slug, when the album exists. */
  album: string | null;
  featured: boolean;
  /** The camera's local time: written in the photo's fields, else read from its EXIF. */
  takenAt: string | null;
  publishedAt: Date;
  /** The year it is filed under: taken, else published (in the blog's zone). */
  year: string;
  picture: Picture;
}

export interface GalleryAlbum {
  slug: string;
  name: BothLanguages;
  description: BothLanguages;
  order: number;
  /** In the gallery's order. */
  photos: GalleryPhoto[];
  /** Its first featured photo, else its newest. */
  cover: GalleryPhoto;
}

export interface PhotoGroup<K> {
  key: K;
  photos: GalleryPhoto[];
}

/** A tag's photos, with the tag's name in each language (the tag itself where it has none). */
export interface TagGroup extends PhotoGroup<string> {
  name: BothLanguages;
}

export interface Gallery {
  /** Featured first, then newest first: the gallery's order (and its previous and next). */
  photos: GalleryPhoto[];
  /** Newest first, featured or not (the home page). */
  newest: GalleryPhoto[];
  /** Albums with at least one photo, in their order. */
  albums: GalleryAlbum[];
  /** By tag, tags sorted. */
  tags: TagGroup[];
  /** A tag's name in each language: its own where it has one, else the tag as written. */
  tagName: (tag: string) => BothLanguages;
  /** By year, newest year first. */
  years: Array<PhotoGroup<string>>;
  /** The served variants of file photos (/photo-files/…). */
  files: PhotoFile[];
}

/** What an album brings to the gallery (a collection entry's fields, with its slug). */
export interface AlbumInput {
  slug: string;
  name: BothLanguages;
  description: BothLanguages;
  order: number;
}

// --- Pure parts --------------------------------------------------------------------------------

/** Newest first; the same time falls back on the slug, so every build orders alike. */
export function byNewest(a: GalleryPhoto, b: GalleryPhoto): number {
  return b.publishedAt.getTime() - a.publishedAt.getTime() || a.slug.localeCompare(b.slug);
}

/** Featured first, then newest first. */
export function byFeaturedThenNewest(a: GalleryPhoto, b: GalleryPhoto): number {
  if (a.featured !== b.featured) return a.featured ? -1 : 1;
  return byNewest(a, b);
}

/** The year a photo is filed under: the camera's, else the day it was published in the blog's zone. */
export function yearOf(takenAt: string | null, publishedAt: Date): string {
  return takenAt ? takenAt.slice(0, 4) : dayOf(publishedAt).slice(0, 4);
}

function groups(photos: readonly GalleryPhoto[], keysOf: (photo: GalleryPhoto) => string[]) {
  const map = new Map<string, GalleryPhoto[]>();
  for (const photo of photos) {
    for (const key of keysOf(photo)) {
      const list = map.get(key);
      if (list) list.push(photo);
      else map.set(key, [photo]);
    }
  }
  return map;
}

/**
 * The gallery of these photos and albums: the photos in the gallery's order, the albums with
 * their photos and cover (empty albums and photos of an unknown album left out of the albums),
 * tags and years.
 */
export function galleryOf(
  photos: readonly GalleryPhoto[],
  albums: readonly AlbumInput[],
  files: PhotoFile[] = [],
  tagNames: ReadonlyMap<string, BothLanguages> = new Map(),
): Gallery {
  const tagName = (tag: string) => tagNames.get(tag) ?? { "zh-CN": tag, "en-US": tag };
  const ordered = [...photos].sort(byFeaturedThenNewest);
  const byAlbum = groups(ordered, (p) => (p.album ? [p.album] : []));
  const withPhotos: GalleryAlbum[] = [];
  for (const album of [...albums].sort(
    (a, b) => a.order - b.order || a.slug.localeCompare(b.slug),
  )) {
    const list = byAlbum.get(album.slug);
    const cover = list?.[0];
    if (list && cover) withPhotos.push({ ...album, photos: list, cover });
  }
  const byTag = groups(ordered, (p) => p.tags);
  const byYear = groups(ordered, (p) => [p.year]);
  return {
    photos: ordered,
    newest: [...photos].sort(byNewest),
    albums: withPhotos,
    tags: [...byTag.keys()]
      .sort()
      .map((key) => ({ key, name: tagName(key), photos: byTag.get(key) ?? [] })),
    tagName,
    years: [...byYear.keys()]
      .sort()
      .reverse()
      .map((key) => ({ key, photos: byYear.get(key) ?? [] })),
    files,
  };
}

/** The photos just before and after this one in the gallery's order. */
export function neighboursIn(
  photos: readonly GalleryPhoto[],
  slug: string,
): { previous: GalleryPhoto | undefined; next: GalleryPhoto | undefined } {
  const at = photos.findIndex((p) => p.slug === slug);
  if (at < 0) return { previous: undefined, next: undefined };
  return { previous: photos[at - 1], next: photos[at + 1] };
}

// --- From the collections ------------------------------------------------------------------------

/** A file's own image, as its frontmatter names it: a path beside it (`./files/a.jpg`). */
const OWN_FILE = /^\.\.?\//;

/**
 * The image file of a photo written in content/photos/: its path as written, from the file's
 * folder, or the path Astro's image() keeps hidden on its metadata (`fsPath`).
 */
export function imageFileOf(image: unknown, filePath: string | undefined): string | null {
  if (typeof image === "string") {
    return OWN_FILE.test(image) && filePath ? resolve(dirname(filePath), image) : null;
  }
  const fsPath: unknown =
    typeof image === "object" && image !== null ? Reflect.get(image, "fsPath") : undefined;
  return typeof fsPath === "string" ? fsPath : null;
}

async function pictureOf(entry: PhotoEntry, files: PhotoFile[]): Promise<Picture | null> {
  // A row's picture comes with the snapshot: null when its library image is gone.
  if (entry.data.picture) return entry.data.picture;
  const file = imageFileOf(entry.data.image, entry.filePath);
  if (file === null) {
    // A row whose library image is gone shows nowhere; a file must name its own image.
    if (!entry.filePath) return null;
    throw new Error(
      `${entry.filePath}: a photo file's image must be its own file (image: ./files/${entry.id}.jpg)`,
    );
  }
  const made = await filePicture(file);
  files.push(...made.files);
  return made.picture;
}

function photoOf(entry: PhotoEntry, picture: Picture, albums: ReadonlySet<string>): GalleryPhoto {
  const { data } = entry;
  const takenAt = data.takenAt ?? picture.exif.takenAt;
  const album = data.album?.id ?? null;
  return {
    slug: entry.id,
    title: data.title,
    caption: data.caption,
    alt: data.alt,
    place: data.place,
    credit: data.credit,
    tags: data.tags,
    album: album && albums.has(album) ? album : null,
    featured: data.featured,
    takenAt,
    publishedAt: data.publishedAt,
    year: yearOf(takenAt, data.publishedAt),
    picture,
  };
}

async function loadGallery(): Promise<Gallery> {
  const albums = (await getCollection("albums")).map(
    (a: AlbumEntry): AlbumInput => ({
      slug: a.id,
      name: a.data.name,
      description: a.data.description,
      order: a.data.order,
    }),
  );
  const known = new Set(albums.map((a) => a.slug));
  const entries = await getCollection("photos", (p) => isLive(p));
  const files: PhotoFile[] = [];
  const photos: GalleryPhoto[] = [];
  // One at a time: the pipeline keeps both cores busy with each image's encodes.
  for (const entry of entries) {
    const picture = await pictureOf(entry, files);
    if (picture) photos.push(photoOf(entry, picture, known));
  }
  const tagNames = new Map(
    (await getCollection("photoTags")).map((t: CollectionEntry<"photoTags">) => [
      t.id,
      t.data.name,
    ]),
  );
  return galleryOf(photos, albums, files, tagNames);
}

let galleryOnce: Promise<Gallery> | undefined;

/** The gallery, made once per build and shared (do not change it); `astro dev` makes it afresh. */
export function liveGallery(): Promise<Gallery> {
  if (import.meta.env.DEV) return loadGallery();
  galleryOnce ??= loadGallery();
  return galleryOnce;
}

export interface GalleryFilterGroups {
  albums: FilterLink[];
  tags: FilterLink[];
  years: FilterLink[];
}

const filters = new WeakMap<object, GalleryFilterGroups>();

/**
 * The filter links of the gallery (every album, tag and year that has photos), found once per
 * gallery; src/components/FilterNav.astro prints them and marks the page's own.
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
        { href: galleryPaths.gallery, label: bilingual("gallery.all") },
        ...gallery.albums.map((a) => ({
          href: galleryPaths.album(a.slug),
          label: bothOrEither(a.name),
        })),
      ],
      tags: gallery.tags.map(({ key, name }) => ({
        href: galleryPaths.tag(key),
        label: hashed(name),
      })),
      years: gallery.years.map(({ key }) => ({ href: galleryPaths.year(key), label: key })),
    };
    filters.set(gallery, groups);
  }
  return groups;
}
