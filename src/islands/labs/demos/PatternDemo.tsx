import { useEffect, useId, useMemo, useRef, useState } from "react";
import { LOCALES, translator } from "../../../i18n/labs.ts";
import { usePrefersReducedMotion } from "../hooks/useMediaQuery.ts";
import {
  cleanSeed,
  DENSITIES,
  drawPattern,
  INK_NAMES,
  newSeed,
  PALETTES,
  PATTERN_HEIGHT,
  PATTERN_WIDTH,
  type Pattern,
  patternOf,
  patternSvg,
  SEAL_NAMES,
  SEED_MAX,
} from "../mix/pattern.ts";
import { Choice } from "./Choice.tsx";
import { Say } from "./Say.tsx";
import { useUrlChoice, useUrlText } from "./url-state.ts";
import "./demo.css";
import "./mix-type.css";

const DEFAULT_SEED = "mixlab";
/** How long the landscapes take to appear, one after another, when motion is welcome. */
const APPEAR_MS = 700;

/** The site's theme, following the switch (it sets `<html data-theme>`). */
function useSiteTheme(): "light" | "dark" {
  const [theme, setTheme] = useState<"light" | "dark">("dark");
  useEffect(() => {
    const root = document.documentElement;
    const read = () => setTheme(root.dataset.theme === "light" ? "light" : "dark");
    read();
    const watch = new MutationObserver(read);
    watch.observe(root, { attributes: true, attributeFilter: ["data-theme"] });
    return () => watch.disconnect();
  }, []);
  return theme;
}

/** The picture in words, in both languages (the ink and seal named in each). */
function Description({ pattern, seed, id }: { pattern: Pattern; seed: string; id: string }) {
  const ink = INK_NAMES[pattern.ink] ?? "indigo";
  const seal = SEAL_NAMES[pattern.seal] ?? "vermilion";
  return (
    <p id={id} className="lab-hint" data-testid="pattern-alt">
      {LOCALES.map((l) => {
        const t = translator(l);
        return (
          <span key={l} data-lang={l} lang={l}>
            {t("mix.pattern.alt", {
              count: pattern.tiles.length,
              ink: t(`mix.pattern.inks.${ink}`),
              seal: t(`mix.pattern.seals.${seal}`),
              seed,
            })}
          </span>
        );
      })}
    </p>
  );
}

/**
 * A sheet of the site's cover landscapes on a canvas, from a seed, a palette and a density kept
 * in the address; a new seed at a click; the picture saved as PNG. The landscapes appear one
 * after another unless the reader asked for less motion.
 */
export default function PatternDemo() {
  const [seedText, setSeedText] = useUrlText("seed", DEFAULT_SEED);
  const [palette, setPalette] = useUrlChoice("palette", PALETTES, "seed");
  const [density, setDensity] = useUrlChoice("density", DENSITIES, 2);
  const seed = cleanSeed(seedText, DEFAULT_SEED);
  const pattern = useMemo(() => patternOf({ seed, palette, density }), [seed, palette, density]);
  const theme = useSiteTheme();
  const reduced = usePrefersReducedMotion();
  const canvas = useRef<HTMLCanvasElement>(null);
  const drawnPattern = useRef<Pattern | null>(null);
  const [drawing, setDrawing] = useState(false);
  const altId = useId();

  useEffect(() => {
    const ctx = canvas.current?.getContext("2d");
    if (!ctx) return;
    const colours = pattern[theme];
    const path = (d: string) => new Path2D(d);
    // A new picture appears tile by tile; a theme switch, or a reader who asked for less
    // motion, gets it at once.
    const appear = !reduced && drawnPattern.current !== pattern;
    drawnPattern.current = pattern;
    if (!appear) {
      drawPattern(ctx, pattern, colours, path);
      setDrawing(false);
      return;
    }
    const count = pattern.tiles.length;
    const fade = APPEAR_MS / 2;
    const stagger = count > 1 ? (APPEAR_MS - fade) / (count - 1) : 0;
    let frame = 0;
    const start = performance.now();
    setDrawing(true);
    const step = (now: number) => {
      const elapsed = now - start;
      drawPattern(ctx, pattern, colours, path, (i) => (elapsed - i * stagger) / fade);
      if (elapsed < APPEAR_MS) frame = requestAnimationFrame(step);
      else setDrawing(false);
    };
    frame = requestAnimationFrame(step);
    return () => {
      cancelAnimationFrame(frame);
      // Cut short: what was on its way is drawn whole.
      drawPattern(ctx, pattern, colours, path);
    };
  }, [pattern, theme, reduced]);

  const download = () => {
    canvas.current?.toBlob((blob) => {
      if (!blob) return;
      const link = document.createElement("a");
      link.href = URL.createObjectURL(blob);
      const name = seed.replace(/[^\p{L}\p{N}-]+/gu, "-").replace(/^-+|-+$/g, "") || "pattern";
      link.download = `pattern-${name}-${density}x${density}.png`;
      link.click();
      setTimeout(() => URL.revokeObjectURL(link.href), 10_000);
    }, "image/png");
  };

  return (
    <div className="lab-demo mt-pattern">
      <div className="mt-seed">
        <label className="lab-field">
          <Say k="mix.pattern.seed" />
          <input
            type="text"
            value={seedText}
            maxLength={SEED_MAX}
            spellCheck={false}
            autoComplete="off"
            onChange={(event) => setSeedText(event.target.value)}
          />
        </label>
        <button type="button" onClick={() => setSeedText(newSeed())}>
          <Say k="mix.pattern.newSeed" />
        </button>
      </div>
      <Choice
        name="mt-palette"
        legend="mix.pattern.palette"
        choices={PALETTES}
        value={palette}
        onChange={setPalette}
        label={(p) => (
          <>
            {p !== "seed" && (
              <span
                className="mt-swatch"
                aria-hidden="true"
                style={{ background: patternOf({ seed, palette: p, density: 1 })[theme].ink }}
              />
            )}
            <Say k={p === "seed" ? "mix.pattern.fromSeed" : `mix.pattern.inks.${p}`} />
          </>
        )}
      />
      <Choice
        name="mt-density"
        legend="mix.pattern.density"
        choices={DENSITIES}
        value={density}
        onChange={setDensity}
        label={(n) => <Say k="mix.pattern.grid" values={{ n }} />}
      />
      <figure className="mt-figure">
        <canvas
          ref={canvas}
          width={PATTERN_WIDTH}
          height={PATTERN_HEIGHT}
          role="img"
          aria-labelledby={altId}
          data-testid="pattern"
          data-drawing={drawing ? "true" : "false"}
        >
          {/* Without a script a canvas shows what it holds: the same picture, drawn as SVG, in
              the site's default (dark) theme, which a page without a script is in. */}
          <span
            className="mt-fallback"
            // The SVG is made from numbers and colours only, by patternSvg.
            // biome-ignore lint/security/noDangerouslySetInnerHtml: generated SVG, no text in it
            dangerouslySetInnerHTML={{ __html: patternSvg(pattern, pattern.dark) }}
          />
        </canvas>
        <figcaption>
          <Description pattern={pattern} seed={seed} id={altId} />
        </figcaption>
      </figure>
      <div className="lab-buttons">
        <button type="button" onClick={download}>
          <Say k="mix.pattern.download" />
        </button>
      </div>
    </div>
  );
}
