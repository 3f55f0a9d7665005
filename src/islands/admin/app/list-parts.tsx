import type { Translate } from "../../../i18n/core.ts";
import { type Choice, Options } from "./fields.tsx";
import { useAddressState } from "./url-state.ts";

// The parts of a paged list around its items: its filters (a search box, selects with "any"
// first, the state they keep) and its pager. `ListSection` puts them in place.

/**
 * A list's filters ("" for any): what the fields show, and a change, which goes back to page
 * one (the page asked for may not exist under the new filters). A screen's main list keeps them
 * in the address (`inAddress`, as its `useListState` keeps the page): a view can be bookmarked.
 */
export function useFilters<F extends Record<keyof F, string>>(
  initial: F,
  setPage: (page: number) => void,
  inAddress = false,
) {
  const [filters, setFilters] = useAddressState(initial, inAddress);
  return {
    filters,
    change(name: keyof F, value: string) {
      setFilters({ ...filters, [name]: value });
      setPage(1);
    },
  };
}

interface PagerProps {
  t: Translate;
  page: number;
  pages: number;
  total: number;
  /** The total is a count that stopped at a cap (a log): "more than" it match. */
  more?: boolean;
  onPage: (page: number) => void;
}

/** Previous and Next around "Page 2 of 5 · 93 in all". */
export function Pager({ t, page, pages, total, more = false, onPage }: PagerProps) {
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
      <span>
        {t(more ? "feedbackCenter.pageOfMore" : "feedbackCenter.pageOf", { page, pages, total })}
      </span>
      <button
        type="button"
        className="button"
        disabled={page >= pages && !more}
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
  options: readonly Choice[];
  onChange: (value: string) => void;
}

/** A labelled filter of an admin list, with "any" first; its label and select wrap together. */
export function FilterSelect({ id, label, any, value, options, onChange }: FilterSelectProps) {
  return (
    <span className="bms-filter">
      <label htmlFor={id}>{label}</label>
      <select
        id={id}
        className="field-input"
        value={value}
        onChange={(e) => onChange(e.target.value)}
      >
        <Options choices={options} none={any} />
      </select>
    </span>
  );
}

/** One select of `FilterSelects`: the filter it sets, its label and its choices. */
export interface FilterField<N extends string> {
  name: N;
  label: string;
  options: readonly Choice[];
}

/**
 * A list's select filters, one `FilterSelect` each (`<id>-<name>`), all saying `any` for no
 * filter, over the values `useFilters` keeps.
 */
export function FilterSelects<N extends string>({
  id,
  any,
  fields,
  values,
  onChange,
}: {
  id: string;
  any: string;
  fields: readonly FilterField<N>[];
  values: Record<N, string>;
  onChange: (name: N, value: string) => void;
}) {
  return fields.map(({ name, label, options }) => (
    <FilterSelect
      key={name}
      id={`${id}-${name}`}
      label={label}
      any={any}
      value={values[name]}
      options={options}
      onChange={(value) => onChange(name, value)}
    />
  ));
}

/** A list's search box: its label is its placeholder, and hidden (the box says what it is). */
export function SearchField({
  id,
  label,
  value,
  maxLength,
  onChange,
}: {
  id: string;
  label: string;
  value: string;
  maxLength?: number | undefined;
  onChange: (value: string) => void;
}) {
  return (
    <>
      <label htmlFor={id} className="visually-hidden">
        {label}
      </label>
      <input
        id={id}
        type="search"
        className="field-input bms-search"
        placeholder={label}
        value={value}
        maxLength={maxLength}
        onChange={(e) => onChange(e.target.value)}
      />
    </>
  );
}
