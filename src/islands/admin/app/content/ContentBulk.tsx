import { useId, useState } from "react";
import type { Translate } from "../../../../i18n/core.ts";
import type { BulkOutcome } from "../bulk.ts";
import { DeleteControl } from "../DeleteControl.tsx";
import type { Choice } from "../fields.tsx";
import { FilterSelect } from "../list-parts.tsx";
import { BulkBar, type ItemSelection } from "../selection.tsx";
import { type BulkAction, type ContentBulkWords, contentBulkLine, type MoveWords } from "./bulk.ts";

/** The move to a group, for kinds that have one: its words, its choices, and what it sends. */
export interface BulkMove extends MoveWords {
  /** The select's label ("Move to category"), its empty choice's, and the button's. */
  label: string;
  choose: string;
  button: string;
  choices: readonly Choice[];
  /** The field moved and its value for a choice (a photo's "no album" is null). */
  field: string;
  value: (choice: string) => string | null;
}

interface Props<T extends { id: string; readOnly: boolean }> {
  t: Translate;
  words: ContentBulkWords;
  /** The page shown. */
  items: readonly T[];
  selection: ItemSelection<T>;
  /** An item's name in the summary line. */
  name: (item: T) => string;
  move?: BulkMove | undefined;
  /** Does the action to each item in turn (`eachBulk` through the kind's mutation). */
  run: (request: {
    items: readonly T[];
    action: BulkAction;
    move?: { field: string; value: string | null };
  }) => Promise<BulkOutcome<T>>;
  busy: boolean;
  /** A bulk action's summary, for the list's status line (`ok` false: something was refused). */
  report: (ok: boolean, message: string) => void;
  /** Every selected item was deleted: focus goes to the list's heading. */
  onAllDeleted: (message: string) => void;
}

/**
 * The tools for the selected items of a content list: select all on this page (an item written
 * in a file is read-only, never selected), how many are selected, and, with some, Publish,
 * Unpublish, a group to move them to (if the kind has one) and Delete (after one confirmation
 * naming how many). Each item is one call; one line then says how many were done and why any
 * were refused.
 */
export function ContentBulk<T extends { id: string; readOnly: boolean }>({
  t,
  words,
  items,
  selection,
  name,
  move,
  run,
  busy,
  report,
  onAllDeleted,
}: Props<T>) {
  const id = useId();
  const [target, setTarget] = useState("");

  async function act(action: BulkAction): Promise<boolean> {
    const chosen = selection.items(items);
    report(true, t(`${words}.working`, { count: chosen.length }));
    const request =
      action === "move" && move
        ? { items: chosen, action, move: { field: move.field, value: move.value(target) } }
        : { items: chosen, action };
    const outcome = await run(request);
    const summary = contentBulkLine(t, words, action, outcome, name, move);
    if (action === "delete") {
      selection.select(outcome.done, false);
      if (outcome.refused.length === 0) {
        onAllDeleted(summary);
        return true;
      }
    }
    report(outcome.refused.length === 0, summary);
    return false;
  }

  return (
    <BulkBar
      t={t}
      words={words}
      selectable={items.filter((item) => !item.readOnly)}
      selection={selection}
    >
      {(countId) => (
        <>
          <div className="bms-actions">
            <button
              type="button"
              className="button"
              disabled={busy}
              onClick={() => void act("publish")}
            >
              {t("bmsArticles.publish")}
            </button>
            <button
              type="button"
              className="button"
              disabled={busy}
              onClick={() => void act("unpublish")}
            >
              {t("bmsArticles.unpublish")}
            </button>
          </div>
          {move && (
            <div className="bms-bulk-move">
              <FilterSelect
                id={`${id}-move`}
                label={move.label}
                any={move.choose}
                value={target}
                options={move.choices}
                onChange={setTarget}
              />
              <button
                type="button"
                className="button"
                disabled={busy || target === ""}
                onClick={() => void act("move")}
              >
                {move.button}
              </button>
            </div>
          )}
          <DeleteControl
            t={t}
            question={t(`${words}.askDelete`, { count: selection.size })}
            describedBy={countId}
            onDelete={() => act("delete")}
          />
        </>
      )}
    </BulkBar>
  );
}
