import {
  COVER_HEIGHT,
  COVER_WIDTH,
  type CoverArt,
  coverArt,
  INKS,
  inkPalettes,
  inksOf,
  type Palette,
  SEALS,
} from "../../../lib/covers/art.ts";

// A generative pattern made by the site's own cover generator (src/lib/covers/art.ts): a sheet
// of its ink landscapes, each drawn from the seed, so the same seed, inks and density always
// give the same picture. At 1 × 1 the sheet is the very picture an English article whose slug
// is the seed gets as its cover; denser sheets add more landscapes, each from the seed and its
// place. The generator gives SVG path data; the canvas draws the same paths with Path2D.

/** The cover's inks (INKS' order) and seals (SEALS' order), by name. */
export const INK_NAMES = ["indigo", "pine", "plum", "slate", "umber", "teal"] as const;
export const SEAL_NAMES = ["vermilion", "gold", "rose"] as const;
export type InkName = (typeof INK_NAMES)[number];

/** "seed": the inks the seed picks, as a cover without a category gets them; else one ink. */
export const PALETTES = ["seed", ...INK_NAMES] as const;
export type PaletteName = (typeof PALETTES)[number];

/** Landscapes per row (and per column). */
export const DENSITIES = [1, 2, 3, 4] as const;
export type Density = (typeof DENSITIES)[number];

/** The sheet is the cover's frame: 1200 × 630. */
export const PATTERN_WIDTH = COVER_WIDTH;
export const PATTERN_HEIGHT = COVER_HEIGHT;
/** Paper between two landscapes. */
const GUTTER = 10;

/** The longest seed kept (a seed is a text; the address carries it). */
export const SEED_MAX = 60;

export interface PatternSettings {
  seed: string;
  palette: PaletteName;
  density: Density;
}

export interface PatternTile {
  /** Where the landscape sits on the sheet, and how much it is scaled from 1200 × 630. */
  x: number;
  y: number;
  scaleX: number;
  scaleY: number;
  art: CoverArt;
}

export interface Pattern {
  tiles: PatternTile[];
  /** Indexes into INK_NAMES and SEAL_NAMES. */
  ink: number;
  seal: number;
  light: Palette;
  dark: Palette;
}

/** The subject of the landscape at `index`: the seed itself first, then the seed and its place. */
export const tileKey = (seed: string, index: number) => (index === 0 ? seed : `${seed}/${index}`);

/** The sheet for these settings: the same every time for the same settings. */
export function patternOf({ seed, palette, density }: PatternSettings): Pattern {
  const picked = inksOf(seed);
  const named = INK_NAMES.indexOf(palette as InkName);
  const ink = named >= 0 ? named : picked.ink;
  const { light, dark } = inkPalettes(INKS[ink] ?? INKS[0], SEALS[picked.seal] ?? SEALS[0]);
  const width = (PATTERN_WIDTH - GUTTER * (density - 1)) / density;
  const height = (PATTERN_HEIGHT - GUTTER * (density - 1)) / density;
  const tiles: PatternTile[] = [];
  for (let index = 0; index < density * density; index++) {
    const row = Math.floor(index / density);
    const column = index % density;
    tiles.push({
      x: column * (width + GUTTER),
      y: row * (height + GUTTER),
      scaleX: width / COVER_WIDTH,
      scaleY: height / COVER_HEIGHT,
      // The cover generator itself; the title is not part of the picture.
      art: coverArt({ key: tileKey(seed, index), title: "", lang: "en-US" }),
    });
  }
  return { tiles, ink, seal: picked.seal, light, dark };
}

/** What drawing needs of a 2D context (a canvas's, or a test's recorder). */
export interface PatternContext<P> {
  fillStyle: string | CanvasGradient | CanvasPattern;
  globalAlpha: number;
  save(): void;
  restore(): void;
  translate(x: number, y: number): void;
  scale(x: number, y: number): void;
  fillRect(x: number, y: number, w: number, h: number): void;
  beginPath(): void;
  arc(x: number, y: number, r: number, start: number, end: number): void;
  fill(path?: P): void;
}

