import type { AlbumRecord, ContentLang, PhotoRecord } from "../../../shared/content.ts";
import type { Choice } from "../app/fields.tsx";

// What the photo screens say about a photo and its album, as text.

/** A photo's name in a line: its title in the interface language, else its slug. */
export const photoName = (photo: Pick<PhotoRecord, "title" | "slug">, locale: ContentLang) =>
  photo.title[locale] || photo.slug;

/** The albums as choices, named in the interface language. */
export const albumChoices = (albums: readonly AlbumRecord[] | undefined, locale: ContentLang) =>
  (albums ?? []).map((album): Choice => ({ value: album.slug, label: album.name[locale] }));

/** An album's name in the interface language, or its slug when it is unknown. */
export const albumName = (choices: readonly Choice[], slug: string) =>
  choices.find((c) => c.value === slug)?.label ?? slug;

/** The editor's query of a photo. */
export const photoSearch = (id: string) => `id=${encodeURIComponent(id)}`;
