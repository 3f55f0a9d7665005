import type { CSSProperties } from "react";
import { type LabsKey, LOCALES, type Locale } from "../../../i18n/labs.ts";
import {
  BLEND_MODES,
  blendCss,
  blendParams,
  DEFAULT_BLEND,
  FILTER_NAMES,
  FILTERS,
  type FilterName,
  filterCss,
  LAYER_KINDS,
  layerBackground,
  parseBlendParams,
} from "../colour/blend.ts";
import { Choice } from "./Choice.tsx";
import { CssOutput } from "./CssOutput.tsx";
import { RangeField } from "./RangeField.tsx";
import { Say } from "./Say.tsx";
import { useUrlParams } from "./url-params.ts";
import "./demo.css";
import "./colour.css";

/** A gallery photo as the build hands it over: its served variants and words in both languages. */
export interface BlendPhoto {
  /** `<source>`s, AVIF first: type and srcset of the gallery's variants. */
  sources: Array<{ type: string; srcset: string }>;
  src: string;
  width: number;
  height: number;
  sizes: string;
  /** The photo's main colour, shown while it loads. */
  color: string;
  alt: Record<Locale, string>;
  title: Record<Locale, string>;
  credit: string;
  /** Its page in the gallery. */
  href: string;
}

const NAMES = ["mode", "layer", "from", "to", "opacity", ...FILTER_NAMES] as const;

const FILTER_LABELS: Record<FilterName, LabsKey> = {
  blur: "mix.blend.blur",
  contrast: "mix.blend.contrast",
  grayscale: "mix.blend.grayscale",
  "hue-rotate": "mix.blend.hueRotate",
  saturate: "mix.blend.saturate",
  sepia: "mix.blend.sepia",
};
const UNITS: Record<string, string> = { px: "px", "%": "%", deg: "°" };

/** Words of both languages, one span each (the page's CSS shows the current one). */
function Both({ text }: { text: Record<Locale, string> }) {
  return LOCALES.map((l) => (
    <span key={l} data-lang={l} lang={l}>
      {text[l]}
    </span>
  ));
}

/**
 * A gallery photo under CSS filters, with a colour or gradient layer over it blended by
 * `mix-blend-mode`; the CSS that does it, to copy. The settings are in the address.
 */
export default function BlendDemo({ photo }: { photo: BlendPhoto }) {
  const [b, setB] = useUrlParams(NAMES, parseBlendParams, blendParams, DEFAULT_BLEND);
  const filter = filterCss(b.filters);
  const layer: CSSProperties = {
    background: layerBackground(b),
    mixBlendMode: b.mode,
    opacity: b.opacity / 100,
  };
  const frame = { "--c": photo.color, aspectRatio: `${photo.width} / ${photo.height}` };

  return (
    <div className="lab-demo mix-demo">
      <figure className="mix-figure">
        <div
          className="mix-stage"
          role="img"
          aria-labelledby="blend-photo-alt"
          data-testid="blend-stage"
          // A custom property has no key in React's CSSProperties type.
          style={frame as CSSProperties}
        >
          <picture>
            {photo.sources.map((s) => (
              <source key={s.type} type={s.type} srcSet={s.srcset} sizes={photo.sizes} />
            ))}
            <img
              src={photo.src}
              alt=""
              width={photo.width}
              height={photo.height}
              decoding="async"
              style={{ filter }}
              data-testid="blend-photo"
            />
          </picture>
          <div className="mix-layer" style={layer} data-testid="blend-layer" />
        </div>
        <span id="blend-photo-alt" className="visually-hidden">
          <Both text={photo.alt} />
        </span>
        <figcaption className="mix-credit">
          <Say k="mix.blend.photo" />{" "}
          <a href={photo.href}>
            <Both text={photo.title} />
          </a>{" "}
          · {photo.credit}
        </figcaption>
      </figure>
      <div className="mix-controls">
        <label className="mix-field">
          <Say k="mix.blend.mode" />
          <select
            value={b.mode}
            onChange={(event) =>
              setB({
                ...b,
                mode: BLEND_MODES.find((m) => m === event.target.value) ?? b.mode,
              })
            }
          >
            {BLEND_MODES.map((mode) => (
              <option key={mode} value={mode}>
                {mode}
              </option>
            ))}
          </select>
        </label>
        <Choice
          name="blend-layer"
          legend="mix.blend.layer"
          choices={LAYER_KINDS}
          value={b.layer}
          onChange={(layerKind) => setB({ ...b, layer: layerKind })}
          label={(kind) => <Say k={`mix.blend.${kind}`} />}
        />
        <div className="lab-buttons">
          <label className="mix-color">
            <Say k={b.layer === "colour" ? "mix.blend.from" : "mix.blend.fromGradient"} />
            <input
              type="color"
              value={b.from}
              onChange={(event) => setB({ ...b, from: event.target.value.toLowerCase() })}
            />
          </label>
          {b.layer === "gradient" && (
            <label className="mix-color">
              <Say k="mix.blend.to" />
              <input
                type="color"
                value={b.to}
                onChange={(event) => setB({ ...b, to: event.target.value.toLowerCase() })}
              />
            </label>
          )}
        </div>
        <RangeField
          id="blend-opacity"
          label="mix.blend.opacity"
          value={b.opacity}
          min={0}
          max={100}
          step={1}
          unit="%"
          onChange={(opacity) => setB({ ...b, opacity })}
        />
      </div>
      <fieldset>
        <legend>
          <Say k="mix.blend.filters" />
        </legend>
        <div className="mix-controls">
          {FILTER_NAMES.map((name) => {
            const f = FILTERS[name];
            return (
              <RangeField
                key={name}
                id={`blend-${name}`}
                label={FILTER_LABELS[name]}
                value={b.filters[name]}
                min={f.min}
                max={f.max}
                step={f.step}
                unit={UNITS[f.unit]}
                onChange={(value) => setB({ ...b, filters: { ...b.filters, [name]: value } })}
              />
            );
          })}
        </div>
      </fieldset>
      <div className="lab-buttons">
        <button type="button" className="mix-secondary" onClick={() => setB(DEFAULT_BLEND)}>
          <Say k="mix.reset" />
        </button>
      </div>
      <CssOutput id="blend-css-label" label="mix.blend.css" css={blendCss(b)} />
    </div>
  );
}
