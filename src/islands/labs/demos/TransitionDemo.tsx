import { memo, useCallback, useMemo } from "react";
import { useTransitionFilter } from "../hooks/useTransitionFilter.ts";
import { Say } from "./Say.tsx";
import { useUrlChoice } from "./url-state.ts";
import "./demo.css";

const SYLLABLES = ["ka", "lo", "mi", "ne", "ru", "sa", "to", "vi", "zu", "pe", "da", "fo"];
/** 1728 made-up words, the same on the server and in the browser. */
const WORDS = SYLLABLES.flatMap((a) =>
  SYLLABLES.flatMap((b) => SYLLABLES.map((c) => `${a}${b}${c}`)),
);
const SHOWN = 60;
const MODES = ["on", "off"] as const;

/** Busy for about 3 ms: a row that stands for an expensive one (a chart, a preview). */
function spin() {
  const until = performance.now() + 3;
  while (performance.now() < until) {
    // Deliberate work: this row is slow so that the list's cost can be felt.
  }
}

const Row = memo(function Row({ word, slow }: { word: string; slow: boolean }) {
  if (slow) spin();
  return <li>{word}</li>;
});

/** A filter over a long list of slow rows, with the transition switched on or off. */
export default function TransitionDemo() {
  const [mode, setMode] = useUrlChoice("transition", MODES, "on");
  const matches = useCallback((word: string, query: string) => word.includes(query), []);
  const { query, setQuery, results, pending } = useTransitionFilter(WORDS, matches, {
    urgent: mode === "off",
  });
  const rows = useMemo(() => results.slice(0, SHOWN), [results]);
  // Rows are slow only in a filtered list: the first render stays cheap for the page, and the
  // urgent render of a keystroke (still the whole list) re-renders none of them.
  const slow = results !== WORDS;
  return (
    <div className="lab-demo">
      <label className="lab-field">
        <Say k="labs.transition.query" values={{ count: WORDS.length }} />
        <input
          type="search"
          spellCheck={false}
          value={query}
          onChange={(event) => setQuery(event.target.value)}
        />
      </label>
      <label className="lab-check">
        <input
          type="checkbox"
          checked={mode === "on"}
          onChange={(event) => setMode(event.target.checked ? "on" : "off")}
        />
        <Say k="labs.transition.useTransition" />
      </label>
      <p className="lab-hint">
        <Say k="labs.transition.hint" />
      </p>
      <p className="lab-counts" aria-live="polite" data-testid="showing">
        <Say k="labs.transition.showing" values={{ count: results.length, total: WORDS.length }} />
        {pending && (
          <>
            {" "}
            <Say k="labs.transition.updating" />
          </>
        )}
      </p>
      <p id="lab-words" className="visually-hidden">
        <Say k="labs.transition.list" />
      </p>
      <ul className={pending ? "lab-words is-stale" : "lab-words"} aria-labelledby="lab-words">
        {rows.map((word) => (
          <Row key={word} word={word} slow={slow} />
        ))}
      </ul>
    </div>
  );
}
