// The gradient builder's CSS: a gradient's settings written as `linear-gradient()`,
// `radial-gradient()` or `conic-gradient()` with CSS Color 4's interpolation space (`in oklch`),
// and read from and written to the page's address so a gradient can be shared as a link.

export const GRADIENT_KINDS = ["linear", "radial", "conic"] as const;
export type GradientKind = (typeof GRADIENT_KINDS)[number];

/** The spaces a gradient can mix in; the polar ones (a hue) can go round the long way. */
export const GRADIENT_SPACES = ["srgb", "srgb-linear", "oklab", "oklch", "hsl"] as const;
export type GradientSpace = (typeof GRADIENT_SPACES)[number];
export const POLAR_SPACES: readonly GradientSpace[] = ["oklch", "hsl"];

export const GRADIENT_HUES = ["shorter", "longer"] as const;
export type GradientHue = (typeof GRADIENT_HUES)[number];

export const STOP_LIMITS = { min: 2, max: 5 } as const;

export interface GradientStop {
  /** `#rrggbb`. */
  color: string;
  /** Where it stands along the gradient, 0–100 (%). */
  at: number;
}

export interface Gradient {
  kind: GradientKind;
  /** The direction of a linear gradient, the start of a conic one (deg); a radial one has none. */
  angle: number;
  space: GradientSpace;
  /** Used by a polar space only. */
  hue: GradientHue;
  stops: GradientStop[];
}

export const DEFAULT_GRADIENT: Gradient = {
  kind: "linear",
  angle: 90,
  space: "oklch",
  hue: "shorter",
  stops: [
    { color: "#0d6dfd", at: 0 },
    { color: "#fdd835", at: 100 },
  ],
};

const HEX = /^#[0-9a-f]{6}$/;
const clamp = (n: number, min: number, max: number) => Math.min(max, Math.max(min, n));
/** A whole number in range, or the fallback for what is not a number. */
const whole = (n: number, min: number, max: number, fallback: number) =>
  Number.isFinite(n) ? clamp(Math.round(n), min, max) : fallback;

/** `in oklch`, `in oklch longer hue`: the interpolation method. */
export function interpolationOf(g: Pick<Gradient, "space" | "hue">): string {
  const hue = POLAR_SPACES.includes(g.space) && g.hue === "longer" ? " longer hue" : "";
  return `in ${g.space}${hue}`;
}

/** What stands before the stops: direction or shape, then (when asked) the interpolation. */
function prelude(g: Gradient, withSpace: boolean): string {
  const space = withSpace ? interpolationOf(g) : "";
  const join = (...parts: string[]) => parts.filter(Boolean).join(" ");
  switch (g.kind) {
    case "linear":
      return join(`${g.angle}deg`, space);
    case "radial":
      return join("circle", space);
    case "conic":
      return join(`from ${g.angle}deg`, space);
  }
}

/** The stops in the order of their positions (CSS would otherwise clamp a stop back). */
export function orderedStops(stops: readonly GradientStop[]): GradientStop[] {
  return [...stops].sort((a, b) => a.at - b.at);
}

/** The gradient as a CSS image; `withSpace: false` leaves out the interpolation (for old browsers). */
export function gradientImage(g: Gradient, withSpace = true): string {
  const stops = orderedStops(g.stops).map((s) => `${s.color} ${s.at}%`);
  return `${g.kind}-gradient(${prelude(g, withSpace)}, ${stops.join(", ")})`;
}

/**
 * The CSS to copy: a declaration every browser reads (mixed in sRGB), then the one with the
 * interpolation space, which a browser that knows it uses instead. sRGB is the default, so a
 * gradient in sRGB needs one line.
 */
export function gradientCss(g: Gradient): string {
  const modern = `background-image: ${gradientImage(g)};`;
  if (g.space === "srgb") return modern;
  return `background-image: ${gradientImage(g, false)};\n${modern}`;
}

/** The gradient as address parameters (only what differs from the default). */
export function gradientParams(g: Gradient): URLSearchParams {
  const params = new URLSearchParams();
  const d = DEFAULT_GRADIENT;
  if (g.kind !== d.kind) params.set("kind", g.kind);
  if (g.angle !== d.angle) params.set("angle", String(g.angle));
  if (g.space !== d.space) params.set("space", g.space);
  if (g.hue !== d.hue) params.set("hue", g.hue);
  const stops = g.stops.map((s) => `${s.color.slice(1)}-${s.at}`).join("_");
  if (stops !== d.stops.map((s) => `${s.color.slice(1)}-${s.at}`).join("_")) {
    params.set("stops", stops);
  }
  return params;
}

const oneOf = <T extends string>(list: readonly T[], value: string | null, fallback: T): T =>
  list.find((item) => item === value) ?? fallback;

/** The gradient an address describes; what is missing or wrong falls back to the default. */
export function parseGradientParams(params: URLSearchParams): Gradient {
  const d = DEFAULT_GRADIENT;
  const stops = (params.get("stops") ?? "")
    .split("_")
    .map((part) => {
      const [hex, at] = part.split("-");
      const color = `#${(hex ?? "").toLowerCase()}`;
      return HEX.test(color) ? { color, at: whole(Number(at), 0, 100, 0) } : null;
    })
    .filter((s) => s !== null);
  return {
    kind: oneOf(GRADIENT_KINDS, params.get("kind"), d.kind),
    angle: whole(Number(params.get("angle") ?? Number.NaN), 0, 360, d.angle),
    space: oneOf(GRADIENT_SPACES, params.get("space"), d.space),
    hue: oneOf(GRADIENT_HUES, params.get("hue"), d.hue),
    stops:
      stops.length >= STOP_LIMITS.min && stops.length <= STOP_LIMITS.max
        ? stops
        : d.stops.map((s) => ({ ...s })),
  };
}

/** A stop added between the two farthest apart, in the colour of the one before it. */
export function withStopAdded(stops: readonly GradientStop[]): GradientStop[] {
  if (stops.length >= STOP_LIMITS.max) return [...stops];
  const sorted = orderedStops(stops);
  let gap = { at: 50, color: sorted[0]?.color ?? "#808080", size: -1 };
  for (let i = 0; i + 1 < sorted.length; i++) {
    const a = sorted[i];
    const b = sorted[i + 1];
    if (a && b && b.at - a.at > gap.size) {
      gap = { at: Math.round((a.at + b.at) / 2), color: a.color, size: b.at - a.at };
    }
  }
  return [...stops, { color: gap.color, at: gap.at }];
}

/** The stops without the one at `index`, never fewer than two. */
export function withStopRemoved(stops: readonly GradientStop[], index: number): GradientStop[] {
  if (stops.length <= STOP_LIMITS.min) return [...stops];
  return stops.filter((_, i) => i !== index);
}
