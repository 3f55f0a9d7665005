import type { Locale } from "../../i18n/locale.ts";
import { escapeHtml } from "../../shared/html.ts";
import { seededRandom } from "../seeded-random.ts";

// A generated cover: an ink landscape in the site's two inks (its name is "Two Inks"), made
// from an article's (or book's) slug, category and language, so the same subject always gets
// the same picture and each category keeps its colours. One definition, drawn two ways: as
// inline SVG with the title in HTML on the site's pages (the theme picks the palette through
// CSS, the browser sets the title in its own CJK or Latin font: src/lib/covers/html.ts), and as
// a whole SVG with the title in it, rasterised to a 1200×630 Open Graph image
// (src/lib/covers/og.ts).

/** What a cover is made from. */
export interface CoverSubject {
  /** What makes this picture its own (an article's slug; a book's `book:<slug>`). */
  key: string;
  title: string;
  lang: Locale;
  /** Picks the inks: one category, one pair of colours. */
  category?: string | undefined;
}

export type CoverTheme = "light" | "dark";

/** The cover's frame: the Open Graph size; pages scale it. */
export const COVER_WIDTH = 1200;
export const COVER_HEIGHT = 630;

/** Paper, the two inks and the title's colour, for one theme. */
export interface Palette {
  paper: string;
  ink: string;
  seal: string;
  title: string;
}

export interface CoverArt {
  light: Palette;
  dark: Palette;
  /** Ridges from the farthest to the nearest: an SVG path each, and its ink's opacity. */
  ridges: Array<{ d: string; opacity: number }>;
  /** The seal (a sun or a stamp): the second ink. */
  seal: { cx: number; cy: number; r: number };
  /** Ink drops in the sky. */
  drops: Array<{ cx: number; cy: number; r: number; opacity: number }>;
}

