import { useId, useState } from "react";
import type { Translate } from "../../i18n/core.ts";
import { api } from "../../shared/api-client.ts";
import {
  FEEDBACK_STATUSES,
  FEEDBACK_TRANSITIONS,
  FEEDBACK_TYPES,
  type FeedbackRecord,
  type FeedbackStatus,
} from "../../shared/feedback-rules.ts";
import { FilterSelect, Pager, usePagedList } from "./paged.tsx";

const PAGE_SIZE = 20;

/** What readers sent with the feedback button, filtered and paged, with its handling status. */
export function FeedbackCenter({ t }: { t: Translate }) {
  const id = useId();
  const [type, setType] = useState("");
  const [status, setStatus] = useState("");
  const [note, setNote] = useState("");
  const { page, setPage, load, pages, reload } = usePagedList<FeedbackRecord>(
    "/getAllFeedback",
    { type, status },
    PAGE_SIZE,
  );

  async function change(record: FeedbackRecord, next: FeedbackStatus) {
    setNote("");
    const result = await api
      .put<FeedbackRecord>(`/feedback/${record.id}/status`, { status: next })
      .catch(() => null);
    if (result?.success) {
      setNote(t("feedbackCenter.changed", { status: t(`feedbackCenter.statuses.${next}`) }));
      reload();
    } else setNote(t("feedbackCenter.changeFailed"));
  }

  return (
    <div className="bms-feedback">
      <form
        className="bms-filters"
        aria-label={t("feedbackCenter.filters")}
        onSubmit={(e) => e.preventDefault()}
      >
        <FilterSelect
          id={`${id}-type`}
          label={t("feedbackCenter.type")}
          any={t("feedbackCenter.any")}
          value={type}
          options={FEEDBACK_TYPES.map((v) => ({ value: v, label: t(`feedback.types.${v}`) }))}
          onChange={(v) => {
            setType(v);
            setPage(1);
          }}
        />
        <FilterSelect
          id={`${id}-status`}
          label={t("feedbackCenter.status")}
          any={t("feedbackCenter.any")}
          value={status}
          options={FEEDBACK_STATUSES.map((v) => ({
            value: v,
            label: t(`feedbackCenter.statuses.${v}`),
          }))}
          onChange={(v) => {
            setStatus(v);
            setPage(1);
          }}
        />
      </form>
      <p role="status" className="form-note">
        {load.state === "loading" ? t("feedbackCenter.loading") : note}
      </p>
      {load.state === "failed" && (
        <p role="alert" className="form-failure">
          {t("feedbackCenter.failed")}
        </p>
      )}
      {load.state === "ready" && load.page.items.length === 0 && <p>{t("feedbackCenter.empty")}</p>}
      {load.state === "ready" && load.page.items.length > 0 && (
        <ul className="bms-feedback-list">
          {load.page.items.map((record) => (
            <FeedbackItem key={record.id} t={t} record={record} onChange={change} />
          ))}
        </ul>
      )}
      {load.state === "ready" && (
        <Pager t={t} page={page} pages={pages} total={load.page.total} onPage={setPage} />
      )}
    </div>
  );
}

function FeedbackItem({
  t,
  record,
  onChange,
}: {
  t: Translate;
  record: FeedbackRecord;
  onChange: (r: FeedbackRecord, s: FeedbackStatus) => void;
}) {
  const id = useId();
  const allowed = FEEDBACK_TRANSITIONS[record.status];
  const type = FEEDBACK_TYPES.find((v) => v === record.feedbackType);
  const [next, setNext] = useState<FeedbackStatus | "">("");
  return (
    <li className="bms-feedback-item">
      <div className="bms-feedback-head">
        <h2>{record.subject}</h2>
        <span className="bms-badge" data-status={record.status}>
          {t(`feedbackCenter.statuses.${record.status}`)}
        </span>
      </div>
      <p className="bms-meta">
        {type ? t(`feedback.types.${type}`) : record.feedbackType} · {t("feedbackCenter.received")}{" "}
        <time dateTime={record.receivedAt}>
          {new Date(record.receivedAt).toLocaleString(document.documentElement.lang || undefined)}
        </time>
        {record.contact && (
          <>
            {" "}
            · {t("feedbackCenter.contact")}: {record.contact}
          </>
        )}
      </p>
      <details>
        <summary>{t("feedbackCenter.details")}</summary>
        <p className="bms-description">{record.description}</p>
        <p className="bms-meta">
          {t("feedbackCenter.page")}: {record.environment.url} · {record.environment.viewport}
        </p>
      </details>
      {allowed.length > 0 && (
        <form
          className="bms-change"
          onSubmit={(e) => {
            e.preventDefault();
            if (next) onChange(record, next);
          }}
        >
          <label htmlFor={`${id}-to`} className="visually-hidden">
            {t("feedbackCenter.changeTo", { subject: record.subject })}
          </label>
          <select
            id={`${id}-to`}
            value={next}
            onChange={(e) => setNext(FEEDBACK_STATUSES.find((s) => s === e.target.value) ?? "")}
          >
            <option value="">{t("feedbackCenter.status")}…</option>
            {allowed.map((s) => (
              <option key={s} value={s}>
                {t(`feedbackCenter.statuses.${s}`)}
              </option>
            ))}
          </select>
          <button type="submit" className="button" disabled={!next}>
            {t("feedbackCenter.apply")}
          </button>
        </form>
      )}
    </li>
  );
}
