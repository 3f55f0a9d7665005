import type { BothLanguages } from "../../shared/kinds/photo.ts";
import type { BookWithChapters } from "../books.ts";
import { type Article, type Note, notePreview } from "../content.ts";
import { type CoverSubject, coverSvg } from "./art.ts";
import { type OgImage, ogImageOf } from "./og.ts";

// What each page's cover and Open Graph image are made from: an article by its slug, title,
// language and category; a book by its slug, title and language (its chapters share it); a
// note by its id, language and the start of its text.

export function articleSubject(article: Article): CoverSubject {
  const { title, lang, category } = article.data;
  return { key: article.id, title, lang, category: category.id };
}

export function bookSubject({ book, slug }: BookWithChapters): CoverSubject {
  const { title, lang } = book.data;
  return { key: `book:${slug}`, title, lang, category: "book" };
}

/** How much of a note's text its picture shows, in characters. */
export const NOTE_TITLE_CHARS = 42;

export function noteSubject(note: Note): CoverSubject {
  const { lang } = note.data;
  return {
    key: `note:${note.id}`,
    title: notePreview(note.body, NOTE_TITLE_CHARS),
    lang,
    category: "note",
  };
}

const images = new Map<string, OgImage>();

/**
 * The Open Graph image of a subject, with the site's name (`siteTitle`, the settings' title) in
 * the subject's language.
 */
export function ogImageFor(subject: CoverSubject, siteTitle: BothLanguages): OgImage {
  const siteName = siteTitle[subject.lang];
  const key = `${subject.key}\u0000${subject.lang}\u0000${subject.title}\u0000${subject.category ?? ""}\u0000${siteName}`;
  let image = images.get(key);
  if (!image) {
    image = ogImageOf(coverSvg(subject, { theme: "light", siteName }));
    images.set(key, image);
  }
  return image;
}