/** FNV-1a: a 32-bit hash of a string, the seed of everything random about a cover. */
export function hash32(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

/** Ink hues (indigo, pine, plum, slate, umber, teal) and seal hues (vermilion, gold, rose). */
export const INKS = [222, 158, 292, 205, 24, 184] as const;
export const SEALS = [8, 38, 350] as const;

function hex(h: number, s: number, l: number): string {
  const sat = s / 100;
  const light = l / 100;
  const a = sat * Math.min(light, 1 - light);
  const f = (n: number) => {
    const k = (n + h / 30) % 12;
    const c = light - a * Math.max(-1, Math.min(k - 3, 9 - k, 1));
    return Math.round(c * 255)
      .toString(16)
      .padStart(2, "0");
  };
  return `#${f(0)}${f(8)}${f(4)}`;
}

/** The inks of a category (or of the subject itself, without one), in both themes. */
export function paletteOf(subject: CoverSubject): { light: Palette; dark: Palette } {
  const { ink, seal } = inksOf(subject.category ?? subject.key);
  return inkPalettes(INKS[ink] ?? INKS[0], SEALS[seal] ?? SEALS[0]);
}

/** Which of INKS and SEALS a category (or a key) picks, as indexes. */
export function inksOf(name: string): { ink: number; seal: number } {
  const h = hash32(name);
  return { ink: h % INKS.length, seal: (h >>> 8) % SEALS.length };
}

/** Paper, inks and title colour for one ink hue and one seal hue, in both themes. */
export function inkPalettes(ink: number, seal: number): { light: Palette; dark: Palette } {
  return {
    light: {
      paper: hex(40, 38, 94),
      ink: hex(ink, 38, 30),
      seal: hex(seal, 72, 48),
      title: hex(ink, 45, 16),
    },
    dark: {
      paper: hex(ink, 22, 13),
      ink: hex(ink, 32, 58),
      seal: hex(seal, 62, 58),
      title: hex(40, 30, 93),
    },
  };
}

/** A ridge across the frame: a smooth line through random heights around `base`, closed below. */
function ridge(next: () => number, base: number, swing: number, steps: number): string {
  const step = COVER_WIDTH / steps;
  const points: Array<[number, number]> = [];
  for (let i = 0; i <= steps; i++) {
    points.push([i * step, base - next() * swing]);
  }
  const round = (n: number) => Math.round(n);
  let d = `M0 ${COVER_HEIGHT}L0 ${round(points[0]?.[1] ?? base)}`;
  // Each stretch is a curve to the midpoint of the next two points (a smooth, rounded line).
  for (let i = 1; i < points.length; i++) {
    const [x0, y0] = points[i - 1] ?? [0, base];
    const [x1, y1] = points[i] ?? [COVER_WIDTH, base];
    d += `Q${round(x0)} ${round(y0)} ${round((x0 + x1) / 2)} ${round((y0 + y1) / 2)}`;
  }
  const last = points[points.length - 1] ?? [COVER_WIDTH, base];
  d += `L${round(last[0])} ${round(last[1])}L${COVER_WIDTH} ${COVER_HEIGHT}Z`;
  return d;
}

/** The picture of a subject: the same every time for the same subject. */
export function coverArt(subject: CoverSubject): CoverArt {
  const next = seededRandom(hash32(`${subject.key}\u0000${subject.lang}`));
  const ridges = [
    { d: ridge(next, 430, 150, 5), opacity: 0.22 },
    { d: ridge(next, 500, 120, 6), opacity: 0.45 },
    { d: ridge(next, 580, 90, 8), opacity: 0.85 },
  ];
  // The seal sits to the right, above the far ridge, clear of the title on the left (which
  // ends at 720 of 1200: TITLE_BOX here, `.gen-cover-title`'s width on pages).
  const seal = {
    cx: Math.round(840 + next() * 240),
    cy: Math.round(120 + next() * 140),
    r: Math.round(46 + next() * 40),
  };
  const drops = Array.from({ length: 3 + Math.floor(next() * 3) }, () => ({
    cx: Math.round(820 + next() * 340),
    cy: Math.round(40 + next() * 300),
    r: Math.round(4 + next() * 14),
    opacity: Math.round((0.25 + next() * 0.35) * 100) / 100,
  }));
  return { ...paletteOf(subject), ridges, seal, drops };
}

/** The picture's shapes, filled by class (`cv-ink`, `cv-seal`) or by the colours given. */
export function shapesSvg(art: CoverArt, colours?: Palette): string {
  const fill = (part: "ink" | "seal") =>
    colours ? `fill="${colours[part]}"` : `class="cv-${part}"`;
  let svg = "";
  for (const drop of art.drops) {
    svg += `<circle cx="${drop.cx}" cy="${drop.cy}" r="${drop.r}" ${fill("ink")} opacity="${drop.opacity}"/>`;
  }
  svg += `<circle cx="${art.seal.cx}" cy="${art.seal.cy}" r="${art.seal.r}" ${fill("seal")} opacity="0.9"/>`;
  for (const layer of art.ridges) {
    svg += `<path d="${layer.d}" ${fill("ink")} opacity="${layer.opacity}"/>`;
  }
  return svg;
}

/** Roughly how wide a character is, in ems: full width for CJK, less for Latin. */
function charWidth(char: string): number {
  const code = char.codePointAt(0) ?? 0;
  if (code >= 0x2e80) return 1;
  if (char === " ") return 0.28;
  if (/[ilj.,:;'!|]/.test(char)) return 0.3;
  if (/[A-Z MW]/.test(char) || /[mw]/.test(char)) return 0.72;
  return 0.52;
}

const width = (text: string) => [...text].reduce((sum, char) => sum + charWidth(char), 0);

/** Characters a Chinese line does not start with. */
const NO_START = /^[，。、；：！？）」』》〉”’…,.;:!?)]/u;

/**
 * The title in lines of at most `maxEms` wide, at most `maxLines` of them, the last one ending
 * in "…" when the title is longer: Latin text breaks between words (a word longer than a line
 * is cut), CJK text between characters but not before closing punctuation.
 */
export function wrapTitle(title: string, maxEms: number, maxLines: number): string[] {
  // Words and single CJK characters, each with the space that follows it.
  const pieces = title.trim().match(/[\u2e80-\uffff]|[^\s\u2e80-\uffff]+\s*|\s+/gu) ?? [];
  const lines: string[] = [];
  let line = "";
  for (const piece of pieces) {
    const candidate = line + piece;
    if (width(candidate.trimEnd()) <= maxEms || line === "") {
      line = candidate;
      continue;
    }
    if (NO_START.test(piece) && width(candidate.trimEnd()) <= maxEms + 1) {
      line = candidate;
      continue;
    }
    lines.push(line.trimEnd());
    line = piece.trimStart();
  }
  if (line.trim()) lines.push(line.trimEnd());
  // A word wider than a line is cut to fit.
  const fitted = lines.map((text) => {
    if (width(text) <= maxEms) return text;
    let cut = "";
    for (const char of text) {
      if (width(`${cut}${char}…`) > maxEms) break;
      cut += char;
    }
    return `${cut}…`;
  });
  if (fitted.length <= maxLines) return fitted;
  const kept = fitted.slice(0, maxLines);
  let last = kept[maxLines - 1] ?? "";
  while (last && width(`${last}…`) > maxEms) last = [...last].slice(0, -1).join("");
  kept[maxLines - 1] = `${last.replace(/[\s,，、.。:：;；]+$/u, "")}…`;
  return kept;
}

/** The fonts of a title in an image: a serif in the title's script, from what the system has. */
export const TITLE_FONTS: Record<Locale, string> = {
  "zh-CN": "'Noto Serif CJK SC', 'Source Han Serif SC', 'Songti SC', 'Noto Serif SC', serif",
  "en-US": "'Noto Serif CJK SC', 'Source Han Serif SC', 'Noto Serif', Georgia, serif",
};

/** The title's room in the Open Graph image: left of the seal, above the near ridges. */
const TITLE_BOX = 640;
const TITLE_SIZES = [76, 68, 60] as const;

/** The title's lines and font size: the largest size at which it fits in three lines. */
export function titleLayout(title: string): { size: number; lines: string[] } {
  for (const size of TITLE_SIZES) {
    const lines = wrapTitle(title, TITLE_BOX / size, 3);
    if (!lines.some((line) => line.endsWith("…"))) return { size, lines };
  }
  const size = TITLE_SIZES[TITLE_SIZES.length - 1] ?? 60;
  return { size, lines: wrapTitle(title, TITLE_BOX / size, 3) };
}

/**
 * The whole picture as one SVG document, with the title and the site's name set in it: what
 * the Open Graph image is drawn from. Every text is escaped.
 */
export function coverSvg(
  subject: CoverSubject,
  options: { theme?: CoverTheme; siteName?: string } = {},
): string {
  const art = coverArt(subject);
  const colours = art[options.theme ?? "light"];
  const { size, lines } = titleLayout(subject.title);
  const lineHeight = Math.round(size * 1.3);
  const top = 96 + size;
  const font = TITLE_FONTS[subject.lang];
  const text = lines
    .map(
      (line, i) =>
        `<text x="80" y="${top + i * lineHeight}" font-size="${size}" font-weight="700">${escapeHtml(line)}</text>`,
    )
    .join("");
  const site = options.siteName
    ? `<text x="80" y="${COVER_HEIGHT - 48}" font-size="30" fill="${colours.paper}" opacity="0.92">${escapeHtml(options.siteName)}</text>`
    : "";
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${COVER_WIDTH}" height="${COVER_HEIGHT}" viewBox="0 0 ${COVER_WIDTH} ${COVER_HEIGHT}">` +
    `<rect width="${COVER_WIDTH}" height="${COVER_HEIGHT}" fill="${colours.paper}"/>` +
    shapesSvg(art, colours) +
    `<g font-family="${font}" fill="${colours.title}" xml:lang="${subject.lang}">${text}</g>` +
    `<g font-family="${font}" xml:lang="${subject.lang}">${site}</g>` +
    "</svg>"
  );
}
