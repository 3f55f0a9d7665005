import type { UseQueryResult } from "@tanstack/react-query";
import { type ReactNode, useState } from "react";
import type { Translate } from "../../../i18n/core.ts";
import type { Page } from "../../../shared/auth.ts";
import { ExportButton } from "../app/ExportButton.tsx";
import { ListSection, type ListState } from "../app/ListSection.tsx";
import { type FilterField, FilterSelects, SearchField } from "../app/list-parts.tsx";
import type { AuditFilters, RequestFilters } from "./filters.ts";
import { EntryDialog } from "./LogDetails.tsx";
import {
  BreakAfter,
  DetailsCell,
  logWords,
  RangeFields,
  TextFilter,
  TimeCell,
} from "./LogParts.tsx";
import { downloadExport } from "./queries.ts";

// What both logs show alike: the retention line, the list with its export, the filters (a time
// range, the log's own selects and fields, a user and words), and a table whose rows start with the time and end
// with the address and a button to the entry's details.

/** A column between the time and the address: its heading and its cell. */
export interface LogColumn<Entry> {
  label: string;
  className?: string;
  cell: (entry: Entry) => ReactNode;
}

interface Props<Entry, F extends (RequestFilters | AuditFilters) & Record<keyof F, string>> {
  t: Translate;
  id: string;
  log: "audit" | "requests";
  title: string;
  caption: string;
  list: UseQueryResult<Page<Entry> & { retentionDays: number; capped: boolean }>;
  /** The log's filters (`useLogFilters`). */
  filters: {
    state: ListState;
    filters: F;
    change: (name: keyof F, value: string) => void;
    asked: F;
  };
  /** The log's own select filters, after the time range. */
  selects: readonly FilterField<keyof F & string>[];
  /** Any other filter of the log's own, after its selects. */
  own?: ReactNode;
  columns: LogColumn<Entry>[];
}

export function LogView<
  Entry extends { id: number; at: string; ip: string | null },
  F extends (RequestFilters | AuditFilters) & Record<keyof F, string>,
>(props: Props<Entry, F>) {
  const { t, id, list, columns } = props;
  const { state, filters, change, asked } = props.filters;
  const [open, setOpen] = useState<number | null>(null);
  const page = list.data;
  return (
    <>
      <p className="bms-intro">{t("bmsLogs.intro", { days: page?.retentionDays ?? 90 })}</p>
      <ListSection
        t={t}
        words={logWords(t, props.title, page)}
        query={list}
        state={state}
        retry
        actions={<ExportButton t={t} download={() => downloadExport(props.log, asked)} />}
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
              fields={props.selects}
            />
            {props.own}
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
              <caption className="visually-hidden">{props.caption}</caption>
              <thead>
                <tr>
                  <th scope="col">{t("bmsLogs.time")}</th>
                  {columns.map((column) => (
                    <th scope="col" key={column.label}>
                      {column.label}
                    </th>
                  ))}
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
                    {columns.map((column) => (
                      <td key={column.label} data-label={column.label} className={column.className}>
                        {column.cell(entry)}
                      </td>
                    ))}
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
      <EntryDialog t={t} log={props.log} id={open} onClose={() => setOpen(null)} />
    </>
  );
}
