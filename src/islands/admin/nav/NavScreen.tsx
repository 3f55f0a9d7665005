import { useStore } from "@nanostores/react";
import { useId, useState } from "react";
import type { Translate } from "../../../i18n/core.ts";
import type { NavCheckResult, NavGroupRecord } from "../../../shared/content.ts";
import { $locale } from "../../../stores/locale.ts";
import { contentListWords } from "../app/content/list-words.ts";
import { failureText } from "../app/form.tsx";
import { ListSection, type ListState, useListState } from "../app/ListSection.tsx";
import { SortableList, useOrderedList } from "../app/ordering.tsx";
import type { ScreenProps } from "../screen-props.ts";
import { checkSummary, groupName } from "./facts.ts";
import { GroupForm } from "./NavForms.tsx";
import { NavGroupItem } from "./NavGroupItem.tsx";
import { useCheckLinks, useNav, useOrderGroups, useRefreshNav } from "./queries.ts";
import "./nav.css";

/**
 * `/bms/site-nav`: the site navigation's groups in the page's order (content/site-nav.json's
 * first, read-only), each with its links; the database's groups and each group's links move by
 * dragging their handle or by Move up and Move down; inline edits, a hide switch, deletes, an
 * add form per group and one for groups, and "Check links", which requests every address on the
 * server and shows each link's outcome beside it. `?id=` opens that link's edit form (the media
 * library's "used by" links here).
 */
export function NavScreen({ t, search }: ScreenProps) {
  const list = useNav();
  const state = useListState();
  const addId = useId();
  const check = useCheckLinks();
  const opened = new URLSearchParams(search).get("id");
  const results = new Map((check.data ?? []).map((result) => [result.id, result]));
  const links = list.data?.items.reduce((n, group) => n + group.links.length, 0) ?? 0;
  return (
    <div className="bms-content bms-site-nav">
      <p className="bms-intro">
        {t("bmsNav.intro")}{" "}
        <a href="/site-navigation" target="_blank" rel="noopener">
          {t("bmsNav.viewPage")}
        </a>
      </p>
      <div className="bms-nav-check">
        <button
          type="button"
          className="button"
          disabled={check.isPending || links === 0}
          onClick={() => check.mutate()}
        >
          {t("bmsNav.check")}
        </button>
        <p role="status" className="field-hint">
          {check.isPending
            ? t("bmsNav.checking", { count: links })
            : check.data
              ? checkSummary(t, check.data)
              : ""}
        </p>
        {check.isError && (
          <p role="alert" className="field-error">
            {t("bmsNav.checkFailed")} {failureText(t, check.error)}
          </p>
        )}
      </div>
      <ListSection
        t={t}
        words={contentListWords(t, "bmsNav")}
        query={list}
        state={state}
        retry
        pagerIfMany
        items={(page, busy) => (
          <GroupRows
            t={t}
            items={page.items}
            busy={busy}
            state={state}
            opened={opened}
            results={results}
          />
        )}
      />
      <section aria-labelledby={`${addId}-add`}>
        <GroupForm
          t={t}
          headingId={`${addId}-add`}
          onSaved={(name) => state.report(true, t("bmsNav.groupAdded", { name }))}
        />
      </section>
    </div>
  );
}

interface RowsProps {
  t: Translate;
  items: readonly NavGroupRecord[];
  busy: boolean;
  state: ListState;
  opened: string | null;
  results: ReadonlyMap<string, NavCheckResult>;
}

/** The groups: the file's first (in the file's order), then the database's, sortable. */
function GroupRows({ t, items, busy, state, opened, results }: RowsProps) {
  const locale = useStore($locale);
  const order = useOrderGroups();
  const refresh = useRefreshNav();
  const files = items.filter((item) => item.readOnly);
  const rows = items.filter((item) => !item.readOnly);
  const list = useOrderedList({
    t,
    rows,
    fixed: files.length,
    save: order.mutateAsync,
    refresh,
    name: (group) => groupName(group, locale),
    report: state.report,
  });
  const [adding, setAdding] = useState<string | null>(null);

  const item = (group: NavGroupRecord, index?: number) => (
    <NavGroupItem
      key={group.id}
      t={t}
      group={group}
      groups={rows}
      state={state}
      opened={opened}
      results={results}
      adding={adding === group.id}
      setAdding={(on) => setAdding(on ? group.id : null)}
      order={index === undefined ? undefined : list.orderingOf(index)}
    />
  );

  return (
    <SortableList
      list={list}
      className="bms-items bms-nav-groups"
      busy={busy}
      before={files.map((group) => item(group))}
    >
      {list.shown.map((group, index) => item(group, index))}
    </SortableList>
  );
}
