import type { Translate } from "../../../i18n/core.ts";
import {
  FEEDBACK_STATUSES,
  type FeedbackRecord,
  type FeedbackStatus,
} from "../../../shared/feedback-rules.ts";
import { bulkLine } from "../app/bulk.ts";
import { StatusButtons } from "../app/StatusButtons.tsx";
import { BulkBar, type ItemSelection } from "../app/selection.tsx";
import { useChangeEachStatus } from "./queries.ts";

const WORDS = {
  done: "feedbackCenter.bulk.done",
  refused: "feedbackCenter.bulk.refused",
  item: "feedbackCenter.bulk.item",
} as const;

interface Props {
  t: Translate;
  /** The page shown. */
  items: readonly FeedbackRecord[];
  selection: ItemSelection<FeedbackRecord>;
  /** The outcome's line, for the list's status line (`ok` false: some were refused). */
  report: (ok: boolean, message: string) => void;
}

/**
 * The feedback center's bulk tools: select all on this page, and move the selected pieces to
 * one status; each is one call (the server checks each transition), then one line says how many
 * changed and why any did not.
 */
export function FeedbackBulk({ t, items, selection, report }: Props) {
  const change = useChangeEachStatus();

  async function apply(to: FeedbackStatus) {
    const chosen = selection.items(items);
    report(true, t("feedbackCenter.bulk.working", { count: chosen.length }));
    const outcome = await change.mutateAsync({ items: chosen, status: to });
    report(
      outcome.refused.length === 0,
      bulkLine(t, WORDS, outcome, (item) => item.subject),
    );
  }

  // One step: a button per status moves the selected pieces there.
  return (
    <BulkBar t={t} words="feedbackCenter.bulk" selectable={items} selection={selection}>
      {() => (
        <StatusButtons
          statuses={FEEDBACK_STATUSES}
          className="bms-bulk-move"
          legend={t("feedbackCenter.bulk.status")}
          words={(status) => t(`feedbackCenter.statuses.${status}`)}
          disabled={change.isPending}
          onPick={(status) => void apply(status)}
        />
      )}
    </BulkBar>
  );
}
