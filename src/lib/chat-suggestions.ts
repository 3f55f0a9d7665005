// The questions /d-chat offers to start with, made at build time from what the blog has:
// its busiest categories, its newest article and a book, in each language. Nothing is named
// that the content does not hold, and the list follows the content at every build.

import { LOCALES, type Locale, type Translate } from "../i18n/core.ts";

export interface SuggestionContent {
  /** Live articles, any order. */
  articles: readonly { title: string; lang: Locale; category: string; publishedAt: Date }[];
  /** Category ids with their names. */
  categories: readonly { id: string; name: Record<Locale, string> }[];
  /** Live books. */
  books: readonly { title: string; lang: Locale }[];
}

/** How many questions each language offers at most. */
export const SUGGESTIONS = 4;

/** A title's main part: before a colon, when what is left still says something. */
export function shortTitle(title: string): string {
  const head = title.split(/[:：]/)[0]?.trim() ?? "";
  return head.length >= 4 ? head : title.trim();
}

export function chatSuggestions(
  content: SuggestionContent,
  translators: Record<Locale, Translate>,
): Record<Locale, string[]> {
  const out = {} as Record<Locale, string[]>; // filled for every locale below
  for (const locale of LOCALES) {
    const t = translators[locale];
    const articles = content.articles
      .filter((a) => a.lang === locale)
      .sort((a, b) => b.publishedAt.getTime() - a.publishedAt.getTime());
    const counts = new Map<string, number>();
    for (const a of articles) counts.set(a.category, (counts.get(a.category) ?? 0) + 1);
    const topics = content.categories
      .filter((c) => counts.has(c.id))
      .sort((a, b) => (counts.get(b.id) ?? 0) - (counts.get(a.id) ?? 0))
      .slice(0, 2)
      .map((c) => t("chat.suggestAbout", { topic: c.name[locale] }));
    const newest = articles
      .slice(0, 2)
      .map((a) => t("chat.suggestArticle", { title: shortTitle(a.title) }));
    const book = content.books
      .filter((b) => b.lang === locale)
      .slice(0, 1)
      .map((b) => t("chat.suggestBook", { title: shortTitle(b.title) }));
    const mixed = [topics[0], newest[0], book[0], topics[1], newest[1]].filter(
      (q): q is string => q !== undefined,
    );
    out[locale] = [...new Set(mixed)].slice(0, SUGGESTIONS);
  }
  return out;
}
