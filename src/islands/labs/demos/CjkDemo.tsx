import { type CSSProperties, useEffect, useState } from "react";
import type { LabsKey } from "../../../i18n/labs.ts";
import {
  CJK_CHOICES,
  CJK_DEFAULTS,
  CJK_SAMPLE,
  type CjkSettingName,
  type CjkSettings,
  cjkCss,
  numberDeclarations,
  sampleParts,
  specimenDeclarations,
  styleOf,
  supportOf,
} from "../mix/cjk-typography.ts";
import { Choice } from "./Choice.tsx";
import { CopyBlock } from "./CopyBlock.tsx";
import { Say } from "./Say.tsx";
import { useUrlChoice } from "./url-state.ts";
import "./demo.css";
import "./mix-type.css";

const PARTS = sampleParts(CJK_SAMPLE);

// A style object from declarations: the DOM's names for them, some of which (text-autospace,
// text-spacing-trim) React's CSS types do not list yet; a browser without them ignores them.
const asStyle = (style: Record<string, string>) => style as CSSProperties;

/**
 * The same Chinese text under CJK typography settings: each choice is applied to the text as
 * it changes, the CSS that does it is shown, and the browser says which properties it knows.
 */
export default function CjkDemo() {
  const [writing, setWriting] = useUrlChoice("writing", CJK_CHOICES.writing, CJK_DEFAULTS.writing);
  const [orientation, setOrientation] = useUrlChoice(
    "orientation",
    CJK_CHOICES.orientation,
    CJK_DEFAULTS.orientation,
  );
  const [combine, setCombine] = useUrlChoice("combine", CJK_CHOICES.combine, CJK_DEFAULTS.combine);
  const [autospace, setAutospace] = useUrlChoice(
    "autospace",
    CJK_CHOICES.autospace,
    CJK_DEFAULTS.autospace,
  );
  const [trim, setTrim] = useUrlChoice("trim", CJK_CHOICES.trim, CJK_DEFAULTS.trim);
  const [lineBreak, setLineBreak] = useUrlChoice(
    "lineBreak",
    CJK_CHOICES.lineBreak,
    CJK_DEFAULTS.lineBreak,
  );
  const [wordBreak, setWordBreak] = useUrlChoice(
    "wordBreak",
    CJK_CHOICES.wordBreak,
    CJK_DEFAULTS.wordBreak,
  );
  const [overflowWrap, setOverflowWrap] = useUrlChoice(
    "overflowWrap",
    CJK_CHOICES.overflowWrap,
    CJK_DEFAULTS.overflowWrap,
  );
  const [measure, setMeasure] = useUrlChoice("measure", CJK_CHOICES.measure, CJK_DEFAULTS.measure);
  const settings: CjkSettings = {
    writing,
    orientation,
    combine,
    autospace,
    trim,
    lineBreak,
    wordBreak,
    overflowWrap,
    measure,
  };
  const css = cjkCss(settings);
  const vertical = writing === "vertical-rl";

  // The browser's answers: asked once running (the server has no browser to ask).
  const [support, setSupport] = useState<ReturnType<typeof supportOf> | null>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the CSS text stands for every setting.
  useEffect(() => {
    setSupport(supportOf(settings, (property, value) => CSS.supports(property, value)));
  }, [css]);
  const known = support?.filter((s) => s.known).length ?? 0;

  const code = (value: string) => <code>{value}</code>;
  // One setting as a row of radio buttons named by their CSS keyword, kept in the address.
  const row = <T extends string>(
    name: CjkSettingName,
    legend: LabsKey,
    value: T,
    onChange: (next: T) => void,
    choices: readonly T[],
  ) => (
    <Choice
      name={`cjk-${name}`}
      legend={legend}
      choices={choices}
      value={value}
      onChange={onChange}
      label={code}
    />
  );

  return (
    <div className="lab-demo mt-cjk">
      <div className="mt-controls">
        {row("writing", "mix.cjk.writing", writing, setWriting, CJK_CHOICES.writing)}
        {vertical &&
          row(
            "orientation",
            "mix.cjk.orientation",
            orientation,
            setOrientation,
            CJK_CHOICES.orientation,
          )}
        {vertical && row("combine", "mix.cjk.combine", combine, setCombine, CJK_CHOICES.combine)}
        {row("autospace", "mix.cjk.autospace", autospace, setAutospace, CJK_CHOICES.autospace)}
        {row("trim", "mix.cjk.trim", trim, setTrim, CJK_CHOICES.trim)}
        {row("lineBreak", "mix.cjk.lineBreak", lineBreak, setLineBreak, CJK_CHOICES.lineBreak)}
        {row("wordBreak", "mix.cjk.wordBreak", wordBreak, setWordBreak, CJK_CHOICES.wordBreak)}
        {row(
          "overflowWrap",
          "mix.cjk.overflowWrap",
          overflowWrap,
          setOverflowWrap,
          CJK_CHOICES.overflowWrap,
        )}
        {row("measure", "mix.cjk.measure", measure, setMeasure, CJK_CHOICES.measure)}
      </div>
      <section className="mt-stage" aria-labelledby="mt-cjk-specimen">
        <h3 id="mt-cjk-specimen">
          <Say k="mix.cjk.specimen" />
        </h3>
        {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must take focus */}
        <div className={vertical ? "mt-scroll is-vertical" : "mt-scroll"} tabIndex={0}>
          <p
            className={vertical ? "mt-specimen is-vertical" : "mt-specimen"}
            lang="zh-CN"
            data-testid="specimen"
            style={asStyle(styleOf(specimenDeclarations(settings)))}
          >
            {PARTS.map((part, i) =>
              part.number ? (
                <span
                  // The parts never change order: their place is their identity.
                  // biome-ignore lint/suspicious/noArrayIndexKey: a fixed text's pieces
                  key={i}
                  className="tcy"
                  style={asStyle(styleOf(numberDeclarations(settings)))}
                >
                  {part.text}
                </span>
              ) : (
                part.text
              ),
            )}
          </p>
        </div>
      </section>
      <CopyBlock id="mt-cjk-css" heading="mix.cjk.css" text={css} testId="cjk-css" />
      <section aria-labelledby="mt-cjk-support">
        <h3 id="mt-cjk-support">
          <Say k="mix.cjk.support" />
        </h3>
        {support ? (
          <>
            <p className="lab-hint" data-testid="support-count">
              <Say k="mix.cjk.supportCount" values={{ known, all: support.length }} />
            </p>
            <ul className="mt-support">
              {support.map((s) => (
                <li key={s.name} data-testid={`support-${s.property}`}>
                  <code>{s.property}</code>{" "}
                  {!s.known ? (
                    <span className="lab-no">
                      <Say k="mix.cjk.unsupported" />
                    </span>
                  ) : s.valueKnown ? (
                    <span className="lab-yes">
                      <Say k="mix.cjk.supported" />
                    </span>
                  ) : (
                    <span className="lab-no">
                      <Say k="mix.cjk.valueUnsupported" values={{ value: s.value }} />
                    </span>
                  )}
                </li>
              ))}
            </ul>
          </>
        ) : (
          <p className="lab-hint">
            <Say k="mix.cjk.supportWaits" />
          </p>
        )}
      </section>
    </div>
  );
}
