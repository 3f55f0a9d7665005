import {
  DEFAULT_GRADIENT,
  GRADIENT_HUES,
  GRADIENT_KINDS,
  GRADIENT_SPACES,
  type GradientStop,
  gradientCss,
  gradientImage,
  gradientParams,
  POLAR_SPACES,
  parseGradientParams,
  STOP_LIMITS,
  withStopAdded,
  withStopRemoved,
} from "../colour/gradient.ts";
import { Choice } from "./Choice.tsx";
import { CssOutput } from "./CssOutput.tsx";
import { RangeField } from "./RangeField.tsx";
import { Say } from "./Say.tsx";
import { useUrlParams } from "./url-params.ts";
import "./demo.css";
import "./colour.css";

const NAMES = ["kind", "angle", "space", "hue", "stops"] as const;

/**
 * A gradient built from its kind, angle, interpolation space and 2–5 stops: drawn live, beside
 * the same stops mixed in sRGB, and written as CSS to copy. The whole gradient is in the address.
 */
export default function GradientDemo() {
  const [g, setG] = useUrlParams(NAMES, parseGradientParams, gradientParams, DEFAULT_GRADIENT);
  const setStop = (index: number, stop: Partial<GradientStop>) =>
    setG({ ...g, stops: g.stops.map((s, i) => (i === index ? { ...s, ...stop } : s)) });
  const polar = POLAR_SPACES.includes(g.space);

  return (
    <div className="lab-demo mix-demo">
      <section aria-labelledby="gradient-preview">
        <h3 id="gradient-preview">
          <Say k="mix.gradient.preview" />
        </h3>
        <div
          className="mix-preview"
          role="img"
          aria-labelledby="gradient-preview-label"
          data-testid="gradient-preview"
          style={{ backgroundImage: gradientImage(g) }}
        />
        <p id="gradient-preview-label" className="visually-hidden">
          <Say k="mix.gradient.previewLabel" />
        </p>
        {g.space !== "srgb" && (
          <>
            <p className="lab-hint">
              <Say k="mix.gradient.srgb" />
            </p>
            <div
              className="mix-preview is-small"
              aria-hidden="true"
              style={{ backgroundImage: gradientImage({ ...g, space: "srgb" }) }}
            />
          </>
        )}
      </section>
      <div className="mix-controls">
        <Choice
          name="gradient-kind"
          legend="mix.gradient.kind"
          choices={GRADIENT_KINDS}
          value={g.kind}
          onChange={(kind) => setG({ ...g, kind })}
          label={(kind) => <Say k={`mix.gradient.${kind}`} />}
        />
        {g.kind !== "radial" && (
          <RangeField
            id="gradient-angle"
            label={g.kind === "conic" ? "mix.gradient.startAngle" : "mix.gradient.angle"}
            value={g.angle}
            min={0}
            max={360}
            step={1}
            unit="°"
            onChange={(angle) => setG({ ...g, angle })}
          />
        )}
        <Choice
          name="gradient-space"
          legend="mix.gradient.space"
          choices={GRADIENT_SPACES}
          value={g.space}
          onChange={(space) => setG({ ...g, space })}
          label={(space) => <code>{space}</code>}
        />
        {polar && (
          <Choice
            name="gradient-hue"
            legend="mix.gradient.hue"
            choices={GRADIENT_HUES}
            value={g.hue}
            onChange={(hue) => setG({ ...g, hue })}
            label={(hue) => <Say k={`mix.gradient.${hue}`} />}
          />
        )}
      </div>
      <section aria-labelledby="gradient-stops">
        <h3 id="gradient-stops">
          <Say k="mix.gradient.stops" />
        </h3>
        <ul className="mix-stops">
          {g.stops.map((stop, i) => {
            const n = i + 1;
            return (
              // A stop has no identity but its place in the list.
              // biome-ignore lint/suspicious/noArrayIndexKey: stops are edited in place, never reordered
              <li key={i} className="mix-stop">
                <p className="mix-stop-name">
                  <Say k="mix.gradient.stop" values={{ n }} />{" "}
                  <code>
                    {stop.color} {stop.at}%
                  </code>
                </p>
                <label className="mix-color">
                  <Say k="mix.gradient.stopColour" values={{ n }} />
                  <input
                    type="color"
                    value={stop.color}
                    onChange={(event) => setStop(i, { color: event.target.value.toLowerCase() })}
                  />
                </label>
                <RangeField
                  id={`gradient-stop-${n}`}
                  label="mix.gradient.stopAt"
                  labelValues={{ n }}
                  value={stop.at}
                  min={0}
                  max={100}
                  step={1}
                  unit="%"
                  onChange={(at) => setStop(i, { at })}
                />
                <button
                  type="button"
                  className="mix-secondary"
                  disabled={g.stops.length <= STOP_LIMITS.min}
                  onClick={() => setG({ ...g, stops: withStopRemoved(g.stops, i) })}
                >
                  <Say k="mix.gradient.remove" values={{ n }} />
                </button>
              </li>
            );
          })}
        </ul>
      </section>
      <div className="lab-buttons">
        <button
          type="button"
          disabled={g.stops.length >= STOP_LIMITS.max}
          onClick={() => setG({ ...g, stops: withStopAdded(g.stops) })}
        >
          <Say k="mix.gradient.add" />
        </button>
        <button type="button" className="mix-secondary" onClick={() => setG(DEFAULT_GRADIENT)}>
          <Say k="mix.reset" />
        </button>
      </div>
      <CssOutput id="gradient-css-label" label="mix.gradient.css" css={gradientCss(g)} />
      {g.space !== "srgb" && (
        <p className="lab-hint">
          <Say k="mix.gradient.cssNote" />
        </p>
      )}
    </div>
  );
}
