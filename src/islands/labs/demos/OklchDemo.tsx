import type { LabsKey } from "../../../i18n/labs.ts";
import {
  contrastWith,
  HUE_METHODS,
  hexOf,
  inSrgb,
  type Lch,
  lchParam,
  mixOklch,
  oklchCss,
  parseLchParam,
  ratioText,
  type SitePalette,
  wcagLevels,
} from "../colour/oklch.ts";
import { Choice } from "./Choice.tsx";
import { CssOutput } from "./CssOutput.tsx";
import { RangeField } from "./RangeField.tsx";
import { Say } from "./Say.tsx";
import { useUrlParams } from "./url-params.ts";
import { useUrlChoice } from "./url-state.ts";
import "./demo.css";
import "./colour.css";

interface Mix {
  a: Lch;
  b: Lch;
  /** How much of B, 0–100 (%). */
  ratio: number;
}

const DEFAULT_MIX: Mix = {
  a: { l: 0.72, c: 0.16, h: 40 },
  b: { l: 0.55, c: 0.18, h: 265 },
  ratio: 50,
};
const NAMES = ["a", "b", "mix"] as const;

function readMix(params: URLSearchParams): Mix {
  const ratio = Number(params.get("mix") ?? Number.NaN);
  return {
    a: parseLchParam(params.get("a")) ?? DEFAULT_MIX.a,
    b: parseLchParam(params.get("b")) ?? DEFAULT_MIX.b,
    ratio: Number.isFinite(ratio)
      ? Math.min(100, Math.max(0, Math.round(ratio)))
      : DEFAULT_MIX.ratio,
  };
}

function writeMix(m: Mix): URLSearchParams {
  const params = new URLSearchParams();
  if (lchParam(m.a) !== lchParam(DEFAULT_MIX.a)) params.set("a", lchParam(m.a));
  if (lchParam(m.b) !== lchParam(DEFAULT_MIX.b)) params.set("b", lchParam(m.b));
  if (m.ratio !== DEFAULT_MIX.ratio) params.set("mix", String(m.ratio));
  return params;
}

const round = (n: number, digits: number) => Math.round(n * 10 ** digits) / 10 ** digits;

/** One colour's three sliders (each with a box to type in) and its swatch. */
function ColourControls({
  id,
  name,
  value,
  onChange,
}: {
  id: string;
  name: LabsKey;
  value: Lch;
  onChange: (next: Lch) => void;
}) {
  return (
    <fieldset className="mix-colour">
      <legend>
        <span className="mix-swatch small" style={{ background: oklchCss(value) }} />
        <Say k={name} /> <code>{oklchCss(value)}</code>
      </legend>
      <RangeField
        id={`${id}-l`}
        label="mix.oklch.lightness"
        value={round(value.l * 100, 1)}
        min={0}
        max={100}
        step={0.5}
        unit="%"
        onChange={(l) => onChange({ ...value, l: l / 100 })}
      />
      <RangeField
        id={`${id}-c`}
        label="mix.oklch.chroma"
        value={round(value.c, 3)}
        min={0}
        max={0.4}
        step={0.005}
        onChange={(c) => onChange({ ...value, c })}
      />
      <RangeField
        id={`${id}-h`}
        label="mix.oklch.hue"
        value={round(value.h, 1)}
        min={0}
        max={360}
        step={1}
        unit="°"
        onChange={(h) => onChange({ ...value, h })}
      />
    </fieldset>
  );
}

/** A small picture of text in one colour on another: what the ratio beside it means. */
function Sample({ fg, bg }: { fg: string; bg: string }) {
  return (
    <svg className="mix-sample" viewBox="0 0 64 40" aria-hidden="true" focusable="false">
      <rect width="64" height="40" rx="6" fill={bg} />
      <text x="32" y="27" textAnchor="middle" fontSize="18" fontWeight="600" fill={fg}>
        Aa
      </text>
    </svg>
  );
}

const LEVELS = ["aaNormal", "aaaNormal", "aaLarge", "aaaLarge"] as const;

/**
 * Two colours mixed in OKLCH: its CSS, hex and whether sRGB holds it, and its WCAG 2 contrast
 * with both themes' background and text (`palette`, read from the site's stylesheet at build
 * time). The colours and the ratio are in the address; the hue's way too.
 */
