import { useCallback, useEffect, useState } from "react";

/**
 * One of `choices`, kept in the page's address as `?name=value` so a setting can be shared as a
 * link. The server renders the fallback (it has no address to read), and the address's choice
 * follows once the demo runs; a value not among the choices is ignored. Changes replace the
 * history entry rather than add one: a setting is not a place to go back to.
 */
export function useUrlChoice<T extends string | number>(
  name: string,
  choices: readonly T[],
  fallback: T,
): [T, (next: T) => void] {
  const [value, setValue] = useState<T>(fallback);
  useEffect(() => {
    const written = new URLSearchParams(window.location.search).get(name);
    const found = choices.find((choice) => String(choice) === written);
    if (found !== undefined) setValue(found);
  }, [name, choices]);
  const choose = useCallback(
    (next: T) => {
      setValue(next);
      const url = new URL(window.location.href);
      if (next === fallback) url.searchParams.delete(name);
      else url.searchParams.set(name, String(next));
      window.history.replaceState(window.history.state, "", url);
    },
    [name, fallback],
  );
  return [value, choose];
}

/** A free text kept in the address the same way (empty for the fallback). */
export function useUrlText(name: string, fallback: string): [string, (next: string) => void] {
  const [value, setValue] = useState(fallback);
  useEffect(() => {
    const written = new URLSearchParams(window.location.search).get(name);
    if (written !== null) setValue(written.slice(0, 200));
  }, [name]);
  const write = useCallback(
    (next: string) => {
      setValue(next);
      const url = new URL(window.location.href);
      if (next === fallback) url.searchParams.delete(name);
      else url.searchParams.set(name, next);
      window.history.replaceState(window.history.state, "", url);
    },
    [name, fallback],
  );
  return [value, write];
}
