import { useStore } from "@nanostores/react";
import { useQuery } from "@tanstack/react-query";
import { type ReactNode, useId, useState } from "react";
import type { Locale, Translate } from "../../../i18n/core.ts";
import { api, send } from "../../../shared/api-client.ts";
import { FEEDBACK_STATUSES } from "../../../shared/feedback-rules.ts";
import type { Overview, QueuedItem } from "../../../shared/overview.ts";
import { READERSHIP_SPANS } from "../../../shared/readership.ts";
import { $locale } from "../../../stores/locale.ts";
import { FormStatus } from "../../ui/FormStatus.tsx";
import { failureText } from "../app/form.tsx";
import { Glance } from "../app/Glance.tsx";
import { actionText, changeText } from "../app/log-actions.ts";
import { dataOf } from "../app/query.ts";
import { ScreenLink } from "../app/ScreenLink.tsx";
import { formatTime } from "../app/time.ts";
import type { AdminRoute } from "../routes.ts";
import type { ScreenProps } from "../screen-props.ts";
import { Readership, type Span } from "./Readership.tsx";
import "./overview.css";

// `/bms/overview`: the blog at a glance (items by status, accounts, feedback), its readership
// over 7, 30 or 90 days, what waits (drafts, the scheduled queue), the last builds, and the
// newest feedback and admin actions, each leading to its screen.

const useOverview = () =>
  useQuery({
    queryKey: ["overview"],
    queryFn: () => dataOf(send(api.admin.overview.$get())),
  });

const useBuilds = () =>
  useQuery({
    queryKey: ["overview", "builds"],
    queryFn: () => dataOf(send(api.admin.site.build.$get())),
  });

/** A feedback status as its words know it. */
const statusOf = (status: string) => FEEDBACK_STATUSES.find((known) => known === status) ?? "new";

/** Where an item of a queue is edited. */
const editorOf = (item: QueuedItem): { route: AdminRoute; search: string } =>
  item.kind === "article"
    ? { route: "editarticle", search: `id=${encodeURIComponent(item.id)}` }
    : item.kind === "photo"
      ? { route: "editPhoto", search: `id=${encodeURIComponent(item.id)}` }
      : { route: "notes", search: "" };

export function OverviewScreen({ t, navigate }: ScreenProps) {
  const overview = useOverview();
  const [days, setDays] = useState<Span>(30);
  const spanId = useId();
  return (
    <div className="bms-content bms-overview">
      <FormStatus
        note={overview.isFetching && !overview.data ? t("bmsOverview.loading") : ""}
        failure={
          overview.isError ? `${t("bmsOverview.failed")} ${failureText(t, overview.error)}` : ""
        }
      />
      {overview.data && <Counts t={t} data={overview.data} />}

      <section aria-labelledby={`${spanId}-readership`} className="bms-overview-section">
        <div className="bms-list-head">
          <h2 id={`${spanId}-readership`}>{t("bmsOverview.readership")}</h2>
          <fieldset className="bms-span">
            <legend className="visually-hidden">{t("bmsOverview.span")}</legend>
            {READERSHIP_SPANS.map((span) => (
              <button
                key={span}
                type="button"
                className="button"
                aria-pressed={days === span}
                onClick={() => setDays(span)}
              >
                {t("bmsOverview.spanDays", { days: span })}
              </button>
            ))}
          </fieldset>
        </div>
        <p className="bms-intro">{t("bmsOverview.readershipAbout")}</p>
        <Readership t={t} days={days} />
      </section>

      {overview.data && (
        <div className="bms-overview-columns">
          <Queue
            t={t}
            navigate={navigate}
            title={t("bmsOverview.drafts")}
            empty={t("bmsOverview.noDrafts")}
            items={overview.data.drafts}
            when="bmsOverview.editedAt"
          />
          <Queue
            t={t}
            navigate={navigate}
            title={t("bmsOverview.scheduled")}
            empty={t("bmsOverview.noScheduled")}
            items={overview.data.scheduled}
            when="bmsOverview.liveAt"
          />
          <Builds t={t} />
          <RecentFeedback t={t} navigate={navigate} data={overview.data} />
          <RecentActions t={t} navigate={navigate} data={overview.data} />
        </div>
      )}
    </div>
  );
}