/**
 * Draws the sheet in one theme's colours: the paper, then each landscape as the cover draws it
 * (drops, the seal, the ridges from far to near). `shown` is how much of each landscape shows
 * (0 to 1), for an animation; by default all of it. `path` makes a path from SVG path data
 * (`new Path2D(d)` in a browser).
 */
export function drawPattern<P>(
  ctx: PatternContext<P>,
  pattern: Pattern,
  colours: Palette,
  path: (d: string) => P,
  shown: (index: number) => number = () => 1,
): void {
  ctx.globalAlpha = 1;
  ctx.fillStyle = colours.paper;
  ctx.fillRect(0, 0, PATTERN_WIDTH, PATTERN_HEIGHT);
  pattern.tiles.forEach((tile, index) => {
    const alpha = Math.max(0, Math.min(1, shown(index)));
    if (alpha === 0) return;
    const { art } = tile;
    ctx.save();
    ctx.translate(tile.x, tile.y);
    ctx.scale(tile.scaleX, tile.scaleY);
    const circle = (cx: number, cy: number, r: number, colour: string, opacity: number) => {
      ctx.globalAlpha = opacity * alpha;
      ctx.fillStyle = colour;
      ctx.beginPath();
      ctx.arc(cx, cy, r, 0, Math.PI * 2);
      ctx.fill();
    };
    for (const drop of art.drops) circle(drop.cx, drop.cy, drop.r, colours.ink, drop.opacity);
    circle(art.seal.cx, art.seal.cy, art.seal.r, colours.seal, 0.9);
    for (const ridge of art.ridges) {
      ctx.globalAlpha = ridge.opacity * alpha;
      ctx.fillStyle = colours.ink;
      ctx.fill(path(ridge.d));
    }
    ctx.restore();
  });
  ctx.globalAlpha = 1;
}

/** The sheet as one SVG document, for the page without a script (and the same shapes). */
export function patternSvg(pattern: Pattern, colours: Palette): string {
  const shapes = pattern.tiles
    .map((tile) => {
      const { art } = tile;
      const circles = [
        ...art.drops.map(
          (d) => `<circle cx="${d.cx}" cy="${d.cy}" r="${d.r}" opacity="${d.opacity}"/>`,
        ),
      ].join("");
      const ridges = art.ridges.map((r) => `<path d="${r.d}" opacity="${r.opacity}"/>`).join("");
      return (
        `<g transform="translate(${round(tile.x)} ${round(tile.y)}) scale(${round(tile.scaleX)} ${round(tile.scaleY)})" fill="${colours.ink}">` +
        circles +
        `<circle cx="${art.seal.cx}" cy="${art.seal.cy}" r="${art.seal.r}" fill="${colours.seal}" opacity="0.9"/>` +
        ridges +
        "</g>"
      );
    })
    .join("");
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${PATTERN_WIDTH} ${PATTERN_HEIGHT}"><rect width="${PATTERN_WIDTH}" height="${PATTERN_HEIGHT}" fill="${colours.paper}"/>${shapes}</svg>`;
}

const round = (n: number) => Math.round(n * 10000) / 10000;

const FIRST = ["misty", "quiet", "amber", "northern", "rainy", "early", "silver", "hidden"];
const SECOND = ["ridge", "harbour", "valley", "pine", "lantern", "river", "garden", "summit"];

/** A fresh seed that reads as words, from `random` (numbers in [0, 1)). */
export function newSeed(random: () => number = Math.random): string {
  const pick = (words: readonly string[]) => words[Math.floor(random() * words.length)] ?? "";
  return `${pick(FIRST)}-${pick(SECOND)}-${Math.floor(random() * 90) + 10}`;
}

/** A seed as kept: trimmed, at most SEED_MAX characters, never empty. */
export function cleanSeed(text: string, fallback: string): string {
  const seed = [...text.trim()].slice(0, SEED_MAX).join("");
  return seed || fallback;
}
