import { useStore } from "@nanostores/react";
import { useId } from "react";
import type { Locale, Translate } from "../../../i18n/core.ts";
import { CONTENT_LANGS, type ContentLang } from "../../../shared/content-rules.ts";
import type { MailingItem, SubscriberItem } from "../../../shared/following.ts";
import { sitePaths } from "../../../shared/site-paths.ts";
import { $locale } from "../../../stores/locale.ts";
import { FormStatus } from "../../ui/FormStatus.tsx";
import { Chart } from "../app/Chart.tsx";
import { DeleteControl } from "../app/DeleteControl.tsx";
import { ExportButton } from "../app/ExportButton.tsx";
import { choices } from "../app/fields.tsx";
import { failedCallText } from "../app/form.tsx";
import { Glance } from "../app/Glance.tsx";
import { ListSection, useListState } from "../app/ListSection.tsx";
import { FilterSelects, SearchField, useFilters } from "../app/list-parts.tsx";
import { succeeded } from "../app/query.ts";
import { formatTime } from "../app/time.ts";
import type { ScreenProps } from "../screen-props.ts";
import { FediverseFollowers } from "./FediverseFollowers.tsx";
import {
  downloadSubscribers,
  type SubscriberFilters,
  useMailingsPage,
  useRemove,
  useSubscribersPage,
  useSummary,
} from "./queries.ts";
import "./followers.css";

// `/bms/followers`: who follows the blog by email (counts per language, new ones each week), the
// subscribers (filter, export as CSV, remove one), the accounts that follow from the fediverse,
// and each new article's mailing: how far it has gone, and the mails that failed with the mail
// server's words; the same for each weekly digest.

const langWord = (t: Translate, lang: ContentLang) =>
  t(lang === "zh-CN" ? "content.zh" : "content.en");

export function FollowersScreen({ t }: ScreenProps) {
  return (
    <div className="bms-followers">
      <Summary t={t} />
      <Subscribers t={t} />
      <FediverseFollowers t={t} />
      <Mailings t={t} />
    </div>
  );
}

function Summary({ t }: { t: Translate }) {
  const locale: Locale = useStore($locale);
  const summary = useSummary();
  const number = (n: number) => n.toLocaleString(locale);
  if (!summary.data) {
    return (
      <FormStatus
        note={summary.isPending ? t("bmsFollowers.loading") : ""}
        failure={summary.isError ? t("bmsFollowers.failed") : ""}
      />
    );
  }
  const data = summary.data;
  const week = (start: string) =>
    new Date(`${start}T00:00:00Z`).toLocaleDateString(locale, {
      month: "short",
      day: "numeric",
      timeZone: "UTC",
    });
  return (
    <>
      <Glance
        title={t("bmsFollowers.glance")}
        className="bms-followers-section"
        cards={[
          {
            label: t("bmsFollowers.total"),
            number: number(data.total),
            line: t("bmsFollowers.recent", { count: data.last30Days, n: number(data.last30Days) }),
          },
          ...CONTENT_LANGS.map((lang) => ({
            label: t("bmsFollowers.follow", { lang: langWord(t, lang) }),
            number: number(data.langs[lang]),
            line: "",
          })),
          {
            label: t("bmsFollowers.digest"),
            number: number(data.digest),
            line: t("bmsFollowers.digestLine"),
          },
        ]}
      />
      {data.total > 0 && (
        <div className="bms-followers-section">
          <Chart
            kind="bar"
            title={t("bmsFollowers.growth")}
            summary={t("bmsFollowers.growthSummary", {
              n: number(data.weeks.reduce((sum, w) => sum + w.n, 0)),
              weeks: data.weeks.length,
            })}
            columns={[t("bmsFollowers.week"), t("bmsFollowers.newOnes")]}
            data={{
              labels: data.weeks.map((w) => week(w.start)),
              values: data.weeks.map((w) => w.n),
            }}
          />
        </div>
      )}
    </>
  );
}

function Subscribers({ t }: { t: Translate }) {
  const id = useId();
  const state = useListState(true);
  const initial: SubscriberFilters = { lang: "", q: "" };
  const { filters, change } = useFilters(initial, state.setPage, true);
  const list = useSubscribersPage(filters, state.page);
  return (
    <ListSection
      t={t}
      words={{
        title: t("bmsFollowers.subscribers"),
        total: (total) => t("bmsFollowers.subscriberCount", { count: total, n: total }),
        loading: t("bmsFollowers.loadingList"),
        failed: t("bmsFollowers.failedList"),
        empty: t(filters.lang || filters.q ? "bmsFollowers.noMatch" : "bmsFollowers.none"),
      }}
      query={list}
      state={state}
      actions={<ExportButton t={t} download={() => downloadSubscribers(filters)} />}
      filters={
        <form
          className="bms-filters"
          aria-label={t("bmsFollowers.filters")}
          onSubmit={(e) => e.preventDefault()}
        >
          <FilterSelects
            id={id}
            any={t("bmsFollowers.anyLanguage")}
            values={filters}
            onChange={change}
            fields={[
              {
                name: "lang",
                label: t("bmsFollowers.language"),
                options: choices(CONTENT_LANGS, (lang) => langWord(t, lang)),
              },
            ]}
          />
          <SearchField
            id={`${id}-q`}
            label={t("bmsFollowers.search")}
            value={filters.q}
            maxLength={254}
            onChange={(value) => change("q", value)}
          />
        </form>
      }
      item={(subscriber) => (
        <SubscriberRow
          key={subscriber.id}
          t={t}
          subscriber={subscriber}
          onRemoved={state.deleted}
          onFailed={(message) => state.report(false, message)}
        />
      )}
    />
  );
}

