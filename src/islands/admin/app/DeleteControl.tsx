import { useEffect, useRef, useState } from "react";
import type { Translate } from "../../../i18n/core.ts";

interface Props {
  t: Translate;
  /** The question asked before deleting ("Delete this note? …"). */
  question: string;
  /** Deletes; false keeps the question open (the caller shows why). */
  onDelete: () => Promise<boolean>;
  /** Names the item for assistive technology (the id of its title or excerpt). */
  describedBy?: string;
  /** The button's and the confirmation's words, for a removal that is no deletion. */
  labels?: { action: string; confirm: string };
}

/**
 * Delete (or another removal, by `labels`) with a confirm step in place: the question and two buttons replace the Delete button,
 * focus moves to Cancel (the safe choice) and comes back to Delete when the person cancels.
 */
export function DeleteControl({ t, question, onDelete, describedBy, labels }: Props) {
  const [asking, setAsking] = useState(false);
  const [busy, setBusy] = useState(false);
  const cancelRef = useRef<HTMLButtonElement>(null);
  const deleteRef = useRef<HTMLButtonElement>(null);
  const returnFocus = useRef(false);

  useEffect(() => {
    if (asking) cancelRef.current?.focus();
    else if (returnFocus.current) {
      returnFocus.current = false;
      deleteRef.current?.focus();
    }
  }, [asking]);

  if (!asking) {
    return (
      <button
        ref={deleteRef}
        type="button"
        className="button bms-danger"
        aria-describedby={describedBy}
        onClick={() => setAsking(true)}
      >
        {labels?.action ?? t("bmsNotes.delete")}
      </button>
    );
  }
  return (
    <fieldset className="bms-confirm">
      <legend>{question}</legend>
      <button
        type="button"
        className="button bms-danger-strong"
        disabled={busy}
        onClick={async () => {
          setBusy(true);
          const done = await onDelete();
          setBusy(false);
          if (!done) {
            returnFocus.current = true;
            setAsking(false);
          }
        }}
      >
        {labels?.confirm ?? t("bmsNotes.confirmDelete")}
      </button>
      <button
        ref={cancelRef}
        type="button"
        className="button"
        onClick={() => {
          returnFocus.current = true;
          setAsking(false);
        }}
      >
        {t("bmsNotes.keep")}
      </button>
    </fieldset>
  );
}
