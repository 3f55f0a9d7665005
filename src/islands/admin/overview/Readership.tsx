import { useStore } from "@nanostores/react";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import type { Locale, Translate } from "../../../i18n/core.ts";
import { api, send } from "../../../shared/api-client.ts";
import type { Readership as Data, READERSHIP_SPANS } from "../../../shared/readership.ts";
import { $locale } from "../../../stores/locale.ts";
import { FormStatus } from "../../ui/FormStatus.tsx";
import { Chart, type ChartData } from "../app/Chart.tsx";
import { failureText } from "../app/form.tsx";
import { dataOf } from "../app/query.ts";

export type Span = (typeof READERSHIP_SPANS)[number];
const SPAN_QUERY = { 7: "7", 30: "30", 90: "90" } as const;

const useReadership = (days: Span) =>
  useQuery({
    queryKey: ["overview", "readership", days],
    queryFn: () => dataOf(send(api.admin.readership.$get({ query: { days: SPAN_QUERY[days] } }))),
    placeholderData: keepPreviousData,
  });

/** A day (`YYYY-MM-DD`) as the interface writes a short date. */
const dayLabel = (day: string, locale: Locale) =>
  new Date(`${day}T12:00:00Z`).toLocaleDateString(locale, {
    month: "short",
    day: "numeric",
    timeZone: "UTC",
  });

/** The readership over the last `days` days: views per day, and where and how they came. */
export function Readership({ t, days }: { t: Translate; days: Span }) {
  const locale: Locale = useStore($locale);
  const query = useReadership(days);
  const data = query.data;
  return (
    <>
      <FormStatus
        note={
          query.isFetching
            ? t("bmsOverview.readershipLoading")
            : data
              ? t("bmsOverview.totalViews", {
                  count: data.total,
                  total: data.total.toLocaleString(locale),
                  days: data.days,
                })
              : ""
        }
        failure={
          query.isError ? `${t("bmsOverview.readershipFailed")} ${failureText(t, query.error)}` : ""
        }
      />
      {data && data.total === 0 && <p>{t("bmsOverview.noViews")}</p>}
      {data && data.total > 0 && <Charts t={t} data={data} locale={locale} />}
    </>
  );
}

function Charts({ t, data, locale }: { t: Translate; data: Data; locale: Locale }) {
  const series = (
    rows: Array<{ key: string; views: number }>,
    name: (key: string) => string,
  ): ChartData => ({
    labels: rows.map((row) => name(row.key)),
    values: rows.map((row) => row.views),
  });
  const perDay: ChartData = {
    labels: data.perDay.map((row) => dayLabel(row.day, locale)),
    values: data.perDay.map((row) => row.views),
  };
  const views = t("bmsOverview.views");
  const summary = (title: string, values: number[]) => {
    const count = values.reduce((a, b) => a + b, 0);
    return t("bmsOverview.chartSummary", { title, count, total: count.toLocaleString(locale) });
  };
  const charts: Array<{
    title: string;
    kind: "line" | "bar";
    across?: boolean;
    data: ChartData;
    column: string;
    wide?: boolean;
  }> = [
    {
      title: t("bmsOverview.perDay"),
      kind: "line",
      data: perDay,
      column: t("bmsOverview.day"),
      wide: true,
    },
    {
      title: t("bmsOverview.topPages"),
      kind: "bar",
      across: true,
      data: series(data.pages, (key) => key),
      column: t("bmsOverview.page"),
    },
    {
      title: t("bmsOverview.topReferrers"),
      kind: "bar",
      across: true,
      data: series(data.referrers, (key) => key),
      column: t("bmsOverview.site"),
    },
    {
      title: t("bmsOverview.locales"),
      kind: "bar",
      data: series(data.locales, (key) =>
        key === "zh-CN" || key === "en-US" ? t(`bmsOverview.localeNames.${key}`) : key,
      ),
      column: t("bmsOverview.locales"),
    },
    {
      title: t("bmsOverview.devices"),
      kind: "bar",
      data: series(data.devices, (key) =>
        key === "phone" || key === "tablet" || key === "desktop"
          ? t(`bmsOverview.deviceNames.${key}`)
          : key,
      ),
      column: t("bmsOverview.devices"),
    },
  ];
  return (
    <div className="bms-charts">
      {charts.map((chart) =>
        chart.data.values.length === 0 ? (
          <figure key={chart.title} className="bms-chart">
            <figcaption>{chart.title}</figcaption>
            <p className="field-hint">{t("bmsOverview.noReferrers")}</p>
          </figure>
        ) : (
          <div key={chart.title} className={chart.wide ? "bms-chart-wide" : undefined}>
            <Chart
              kind={chart.kind}
              across={chart.across ?? false}
              data={chart.data}
              title={chart.title}
              summary={summary(chart.title, chart.data.values)}
              columns={[chart.column, views]}
            />
          </div>
        ),
      )}
    </div>
  );
}
