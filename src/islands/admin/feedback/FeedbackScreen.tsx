import { useId, useState } from "react";
import type { Translate } from "../../../i18n/core.ts";
import {
  FEEDBACK_STATUSES,
  FEEDBACK_TRANSITIONS,
  FEEDBACK_TYPES,
  type FeedbackRecord,
  type FeedbackStatus,
} from "../../../shared/feedback-rules.ts";
import { choices } from "../app/fields.tsx";
import { ListSection, useListState } from "../app/ListSection.tsx";
import { FilterSelects, useFilters } from "../app/list-parts.tsx";
import { StatusButtons } from "../app/StatusButtons.tsx";
import { type ItemSelection, SelectBox, useItemSelection } from "../app/selection.tsx";
import type { ScreenProps } from "../screen-props.ts";
import { FeedbackBulk } from "./FeedbackBulk.tsx";
import { FeedbackThread } from "./FeedbackThread.tsx";
import { useChangeStatus, useFeedbackPage } from "./queries.ts";

/**
 * What readers sent with the feedback button, filtered and paged, with its handling status.
 * The example of the back office's pattern (docs/decisions/back-office.md).
 */
export function FeedbackScreen({ t }: ScreenProps) {
  const id = useId();
  const state = useListState(true);
  const { filters, change } = useFilters({ type: "", status: "" }, state.setPage, true);
  const list = useFeedbackPage(filters, state.page);
  const selection = useItemSelection<FeedbackRecord>();

  return (
    <div className="bms-feedback">
      <ListSection
        t={t}
        words={{
          loading: t("feedbackCenter.loading"),
          failed: t("feedbackCenter.failed"),
          empty: t("feedbackCenter.empty"),
        }}
        query={list}
        state={state}
        filters={
          <form
            className="bms-filters"
            aria-label={t("feedbackCenter.filters")}
            onSubmit={(e) => e.preventDefault()}
          >
            <FilterSelects
              id={id}
              any={t("feedbackCenter.any")}
              values={filters}
              onChange={change}
              fields={[
                {
                  name: "type",
                  label: t("feedbackCenter.type"),
                  options: choices(FEEDBACK_TYPES, (v) => t(`feedback.types.${v}`)),
                },
                {
                  name: "status",
                  label: t("feedbackCenter.status"),
                  options: choices(FEEDBACK_STATUSES, (s) => t(`feedbackCenter.statuses.${s}`)),
                },
              ]}
            />
          </form>
        }
        tools={(page) => (
          <FeedbackBulk t={t} items={page.items} selection={selection} report={state.report} />
        )}
        item={(record) => (
          <FeedbackItem
            key={record.id}
            t={t}
            record={record}
            onDone={state.report}
            selection={selection}
          />
        )}
      />
    </div>
  );
}

function FeedbackItem({
  t,
  record,
  onDone,
  selection,
}: {
  t: Translate;
  record: FeedbackRecord;
  /** The change's outcome, for the list's status line. */
  onDone: (ok: boolean, message: string) => void;
  /** The list's selection for its bulk tools. */
  selection: ItemSelection<FeedbackRecord>;
}) {
  const id = useId();
  const allowed = FEEDBACK_TRANSITIONS[record.status];
  const type = FEEDBACK_TYPES.find((v) => v === record.feedbackType);
  const change = useChangeStatus();
  const [open, setOpen] = useState(false);

  // One step: each status the piece may move to is a button.
  async function move(status: FeedbackStatus) {
    onDone(true, "");
    try {
      await change.mutateAsync({ id: record.id, change: { status } });
      onDone(true, t("feedbackCenter.changed", { status: t(`feedbackCenter.statuses.${status}`) }));
    } catch {
      onDone(false, t("feedbackCenter.changeFailed"));
    }
  }

  return (
    <li className="bms-item">
      <div className="bms-item-head">
        <SelectBox
          label={t("feedbackCenter.select", { subject: record.subject })}
          item={record}
          selection={selection}
        />
        <h2>{record.subject}</h2>
        <span className="bms-badge" data-status={record.status}>
          {t(`feedbackCenter.statuses.${record.status}`)}
        </span>
      </div>
      <p className="bms-meta">
        {type ? t(`feedback.types.${type}`) : record.feedbackType} · {t("feedbackCenter.received")}{" "}
        <time dateTime={record.receivedAt}>
          {new Date(record.receivedAt).toLocaleString(
            document.documentElement.dataset.locale || undefined,
          )}
        </time>
        {record.contact && (
          <>
            {" "}
            · {t("feedbackCenter.contact")}: {record.contact}
          </>
        )}
      </p>
      <details onToggle={(event) => setOpen(event.currentTarget.open)}>
        <summary>{t("feedbackCenter.details")}</summary>
        <p className="bms-description">{record.description}</p>
        <p className="bms-meta">
          {t("feedbackCenter.page")}: {record.environment.url} · {record.environment.viewport}
        </p>
        <FeedbackThread t={t} id={id} record={record} open={open} onDone={onDone} />
      </details>
      {allowed.length > 0 && (
        <StatusButtons
          statuses={allowed}
          className="bms-change"
          legend={t("feedbackCenter.changeTo", { subject: record.subject })}
          legendHidden
          words={(status) =>
            t("feedbackCenter.markAs", { status: t(`feedbackCenter.statuses.${status}`) })
          }
          disabled={change.isPending}
          onPick={(status) => void move(status)}
        />
      )}
    </li>
  );
}
