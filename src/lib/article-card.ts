import { getImage } from "astro:assets";
import { bilingualHtml } from "../i18n";
import { type Article, articleMinutes, formatDate } from "./content.ts";
import { generatedCoverHtml } from "./covers/html.ts";
import { articleSubject } from "./covers/subjects.ts";
import { escapeHtml } from "./html.ts";

// An article's card (cover, its own or a generated one; title, summary, date, reading time) for
// the list pages and the home page, as HTML made once per article and heading level: at 1000
// articles per language a build prints each card on about five list pages (all, language,
// category, tags), and a card component per card cost about as much as the rest of those pages.
// Every text is escaped; the styles are global.css's `.card` rules.

type Level = 2 | 3;

const made = new WeakMap<Article, Map<Level, Promise<string>>>();

/** The card; `level` is the title's heading level: 2 in a list page, 3 inside a home section. */
function articleCardHtml(article: Article, level: Level = 2): Promise<string> {
  let byLevel = made.get(article);
  if (!byLevel) {
    byLevel = new Map();
    made.set(article, byLevel);
  }
  let html = byLevel.get(level);
  if (!html) {
    html = makeCard(article, level);
    byLevel.set(level, html);
  }
  return html;
}

/** The cards of these articles, in order, as one string of HTML. */
export async function articleCardsHtml(
  articles: readonly Article[],
  level: Level = 2,
): Promise<string> {
  return (await Promise.all(articles.map((article) => articleCardHtml(article, level)))).join("");
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

async function makeCard(article: Article, level: Level): Promise<string> {
  const { title, summary, lang, publishedAt, pinned } = article.data;
  const heading = `h${level}`;
  const pin = pinned ? `<span class="card-pin">${bilingualHtml("content.pinned")}</span>` : "";
  return (
    `<article class="card" lang="${escapeHtml(lang)}">${await articleCoverHtml(article)}<div>` +
    `<${heading} class="card-title"><a href="/articles/${escapeHtml(article.id)}/">${escapeHtml(title)}</a></${heading}>` +
    `<p class="card-summary">${escapeHtml(summary)}</p>` +
    `<p class="card-meta">${pin}<time datetime="${publishedAt.toISOString()}">${escapeHtml(formatDate(publishedAt, lang))}</time> · ` +
    `${bilingualHtml("content.minutes", { minutes: articleMinutes(article) })} · ` +
    `<span>${lang === "zh-CN" ? "中文" : "English"}</span></p></div></article>`
  );
}
