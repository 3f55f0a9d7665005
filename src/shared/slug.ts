import { CONTENT_LIMITS } from "./content-rules.ts";

/** A text as words of Latin letters: Chinese characters in pinyin, the rest as it is. */
export type Romanize = (text: string) => string[];

/** Holds a Chinese character. */
export const HAN = /\p{Script=Han}/u;

let romanizer: Promise<Romanize> | null = null;
/** The romanizer loaded (once): pinyin-pro's pinyin without tones, `ü` as `v`. */
let loaded: Romanize | null = null;

/** Whether pinyin is loaded, so that `suggestSlug` romanizes Chinese titles. */
export const romanizerLoaded = () => loaded !== null;

/**
 * pinyin-pro, loaded with the first Chinese title typed or imported (its dictionary is large,
 * and most screens never need it).
 */
export function loadRomanizer(): Promise<Romanize> {
  romanizer ??= import("pinyin-pro").then(({ pinyin }) => {
    loaded = (text) =>
      pinyin(text, { toneType: "none", type: "array", nonZh: "consecutive", v: true });
    return loaded;
  });
  return romanizer;
}

/**
 * A slug suggested from a title: Latin letters (accents dropped) and digits joined by single
 * hyphens, Chinese characters in pinyin when `romanize` is given ("静态优先" is
 * "jing-tai-you-xian"); without it, a Chinese title gives none.
 */
export function suggestSlug(
  title: string,
  max: number = CONTENT_LIMITS.slug,
  romanize: Romanize | null = loaded,
): string {
  const text = romanize && HAN.test(title) ? romanize(title).join(" ") : title;
  const words = text
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter(Boolean);
  let slug = "";
  for (const word of words) {
    const next = slug ? `${slug}-${word}` : word;
    if (next.length > max) break;
    slug = next;
  }
  return slug;
}
