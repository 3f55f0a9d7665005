import type { Translate } from "../../../../i18n/core.ts";
import { formatTime } from "../time.ts";
import { DiffLines, type FieldWords, fieldsDifference } from "./FieldsDiff.tsx";
import type { KeptDraft } from "./kept-draft.ts";

/**
 * The offer of what the browser kept of an unsaved edit: when it was kept, what it changes of
 * the saved item (field by field, then the text, line by line), Restore and Discard; nothing
 * while nothing is kept.
 */
export function KeptOffer({
  t,
  id,
  keeping,
  words,
}: {
  t: Translate;
  id: string;
  /** The form's keeping (`useKeeping`): what it kept, the values it opened with, the answer. */
  keeping: {
    kept: KeptDraft<object> | null;
    saved: object;
    answerKept: (restore: boolean) => void;
  };
  words: FieldWords;
}) {
  const { kept, saved, answerKept: onAnswer } = keeping;
  if (!kept) return null;
  const lines = fieldsDifference(t, words, saved, kept.fields);
  const titleId = `${id}-kept`;
  return (
    <section className="bms-kept" aria-labelledby={titleId}>
      <h3 id={titleId}>{t("bmsEditor.kept.title")}</h3>
      <p>{t("bmsEditor.kept.detail", { time: formatTime(kept.keptAt) })}</p>
      <details>
        <summary>{t("bmsEditor.kept.show")}</summary>
        <DiffLines lines={lines} legend={t("bmsEditor.kept.legend")} />
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
