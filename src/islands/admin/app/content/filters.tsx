import { type ReactNode, useId } from "react";
import type { Translate } from "../../../../i18n/core.ts";
import type { ItemCounts, ItemSort } from "../../../../shared/content.ts";
import {
  CONTENT_LANGS,
  CONTENT_LIMITS,
  CONTENT_STATUSES,
} from "../../../../shared/content-rules.ts";
import { choices } from "../fields.tsx";
import { FilterSelect, FilterSelects, SearchField, useFilters } from "../list-parts.tsx";
import { useSettled } from "../query.ts";
import { counted } from "./counts.ts";

/**
 * What a content list is filtered by: words searched (titles, text, slugs), a status, a language
 * ("" for any), and its order ("" for newest first).
 */
export interface ContentFilterValues {
  q: string;
  status: string;
  lang: string;
  sort: string;
}

/**
 * A content list's filters, kept in the address (a view can be bookmarked and survives a
 * reload): what the fields show (`filters`), what the list's query asks for (`query`: the words
 * once typing pauses), and a change, which goes back to page one.
 */
export function useContentFilters(setPage: (page: number) => void) {
  const initial: ContentFilterValues = { q: "", status: "", lang: "", sort: "" };
  const { filters, change } = useFilters(initial, setPage, true);
  const q = useSettled(filters.q, 200);
  return { filters, query: { ...filters, q }, change };
}

interface Props {
  t: Translate;
  /** The list's words: `<ns>.filters`, `.search`, `.lang` (and `.status`, `.any`). */
  ns: "bmsNotes" | "bmsBooks" | "bmsArticles";
  filters: ContentFilterValues;
  onChange: (name: keyof ContentFilterValues, value: string) => void;
  /** The orders offered besides newest first (a note has no title to sort by). */
  sorts: readonly Exclude<ItemSort, "published">[];
  /** How many items each status holds, once known. */
  counts?: ItemCounts | undefined;
  /** The ids' prefix; one of its own when left out. */
  id?: string | undefined;
  /** More filters after status and language (an article's category, a tag). */
  children?: ReactNode;
}

/** The search box, the status and language filters and the order above a content list. */
export function ContentFilterFields({
  t,
  ns,
  filters,
  onChange,
  sorts,
  counts,
  children,
  ...props
}: Props) {
  const ownId = useId();
  const id = props.id ?? ownId;
  // Books say "status" and "any" in the notes' words.
  const shared = ns === "bmsBooks" ? "bmsNotes" : ns;
  const statuses = choices(CONTENT_STATUSES, (s) => t(`bmsNotes.statuses.${s}`));
  return (
    <search className="bms-filters" aria-label={t(`${ns}.filters`)}>
      <SearchField
        id={`${id}-q`}
        label={t(`${ns}.search`)}
        value={filters.q}
        maxLength={CONTENT_LIMITS.q}
        onChange={(q) => onChange("q", q)}
      />
      <FilterSelects
        id={id}
        any={t(`${shared}.any`)}
        values={filters}
        onChange={onChange}
        fields={[
          {
            name: "status",
            label: t(`${shared}.status`),
            options: counted(t, statuses, counts?.statuses),
          },
          {
            name: "lang",
            label: t(`${ns}.lang`),
            options: choices(CONTENT_LANGS, (l) => t(`bmsNotes.languages.${l}`)),
          },
        ]}
      />
      {children}
      <FilterSelect
        id={`${id}-sort`}
        label={t("bmsContent.sort")}
        any={t("bmsContent.sorts.published")}
        value={filters.sort}
        options={choices(sorts, (sort) => t(`bmsContent.sorts.${sort}`))}
        onChange={(sort) => onChange("sort", sort)}
      />
    </search>
  );
}
