import type { UseQueryResult } from "@tanstack/react-query";
import type { ReactNode } from "react";
import type { Translate } from "../../../../i18n/core.ts";
import type { Page } from "../../../../shared/auth.ts";
import type { ItemCounts, ItemSort } from "../../../../shared/content.ts";
import { ListSection, type ListState } from "../ListSection.tsx";
import { ContentFilterFields, type useContentFilters } from "./filters.tsx";
import { contentListWords } from "./list-words.ts";

interface Props<T> {
  t: Translate;
  /** The list's words (`contentListWords`) and its filters' (`ContentFilterFields`). */
  ns: "bmsNotes" | "bmsBooks" | "bmsArticles";
  query: UseQueryResult<Page<T>>;
  state: ListState;
  filters: ReturnType<typeof useContentFilters>;
  /** The filters' ids' prefix; one of their own when left out. */
  id?: string | undefined;
  /** Offers Retry when the list failed to load (`ListSection`). */
  retry?: boolean;
  /** Controls in the heading's row (`ListSection`): the article list's New article. */
  actions?: ReactNode;
  item: (item: T) => ReactNode;
  /** The bulk tools over the items (`ContentBulk`), if the list has them. */
  tools?: (page: Page<T>) => ReactNode;
  /** The orders offered besides newest first. */
  sorts: readonly Exclude<ItemSort, "published">[];
  /** How many items each filter's choice holds, once known. */
  counts?: ItemCounts | undefined;
  /** More filters after status and language (an article's category, a tag). */
  children?: ReactNode;
}

/**
 * A content list: `ListSection` in its words, under its search box, status and language filters
 * and its order, with its bulk tools (if any) over the items.
 */
export function ContentListSection<T>({
  t,
  ns,
  filters,
  id,
  sorts,
  counts,
  children,
  ...list
}: Props<T>) {
  return (
    <ListSection
      {...list}
      t={t}
      words={contentListWords(t, ns)}
      filters={
        <ContentFilterFields
          t={t}
          ns={ns}
          id={id}
          filters={filters.filters}
          onChange={filters.change}
          sorts={sorts}
          counts={counts}
        >
          {children}
        </ContentFilterFields>
      }
    />
  );
}
