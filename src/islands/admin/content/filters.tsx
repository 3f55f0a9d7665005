import { type ReactNode, useId } from "react";
import type { Translate } from "../../../i18n/core.ts";
import { CONTENT_LANGS, CONTENT_LIMITS, CONTENT_STATUSES } from "../../../shared/content-rules.ts";
import { choices } from "../app/fields.tsx";
import { FilterSelects, SearchField, useFilters } from "../app/list-parts.tsx";
import { useSettled } from "../app/query.ts";

/** What a content list is filtered by: words searched, a status, a language ("" for any). */
export interface ContentFilterValues {
  q: string;
  status: string;
  lang: string;
}

/**
 * A content list's filters: what the fields show (`filters`), what the list's query asks for
 * (`query`: the words once typing pauses), and a change, which goes back to page one.
 */
export function useContentFilters(setPage: (page: number) => void) {
  const initial: ContentFilterValues = { q: "", status: "", lang: "" };
  const { filters, change } = useFilters(initial, setPage);
  const q = useSettled(filters.q, 200);
  return { filters, query: { ...filters, q }, change };
}

interface Props {
  t: Translate;
  /** The list's words: `<ns>.filters`, `.search`, `.language` (and `.status`, `.any`). */
  ns: "bmsNotes" | "bmsBooks" | "bmsArticles";
  filters: ContentFilterValues;
  onChange: (name: keyof ContentFilterValues, value: string) => void;
  /** The ids' prefix; one of its own when left out. */
  id?: string | undefined;
  /** More filters after status and language (an article's category). */
  children?: ReactNode;
}

/** The search box and the status and language filters above a content list. */
export function ContentFilterFields({ t, ns, filters, onChange, children, ...props }: Props) {
  const ownId = useId();
  const id = props.id ?? ownId;
  // Books say "status" and "any" in the notes' words.
  const shared = ns === "bmsBooks" ? "bmsNotes" : ns;
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
            options: choices(CONTENT_STATUSES, (s) => t(`bmsNotes.statuses.${s}`)),
          },
          {
            name: "lang",
            label: t(`${ns}.language`),
            options: choices(CONTENT_LANGS, (l) => t(`bmsNotes.languages.${l}`)),
          },
        ]}
      />
      {children}
    </search>
  );
}