function Counts({ t, data }: { t: Translate; data: Overview }) {
  const locale: Locale = useStore($locale);
  const number = (n: number) => n.toLocaleString(locale);
  const statusLine = (counts: Record<string, number>, labels: Record<string, string>) =>
    Object.entries(counts)
      .filter(([, n]) => n > 0)
      .map(([status, n]) => `${labels[status] ?? status} ${number(n)}`)
      .join(" · ");
  const contentStatuses = {
    draft: t("bmsNotes.statuses.draft"),
    published: t("bmsNotes.statuses.published"),
    scheduled: t("bmsNotes.statuses.scheduled"),
  };
  const feedbackStatuses = {
    new: t("feedbackCenter.statuses.new"),
    in_progress: t("feedbackCenter.statuses.in_progress"),
    resolved: t("feedbackCenter.statuses.resolved"),
    closed: t("feedbackCenter.statuses.closed"),
  };
  const commentStatuses = {
    pending: t("commentsCenter.statuses.pending"),
    approved: t("commentsCenter.statuses.approved"),
    spam: t("commentsCenter.statuses.spam"),
    deleted: t("commentsCenter.statuses.deleted"),
  };
  const sum = (counts: Record<string, number>) => Object.values(counts).reduce((a, b) => a + b, 0);
  const cards: Array<[string, number, string]> = [
    [
      t("bmsOverview.articles"),
      sum(data.content.articles),
      statusLine(data.content.articles, contentStatuses),
    ],
    [
      t("bmsOverview.notes"),
      sum(data.content.notes),
      statusLine(data.content.notes, contentStatuses),
    ],
    [
      t("bmsOverview.photos"),
      sum(data.content.photos),
      statusLine(data.content.photos, contentStatuses),
    ],
    [
      t("bmsOverview.chapters"),
      sum(data.content.chapters),
      statusLine(data.content.chapters, contentStatuses),
    ],
    [
      t("bmsOverview.users"),
      data.users.total,
      t("bmsOverview.usersLine", {
        admins: t("bmsOverview.admins", {
          count: data.users.admins,
          total: number(data.users.admins),
        }),
        disabled: number(data.users.disabled),
      }),
    ],
    [t("bmsOverview.feedback"), sum(data.feedback), statusLine(data.feedback, feedbackStatuses)],
    [t("bmsOverview.comments"), sum(data.comments), statusLine(data.comments, commentStatuses)],
    [
      t("bmsOverview.subscribers"),
      data.subscribers.total,
      t("bmsOverview.subscribersLine", {
        en: number(data.subscribers.langs["en-US"]),
        zh: number(data.subscribers.langs["zh-CN"]),
        recent: number(data.subscribers.last30Days),
      }),
    ],
    [t("bmsOverview.fediverse"), data.fediverseFollowers, t("bmsOverview.fediverseLine")],
  ];
  return (
    <Glance
      title={t("bmsOverview.glance")}
      className="bms-overview-section"
      cards={cards.map(([label, total, line]) => ({ label, number: number(total), line }))}
    />
  );
}

/**
 * A card of the overview: its heading, then its items as a list, or the line that says there are
 * none (`empty`; `failure` in its place when they could not be read), and a link onwards.
 */
function Card<T>({
  title,
  items,
  empty,
  failure,
  item,
  more,
}: {
  title: string;
  items: readonly T[];
  empty: string;
  failure?: string | undefined;
  item: (item: T) => ReactNode;
  more?: ReactNode;
}) {
  const id = useId();
  return (
    <section aria-labelledby={id} className="bms-overview-card">
      <h2 id={id}>{title}</h2>
      {failure ? (
        <p className="form-failure">{failure}</p>
      ) : items.length === 0 ? (
        <p className="field-hint">{empty}</p>
      ) : (
        <ul className="bms-overview-list">{items.map(item)}</ul>
      )}
      {more}
    </section>
  );
}

interface QueueProps {
  t: Translate;
  navigate: ScreenProps["navigate"];
  title: string;
  empty: string;
  items: QueuedItem[];
  when: "bmsOverview.editedAt" | "bmsOverview.liveAt";
}

function Queue({ t, navigate, title, empty, items, when }: QueueProps) {
  return (
    <Card
      title={title}
      items={items}
      empty={empty}
      item={(item) => (
        <li key={`${item.kind}-${item.id}`}>
          <ScreenLink navigate={navigate} className="bms-overview-link" {...editorOf(item)}>
            {item.title || item.id}
          </ScreenLink>
          <span className="field-hint">
            {t(`bmsOverview.kinds.${item.kind}`)}
            {item.at && (
              <>
                {" · "}
                <time dateTime={item.at}>{t(when, { time: formatTime(item.at) })}</time>
              </>
            )}
          </span>
        </li>
      )}
    />
  );
}

function Builds({ t }: { t: Translate }) {
  const builds = useBuilds();
  return (
    <Card
      title={t("bmsOverview.builds")}
      items={builds.data?.runs ?? []}
      // Nothing said until the answer is in.
      empty={builds.data ? t("bmsOverview.noBuilds") : ""}
      failure={builds.isError ? failureText(t, builds.error) : undefined}
      item={(run) => (
        <li key={run.id}>
          <span className="bms-badge" data-build={run.state}>
            {t(`bmsOverview.buildStates.${run.state}`)}
          </span>{" "}
          <time dateTime={run.queuedAt}>{formatTime(run.queuedAt)}</time>
          <span className="field-hint bms-overview-reasons">
            {run.reasons.map((change) => changeText(t, change)).join("; ")}
          </span>
        </li>
      )}
    />
  );
}

interface ListProps {
  t: Translate;
  navigate: ScreenProps["navigate"];
  data: Overview;
}

function RecentFeedback({ t, navigate, data }: ListProps) {
  return (
    <Card
      title={t("bmsOverview.recentFeedback")}
      items={data.recentFeedback}
      empty={t("bmsOverview.noFeedback")}
      item={(item) => (
        <li key={item.id}>
          <span className="bms-overview-subject">{item.subject}</span>
          <span className="field-hint">
            {t(`feedbackCenter.statuses.${statusOf(item.status)}`)}
            {" · "}
            <time dateTime={item.receivedAt}>{formatTime(item.receivedAt)}</time>
          </span>
        </li>
      )}
      more={
        <ScreenLink navigate={navigate} route="FeedBackCenter" className="bms-overview-more">
          {t("bmsOverview.allFeedback")}
        </ScreenLink>
      }
    />
  );
}

function RecentActions({ t, navigate, data }: ListProps) {
  return (
    <Card
      title={t("bmsOverview.recentActions")}
      items={data.recentActions}
      empty={t("bmsOverview.noActions")}
      item={(action) => (
        <li key={action.id}>
          {actionText(t, action.action)} · {action.targetLabel || action.targetId || "—"}
          <span className="field-hint">
            {action.actor?.name ?? ""} · <time dateTime={action.at}>{formatTime(action.at)}</time>
          </span>
        </li>
      )}
      more={
        <ScreenLink
          navigate={navigate}
          route="LogCenter"
          search="log=audit"
          className="bms-overview-more"
        >
          {t("bmsOverview.allActions")}
        </ScreenLink>
      }
    />
  );
}
