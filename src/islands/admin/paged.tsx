import { useEffect, useState } from "react";
import type { Translate } from "../../i18n/core.ts";
import type { ApiResult } from "../../shared/api-client.ts";
import type { Page } from "../../shared/auth.ts";

export type Load<T> =
  | { state: "loading" }
  | { state: "failed" }
  | { state: "ready"; page: Page<T> };

/** Asks the API for one page of a list: a typed call, made once at module level (stable). */
export type PageFetch<T> = (query: Record<string, string>) => Promise<ApiResult<Page<T>>>;

/**
 * One page of an admin list from `fetchPage`, refetched when the filters or the page change, or
 * on `reload()` after an edit. Typing in a search box waits `delayMs` before asking.
 */
export function usePagedList<T>(
  fetchPage: PageFetch<T>,
  filters: Record<string, string>,
  pageSize: number,
  delayMs = 0,
) {
  const [page, setPage] = useState(1);
  const [load, setLoad] = useState<Load<T>>({ state: "loading" });
  const [version, setVersion] = useState(0);
  const params = { ...filters, page: String(page), pageSize: String(pageSize) };
  /** The params by value: a new object each render, the same query. */
  const query = JSON.stringify(params);

  // biome-ignore lint/correctness/useExhaustiveDependencies: `query` stands for `params`; `version` re-runs the fetch after an edit
  useEffect(() => {
    let live = true;
    setLoad({ state: "loading" });
    const timer = setTimeout(() => {
      fetchPage(params)
        .then(
          (r) =>
            live && setLoad(r.success ? { state: "ready", page: r.data } : { state: "failed" }),
        )
        .catch(() => live && setLoad({ state: "failed" }));
    }, delayMs);
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [fetchPage, query, delayMs, version]);

  const pages = load.state === "ready" ? Math.max(1, Math.ceil(load.page.total / pageSize)) : 1;
  return { page, setPage, load, pages, reload: () => setVersion((v) => v + 1) };
}

interface PagerProps {
  t: Translate;
  page: number;
  pages: number;
  total: number;
  onPage: (page: number) => void;
}

export function Pager({ t, page, pages, total, onPage }: PagerProps) {
  return (
    <nav className="bms-pager" aria-label={t("content.pagination")}>
      <button
        type="button"
        className="button"
        disabled={page <= 1}
        onClick={() => onPage(page - 1)}
      >
        {t("feedbackCenter.previous")}
      </button>
      <span>{t("feedbackCenter.pageOf", { page, pages, total })}</span>
      <button
        type="button"
        className="button"
        disabled={page >= pages}
        onClick={() => onPage(page + 1)}
      >
        {t("feedbackCenter.next")}
      </button>
    </nav>
  );
}

interface FilterSelectProps {
  id: string;
  label: string;
  /** The label of the empty choice: no filter. */
  any: string;
  value: string;
  options: ReadonlyArray<{ value: string; label: string }>;
  onChange: (value: string) => void;
}

/** A labelled filter of an admin list, with "any" first. */
export function FilterSelect({ id, label, any, value, options, onChange }: FilterSelectProps) {
  return (
    <>
      <label htmlFor={id}>{label}</label>
      <select id={id} value={value} onChange={(e) => onChange(e.target.value)}>
        <option value="">{any}</option>
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </>
  );
}
