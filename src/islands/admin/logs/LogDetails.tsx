import { type ReactNode, useId } from "react";
import type { Translate } from "../../../i18n/core.ts";
import type { AuditLogRecord, RequestLogRecord } from "../../../shared/logs.ts";
import { FormStatus } from "../../ui/FormStatus.tsx";
import { FactList } from "../app/FactList.tsx";
import { failureText } from "../app/form.tsx";
import { actionText } from "../app/log-actions.ts";
import { ModalDialog } from "../app/ModalDialog.tsx";
import { actorText, TimeCell } from "./LogParts.tsx";
import { useAuditEntry, useRequestEntry } from "./queries.ts";

interface Props {
  t: Translate;
  log: "requests" | "audit";
  /** The entry shown; none: closed. */
  id: number | null;
  onClose: () => void;
}

/** One entry in full, in a dialog: every field, and for an admin action the item before and after. */
export function EntryDialog({ t, log, id, onClose }: Props) {
  const headingId = useId();
  const request = useRequestEntry(log === "requests" ? id : null);
  const audit = useAuditEntry(log === "audit" ? id : null);
  const query = log === "requests" ? request : audit;
  return (
    <ModalDialog
      open={id !== null}
      onClose={onClose}
      labelledBy={headingId}
      className="bms-dialog bms-log-dialog"
    >
      <div className="bms-dialog-head">
        <h2 id={headingId}>{t("bmsLogs.detailsOf", { id: id ?? "" })}</h2>
        <button type="button" className="button" onClick={onClose}>
          {t("bmsLogs.close")}
        </button>
      </div>
      <FormStatus
        note={query.isFetching ? t("bmsLogs.loading") : ""}
        failure={query.isError ? failureText(t, query.error) : ""}
      />
      {log === "requests" && request.data && <RequestFacts t={t} entry={request.data} />}
      {log === "audit" && audit.data && <AuditFacts t={t} entry={audit.data} />}
    </ModalDialog>
  );
}

const Facts = ({ rows }: { rows: Array<[string, ReactNode]> }) => (
  <FactList rows={rows} className="bms-log-facts" />
);

function RequestFacts({ t, entry }: { t: Translate; entry: RequestLogRecord }) {
  return (
    <Facts
      rows={[
        [t("bmsLogs.time"), <TimeCell key="at" at={entry.at} />],
        [t("bmsLogs.method"), entry.method],
        [t("bmsLogs.pathColumn"), <code key="path">{entry.path}</code>],
        [t("bmsLogs.status"), entry.status],
        [t("bmsLogs.duration"), t("bmsLogs.durationValue", { ms: entry.durationMs })],
        [t("bmsLogs.user"), actorText(t, entry.user)],
        [t("bmsLogs.address"), entry.ip ?? t("bmsLogs.unknown")],
        [t("bmsLogs.browser"), entry.userAgent ?? t("bmsLogs.unknown")],
      ]}
    />
  );
}

/**
 * A state of an item as indented JSON (a box that scrolls, so it takes focus for the keyboard,
 * named by its heading), or what stands for none.
 */
function State({ value, none, label }: { value: unknown; none: string; label: string }) {
  if (value === null || value === undefined) return <p className="field-hint">{none}</p>;
  return (
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a box that scrolls must be reachable by keyboard
    <section className="bms-log-json" tabIndex={0} aria-label={label}>
      <pre>{JSON.stringify(value, null, 2)}</pre>
    </section>
  );
}

function AuditFacts({ t, entry }: { t: Translate; entry: AuditLogRecord }) {
  return (
    <>
      <Facts
        rows={[
          [t("bmsLogs.time"), <TimeCell key="at" at={entry.at} />],
          [t("bmsLogs.user"), actorText(t, entry.actor)],
          [
            t("bmsLogs.action"),
            <span key="action">
              {actionText(t, entry.action) === entry.action
                ? ""
                : `${actionText(t, entry.action)} `}
              <code>{entry.action}</code>
            </span>,
          ],
          [t("bmsLogs.pathColumn"), <code key="path">{`${entry.method} ${entry.path}`}</code>],
          [t("bmsLogs.item"), entry.targetLabel || entry.targetId || "—"],
          [t("bmsLogs.address"), entry.ip ?? t("bmsLogs.unknown")],
          [t("bmsLogs.browser"), entry.userAgent ?? t("bmsLogs.unknown")],
        ]}
      />
      <div className="bms-log-states">
        <section>
          <h3>{t("bmsLogs.before")}</h3>
          <State value={entry.before} none={t("bmsLogs.noState")} label={t("bmsLogs.before")} />
        </section>
        <section>
          <h3>{t("bmsLogs.after")}</h3>
          <State
            label={t("bmsLogs.after")}
            value={entry.after}
            none={entry.method === "DELETE" ? t("bmsLogs.deletedState") : t("bmsLogs.noState")}
          />
        </section>
      </div>
      <section>
        <h3>{t("bmsLogs.asked")}</h3>
        <State value={entry.request} none={t("bmsLogs.noState")} label={t("bmsLogs.asked")} />
      </section>
    </>
  );
}
