import { COVER_HEIGHT, COVER_WIDTH, type CoverSubject, coverArt, shapesSvg } from "./art.ts";

// What a generated cover on a page is drawn from (src/components/GeneratedCover.astro prints it):
// its inks as CSS custom properties (both themes' colours; cards.css's `.gen-cover` rules pick
// the theme's) and its shapes as SVG. A card shows on several list pages: each subject's art is
// worked out once per build.

export interface GeneratedCover {
  style: string;
  /** SVG elements made from numbers and class names alone (shapesSvg), no text of anyone's. */
  shapes: string;
  viewBox: string;
}

const made = new Map<string, GeneratedCover>();

/** The cover of this subject, worked out once. */
export function generatedCover(subject: CoverSubject): GeneratedCover {
  const key = `${subject.key}\u0000${subject.lang}\u0000${subject.title}\u0000${subject.category ?? ""}`;
  let cover = made.get(key);
  if (!cover) {
    const art = coverArt(subject);
    const { light, dark } = art;
    cover = {
      style:
        `--cv-p:${light.paper};--cv-i:${light.ink};--cv-s:${light.seal};--cv-t:${light.title};` +
        `--cv-pd:${dark.paper};--cv-id:${dark.ink};--cv-sd:${dark.seal};--cv-td:${dark.title}`,
      shapes: shapesSvg(art),
      viewBox: `0 0 ${COVER_WIDTH} ${COVER_HEIGHT}`,
    };
    made.set(key, cover);
  }
  return cover;
}
