import { type ReactNode, useEffect, useId, useRef, useState } from "react";
import type { MessageKey, Translate } from "../../../i18n/core.ts";
import "./cards.css";

// A grid's selection for its bulk tools (the media library, the photo list): the items chosen,
// kept by id across pages, and the bar above the grid that selects all on the page, says how
// many are chosen and, with some, offers Clear and the feature's own actions.

/** The chosen items with `items` added (`on`) or taken out. */
export function selectItems<T extends { id: string }>(
  chosen: ReadonlyMap<string, T>,
  items: readonly T[],
  on: boolean,
): ReadonlyMap<string, T> {
  const next = new Map(chosen);
  for (const item of items) {
    if (on) next.set(item.id, item);
    else next.delete(item.id);
  }
  return next;
}

/** The items chosen for a bulk action, kept by id across pages. */
export function useItemSelection<T extends { id: string }>() {
  const [chosen, setChosen] = useState<ReadonlyMap<string, T>>(() => new Map());
  const select = (items: readonly T[], on: boolean) =>
    setChosen((current) => selectItems(current, items, on));
  return {
    size: chosen.size,
    has: (id: string) => chosen.has(id),
    toggle: (item: T, on: boolean) => select([item], on),
    select,
    /** The chosen items, as fresh as `page` has them. */
    items: (page: readonly T[]) =>
      [...chosen.values()].map((item) => page.find((p) => p.id === item.id) ?? item),
    clear: () => setChosen(new Map()),
  };
}

export type ItemSelection<T extends { id: string }> = ReturnType<typeof useItemSelection<T>>;

/** Where a feature's bar words stand: `legend` (for screen readers), `all`, `selected`, `clear`. */
export type BulkWordsAt = {
  [K in MessageKey]: K extends `${infer P}.legend`
    ? `${P}.all` | `${P}.selected` | `${P}.clear` extends MessageKey
      ? P
      : never
    : never;
}[MessageKey];

interface BulkBarProps<T extends { id: string }> {
  t: Translate;
  /** Where the bar's words stand ("media.bulk"). */
  words: BulkWordsAt;
  /** The items of the page shown that may be selected. */
  selectable: readonly T[];
  selection: ItemSelection<T>;
  /** The feature's actions, shown while some are selected; `countId` names the count line. */
  children: (countId: string) => ReactNode;
}

/**
 * The bulk tools above a grid: select all on this page (mixed while only some are), how many
 * are selected, and, with some, Clear selection and the feature's actions.
 */
export function BulkBar<T extends { id: string }>({
  t,
  words,
  selectable,
  selection,
  children,
}: BulkBarProps<T>) {
  const id = useId();
  const allBox = useRef<HTMLInputElement>(null);
  const onPage = selectable.filter((item) => selection.has(item.id)).length;
  const all = selectable.length > 0 && onPage === selectable.length;
  const some = onPage > 0 && !all;

  useEffect(() => {
    if (allBox.current) allBox.current.indeterminate = some;
  }, [some]);

  return (
    <fieldset className="bms-bulk" aria-describedby={`${id}-count`}>
      <legend className="visually-hidden">{t(`${words}.legend`)}</legend>
      <div className="bms-check">
        <input
          ref={allBox}
          id={`${id}-all`}
          type="checkbox"
          checked={all}
          disabled={selectable.length === 0}
          onChange={(event) => selection.select(selectable, event.currentTarget.checked)}
        />
        <label htmlFor={`${id}-all`}>{t(`${words}.all`)}</label>
      </div>
      <p id={`${id}-count`} className="bms-bulk-count">
        {t(`${words}.selected`, { count: selection.size })}
      </p>
      {selection.size > 0 && (
        <>
          <button type="button" className="button" onClick={selection.clear}>
            {t(`${words}.clear`)}
          </button>
          {children(`${id}-count`)}
        </>
      )}
    </fieldset>
  );
}

/** An item's own checkbox for the bulk tools, named by the item ("Select “Static first”"). */
export function SelectBox<T extends { id: string }>({
  label,
  item,
  selection,
}: {
  label: string;
  item: T;
  selection: ItemSelection<T>;
}) {
  return (
    <input
      type="checkbox"
      className="bms-select"
      checked={selection.has(item.id)}
      aria-label={label}
      onChange={(event) => selection.toggle(item, event.currentTarget.checked)}
    />
  );
}
