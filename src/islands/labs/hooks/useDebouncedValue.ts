import { useEffect, useState } from "react";

/**
 * `value`, but only once it has stopped changing for `delayMs`. Typing "react" into a search box
 * asks the server once, for "react", instead of five times for "r", "re", "rea"…
 *
 * The pitfall it avoids: a debounce kept in a plain variable is made anew on every render, so
 * its timer is never the one cancelled. Here each change of `value` schedules one timer, and the
 * effect's clean-up cancels it when the value changes again first (or the component unmounts,
 * so nothing is set on a component that is gone).
 */
export function useDebouncedValue<T>(value: T, delayMs: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), delayMs);
    return () => clearTimeout(timer);
  }, [value, delayMs]);
  return settled;
}
