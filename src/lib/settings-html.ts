import { bilingualText, LOCALES, type Locale } from "../i18n/index.ts";
import type { BothLanguages } from "../shared/kinds/photo.ts";
import type { SnapshotSettings } from "../shared/kinds/settings.ts";
import { escapeHtml } from "./html.ts";
import { bothOrEither, pictureHtml } from "./photo-html.ts";

// What the pages print of the site's settings, made once per build (src/lib/settings.ts reads
// them): the site's name and tagline in both languages, the about page's profile card, and the
// pieces of every page's head (its head script is src/lib/head-script.ts's). Every text the owner
// typed is escaped here (`bilingualText`, `escapeHtml`): nothing of it reaches `set:html` raw.

export interface SiteView {
  settings: SnapshotSettings;
  /** The site's name, both languages' spans (the header, the footer, the home page's heading). */
  nameHtml: string;
  /** The tagline, both languages' spans; empty for none. */
  taglineHtml: string;
  /** The about page's profile card; empty until the author has a name. */
  profileHtml: string;
  /** The author's parts (the home page's card prints them its own way); null without a name. */
  author: AuthorHtml | null;
}

/** The author's card in parts, escaped HTML; a part left empty in settings is "". */
export interface AuthorHtml {
  nameHtml: string;
  /** The picture (a `.profile-avatar` span), lazy, sized by its box. */
  avatarHtml: string;
  bioHtml: string;
  /** The social links as `<li>` items (`rel="me"`). */
  linkItemsHtml: string;
}

const hasText = (text: BothLanguages) => Boolean(text["zh-CN"] || text["en-US"]);

/** Everything the pages print of `settings`. */
export function siteView(settings: SnapshotSettings): SiteView {
  return {
    settings,
    nameHtml: bilingualText(settings.title),
    taglineHtml: hasText(settings.tagline) ? bilingualText(bothOrEither(settings.tagline)) : "",
    profileHtml: profileCardHtml(settings),
    author: authorHtml(settings),
  };
}

/** A page's title in each language: the page's name and the site's, or the site's alone. */
export function pageTitles(
  page: Record<Locale, string>,
  site: BothLanguages,
): Record<Locale, string> {
  const title = (locale: Locale) =>
    page[locale] === site[locale] ? site[locale] : `${page[locale]} · ${site[locale]}`;
  return Object.fromEntries(LOCALES.map((locale) => [locale, title(locale)])) as Record<
    Locale,
    string
  >;
}

/**
 * A page's meta description where the page names none of its own: the site's description in
 * `locale` (the other language's if that one is empty), else its tagline; empty for none.
 */
export function siteDescription(settings: SnapshotSettings, locale: Locale): string {
  return bothOrEither(settings.description)[locale] || bothOrEither(settings.tagline)[locale] || "";
}

/**
 * The author's card: picture, name, short bio and social links (`rel="me"`, which tells a
 * profile elsewhere that links back that both are the same person). A text left empty in one
 * language shows the other's.
 */
export function profileCardHtml(settings: SnapshotSettings): string {
  const author = authorHtml(settings);
  if (!author) return "";
  const bio = author.bioHtml && `<p class="profile-bio">${author.bioHtml}</p>`;
  const links = author.linkItemsHtml && `<ul class="profile-links">${author.linkItemsHtml}</ul>`;
  return (
    `<section class="profile-card" aria-labelledby="profile-name">${author.avatarHtml}` +
    `<div class="profile-text"><h2 id="profile-name" class="profile-name">${author.nameHtml}</h2>` +
    `${bio}${links}</div></section>`
  );
}

/** The author's name, picture, bio and links, escaped; null until the author has a name. */
export function authorHtml(settings: SnapshotSettings): AuthorHtml | null {
  if (!hasText(settings.authorName)) return null;
  return {
    nameHtml: bilingualText(bothOrEither(settings.authorName)),
    avatarHtml: settings.avatarPicture
      ? `<span class="profile-avatar">${pictureHtml(settings.avatarPicture, { sizes: "6rem", lazy: true })}</span>`
      : "",
    bioHtml: hasText(settings.authorBio) ? bilingualText(bothOrEither(settings.authorBio)) : "",
    linkItemsHtml: settings.socialLinks
      .map(
        (link) =>
          `<li><a href="${escapeHtml(link.url)}" rel="me noopener noreferrer">${escapeHtml(link.label)}</a></li>`,
      )
      .join(""),
  };
}

/**
 * The card's styles, printed with it (the about page's head): a site without the card carries
 * none of them. An inline style, hashed for the CSP by the build like every other.
 */
export const PROFILE_CSS = [
  ".profile-card{display:flex;align-items:flex-start;gap:1.25rem;margin-block-start:2.5rem;padding:1.25rem;border:1px solid var(--border);border-radius:var(--radius);background:var(--surface)}",
  ".profile-avatar{flex:none;inline-size:6rem;block-size:6rem;overflow:hidden;border-radius:50%;background:var(--border)}",
  ".profile-avatar img{display:block;inline-size:100%;block-size:100%;object-fit:cover}",
  ".profile-name{margin:0 0 .25rem;font-size:1.25rem}",
  ".profile-bio{margin:0 0 .75rem;color:var(--text-muted)}",
  ".profile-links{display:flex;flex-wrap:wrap;gap:.5rem 1rem;margin:0;padding:0;list-style:none}",
  ".profile-links a{display:inline-block;padding-block:.25rem}",
  "@media (max-width:480px){.profile-card{flex-direction:column}}",
].join("");