export default function OklchDemo({ palette }: { palette: SitePalette }) {
  const [mix, setMix] = useUrlParams(NAMES, readMix, writeMix, DEFAULT_MIX);
  const [hue, setHue] = useUrlChoice("hue", HUE_METHODS, "shorter");
  const result = mixOklch(mix.a, mix.b, mix.ratio / 100, hue);
  const css = oklchCss(result);
  const hex = hexOf(result);
  const fits = inSrgb(result);
  const pairs: Array<{ key: LabsKey; other: string; fg: string; bg: string }> = [
    { key: "mix.oklch.darkBg", other: palette.dark.bg, fg: hex, bg: palette.dark.bg },
    { key: "mix.oklch.darkText", other: palette.dark.text, fg: palette.dark.text, bg: hex },
    { key: "mix.oklch.lightBg", other: palette.light.bg, fg: hex, bg: palette.light.bg },
    { key: "mix.oklch.lightText", other: palette.light.text, fg: palette.light.text, bg: hex },
  ];

  return (
    <div className="lab-demo mix-demo">
      <div className="mix-pair">
        <ColourControls
          id="oklch-a"
          name="mix.oklch.colourA"
          value={mix.a}
          onChange={(a) => setMix({ ...mix, a })}
        />
        <ColourControls
          id="oklch-b"
          name="mix.oklch.colourB"
          value={mix.b}
          onChange={(b) => setMix({ ...mix, b })}
        />
      </div>
      <RangeField
        id="oklch-ratio"
        label="mix.oklch.ratio"
        value={mix.ratio}
        min={0}
        max={100}
        step={1}
        unit="%"
        onChange={(ratio) => setMix({ ...mix, ratio })}
      />
      <p className="lab-hint">
        <Say k="mix.oklch.ratioValue" values={{ percent: mix.ratio }} />
      </p>
      <Choice
        name="oklch-hue"
        legend="mix.oklch.hueMethod"
        choices={HUE_METHODS}
        value={hue}
        onChange={setHue}
        label={(method) => <Say k={`mix.oklch.${method}`} />}
      />
      <section className="mix-result" aria-labelledby="oklch-result">
        <h3 id="oklch-result">
          <Say k="mix.oklch.result" />
        </h3>
        <div className="mix-strip" aria-hidden="true">
          <span style={{ background: oklchCss(mix.a) }} />
          <span className="is-result" style={{ background: css }} />
          <span style={{ background: oklchCss(mix.b) }} />
        </div>
        <dl className="lab-readout">
          <div>
            <dt>
              <Say k="mix.oklch.css" />
            </dt>
            <dd data-testid="oklch-css">
              <code>{css}</code>
            </dd>
          </div>
          <div>
            <dt>
              <Say k="mix.oklch.hex" />
            </dt>
            <dd data-testid="oklch-hex">
              <code>{hex}</code>
            </dd>
          </div>
          <div>
            <dt>
              <Say k="mix.oklch.gamut" />
            </dt>
            <dd data-testid="oklch-gamut" className={fits ? "lab-yes" : undefined}>
              <Say k={fits ? "mix.oklch.inGamut" : "mix.oklch.outOfGamut"} />
            </dd>
          </div>
        </dl>
        <CssOutput id="oklch-css-label" label="mix.oklch.copyLabel" css={`color: ${css};`} />
      </section>
      <section className="mix-contrast" aria-labelledby="oklch-contrast">
        <h3 id="oklch-contrast">
          <Say k="mix.oklch.contrast" />
        </h3>
        <p className="lab-hint">
          <Say k="mix.oklch.contrastNote" />
        </p>
        <ul className="mix-pairs">
          {pairs.map(({ key, other, fg, bg }) => {
            const ratio = contrastWith(result, other);
            const levels = wcagLevels(ratio);
            return (
              <li key={key} data-testid={key.replace("mix.oklch.", "contrast-")}>
                <Sample fg={fg} bg={bg} />
                <div>
                  <p className="mix-pair-name">
                    <Say k={key} /> <code>{other}</code>
                  </p>
                  <p className="mix-ratio">
                    <Say k="mix.oklch.ratioIs" values={{ ratio: ratioText(ratio) }} />
                  </p>
                  <ul className="mix-levels">
                    {LEVELS.map((level) => (
                      <li key={level} className={levels[level] ? "is-pass" : "is-fail"}>
                        <Say k={`mix.oklch.${level}`} />{" "}
                        <strong>
                          <Say k={levels[level] ? "mix.oklch.pass" : "mix.oklch.fail"} />
                        </strong>
                      </li>
                    ))}
                  </ul>
                </div>
              </li>
            );
          })}
        </ul>
      </section>
    </div>
  );
}
