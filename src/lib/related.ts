import type { Locale } from "../i18n/locale.ts";
import type { CategoryTree } from "./category-tree.ts";

// The articles shown under an article as related: in its language, those sharing the most tags,
// then its category (the same one, or one above or below it), then the newest. Measured against
// the chat's retrieval index (BM25 over the text) in docs/decisions/related-articles.md.

/** What ranking needs of an article. */
export interface Relatable {
  id: string;
  data: {
    lang: Locale;
    tags: readonly string[];
    category: { id: string };
    publishedAt: Date;
    translationKey?: string | null | undefined;
  };
}

/** How many related articles an article shows. */
export const RELATED_COUNT = 3;

/** A shared tag weighs this much; the same category 1, a category above or below 0.5. */
const TAG_WEIGHT = 2;

const tagSets = new WeakMap<Relatable, Set<string>>();

/** An article's tags as compared: without case, once per article. */
function tagsOf(article: Relatable): Set<string> {
  let tags = tagSets.get(article);
  if (!tags) {
    tags = new Set(article.data.tags.map((tag) => tag.toLowerCase()));
    tagSets.set(article, tags);
  }
  return tags;
}

/** Up to RELATED_COUNT articles like `article` among `all`, best first; none that share nothing. */
export function relatedOf<A extends Relatable>(
  article: A,
  all: readonly A[],
  tree: Pick<CategoryTree<{ id: string }>, "path">,
): A[] {
  const { lang, category, translationKey } = article.data;
  const own = tagsOf(article);
  const line = new Set(tree.path(category.id).map((c) => c.id));
  const scored: Array<{ other: A; score: number }> = [];
  for (const other of all) {
    if (other === article || other.data.lang !== lang) continue;
    if (translationKey && other.data.translationKey === translationKey) continue;
    let score = 0;
    for (const tag of tagsOf(other)) if (own.has(tag)) score += TAG_WEIGHT;
    const theirs = other.data.category.id;
    if (theirs === category.id) score += 1;
    else if (line.has(theirs) || tree.path(theirs).some((c) => c.id === category.id)) score += 0.5;
    if (score > 0) scored.push({ other, score });
  }
  return scored
    .sort(
      (a, b) =>
        b.score - a.score ||
        b.other.data.publishedAt.getTime() - a.other.data.publishedAt.getTime(),
    )
    .slice(0, RELATED_COUNT)
    .map(({ other }) => other);
}
