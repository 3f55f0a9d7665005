import { useId } from "react";
import type { Translate } from "../../../i18n/core.ts";
import { LOG_METHODS, STATUS_CLASSES } from "../../../shared/logs.ts";
import { choices } from "../app/fields.tsx";
import { REQUEST_FILTERS } from "./filters.ts";
import { actorText, TextFilter, useLogFilters } from "./LogParts.tsx";
import { LogView } from "./LogView.tsx";
import { useRequestLogPage } from "./queries.ts";

/** The request log: every API request, newest first, under its filters. */
export function RequestLog({ t }: { t: Translate }) {
  const id = useId();
  const filters = useLogFilters(REQUEST_FILTERS);
  const list = useRequestLogPage(filters.asked, filters.state.page);
  return (
    <LogView
      t={t}
      id={id}
      log="requests"
      title={t("bmsLogs.requests")}
      caption={t("bmsLogs.caption")}
      list={list}
      filters={filters}
      selects={[
        { name: "status", label: t("bmsLogs.status"), options: choices(STATUS_CLASSES, (s) => s) },
        { name: "method", label: t("bmsLogs.method"), options: choices(LOG_METHODS, (m) => m) },
      ]}
      own={
        <TextFilter
          id={`${id}-path`}
          label={t("bmsLogs.path")}
          value={filters.filters.path}
          max={200}
          placeholder="/api/admin"
          onChange={(value) => filters.change("path", value)}
        />
      }
      columns={[
        {
          label: t("bmsLogs.pathColumn"),
          className: "bms-log-path",
          cell: (entry) => `${entry.method} ${entry.path}`,
        },
        {
          label: t("bmsLogs.status"),
          cell: (entry) => (
            <span className="bms-badge" data-status-class={String(entry.status)[0]}>
              {entry.status}
            </span>
          ),
        },
        {
          label: t("bmsLogs.duration"),
          cell: (entry) => t("bmsLogs.durationValue", { ms: entry.durationMs }),
        },
        {
          label: t("bmsLogs.user"),
          className: "bms-log-user",
          cell: (entry) => actorText(t, entry.user),
        },
      ]}
    />
  );
}
