import { type CollectionEntry, getCollection } from "astro:content";
import { isBannerLive } from "../shared/kinds/banner.ts";
import type { BothLanguages, Picture } from "../shared/kinds/photo.ts";
import { filePicture, type PhotoFile } from "./photo-files.ts";
import { imageFileOf } from "./photos.ts";

// The home page's banners as the build sees them: those of content/banners.json first, in the
// file's order, then the database's in the order set in /bms/bannerSet; only those switched on
// and inside their window at build time (the server rebuilds the site when a window opens or
// closes: src/server/site/schedule.ts). A file banner's image goes through the one pipeline as a
// photo file's does (src/lib/photo-files.ts); a row's picture comes with the snapshot.

export type BannerEntry = CollectionEntry<"banners">;

export interface HomeBanner {
  id: string;
  title: BothLanguages;
  subtitle: BothLanguages;
  alt: BothLanguages;
  link: string;
  picture: Picture;
}

export interface Banners {
  banners: HomeBanner[];
  /** The served variants of file banners' images (/photo-files/…). */
  files: PhotoFile[];
}

/**
 * A file's banners come first, in the file's order (their place in it is their `order`); rows
 * follow by their order.
 */
export function carouselOrder<T extends { fromFile: boolean; order: number; id: string }>(
  banners: readonly T[],
): T[] {
  return [...banners].sort((a, b) => {
    if (a.fromFile !== b.fromFile) return a.fromFile ? -1 : 1;
    return a.order - b.order || a.id.localeCompare(b.id);
  });
}

async function pictureOf(entry: BannerEntry, files: PhotoFile[]): Promise<Picture | null> {
  if (entry.data.picture) return entry.data.picture;
  const file = imageFileOf(entry.data.image, entry.filePath);
  if (file === null) {
    // A row whose library image is gone shows nowhere; a file must name its own image.
    if (!entry.filePath) return null;
    throw new Error(
      `${entry.filePath}: banner ${entry.id}'s image must be a file beside it (image: ./photos/files/a.jpg)`,
    );
  }
  const made = await filePicture(file);
  files.push(...made.files);
  return made.picture;
}

async function loadBanners(now: Date): Promise<Banners> {
  const entries = await getCollection("banners");
  const live = carouselOrder(
    entries
      .filter((entry) => isBannerLive(entry.data, now))
      .map((entry) => ({
        entry,
        id: entry.id,
        fromFile: entry.filePath !== undefined,
        order: entry.data.order ?? 0,
      })),
  );
  const files: PhotoFile[] = [];
  const banners: HomeBanner[] = [];
  for (const { entry } of live) {
    const picture = await pictureOf(entry, files);
    if (!picture) continue;
    const { title, subtitle, alt, link } = entry.data;
    banners.push({ id: entry.id, title, subtitle, alt, link, picture });
  }
  return { banners, files };
}

let once: Promise<Banners> | undefined;

/** The live banners, made once per build and shared; `astro dev` makes them afresh. */
export function liveBanners(): Promise<Banners> {
  if (import.meta.env.DEV) return loadBanners(new Date());
  once ??= loadBanners(new Date());
  return once;
}
