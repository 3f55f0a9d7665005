import { useId } from "react";
import type { Translate } from "../../../i18n/core.ts";
import { actionText } from "../app/log-actions.ts";
import { AUDIT_FILTERS } from "./filters.ts";
import { actorText, BreakAfter, useLogFilters } from "./LogParts.tsx";
import { LogView } from "./LogView.tsx";
import { useAuditActions, useAuditLogPage } from "./queries.ts";

/** The audit log: every admin write, newest first, under its filters. */
export function AuditLog({ t }: { t: Translate }) {
  const id = useId();
  const filters = useLogFilters(AUDIT_FILTERS);
  const list = useAuditLogPage(filters.asked, filters.state.page);
  const actions = useAuditActions();
  return (
    <LogView
      t={t}
      id={id}
      log="audit"
      title={t("bmsLogs.audit")}
      caption={t("bmsLogs.auditCaption")}
      list={list}
      filters={filters}
      selects={[
        {
          name: "action",
          label: t("bmsLogs.action"),
          options: (actions.data ?? []).map((action) => ({
            value: action,
            label: actionText(t, action),
          })),
        },
      ]}
      columns={[
        {
          label: t("bmsLogs.user"),
          className: "bms-log-user",
          cell: (entry) => actorText(t, entry.actor),
        },
        {
          label: t("bmsLogs.action"),
          className: "bms-log-action",
          cell: (entry) => <ActionCell t={t} action={entry.action} />,
        },
        {
          label: t("bmsLogs.item"),
          className: "bms-log-path",
          cell: (entry) => entry.targetLabel || entry.targetId || "—",
        },
      ]}
    />
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
