// CJK typography as CSS: each setting of the demo is one declaration, so what the demo applies
// and what it shows as CSS are the same list. Some of these properties are new (text-autospace,
// text-spacing-trim), so the demo asks the browser which it supports (`CSS.supports`).

/** The text every setting is tried on: Chinese with Latin words, numbers and full-width punctuation. */
export const CJK_SAMPLE =
  "2026年11月，我们用Astro 7和React 19重写了博客：首页只要0.8秒就能打开。“为什么不用Next.js？”朋友问。答案很简单——静态优先，JavaScript只在需要的地方运行（比如这个实验室）。分享设置时，地址https://example.com/mixlab/cjk-typography?mode=vertical也要能断行。";

/** Each setting: its choices, the first one the default. */
export const CJK_CHOICES = {
  writing: ["horizontal-tb", "vertical-rl"],
  orientation: ["mixed", "upright", "sideways"],
  combine: ["none", "all"],
  autospace: ["no-autospace", "normal"],
  trim: ["space-all", "normal", "trim-start", "space-first"],
  lineBreak: ["auto", "loose", "normal", "strict", "anywhere"],
  wordBreak: ["normal", "break-all", "keep-all"],
  overflowWrap: ["normal", "break-word", "anywhere"],
  measure: ["12em", "16em", "24em"],
} as const;

export type CjkSettingName = keyof typeof CJK_CHOICES;
export type CjkSettings = { [K in CjkSettingName]: (typeof CJK_CHOICES)[K][number] };

/** The settings the demo starts with (and the page shows without a script). */
export const CJK_DEFAULTS: CjkSettings = {
  writing: "horizontal-tb",
  orientation: "mixed",
  combine: "none",
  autospace: "no-autospace",
  trim: "space-all",
  lineBreak: "auto",
  wordBreak: "normal",
  overflowWrap: "normal",
  measure: "16em",
};

/** The CSS property each setting writes; `combine` applies to the short numbers only. */
export const CJK_PROPERTIES: Record<CjkSettingName, string> = {
  writing: "writing-mode",
  orientation: "text-orientation",
  combine: "text-combine-upright",
  autospace: "text-autospace",
  trim: "text-spacing-trim",
  lineBreak: "line-break",
  wordBreak: "word-break",
  overflowWrap: "overflow-wrap",
  measure: "inline-size",
};

export type Declaration = [property: string, value: string];

/** The specimen's declarations, in the order the CSS shows them. */
export function specimenDeclarations(s: CjkSettings): Declaration[] {
  const list: Declaration[] = [[CJK_PROPERTIES.writing, s.writing]];
  // text-orientation matters only in vertical text: left out of horizontal CSS.
  if (s.writing === "vertical-rl") list.push([CJK_PROPERTIES.orientation, s.orientation]);
  for (const name of [
    "autospace",
    "trim",
    "lineBreak",
    "wordBreak",
    "overflowWrap",
    "measure",
  ] as const) {
    list.push([CJK_PROPERTIES[name], s[name]]);
  }
  return list;
}

/** The declarations of the short numbers set across the line in vertical text (tate-chū-yoko). */
export function numberDeclarations(s: CjkSettings): Declaration[] {
  return s.writing === "vertical-rl" && s.combine === "all"
    ? [[CJK_PROPERTIES.combine, "all"]]
    : [];
}

const block = (selector: string, declarations: Declaration[]) =>
  `${selector} {\n${declarations.map(([p, v]) => `  ${p}: ${v};`).join("\n")}\n}`;

/** The CSS the demo applies, as a reader would write it. */
export function cjkCss(s: CjkSettings): string {
  const numbers = numberDeclarations(s);
  return [
    block(".specimen", specimenDeclarations(s)),
    ...(numbers.length ? [block(".specimen .tcy", numbers)] : []),
  ].join("\n\n");
}

/** Declarations as a style object's entries (camelCase, as the DOM's style names them). */
export function styleOf(declarations: Declaration[]): Record<string, string> {
  return Object.fromEntries(
    declarations.map(([p, v]) => [p.replace(/-([a-z])/g, (_, c: string) => c.toUpperCase()), v]),
  );
}

/** The most digits a number may have to be set across a vertical line. */
export const TCY_MAX_DIGITS = 2;

/**
 * The sample cut into text and numbers: the numbers of at most TCY_MAX_DIGITS digits are marked,
 * so text-combine-upright can set them across the line; longer ones (a year, a decimal) stay as
 * text, as Chinese vertical typesetting does.
 */
export function sampleParts(text: string): Array<{ text: string; number: boolean }> {
  const parts: Array<{ text: string; number: boolean }> = [];
  for (const piece of text.split(/((?<![\d.])\d+(?![\d.]))/)) {
    if (!piece) continue;
    parts.push({ text: piece, number: /^\d+$/.test(piece) && piece.length <= TCY_MAX_DIGITS });
  }
  return parts;
}

/**
 * What `CSS.supports` says of each property (with a value this demo can set) and of each chosen
 * value: the property may be known while a value is not. `supports` is the browser's.
 */
export function supportOf(
  s: CjkSettings,
  supports: (property: string, value: string) => boolean,
): Array<{
  name: CjkSettingName;
  property: string;
  value: string;
  known: boolean;
  valueKnown: boolean;
}> {
  return (Object.keys(CJK_PROPERTIES) as CjkSettingName[])
    .filter((name) => name !== "measure")
    .map((name) => {
      const property = CJK_PROPERTIES[name];
      const value = s[name];
      const known = CJK_CHOICES[name].some((choice) => supports(property, choice));
      return { name, property, value, known, valueKnown: known && supports(property, value) };
    });
}