function SubscriberRow({
  t,
  subscriber,
  onRemoved,
  onFailed,
}: {
  t: Translate;
  subscriber: SubscriberItem;
  onRemoved: (message: string) => void;
  onFailed: (message: string) => void;
}) {
  const id = useId();
  const remove = useRemove();
  const { email } = subscriber;
  return (
    <li className="bms-item">
      <div className="bms-item-head">
        <h3 id={id}>{email}</h3>
        {subscriber.digest && <span className="bms-badge">{t("bmsFollowers.weekly")}</span>}
      </div>
      <p className="bms-meta">
        {t("bmsFollowers.follows", {
          langs: subscriber.langs.map((lang) => langWord(t, lang)).join(", "),
        })}{" "}
        · {t("bmsFollowers.mailsIn", { lang: langWord(t, subscriber.locale) })} ·{" "}
        <time dateTime={subscriber.confirmedAt}>
          {t("bmsFollowers.since", { time: formatTime(subscriber.confirmedAt) })}
        </time>
      </p>
      <div className="bms-actions">
        <DeleteControl
          t={t}
          describedBy={id}
          question={t("bmsFollowers.removeQuestion", { email })}
          labels={{ action: t("bmsFollowers.remove"), confirm: t("bmsFollowers.removeConfirm") }}
          onDelete={async () => {
            const done = await succeeded(remove.mutateAsync(subscriber.id), (error) =>
              onFailed(failedCallText(t, error)),
            );
            if (done) onRemoved(t("bmsFollowers.removed", { email }));
            return done;
          }}
        />
      </div>
    </li>
  );
}

function Mailings({ t }: { t: Translate }) {
  const state = useListState();
  const list = useMailingsPage(state.page);
  return (
    <ListSection
      t={t}
      words={{
        title: t("bmsFollowers.mailings"),
        loading: t("bmsFollowers.loadingMailings"),
        failed: t("bmsFollowers.failedMailings"),
        empty: t("bmsFollowers.noMailings"),
      }}
      query={list}
      state={state}
      pagerIfMany
      item={(mailing) => <MailingRow key={mailing.id} t={t} mailing={mailing} />}
    />
  );
}

function MailingRow({ t, mailing }: { t: Translate; mailing: MailingItem }) {
  const locale: Locale = useStore($locale);
  const { pending, sending, sent, failed } = mailing.deliveries;
  const total = pending + sending + sent + failed;
  const number = (n: number) => n.toLocaleString(locale);
  const progress = t("bmsFollowers.progress", { sent: number(sent), total: number(total) });
  return (
    <li className="bms-item">
      <div className="bms-item-head">
        <h3>
          {mailing.article ? (
            <a href={sitePaths.article(mailing.article.slug)}>{mailing.article.title}</a>
          ) : mailing.digestWeek ? (
            t("bmsFollowers.digestOf", {
              week: new Date(`${mailing.digestWeek}T00:00:00Z`).toLocaleDateString(locale, {
                dateStyle: "long",
                timeZone: "UTC",
              }),
            })
          ) : (
            t("bmsFollowers.articleGone")
          )}
        </h3>
        <span className="bms-badge" data-status={mailing.finishedAt ? "done" : "sending"}>
          {t(mailing.finishedAt ? "bmsFollowers.finished" : "bmsFollowers.underWay")}
        </span>
      </div>
      <p className="bms-meta">
        {mailing.lang && `${langWord(t, mailing.lang)} · `}
        <time dateTime={mailing.createdAt}>
          {t("bmsFollowers.started", { time: formatTime(mailing.createdAt) })}
        </time>
        {mailing.finishedAt && (
          <>
            {" · "}
            <time dateTime={mailing.finishedAt}>
              {t("bmsFollowers.ended", { time: formatTime(mailing.finishedAt) })}
            </time>
          </>
        )}
      </p>
      <div className="bms-mailing-progress">
        <progress value={sent + failed} max={Math.max(total, 1)} aria-label={progress} />
        <span>
          {progress}
          {failed > 0 && ` · ${t("bmsFollowers.failedCount", { n: number(failed) })}`}
          {pending + sending > 0 &&
            ` · ${t("bmsFollowers.waiting", { n: number(pending + sending) })}`}
        </span>
      </div>
      {mailing.failures.length > 0 && (
        <details className="bms-mailing-failures">
          <summary>{t("bmsFollowers.failures")}</summary>
          <ul>
            {mailing.failures.map((failure) => (
              <li key={failure.email}>
                <strong>{failure.email}</strong>{" "}
                {t("bmsFollowers.tries", { count: failure.attempts, n: failure.attempts })}:{" "}
                <code>{failure.error}</code>
              </li>
            ))}
          </ul>
        </details>
      )}
    </li>
  );
}
