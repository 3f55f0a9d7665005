import { type ReactNode, useId, useState } from "react";
import type { Translate } from "../../../i18n/core.ts";
import { CONTENT_LANGS, CONTENT_LIMITS, CONTENT_STATUSES } from "../../../shared/content-rules.ts";
import { useSettled } from "../app/query.ts";
import { FilterSelect } from "../paged.tsx";

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
  const [filters, setFilters] = useState<ContentFilterValues>({ q: "", status: "", lang: "" });
  const q = useSettled(filters.q, 200);
  return {
    filters,
    query: { ...filters, q },
    change(name: keyof ContentFilterValues, value: string) {
      setFilters((f) => ({ ...f, [name]: value }));
      setPage(1);
    },
  };
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
      <label htmlFor={`${id}-q`} className="visually-hidden">
        {t(`${ns}.search`)}
      </label>
      <input
        id={`${id}-q`}
        type="search"
        className="field-input bms-search"
        placeholder={t(`${ns}.search`)}
        value={filters.q}
        maxLength={CONTENT_LIMITS.q}
        onChange={(e) => onChange("q", e.target.value)}
      />
      <FilterSelect
        id={`${id}-status`}
        label={t(`${shared}.status`)}
        any={t(`${shared}.any`)}
        value={filters.status}
        options={CONTENT_STATUSES.map((s) => ({ value: s, label: t(`bmsNotes.statuses.${s}`) }))}
        onChange={(v) => onChange("status", v)}
      />
      <FilterSelect
        id={`${id}-lang`}
        label={t(`${ns}.language`)}
        any={t(`${shared}.any`)}
        value={filters.lang}
        options={CONTENT_LANGS.map((l) => ({ value: l, label: t(`bmsNotes.languages.${l}`) }))}
        onChange={(v) => onChange("lang", v)}
      />
      {children}
    </search>
  );
}
