import { liveBooks } from "../books.ts";
import { liveArticles, liveNotes } from "../content.ts";
import { liveGallery } from "../photos.ts";
import { siteSettings } from "../settings.ts";
import type { CoverSubject } from "./art.ts";
import { drawAhead, type OgImage } from "./og.ts";
import { articleSubject, bookSubject, noteSubject, ogImageFor } from "./subjects.ts";

/** A page's Open Graph image, naming the site by its title in the settings. */
export async function pageOgImage(subject: CoverSubject): Promise<OgImage> {
  return ogImageFor(subject, (await siteSettings()).title);
}

/** Every page's Open Graph image, each once: the live articles', books' and notes'. */
export async function siteOgImages(): Promise<OgImage[]> {
  const subjects = [
    ...(await liveArticles()).map(articleSubject),
    ...(await liveBooks()).map(bookSubject),
    ...(await liveNotes()).map(noteSubject),
  ];
  const { title } = await siteSettings();
  const byName = new Map<string, OgImage>();
  for (const subject of subjects) {
    const image = ogImageFor(subject, title);
    byName.set(image.name, image);
  }
  return [...byName.values()];
}

/**
 * Starts the build's image work in the background and returns at once, both together: the
 * gallery's photo files through the upload pipeline and the Open Graph images (together they
 * keep both cores busy, where one after the other left one idle part of the time). Astro asks every route for its paths before it
 * renders a page, in the routes' order: called from the first (the articles), this runs while
 * the routes before the gallery list theirs, and the gallery's routes and `/og/` then wait only
 * for what is left (each made once: `liveGallery` and `ensureOgPng` keep their promise). A
 * failure is met again, and reported, by the page that needs the result. Not in `astro dev`,
 * which renders only the pages asked for.
 */
export function startImagesAhead(): void {
  if (import.meta.env.DEV) return;
  liveGallery().catch(() => undefined);
  siteOgImages()
    .then((images) => drawAhead(images))
    .catch(() => undefined);
}
