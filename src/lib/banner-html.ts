import { bilingualHtml, bilingualText } from "../i18n";
import type { HomeBanner } from "./banners.ts";
import { escapeHtml } from "./html.ts";
import { bothOrEither, frameStyle, pictureHtml } from "./photo-html.ts";

// The home page's carousel as HTML, made once per build (docs/decisions/build-cost.md);
// every text is escaped. Without a script it is a row of slides that scroll and snap sideways,
// the first one showing, with a link to each slide; src/components/banners/carousel.ts adds
// previous, next, pause and rotation. Styles: src/components/HomeBanners.astro.
//
// Each slide is a group named by its title (the WAI-ARIA carousel's slides); its image is decorative (alt="") and its alt text
// is printed in both languages as visually hidden text, as the gallery's tiles do, so the
// accessible name is the interface language's alone. The first slide's image is the page's
// largest paint: loaded at once, with high priority; the others load lazily and at low priority
// (laid out beside the first, Chromium would raise them to high and fetch them alongside it).

/** How wide the carousel is drawn: the home page's column (42rem) less nothing on a phone. */
export const BANNER_SIZES = "(min-width: 44.5rem) 42rem, calc(100vw - 2.5rem)";

const slideId = (index: number) => `banner-${index + 1}`;

function slideHtml(banner: HomeBanner, index: number, count: number): string {
  const id = slideId(index);
  const title = bilingualText(bothOrEither(banner.title));
  // A span, not a p: it sits in the span .banner-text (phrasing content only), whose grid lays
  // it out as a block all the same.
  const subtitle =
    banner.subtitle["zh-CN"] || banner.subtitle["en-US"]
      ? `<span class="banner-subtitle">${bilingualText(bothOrEither(banner.subtitle))}</span>`
      : "";
  const position = bilingualHtml("banners.slide", { index: index + 1, count });
  const alt = `<span class="visually-hidden">${bilingualText(bothOrEither(banner.alt, banner.title))}</span>`;
  const picture = pictureHtml(banner.picture, {
    sizes: BANNER_SIZES,
    lazy: index > 0,
    priority: index === 0 ? "high" : "low",
  });
  const text =
    `<span class="banner-text"><span class="visually-hidden">${position}</span>` +
    `<strong class="banner-title" id="${id}-title">${title}</strong>${subtitle}</span>`;
  // A slide with a link is one link (image and words); one without is the image and words.
  const body = banner.link
    ? `<a class="banner-body" href="${escapeHtml(banner.link)}">${picture}${alt}${text}</a>`
    : `<div class="banner-body">${picture}${alt}${text}</div>`;
  return `<div class="banner" id="${id}" role="group" aria-labelledby="${id}-title" style="${frameStyle(banner.picture)}">${body}</div>`;
}

/** The carousel's slides and its controls; nothing when no banner is live. */
export function bannersHtml(banners: readonly HomeBanner[]): string {
  const count = banners.length;
  if (count === 0) return "";
  const slides = banners.map((banner, index) => slideHtml(banner, index, count)).join("");
  // A row that scrolls is reached by keyboard: through its links, else by itself.
  const focusable = banners.every((banner) => banner.link) ? "" : ' tabindex="0"';
  const dots = banners
    .map(
      (_banner, index) =>
        `<li><a class="banner-dot" href="#${slideId(index)}" aria-controls="banner-track"${index === 0 ? ' aria-current="true"' : ""}>` +
        `<span class="visually-hidden">${bilingualHtml("banners.show", { index: index + 1, count })}</span></a></li>`,
    )
    .join("");
  const controls =
    count > 1
      ? `<div class="banner-controls">` +
        `<button type="button" class="banner-button banner-rotation" data-banner="rotation" aria-controls="banner-track" hidden>` +
        `<span class="when-playing">${bilingualHtml("banners.pause")}</span><span class="when-paused">${bilingualHtml("banners.play")}</span></button>` +
        `<button type="button" class="banner-button" data-banner="previous" aria-controls="banner-track" hidden><span class="visually-hidden">${bilingualHtml("banners.previous")}</span></button>` +
        `<nav class="banner-dots" aria-labelledby="banner-dots-label"><span id="banner-dots-label" class="visually-hidden">${bilingualHtml("banners.choose")}</span><ul>${dots}</ul></nav>` +
        `<button type="button" class="banner-button" data-banner="next" aria-controls="banner-track" hidden><span class="visually-hidden">${bilingualHtml("banners.next")}</span></button>` +
        `</div>`
      : "";
  return (
    `<h2 id="banners-heading" class="visually-hidden">${bilingualHtml("banners.label")}</h2>` +
    `<div class="banner-track" id="banner-track"${focusable}>${slides}</div>${controls}`
  );
}
