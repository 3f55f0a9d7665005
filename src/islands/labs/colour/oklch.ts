import {
  ColorSpace,
  contrastWCAG21,
  inGamut,
  mix,
  OKLab,
  OKLCH,
  type PlainColorObject,
  parse,
  serialize,
  sRGB,
  sRGB_Linear,
  to,
  toGamut,
  XYZ_D65,
} from "colorjs.io/fn";

// The colour maths of the OKLCH mixer, on Color.js (made by editors of CSS Color 4): mixing in
// OKLCH with CSS's hue rules, the CSS Color 4 gamut mapping to sRGB, and WCAG 2 contrast. Only
// the spaces used are registered, so the demo ships only them.
for (const space of [XYZ_D65, sRGB_Linear, sRGB, OKLab, OKLCH]) ColorSpace.register(space);

/** A colour in OKLCH: lightness 0–1, chroma 0–0.4 (sRGB reaches about 0.32), hue in degrees. */
export interface Lch {
  l: number;
  c: number;
  h: number;
}

/** The sliders' ranges and steps. */
export const LCH_RANGE = {
  l: { min: 0, max: 1, step: 0.005 },
  c: { min: 0, max: 0.4, step: 0.005 },
  h: { min: 0, max: 360, step: 1 },
} as const;

/** How the hue travels between two colours (CSS Color 4's `<hue-interpolation-method>`). */
export const HUE_METHODS = ["shorter", "longer", "increasing", "decreasing"] as const;
export type HueMethod = (typeof HUE_METHODS)[number];

const clamp = (n: number, min: number, max: number) => Math.min(max, Math.max(min, n));
const round = (n: number, digits: number) => {
  const f = 10 ** digits;
  // `+ 0` turns -0 into 0, which prints as "0".
  return Math.round(n * f) / f + 0;
};

/** Within the sliders' ranges, the hue brought into [0, 360). */
export function clampLch({ l, c, h }: Lch): Lch {
  const hue = Number.isFinite(h) ? ((h % 360) + 360) % 360 : 0;
  return {
    l: clamp(Number.isFinite(l) ? l : 0, 0, 1),
    c: clamp(Number.isFinite(c) ? c : 0, 0, LCH_RANGE.c.max),
    h: hue,
  };
}

/** A Color.js colour of an OKLCH triple; a grey's hue is "none" (powerless, as CSS says). */
function colour({ l, c, h }: Lch): PlainColorObject {
  return { space: OKLCH, coords: [l, c, c < 1e-6 ? Number.NaN : h], alpha: 1 };
}

/** Color.js's OKLCH coordinates, where a missing one ("none": a grey's hue) is null or NaN. */
function lchOfCoords(l: number | null, c: number | null, h: number | null): Lch {
  const known = (n: number | null) => (n === null || Number.isNaN(n) ? 0 : n);
  return clampLch({ l: known(l), c: known(c), h: known(h) });
}

/**
 * `a` and `b` mixed in OKLCH, `ratio` of the way from a to b (0 is a, 1 is b), the hue going
 * the way `hue` says. A grey takes the other colour's hue, as CSS's `color-mix()` does.
 */
export function mixOklch(a: Lch, b: Lch, ratio: number, hue: HueMethod = "shorter"): Lch {
  const [l, c, h] = mix(colour(a), colour(b), clamp(ratio, 0, 1), {
    space: "oklch",
    outputSpace: "oklch",
    hue,
  }).coords;
  return lchOfCoords(l, c, h);
}

/** The CSS of a colour: `oklch(62.5% 0.15 30)`. */
export function oklchCss(value: Lch): string {
  const { l, c, h } = clampLch(value);
  return `oklch(${round(l * 100, 1)}% ${round(c, 3)} ${round(h, 1)})`;
}

/** Whether sRGB (what every screen shows, and `#rrggbb` can say) holds the colour. */
export function inSrgb(value: Lch): boolean {
  return inGamut(colour(value), "srgb", { epsilon: 0.0001 });
}

/** The colour in sRGB: itself when inside, else mapped in by CSS Color 4's algorithm. */
function inSrgbSpace(value: Lch): PlainColorObject {
  return to(toGamut(colour(value), { space: "srgb", method: "css" }), "srgb");
}

/** The `#rrggbb` of the colour's sRGB version (see `inSrgbSpace`). */
export function hexOf(value: Lch): string {
  return serialize(inSrgbSpace(value), { format: "hex", collapse: false });
}

/** The OKLCH of a colour CSS can write (`#14161a`, `rgb(…)`, `oklch(…)`), or null. */
export function lchOf(css: string): Lch | null {
  try {
    const [l, c, h] = to(parse(css), "oklch").coords;
    return lchOfCoords(l, c, h);
  } catch {
    return null;
  }
}

/** The WCAG 2 contrast ratio (1–21) of the colour, as sRGB shows it, and a CSS colour. */
export function contrastWith(value: Lch, other: string): number {
  return contrastWCAG21(inSrgbSpace(value), parse(other));
}

/**
 * What a ratio passes in WCAG 2: AA asks 4.5:1 of normal text and 3:1 of large text (24 px, or
 * 18.66 px bold), AAA asks 7:1 and 4.5:1.
 */
export function wcagLevels(ratio: number) {
  return {
    aaNormal: ratio >= 4.5,
    aaaNormal: ratio >= 7,
    aaLarge: ratio >= 3,
    aaaLarge: ratio >= 4.5,
  };
}

/** A ratio as WCAG writes it, rounded down so a 4.499 never reads as a passing 4.5. */
export function ratioText(ratio: number): string {
  return `${(Math.floor(ratio * 100) / 100).toFixed(2)}:1`;
}

/** Each theme's page background and body text. */
export interface ThemeColours {
  bg: string;
  text: string;
}
export type SitePalette = Record<"dark" | "light", ThemeColours>;

/**
 * The two themes' `--bg` and `--text`, read from the site's stylesheet (src/styles/global.css):
 * the dark theme's block is `:root[data-theme="dark"]`'s, the light one's `:root[data-theme="light"]`'s.
 */
export function sitePalette(css: string): SitePalette {
  const theme = (name: "dark" | "light"): ThemeColours => {
    const block = new RegExp(`:root\\[data-theme="${name}"\\]\\s*\\{([^}]*)\\}`).exec(css)?.[1];
    const value = (prop: string) => {
      const found = block && new RegExp(`--${prop}:\\s*([^;]+);`).exec(block)?.[1]?.trim();
      if (!found) throw new Error(`No --${prop} in the ${name} theme of the stylesheet`);
      return found;
    };
    return { bg: value("bg"), text: value("text") };
  };
  return { dark: theme("dark"), light: theme("light") };
}

/** A colour in the address: `0.7_0.15_30` (lightness, chroma, hue). */
export function lchParam(value: Lch): string {
  const { l, c, h } = clampLch(value);
  return `${round(l, 3)}_${round(c, 3)}_${round(h, 1)}`;
}

/** The colour an address wrote, or null when it is not three numbers. */
export function parseLchParam(text: string | null): Lch | null {
  const parts = text?.split("_").map(Number);
  if (parts?.length !== 3 || parts.some((n) => !Number.isFinite(n))) return null;
  const [l = 0, c = 0, h = 0] = parts;
  return clampLch({ l, c, h });
}
