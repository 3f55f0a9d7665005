import type { UseQueryResult } from "@tanstack/react-query";
import { type ReactNode, useId, useRef, useState } from "react";
import type { Translate } from "../../../i18n/core.ts";
import type { Page } from "../../../shared/auth.ts";
import { FormStatus } from "../../ui/FormStatus.tsx";
import { Pager } from "./list-parts.tsx";
import { useAddressState } from "./url-state.ts";

/**
 * The words of one list: its heading and its count (a list without them has the screen's own
 * heading, and its count where its items show it), and its loading, failed and empty lines.
 */
export interface ListWords {
  title?: string;
  total?: (total: number) => string;
  loading: string;
  failed: string;
  empty: string;
  /** The Retry button's label (lists with `retry`). */
  retry?: string;
}

const FIRST_PAGE = { page: "1" };

/**
 * A list's own state beside its query: the page asked for (kept in the address for a screen's
 * main list, `inAddress`, as its filters are), the outcome line of the last action on an item (a
 * note, or a failure shown as an alert), and the heading.
 */
export function useListState(inAddress = false) {
  const [kept, keep] = useAddressState(FIRST_PAGE, inAddress);
  const asked = Number(kept.page);
  const page = Number.isSafeInteger(asked) && asked >= 1 ? asked : 1;
  const setPage = (next: number) => keep({ page: String(next) });
  const [note, setNote] = useState("");
  const [failure, setFailure] = useState("");
  const heading = useRef<HTMLHeadingElement>(null);
  function report(ok: boolean, message: string) {
    setNote(ok ? message : "");
    setFailure(ok ? "" : message);
  }
  return {
    page,
    setPage,
    note,
    failure,
    /** The list's heading: focus goes there when the item that had it is deleted. */
    heading,
    report,
    /** An item was deleted: say so, and focus the list's heading (the item is gone). */
    deleted(message: string) {
      report(true, message);
      heading.current?.focus();
    },
  };
}

export type ListState = ReturnType<typeof useListState>;

/**
 * What a list query shows: the page while it is fresh (`ready`), and the last page kept while
 * the next loads (`view`), so items keep their place and focus; nothing once a load failed.
 */
export function listView<T>(
  query: Pick<UseQueryResult<Page<T>>, "data" | "isFetching" | "isError">,
) {
  const loading = query.isFetching;
  const failed = query.isError && !loading;
  const view = failed ? undefined : query.data;
  return { loading, failed, view, ready: loading ? undefined : view };
}

/** How the items show: each as a list item (`item`), or all at once (`items`: a table). */
type Items<T> =
  | { item: (item: T) => ReactNode; items?: never }
  | { items: (page: Page<T>, busy: boolean) => ReactNode; item?: never };

type Props<T> = Items<T> & {
  t: Translate;
  words: ListWords;
  query: UseQueryResult<Page<T>>;
  state: ListState;
  /** The size of the pages asked for; the page's own when left out. */
  pageSize?: number;
  /**
   * Offers Retry when the list failed to load, and shows the count, the empty line and the
   * pager only for a fresh page. Without it, the failure is the status line's.
   */
  retry?: boolean;
  /** Hides the pager while everything fits on one page. */
  pagerIfMany?: boolean;
  /** Filters between the heading and the list. */
  filters?: ReactNode;
  /** Tools over the items shown (the bulk tools of a list of `item`s). */
  tools?: ((page: Page<T>) => ReactNode) | undefined;
  /** Controls in the heading's row, after the count (a list with a heading): "New article". */
  actions?: ReactNode;
};

/**
 * A paged list as its own section: heading, count and actions (where its words have a heading),
 * filters, the status line, the items, and the pager (`app/list-parts.tsx`).
 */
export function ListSection<T>({ t, words, query, state, retry, ...props }: Props<T>) {
  const id = useId();
  const { loading, failed, view, ready } = listView(query);
  const counted = retry ? ready : view;
  const size = props.pageSize ?? counted?.pageSize ?? 1;
  const pages = counted ? Math.max(1, Math.ceil(counted.total / size)) : 1;
  return (
    <section aria-labelledby={words.title ? `${id}-list` : undefined}>
      {words.title && (
        <div className="bms-list-head">
          <h2 id={`${id}-list`} ref={state.heading} tabIndex={-1}>
            {words.title}
          </h2>
          {counted && words.total && <p>{words.total(counted.total)}</p>}
          {props.actions && <div className="bms-list-actions">{props.actions}</div>}
        </div>
      )}
      {props.filters}
      <FormStatus
        note={loading ? words.loading : state.note}
        failure={failed && !retry ? words.failed : state.failure}
      />
      {retry && failed && (
        <div className="bms-retry" role="alert">
          <p className="form-failure">{words.failed}</p>
          <button type="button" className="button" onClick={() => void query.refetch()}>
            {words.retry}
          </button>
        </div>
      )}
      {counted && counted.items.length === 0 && <p>{words.empty}</p>}
      {view &&
        view.items.length > 0 &&
        (props.items ? (
          props.items(view, loading)
        ) : (
          <>
            {props.tools?.(view)}
            <ul className="bms-items" aria-busy={loading ? true : undefined}>
              {view.items.map(props.item)}
            </ul>
          </>
        ))}
      {counted && (!props.pagerIfMany || pages > 1) && (
        <Pager
          t={t}
          page={state.page}
          pages={pages}
          total={counted.total}
          more={"capped" in counted && counted.capped === true}
          onPage={state.setPage}
        />
      )}
    </section>
  );
}
