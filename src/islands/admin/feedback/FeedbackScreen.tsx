import { zodResolver } from "@hookform/resolvers/zod";
import { useId, useState } from "react";
import { useForm } from "react-hook-form";
import type { Translate } from "../../../i18n/core.ts";
import { type FeedbackStatusUpdate, feedbackStatusUpdateSchema } from "../../../shared/auth.ts";
import {
  FEEDBACK_STATUSES,
  FEEDBACK_TRANSITIONS,
  FEEDBACK_TYPES,
  type FeedbackRecord,
} from "../../../shared/feedback-rules.ts";
import { useLeaveGuard } from "../app/leave-guard.ts";
import { FilterSelect, Pager } from "../paged.tsx";
import type { ScreenProps } from "../screen-props.ts";
import { PAGE_SIZE, useChangeStatus, useFeedbackPage } from "./queries.ts";

/**
 * What readers sent with the feedback button, filtered and paged, with its handling status.
 * The example of the back office's pattern (ARCHITECTURE.md, "One admin pattern").
 */
export function FeedbackScreen({ t }: ScreenProps) {
  const id = useId();
  const [type, setType] = useState("");
  const [status, setStatus] = useState("");
  const [page, setPage] = useState(1);
  const [note, setNote] = useState("");
  const list = useFeedbackPage({ type, status, page });
  const shown = list.data;
  const pages = shown ? Math.max(1, Math.ceil(shown.total / PAGE_SIZE)) : 1;

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
        {list.isFetching ? t("feedbackCenter.loading") : note}
      </p>
      {list.isError && (
        <p role="alert" className="form-failure">
          {t("feedbackCenter.failed")}
        </p>
      )}
      {shown && shown.items.length === 0 && <p>{t("feedbackCenter.empty")}</p>}
      {shown && shown.items.length > 0 && (
        <ul className="bms-feedback-list">
          {shown.items.map((record) => (
            <FeedbackItem key={record.id} t={t} record={record} onNote={setNote} />
          ))}
        </ul>
      )}
      {shown && <Pager t={t} page={page} pages={pages} total={shown.total} onPage={setPage} />}
    </div>
  );
}

function FeedbackItem({
  t,
  record,
  onNote,
}: {
  t: Translate;
  record: FeedbackRecord;
  onNote: (note: string) => void;
}) {
  const id = useId();
  const allowed = FEEDBACK_TRANSITIONS[record.status];
  const type = FEEDBACK_TYPES.find((v) => v === record.feedbackType);
  const change = useChangeStatus();
  const form = useForm<FeedbackStatusUpdate>({
    resolver: zodResolver(feedbackStatusUpdateSchema),
    defaultValues: { note: "" },
  });
  useLeaveGuard(form.formState.isDirty);
  const chosen = form.watch("status");

  const submit = form.handleSubmit(async (values) => {
    onNote("");
    try {
      await change.mutateAsync({ id: record.id, change: values });
      form.reset({ note: "" });
      onNote(
        t("feedbackCenter.changed", { status: t(`feedbackCenter.statuses.${values.status}`) }),
      );
    } catch {
      onNote(t("feedbackCenter.changeFailed"));
    }
  });

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
        <form className="bms-change" noValidate onSubmit={submit}>
          <label htmlFor={`${id}-to`} className="visually-hidden">
            {t("feedbackCenter.changeTo", { subject: record.subject })}
          </label>
          <select
            id={`${id}-to`}
            {...form.register("status", { setValueAs: (v: string) => v || undefined })}
          >
            <option value="">{t("feedbackCenter.status")}…</option>
            {allowed.map((s) => (
              <option key={s} value={s}>
                {t(`feedbackCenter.statuses.${s}`)}
              </option>
            ))}
          </select>
          <button
            type="submit"
            className="button"
            disabled={!chosen || form.formState.isSubmitting}
          >
            {t("feedbackCenter.apply")}
          </button>
        </form>
      )}
    </li>
  );
}
