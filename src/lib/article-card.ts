import { getImage } from "astro:assets";
import type { Article } from "./content.ts";
import type { CoverSubject } from "./covers/art.ts";
import { articleSubject } from "./covers/subjects.ts";

// What an article's card shows beside its words (src/components/content/ArticleCard.astro): the
// entries of a list, and the cover. At 1000 articles per language a build prints each card on
// about five list pages (all, language, category, tags): each cover is worked out once.

/**
 * One entry of a list: an article, or both versions of a translated one (written in each
 * language and paired by their translation key), which the list shows once, in the reader's
 * interface language.
 */
export type ArticleEntry = readonly [Article] | readonly [Article, Article];

/**
 * The entries of a list of articles, in its order: a translated article's two versions become
 * one entry where the first of them stood; an article whose other version is not in the list
 * (another category, not live) stays an entry of its own.
 */
export function articleEntries(articles: readonly Article[]): ArticleEntry[] {
  const byKey = new Map<string, Article[]>();
  for (const article of articles) {
    const key = article.data.translationKey;
    if (key) byKey.set(key, [...(byKey.get(key) ?? []), article]);
  }
  const placed = new Set<Article>();
  const entries: ArticleEntry[] = [];
  for (const article of articles) {
    if (placed.has(article)) continue;
    placed.add(article);
    const key = article.data.translationKey;
    const other = key
      ? byKey.get(key)?.find((a) => a !== article && a.data.lang !== article.data.lang)
      : undefined;
    if (other && !placed.has(other)) {
      placed.add(other);
      entries.push([article, other]);
    } else {
      entries.push([article]);
    }
  }
  return entries;
}

/** Where a cover shows: beside a card's text, or on the covers' wall (`/cover-illustration`). */
export type CoverLook = "card" | "wall";

const COVER_IMAGE: Record<CoverLook, { widths: number[]; sizes: string }> = {
  card: { widths: [320, 640], sizes: "(max-width: 640px) 100vw, 200px" },
  wall: { widths: [480, 960], sizes: "(max-width: 640px) 100vw, 22rem" },
};

/** An article's cover: an image's attributes, or the subject of the one drawn from its title. */
export type ArticleCover =
  | { image: Record<string, string | number | boolean | undefined>; subject?: undefined }
  | { image?: undefined; subject: CoverSubject };

const covers = new WeakMap<Article, Map<CoverLook, Promise<ArticleCover>>>();

/** The article's cover for `look`, worked out once per build. */
export function articleCover(article: Article, look: CoverLook): Promise<ArticleCover> {
  let byLook = covers.get(article);
  if (!byLook) {
    byLook = new Map();
    covers.set(article, byLook);
  }
  let cover = byLook.get(look);
  if (!cover) {
    cover = findCover(article, look);
    byLook.set(look, cover);
  }
  return cover;
}

async function findCover(article: Article, look: CoverLook): Promise<ArticleCover> {
  const { cover, coverAlt: alt } = article.data;
  if (typeof cover === "object") {
    // What astro:assets' <Image> prints for the same options.
    const image = await getImage({ src: cover, alt, ...COVER_IMAGE[look], loading: "lazy" });
    const srcset = image.srcSet.values.length > 0 ? image.srcSet.attribute : undefined;
    return { image: { src: image.src, srcset, ...image.attributes } };
  }
  // A cover by URL (written in the back office): its size is unknown, so a fixed frame.
  if (cover) {
    return {
      image: {
        src: cover,
        alt,
        width: 640,
        height: 360,
        loading: "lazy",
        decoding: "async",
        class: "card-remote",
      },
    };
  }
  // None of its own: the one generated from its title (src/lib/covers/).
  return { subject: articleSubject(article) };
}
