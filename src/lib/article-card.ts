import { getImage } from "astro:assets";
import { bilingualHtml } from "../i18n";
import { type Article, articleMinutes, dateHtml, languageNameHtml } from "./content.ts";
import { generatedCoverHtml } from "./covers/html.ts";
import { articleSubject } from "./covers/subjects.ts";
import { escapeHtml } from "./html.ts";

// An article's card (cover, its own or a generated one; title, summary, date, reading time) for
// the list pages and the home page, as HTML made once per article and heading level: at 1000
// articles per language a build prints each card on about five list pages (all, language,
// category, tags), and a card component per card cost about as much as the rest of those pages.
// Every text is escaped; the styles are global.css's `.card` rules.

type Level = 2 | 3;

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

/** How a card is drawn: its title's heading level (2 in a list page, 3 in a home section), and the other version of a translated article, when the list pairs them. */
interface CardLook {
  level: Level;
  other?: Article | undefined;
}

const made = new WeakMap<Article, Map<string, Promise<string>>>();

/** The card, made once per article and look. */
function articleCardHtml(article: Article, look: CardLook): Promise<string> {
  let byLook = made.get(article);
  if (!byLook) {
    byLook = new Map();
    made.set(article, byLook);
  }
  const key = `${look.level}:${look.other?.id ?? ""}`;
  let html = byLook.get(key);
  if (!html) {
    html = makeCard(article, look);
    byLook.set(key, html);
  }
  return html;
}

/**
 * The cards of these entries, in order, as one string of HTML. Both versions of a translated
 * article are printed, each marked with its language (`data-lang`), so the page shows the one of
 * its interface language (global.css's rule for `data-lang`) and a language switch is one
 * attribute change, with or without a script; each says the other version exists.
 */
export async function articleCardsHtml(
  entries: readonly ArticleEntry[],
  level: Level = 2,
): Promise<string> {
  const cards = entries.flatMap((entry) => {
    const [first, second] = entry;
    if (!second) return [articleCardHtml(first, { level })];
    return [
      articleCardHtml(first, { level, other: second }),
      articleCardHtml(second, { level, other: first }),
    ];
  });
  return (await Promise.all(cards)).join("");
}

/** HTML attributes, escaped; absent, null and false ones left out, true ones bare. */
function attributes(values: Record<string, unknown>): string {
  let out = "";
  for (const [name, value] of Object.entries(values)) {
    if (value === undefined || value === null || value === false) continue;
    out += value === true ? ` ${name}` : ` ${name}="${escapeHtml(String(value))}"`;
  }
  return out;
}

/** Where a cover shows: beside a card's text, or on the covers' wall (`/cover-illustration`). */
type CoverLook = "card" | "wall";

const COVER_IMAGE: Record<CoverLook, { widths: number[]; sizes: string }> = {
  card: { widths: [320, 640], sizes: "(max-width: 640px) 100vw, 200px" },
  wall: { widths: [480, 960], sizes: "(max-width: 640px) 100vw, 22rem" },
};

/** An article's cover: its own image (optimised, or by URL in a fixed frame) or a generated one. */
export async function articleCoverHtml(
  article: Article,
  look: CoverLook = "card",
): Promise<string> {
  const { cover, coverAlt: alt } = article.data;
  if (typeof cover === "object") {
    // What astro:assets' <Image> prints for the same options.
    const image = await getImage({ src: cover, alt, ...COVER_IMAGE[look], loading: "lazy" });
    const srcset = image.srcSet.values.length > 0 ? image.srcSet.attribute : undefined;
    return `<img${attributes({ src: image.src, srcset, ...image.attributes })}>`;
  }
  // A cover by URL (written in the back office): its size is unknown, so a fixed frame.
  if (cover) {
    return `<img${attributes({ src: cover, alt, width: 640, height: 360, loading: "lazy", decoding: "async", class: "card-remote" })}>`;
  }
  // None of its own: the one generated from its title (src/lib/covers/).
  return generatedCoverHtml(articleSubject(article), look === "card" ? "card-cover" : "");
}

/** The other version's language named in both interface languages, for "Read this in …". */
const OTHER_NAME = {
  "zh-CN": { "zh-CN": { language: "中文" }, "en-US": { language: "Chinese" } },
  "en-US": { "zh-CN": { language: "英文" }, "en-US": { language: "English" } },
} as const;

async function makeCard(article: Article, { level, other }: CardLook): Promise<string> {
  const { title, summary, lang, publishedAt, pinned } = article.data;
  const heading = `h${level}`;
  const pin = pinned ? `<span class="card-pin">${bilingualHtml("content.pinned")}</span>` : "";
  const paired = other ? ` data-lang="${escapeHtml(lang)}"` : "";
  // A paired card shows only in its own interface language: the language is known, the other
  // version is what is worth saying.
  const language = other
    ? `<a class="card-other" href="/articles/${escapeHtml(other.id)}/" hreflang="${escapeHtml(other.data.lang)}">${bilingualHtml("content.readIn", undefined, OTHER_NAME[other.data.lang])}</a>`
    : `<span>${languageNameHtml(lang)}</span>`;
  return (
    `<article class="card" lang="${escapeHtml(lang)}"${paired}>${await articleCoverHtml(article)}<div>` +
    `<${heading} class="card-title"><a href="/articles/${escapeHtml(article.id)}/">${escapeHtml(title)}</a></${heading}>` +
    `<p class="card-summary">${escapeHtml(summary)}</p>` +
    `<p class="card-meta">${pin}${dateHtml(publishedAt)} · ` +
    `${bilingualHtml("content.minutes", { minutes: articleMinutes(article) })} · ` +
    `${language}</p></div></article>`
  );
}
