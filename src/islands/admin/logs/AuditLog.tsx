import { useId, useState } from "react";
import type { Translate } from "../../../i18n/core.ts";
import { ListSection } from "../app/ListSection.tsx";
import { FilterSelects, SearchField } from "../app/list-parts.tsx";
import { actionText } from "../app/log-actions.ts";
import { AUDIT_FILTERS } from "./filters.ts";
import { EntryDialog } from "./LogDetails.tsx";
import {
  actorText,
  BreakAfter,
  DetailsCell,
  ExportButton,
  logWords,
  RangeFields,
  TextFilter,
  TimeCell,
  useLogFilters,
} from "./LogParts.tsx";
import { useAuditActions, useAuditLogPage } from "./queries.ts";

/** The audit log: every admin write, newest first, under its filters. */
export function AuditLog({ t }: { t: Translate }) {
  const id = useId();
  const { state, filters, change, asked } = useLogFilters(AUDIT_FILTERS);
  const list = useAuditLogPage(asked, state.page);
  const actions = useAuditActions();
  const [open, setOpen] = useState<number | null>(null);
  const page = list.data;
  return (
    <>
      <p className="bms-intro">{t("bmsLogs.intro", { days: page?.retentionDays ?? 90 })}</p>
      <ListSection
        t={t}
        words={logWords(t, t("bmsLogs.audit"), page)}
        query={list}
        state={state}
        retry
        actions={<ExportButton t={t} log="audit" filters={asked} />}
        filters={
          <form
            className="bms-filters bms-log-filters"
            aria-label={t("bmsLogs.filters")}
            onSubmit={(e) => e.preventDefault()}
          >
            <RangeFields id={id} t={t} from={filters.from} to={filters.to} onChange={change} />
            <FilterSelects
              id={id}
              any={t("bmsLogs.any")}
              values={filters}
              onChange={change}
              fields={[
                {
                  name: "action",
                  label: t("bmsLogs.action"),
                  options: (actions.data ?? []).map((action) => ({
                    value: action,
                    label: actionText(t, action),
                  })),
                },
              ]}
            />
            <TextFilter
              id={`${id}-user`}
              label={t("bmsLogs.user")}
              value={filters.user}
              max={100}
              placeholder={t("bmsLogs.userHint")}
              onChange={(value) => change("user", value)}
            />
            <SearchField
              id={`${id}-q`}
              label={t("bmsLogs.search")}
              value={filters.q}
              maxLength={200}
              onChange={(value) => change("q", value)}
            />
          </form>
        }
        items={(view, busy) => (
          <div className="bms-table-wrap">
            <table className="bms-table bms-log-table" aria-busy={busy || undefined}>
              <caption className="visually-hidden">{t("bmsLogs.auditCaption")}</caption>
              <thead>
                <tr>
                  <th scope="col">{t("bmsLogs.time")}</th>
                  <th scope="col">{t("bmsLogs.user")}</th>
                  <th scope="col">{t("bmsLogs.action")}</th>
                  <th scope="col">{t("bmsLogs.item")}</th>
                  <th scope="col">{t("bmsLogs.address")}</th>
                  <th scope="col">
                    <span className="visually-hidden">{t("bmsLogs.details")}</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {view.items.map((entry) => (
                  <tr key={entry.id}>
                    <th scope="row">
                      <TimeCell at={entry.at} />
                    </th>
                    <td data-label={t("bmsLogs.user")} className="bms-log-user">
                      {actorText(t, entry.actor)}
                    </td>
                    <td data-label={t("bmsLogs.action")} className="bms-log-action">
                      <ActionCell t={t} action={entry.action} />
                    </td>
                    <td data-label={t("bmsLogs.item")} className="bms-log-path">
                      {entry.targetLabel || entry.targetId || "—"}
                    </td>
                    <td data-label={t("bmsLogs.address")} className="bms-log-breaks">
                      <BreakAfter text={entry.ip ?? t("bmsLogs.unknown")} marks=":" />
                    </td>
                    <DetailsCell t={t} id={entry.id} onOpen={() => setOpen(entry.id)} />
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      />
      <EntryDialog t={t} log="audit" id={open} onClose={() => setOpen(null)} />
    </>
  );
}

/** An action in words, or, one the words do not know, its code breaking after each dot. */
function ActionCell({ t, action }: { t: Translate; action: string }) {
  const words = actionText(t, action);
  if (words !== action) return words;
  return (
    <code>
      <BreakAfter text={action} marks="." />
    </code>
  );
}
