// The blend playground's CSS: a photo under `filter`, and a colour or gradient layer over it
// blended with `mix-blend-mode`; the settings read from and written to the page's address.

/** Every `mix-blend-mode` (CSS Compositing and Blending). */
export const BLEND_MODES = [
  "normal",
  "multiply",
  "screen",
  "overlay",
  "darken",
  "lighten",
  "color-dodge",
  "color-burn",
  "hard-light",
  "soft-light",
  "difference",
  "exclusion",
  "hue",
  "saturation",
  "color",
  "luminosity",
] as const;
export type BlendMode = (typeof BLEND_MODES)[number];

/** The filter functions offered, each with its unit, range and the value that changes nothing. */
export const FILTERS = {
  blur: { unit: "px", min: 0, max: 10, step: 0.5, none: 0 },
  contrast: { unit: "%", min: 0, max: 200, step: 5, none: 100 },
  grayscale: { unit: "%", min: 0, max: 100, step: 5, none: 0 },
  "hue-rotate": { unit: "deg", min: 0, max: 360, step: 5, none: 0 },
  saturate: { unit: "%", min: 0, max: 300, step: 5, none: 100 },
  sepia: { unit: "%", min: 0, max: 100, step: 5, none: 0 },
} as const;
export type FilterName = keyof typeof FILTERS;
export const FILTER_NAMES = Object.keys(FILTERS) as FilterName[];
export type Filters = Record<FilterName, number>;

export const LAYER_KINDS = ["colour", "gradient"] as const;
export type LayerKind = (typeof LAYER_KINDS)[number];

export interface Blend {
  mode: BlendMode;
  filters: Filters;
  layer: LayerKind;
  /** `#rrggbb`: the layer's colour, and the gradient's start. */
  from: string;
  /** `#rrggbb`: the gradient's end. */
  to: string;
  /** The layer's opacity, 0–100 (%). */
  opacity: number;
}

const NO_FILTERS = Object.fromEntries(FILTER_NAMES.map((n) => [n, FILTERS[n].none])) as Filters;

export const DEFAULT_BLEND: Blend = {
  mode: "multiply",
  filters: { ...NO_FILTERS },
  layer: "gradient",
  from: "#ff7a45",
  to: "#2f54eb",
  opacity: 80,
};

const HEX = /^#[0-9a-f]{6}$/;
const clamp = (n: number, min: number, max: number) => Math.min(max, Math.max(min, n));

/** A filter value within its range, on its step. */
export function filterValue(name: FilterName, value: number): number {
  const { min, max, step, none } = FILTERS[name];
  if (!Number.isFinite(value)) return none;
  return clamp(Math.round(value / step) * step, min, max);
}

/** `filter`'s value: the functions that change something, in a fixed order, or `none`. */
export function filterCss(filters: Filters): string {
  const used = FILTER_NAMES.filter((n) => filters[n] !== FILTERS[n].none).map(
    (n) => `${n}(${filters[n]}${FILTERS[n].unit})`,
  );
  return used.length ? used.join(" ") : "none";
}

/** The layer's `background`: a flat colour, or a gradient from corner to corner. */
export function layerBackground(b: Pick<Blend, "layer" | "from" | "to">): string {
  return b.layer === "colour" ? b.from : `linear-gradient(135deg, ${b.from}, ${b.to})`;
}

/** The CSS to copy: the frame that isolates the blend, the photo's filter and the layer. */
export function blendCss(b: Blend): string {
  return [
    ".frame {",
    "  position: relative;",
    "  isolation: isolate;",
    "}",
    ".frame img {",
    `  filter: ${filterCss(b.filters)};`,
    "}",
    ".frame::after {",
    '  content: "";',
    "  position: absolute;",
    "  inset: 0;",
    `  background: ${layerBackground(b)};`,
    `  mix-blend-mode: ${b.mode};`,
    `  opacity: ${b.opacity / 100};`,
    "}",
  ].join("\n");
}

/** The settings as address parameters (only what differs from the default). */
export function blendParams(b: Blend): URLSearchParams {
  const params = new URLSearchParams();
  const d = DEFAULT_BLEND;
  if (b.mode !== d.mode) params.set("mode", b.mode);
  if (b.layer !== d.layer) params.set("layer", b.layer);
  if (b.from !== d.from) params.set("from", b.from.slice(1));
  if (b.to !== d.to) params.set("to", b.to.slice(1));
  if (b.opacity !== d.opacity) params.set("opacity", String(b.opacity));
  for (const n of FILTER_NAMES)
    if (b.filters[n] !== d.filters[n]) params.set(n, String(b.filters[n]));
  return params;
}

const oneOf = <T extends string>(list: readonly T[], value: string | null, fallback: T): T =>
  list.find((item) => item === value) ?? fallback;
const hexOr = (value: string | null, fallback: string) => {
  const color = `#${(value ?? "").toLowerCase()}`;
  return HEX.test(color) ? color : fallback;
};
const numberOr = (value: string | null, fallback: number) =>
  value === null || value.trim() === "" ? fallback : Number(value);

/** The settings an address describes; what is missing or wrong falls back to the default. */
export function parseBlendParams(params: URLSearchParams): Blend {
  const d = DEFAULT_BLEND;
  const filters = { ...d.filters };
  for (const n of FILTER_NAMES) filters[n] = filterValue(n, numberOr(params.get(n), d.filters[n]));
  const opacity = numberOr(params.get("opacity"), d.opacity);
  return {
    mode: oneOf(BLEND_MODES, params.get("mode"), d.mode),
    filters,
    layer: oneOf(LAYER_KINDS, params.get("layer"), d.layer),
    from: hexOr(params.get("from"), d.from),
    to: hexOr(params.get("to"), d.to),
    opacity: Number.isFinite(opacity) ? clamp(Math.round(opacity), 0, 100) : d.opacity,
  };
}
