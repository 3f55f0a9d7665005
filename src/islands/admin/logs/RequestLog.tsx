import { useId, useState } from "react";
import type { Translate } from "../../../i18n/core.ts";
import { LOG_METHODS, STATUS_CLASSES } from "../../../shared/logs.ts";
import { choices } from "../app/fields.tsx";
import { ListSection } from "../app/ListSection.tsx";
import { FilterSelects, SearchField } from "../app/list-parts.tsx";
import { REQUEST_FILTERS } from "./filters.ts";
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
import { useRequestLogPage } from "./queries.ts";

/** The request log: every API request, newest first, under its filters. */
export function RequestLog({ t }: { t: Translate }) {
  const id = useId();
  const { state, filters, change, asked } = useLogFilters(REQUEST_FILTERS);
  const list = useRequestLogPage(asked, state.page);
  const [open, setOpen] = useState<number | null>(null);
  const page = list.data;
  return (
    <>
      <p className="bms-intro">{t("bmsLogs.intro", { days: page?.retentionDays ?? 90 })}</p>
      <ListSection
        t={t}
        words={logWords(t, t("bmsLogs.requests"), page)}
        query={list}
        state={state}
        retry
        actions={<ExportButton t={t} log="requests" filters={asked} />}
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
                  name: "status",
                  label: t("bmsLogs.status"),
                  options: choices(STATUS_CLASSES, (s) => s),
                },
                {
                  name: "method",
                  label: t("bmsLogs.method"),
                  options: choices(LOG_METHODS, (m) => m),
                },
              ]}
            />
            <TextFilter
              id={`${id}-path`}
              label={t("bmsLogs.path")}
              value={filters.path}
              max={200}
              placeholder="/api/admin"
              onChange={(value) => change("path", value)}
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
              <caption className="visually-hidden">{t("bmsLogs.caption")}</caption>
              <thead>
                <tr>
                  <th scope="col">{t("bmsLogs.time")}</th>
                  <th scope="col">{t("bmsLogs.pathColumn")}</th>
                  <th scope="col">{t("bmsLogs.status")}</th>
                  <th scope="col">{t("bmsLogs.duration")}</th>
                  <th scope="col">{t("bmsLogs.user")}</th>
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
                    <td data-label={t("bmsLogs.pathColumn")} className="bms-log-path">
                      {entry.method} {entry.path}
                    </td>
                    <td data-label={t("bmsLogs.status")}>
                      <span className="bms-badge" data-status-class={String(entry.status)[0]}>
                        {entry.status}
                      </span>
                    </td>
                    <td data-label={t("bmsLogs.duration")}>
                      {t("bmsLogs.durationValue", { ms: entry.durationMs })}
                    </td>
                    <td data-label={t("bmsLogs.user")} className="bms-log-user">
                      {actorText(t, entry.user)}
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
      <EntryDialog t={t} log="requests" id={open} onClose={() => setOpen(null)} />
    </>
  );
}
