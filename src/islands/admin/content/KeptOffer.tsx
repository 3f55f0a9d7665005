import { isMessageKey, type Translate } from "../../../i18n/core.ts";
import type { EditorWords } from "./editor-save.ts";
import { asLines, differences, type KeptDraft } from "./kept-draft.ts";
import { formatTime } from "./time.ts";

/** The marks a line of the difference starts with, as a reader of diffs expects them. */
const MARKS = { added: "+ ", removed: "− ", same: "  " } as const;

/**
 * The offer of what the browser kept of an unsaved edit: when it was kept, what it changes of
 * the saved item (field by field, then the text, line by line), Restore and Discard.
 */
export function KeptOffer({
  t,
  id,
  kept,
  saved,
  words,
  onAnswer,
}: {
  t: Translate;
  id: string;
  kept: KeptDraft<object>;
  saved: object;
  words: EditorWords;
  onAnswer: (restore: boolean) => void;
}) {
  const label = (name: string) => {
    const key = `${words}.${name}`;
    return isMessageKey(key) ? t(key) : name;
  };
  const lines = differences(asLines(saved, label), asLines(kept.fields, label));
  const titleId = `${id}-kept`;
  return (
    <section className="bms-kept" aria-labelledby={titleId}>
      <h3 id={titleId}>{t("bmsEditor.kept.title")}</h3>
      <p>{t("bmsEditor.kept.detail", { time: formatTime(kept.keptAt) })}</p>
      <details>
        <summary>{t("bmsEditor.kept.show")}</summary>
        <p className="visually-hidden">{t("bmsEditor.kept.legend")}</p>
        <pre className="bms-diff">
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
      </details>
      <div className="bms-actions">
        <button type="button" className="button button-primary" onClick={() => onAnswer(true)}>
          {t("bmsEditor.kept.restore")}
        </button>
        <button type="button" className="button" onClick={() => onAnswer(false)}>
          {t("bmsEditor.kept.discard")}
        </button>
      </div>
    </section>
  );
}
