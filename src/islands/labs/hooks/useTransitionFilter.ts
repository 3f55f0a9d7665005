import { useCallback, useMemo, useState, useTransition } from "react";

/**
 * A filter over a long list that keeps the text box responsive: the box's text is an urgent
 * update, rendered at once, while the filtered list follows in a transition, which React
 * renders in the background and throws away when the reader types again before it is done.
 * `pending` says the list on screen is behind the box.
 *
 * The pitfall it avoids: one state for both, so every keystroke waits for the whole list to
 * render (the box lags and swallows keystrokes); and debouncing instead, which makes a fast
 * machine wait as long as a slow one. With `urgent` the list is filtered synchronously, to
 * compare.
 */
export function useTransitionFilter<T>(
  items: readonly T[],
  matches: (item: T, query: string) => boolean,
  { urgent = false }: { urgent?: boolean } = {},
): {
  query: string;
  setQuery: (query: string) => void;
  results: readonly T[];
  pending: boolean;
} {
  const [query, setText] = useState("");
  const [listQuery, setListQuery] = useState("");
  const [pending, startTransition] = useTransition();

  const setQuery = useCallback(
    (next: string) => {
      setText(next);
      if (urgent) setListQuery(next);
      else startTransition(() => setListQuery(next));
    },
    [urgent],
  );
  const results = useMemo(
    () => (listQuery === "" ? items : items.filter((item) => matches(item, listQuery))),
    [items, matches, listQuery],
  );
  return { query, setQuery, results, pending };
}
