import type { ReactNode } from "react";
import { ScreenLink } from "../app/ScreenLink.tsx";
import type { ScreenProps } from "../screen-props.ts";
import { AuditLog } from "./AuditLog.tsx";
import { RequestLog } from "./RequestLog.tsx";
import "./logs.css";

/**
 * `/bms/LogCenter`: the request log (every API request) and, at `?log=audit`, the audit log
 * (every admin write), each under its filters (kept in the address), paged, with each entry's
 * details and an export of the filter as CSV.
 */
export function LogCenterScreen(props: ScreenProps) {
  const { t, search, navigate } = props;
  const audit = new URLSearchParams(search).get("log") === "audit";
  const tab = (which: "requests" | "audit", label: string): ReactNode => {
    const current = (which === "audit") === audit;
    return (
      <li>
        {current ? (
          <span className="bms-log-tab" aria-current="page">
            {label}
          </span>
        ) : (
          <ScreenLink
            navigate={navigate}
            route="LogCenter"
            search={which === "audit" ? "log=audit" : ""}
            className="bms-log-tab"
          >
            {label}
          </ScreenLink>
        )}
      </li>
    );
  };
  return (
    <div className="bms-content bms-logs">
      <nav aria-label={t("bmsLogs.tabs")}>
        <ul className="bms-log-tabs">
          {tab("requests", t("bmsLogs.requests"))}
          {tab("audit", t("bmsLogs.audit"))}
        </ul>
      </nav>
      {audit ? <AuditLog t={t} /> : <RequestLog t={t} />}
    </div>
  );
}
