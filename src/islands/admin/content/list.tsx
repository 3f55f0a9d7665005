import { type ReactNode, useId, useRef, useState } from "react";
import type { Translate } from "../../../i18n/core.ts";
import { FormStatus } from "../../ui/FormStatus.tsx";
import { type PageFetch, Pager, usePagedList } from "../paged.tsx";
import { ContentFilterFields } from "./filters.tsx";
import { useLastPage } from "./last-page.ts";

/** The page size of the content lists. */
export const PAGE_SIZE = 20;

/**
 * One content list: its filters (a change goes back to page one), the page shown, and the
 * outcome line of the last action on an item (a success reloads the list).
 */
export function useContentList<T>(
  fetchPage: PageFetch<T>,
  initialFilters: Record<string, string>,
  pageSize = PAGE_SIZE,
  delayMs = 200,
) {
  const [filters, setFilters] = useState(initialFilters);
  const paged = usePagedList(fetchPage, filters, pageSize, delayMs);
  const view = useLastPage(paged.load);
  const [note, setNote] = useState("");
  const [failure, setFailure] = useState("");
  const heading = useRef<HTMLHeadingElement>(null);

  function report(ok: boolean, message: string) {
    setNote(ok ? message : "");
    setFailure(ok ? "" : message);
    if (ok) paged.reload();
  }

  return {
    ...paged,
    pageSize,
    filters,
    view,
    note,
    failure,
    /** The list's heading: focus goes there when the item that had it is deleted. */
    heading,
    report,
    setFilter(name: string, value: string) {
      setFilters((f) => ({ ...f, [name]: value }));
      paged.setPage(1);
    },
    /** An item was deleted: say so and focus the list's heading. */
    deleted(message: string) {
      report(true, message);
      heading.current?.focus();
    },
  };
}

export type ContentList<T> = ReturnType<typeof useContentList<T>>;

/** The messages of a content list: `<ns>.list`, `.total`, `.loading`, `.failed`, `.empty`… */
export type ListWords = "bmsNotes" | "bmsBooks" | "bmsArticles" | "bmsCategories";

interface FiltersProps {
  t: Translate;
  /** The id prefix of the screen. */
  id: string;
  ns: Exclude<ListWords, "bmsCategories">;
  list: ContentList<unknown>;
  /** More filters after status and language (an article's category). */
  children?: ReactNode;
}

/** The search box and the status and language filters above a content list. */
export function ContentFilters({ t, id, ns, list, children }: FiltersProps) {
  const { q = "", status = "", lang = "" } = list.filters;
  return (
    <ContentFilterFields
      t={t}
      id={id}
      ns={ns}
      filters={{ q, status, lang }}
      onChange={list.setFilter}
    >
      {children}
    </ContentFilterFields>
  );
}

interface ItemsProps<T> {
  t: Translate;
  ns: ListWords;
  list: ContentList<T>;
  /**
   * Offers Retry when the list failed to load, and shows the empty line and the pager only for
   * a fresh page. Without it, the failure is the status line's and the last page stays.
   */
  retry?: boolean;
  /** Hides the pager while everything fits on one page. */
  pagerIfMany?: boolean;
  item: (item: T) => ReactNode;
}

/** The page whose count, empty line and pager show (see `retry`). */
const countedPage = <T,>(list: ContentList<T>, retry?: boolean) =>
  retry ? (list.load.state === "ready" ? list.load.page : null) : list.view;

/** A content list's status line, its items (or the empty line) and its pager. */
export function ContentItems<T>({ t, ns, list, retry, pagerIfMany, item }: ItemsProps<T>) {
  const { load, view } = list;
  const shown = countedPage(list, retry);
  const pages = shown ? Math.max(1, Math.ceil(shown.total / list.pageSize)) : 1;
  return (
    <>
      <FormStatus
        note={load.state === "loading" ? t(`${ns}.loading`) : list.note}
        failure={load.state === "failed" && !retry ? t(`${ns}.failed`) : list.failure}
      />
      {retry && load.state === "failed" && (
        <div className="bms-retry" role="alert">
          <p className="form-failure">{t(`${ns}.failed`)}</p>
          <button type="button" className="button" onClick={list.reload}>
            {t("bmsContent.retry")}
          </button>
        </div>
      )}
      {shown && shown.items.length === 0 && <p>{t(`${ns}.empty`)}</p>}
      {view && view.items.length > 0 && (
        <ul className="bms-items" aria-busy={load.state === "loading" ? true : undefined}>
          {view.items.map(item)}
        </ul>
      )}
      {shown && (!pagerIfMany || pages > 1) && (
        <Pager t={t} page={list.page} pages={pages} total={shown.total} onPage={list.setPage} />
      )}
    </>
  );
}

/** A content list as its own section: heading and count, the filters (`ns` has them), items. */
export function ContentSection<T>(props: ItemsProps<T> & { filters?: boolean }) {
  const { t, ns, list } = props;
  const id = useId();
  const shown = countedPage(list, props.retry);
  return (
    <section aria-labelledby={`${id}-list`}>
      <div className="bms-list-head">
        <h2 id={`${id}-list`} ref={list.heading} tabIndex={-1}>
          {t(`${ns}.list`)}
        </h2>
        {shown && <p>{t(`${ns}.total`, { total: shown.total })}</p>}
      </div>
      {props.filters && ns !== "bmsCategories" && (
        <ContentFilters t={t} id={id} ns={ns} list={list as ContentList<unknown>} />
      )}
      <ContentItems {...props} />
    </section>
  );
}
