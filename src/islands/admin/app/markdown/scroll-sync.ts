// Where the preview should be when the text is scrolled to a line, and back: headings are the
// landmarks both sides share (the n-th heading of the text is the n-th of the preview), and
// between two landmarks the position is interpolated. When the two sides do not agree on the
// headings (a heading inside HTML, an underlined one), only the ends are landmarks.

/** A landmark: a line of the text and the height of the preview where it shows. */
export type Landmark = readonly [line: number, top: number];

const FENCE = /^ {0,3}(`{3,}|~{3,})/;
const HEADING = /^ {0,3}#{1,6}(\s|$)/;

/** The line numbers (from 1) of the text's ATX headings, code blocks left out. */
export function headingLines(lines: readonly string[]): number[] {
  const found: number[] = [];
  let fence: string | null = null;
  lines.forEach((text, i) => {
    const open = FENCE.exec(text)?.[1];
    if (fence) {
      if (open && open[0] === fence[0] && open.length >= fence.length) fence = null;
    } else if (open) fence = open;
    else if (HEADING.test(text)) found.push(i + 1);
  });
  return found;
}

/**
 * The landmarks from the text's heading lines and the preview's heading tops, between the
 * start (line 1 at 0) and the end (the line after the last at the preview's full height).
 */
export function landmarks(
  sourceHeadings: readonly number[],
  previewTops: readonly number[],
  lineCount: number,
  previewHeight: number,
): Landmark[] {
  const marks: Landmark[] = [[1, 0]];
  if (sourceHeadings.length === previewTops.length) {
    sourceHeadings.forEach((line, i) => {
      const top = previewTops[i] ?? 0;
      const last = marks[marks.length - 1];
      // Both sides must go down together, or interpolation would run backwards.
      if (last && line > last[0] && top >= last[1]) marks.push([line, top]);
    });
  }
  marks.push([lineCount + 1, previewHeight]);
  return marks;
}

/** Linear interpolation over landmarks, from one side (`from`: 0 lines, 1 tops) to the other. */
function across(marks: readonly Landmark[], value: number, from: 0 | 1): number {
  const to = from === 0 ? 1 : 0;
  for (let i = 1; i < marks.length; i++) {
    const a = marks[i - 1];
    const b = marks[i];
    if (!a || !b) continue;
    if (value <= b[from] || i === marks.length - 1) {
      const span = b[from] - a[from];
      const share = span > 0 ? Math.min(1, Math.max(0, (value - a[from]) / span)) : 0;
      return a[to] + share * (b[to] - a[to]);
    }
  }
  return 0;
}

/** The preview's height for a line of the text (fractional: part way through the line). */
export const topForLine = (marks: readonly Landmark[], line: number) => across(marks, line, 0);

/** The text's line (fractional) for a height of the preview. */
export const lineForTop = (marks: readonly Landmark[], top: number) => across(marks, top, 1);
