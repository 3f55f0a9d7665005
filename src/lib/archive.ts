import { LOCALES, type Locale } from "../i18n/locale.ts";
import { dayOf } from "../shared/blog-time.ts";

// The archive page's order (/articles/archive/): articles by year, then month, newest first,
// each at its own publish day in the blog's time zone. A translated article's versions each
// show in their own interface language only (`only`), so each interface lists a translated
// article once; a month or year that has articles for one interface only is marked with it.

/** What the archive needs of an article. */
export interface Archivable {
  data: { lang: Locale; publishedAt: Date };
}

export interface ArchiveItem<A> {
  article: A;
  /** "1" to "31". */
  day: string;
  /** The interface language it shows in; undefined: both. */
  only: Locale | undefined;
}

export interface ArchiveMonth<A> {
  /** "01" to "12". */
  month: string;
  items: ArchiveItem<A>[];
  only: Locale | undefined;
}

export interface ArchiveYear<A> {
  year: string;
  months: ArchiveMonth<A>[];
  /** How many articles it lists in each interface language. */
  counts: Record<Locale, number>;
  only: Locale | undefined;
}

/** The one language all of `items` are limited to, if they are. */
function onlyOf(items: ReadonlyArray<{ only: Locale | undefined }>): Locale | undefined {
  const first = items[0]?.only;
  return first && items.every((i) => i.only === first) ? first : undefined;
}

/** The archive of `articles`; `paired` tells a translated article whose other version is live. */
export function archiveOf<A extends Archivable>(
  articles: readonly A[],
  paired: (article: A) => boolean,
): ArchiveYear<A>[] {
  const sorted = [...articles].sort(
    (a, b) => b.data.publishedAt.getTime() - a.data.publishedAt.getTime(),
  );
  const years: ArchiveYear<A>[] = [];
  for (const article of sorted) {
    const [year = "", month = "", day = ""] = dayOf(article.data.publishedAt).split("-");
    let y = years.at(-1);
    if (y?.year !== year) {
      y = { year, months: [], counts: { "zh-CN": 0, "en-US": 0 }, only: undefined };
      years.push(y);
    }
    let m = y.months.at(-1);
    if (m?.month !== month) {
      m = { month, items: [], only: undefined };
      y.months.push(m);
    }
    const only = paired(article) ? article.data.lang : undefined;
    m.items.push({ article, day: String(Number(day)), only });
    for (const locale of LOCALES) if (!only || only === locale) y.counts[locale] += 1;
  }
  for (const y of years) {
    for (const m of y.months) m.only = onlyOf(m.items);
    y.only = onlyOf(y.months);
  }
  return years;
}
