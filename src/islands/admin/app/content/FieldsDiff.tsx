import { isMessageKey, type Translate } from "../../../../i18n/core.ts";
import type { EditorWords } from "./editor-save.ts";
import { asLines, type DiffLine, differences } from "./kept-draft.ts";

/**
 * The namespace whose keys name a kind's fields (`bmsNotes.tags`): a form's values are
 * compared under these labels.
 */
export type FieldWords = EditorWords | "bmsNotes" | "bmsBooks" | "bmsPages";

/** The marks a line of a difference starts with, as a reader of diffs expects them. */
const MARKS = { added: "+ ", removed: "− ", same: "  " } as const;

/**
 * What `after` changes of `before`, two forms' values of one kind: field by field under their
 * labels (the kind's `words`), then the text line by line (`differences`).
 */
export function fieldsDifference(
  t: Translate,
  words: FieldWords,
  before: object,
  after: object,
): Array<DiffLine | null> {
  const label = (name: string) => {
    const key = `${words}.${name}`;
    return isMessageKey(key) ? t(key) : name;
  };
  return differences(asLines(before, label), asLines(after, label));
}

/** A difference drawn line by line, `legend` saying what the marks mean to a screen reader. */
export function DiffLines({ lines, legend }: { lines: Array<DiffLine | null>; legend: string }) {
  return (
    <pre className="bms-diff">
      <span className="visually-hidden">{legend}</span>
      {lines.map((line, i) =>
        line ? (
          // biome-ignore lint/suspicious/noArrayIndexKey: the lines of one difference, drawn once.
          <span key={i} data-kind={line.kind}>
            {MARKS[line.kind]}
            {line.text}
            {"\n"}
          </span>
        ) : (
          // biome-ignore lint/suspicious/noArrayIndexKey: as above.
          <span key={i} data-kind="gap">
            {"⋯\n"}
          </span>
        ),
      )}
    </pre>
  );
}
