import { Fragment } from "react";
import type { Translate } from "../../../i18n/core.ts";
import type { LogActor } from "../../../shared/logs.ts";
import { type ListWords, useListState } from "../app/ListSection.tsx";
import { useFilters } from "../app/list-parts.tsx";
import { useSettled } from "../app/query.ts";
import { formatTimePieces } from "../app/time.ts";
import { rangeBackwards } from "./filters.ts";

// What both logs' screens share: the time range fields, and how a time and a
// person read in a cell.

/**
 * A time in the interface's language, with its exact value for machines. A narrow column breaks
 * it between the date and the time of day, never inside either.
 */
export const TimeCell = ({ at }: { at: string }) => (
  <time dateTime={at} className="bms-log-time">
    {formatTimePieces(at).map((piece, i) => (
      <Fragment key={piece}>
        {i > 0 && " "}
        <span>{piece}</span>
      </Fragment>
    ))}
  </time>
);

/**
 * `text` that a narrow column may break only after one of `marks` (an action's dots, an IPv6
 * address's colons); copied, it is the same text.
 */
export function BreakAfter({ text, marks }: { text: string; marks: "." | ":" }) {
  const pieces = text.split(marks);
  const starts = pieces.map((_, i) => pieces.slice(0, i).join(marks).length);
  return pieces.map((piece, i) => (
    <Fragment key={starts[i]}>
      {i > 0 && <wbr />}
      {i < pieces.length - 1 ? piece + marks : piece}
    </Fragment>
  ));
}

/** Who: their name, or "not signed in". */
export const actorText = (t: Translate, actor: LogActor | null) =>
  actor ? actor.name || t("bmsLogs.unknown") : t("bmsLogs.anonymous");

/** The two fields of a time range (datetime-local), and the problem of one that runs backwards. */
export function RangeFields({
  id,
  t,
  from,
  to,
  onChange,
}: {
  id: string;
  t: Translate;
  from: string;
  to: string;
  onChange: (name: "from" | "to", value: string) => void;
}) {
  const backwards = rangeBackwards({ from, to });
  return (
    <>
      {(["from", "to"] as const).map((name) => (
        <span key={name} className="bms-filter">
          <label htmlFor={`${id}-${name}`}>{t(`bmsLogs.${name}`)}</label>
          <input
            id={`${id}-${name}`}
            type="datetime-local"
            className="field-input"
            value={name === "from" ? from : to}
            aria-invalid={name === "to" && backwards ? true : undefined}
            aria-describedby={name === "to" && backwards ? `${id}-range` : undefined}
            onChange={(e) => onChange(name, e.target.value)}
          />
        </span>
      ))}
      {backwards && (
        <p id={`${id}-range`} className="field-error bms-filter-wide" role="alert">
          {t("bmsLogs.problems.rangeInvalid")}
        </p>
      )}
    </>
  );
}

/** A filter typed as words (a path's start, a user's name or email). */
export function TextFilter({
  id,
  label,
  value,
  max,
  placeholder,
  onChange,
}: {
  id: string;
  label: string;
  value: string;
  max: number;
  placeholder: string;
  onChange: (value: string) => void;
}) {
  return (
    <span className="bms-filter">
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        className="field-input"
        value={value}
        maxLength={max}
        placeholder={placeholder}
        onChange={(e) => onChange(e.target.value)}
      />
    </span>
  );
}

/** The last cell of an entry's row: the button that opens its details. */
export function DetailsCell({ t, id, onOpen }: { t: Translate; id: number; onOpen: () => void }) {
  return (
    <td>
      <button
        type="button"
        className="button"
        aria-label={t("bmsLogs.detailsOf", { id })}
        onClick={onOpen}
      >
        {t("bmsLogs.details")}
      </button>
    </td>
  );
}

/** Words typed in a filter are asked for once typing pauses. */
const TYPING_MS = 350;

/**
 * A log's list state: its page and filters kept in the address, and the filters it asks for once
 * typing pauses (a range that runs backwards is said on the form and not asked for).
 */
export function useLogFilters<F extends Record<keyof F, string> & { from: string; to: string }>(
  initial: F,
) {
  const state = useListState(true);
  const { filters, change } = useFilters(initial, state.setPage, true);
  const settled = useSettled(filters, TYPING_MS);
  const asked = rangeBackwards(settled) ? { ...settled, to: "" } : settled;
  return { state, filters, change, asked };
}

/** A log list's words: its title, its count ("more than" past the cap), its states. */
export function logWords(
  t: Translate,
  title: string,
  page: { capped: boolean } | undefined,
): ListWords {
  return {
    title,
    total: (total) =>
      t(page?.capped ? "bmsLogs.totalMore" : "bmsLogs.total", { total, count: total }),
    loading: t("bmsLogs.loading"),
    failed: t("bmsLogs.failed"),
    empty: t("bmsLogs.empty"),
    retry: t("bmsContent.retry"),
  };
}
