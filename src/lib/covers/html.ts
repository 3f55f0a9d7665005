import { escapeHtml } from "../html.ts";
import { COVER_HEIGHT, COVER_WIDTH, type CoverSubject, coverArt, shapesSvg } from "./art.ts";

// A generated cover on a page: the picture as inline SVG whose inks come from CSS custom
// properties (both themes' colours are given; global.css's `.gen-cover` rules pick the theme's),
// and the title over it as HTML in its language, so the browser sets it in its own CJK or Latin
// serif and wraps it. It is decoration beside the real title: hidden from assistive technology.

const made = new Map<string, string>();

/** The cover's HTML, made once per subject and class. */
export function generatedCoverHtml(subject: CoverSubject, className = ""): string {
  const key = `${subject.key}\u0000${subject.lang}\u0000${subject.title}\u0000${subject.category ?? ""}\u0000${className}`;
  const cached = made.get(key);
  if (cached) return cached;
  const art = coverArt(subject);
  const { light, dark } = art;
  const style =
    `--cv-p:${light.paper};--cv-i:${light.ink};--cv-s:${light.seal};--cv-t:${light.title};` +
    `--cv-pd:${dark.paper};--cv-id:${dark.ink};--cv-sd:${dark.seal};--cv-td:${dark.title}`;
  const html =
    `<div class="gen-cover${className ? ` ${escapeHtml(className)}` : ""}" style="${style}" aria-hidden="true">` +
    `<svg viewBox="0 0 ${COVER_WIDTH} ${COVER_HEIGHT}" preserveAspectRatio="xMidYMid slice" focusable="false">${shapesSvg(art)}</svg>` +
    `<span class="gen-cover-title" lang="${subject.lang}">${escapeHtml(subject.title)}</span></div>`;
  made.set(key, html);
  return html;
}
