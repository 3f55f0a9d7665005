import { useCallback, useEffect, useState } from "react";

/**
 * A demo's whole setting kept in the page's address, as the parameters `write` gives (only what
 * differs from the default, so the plain page has a plain address), read back with `read`. Like
 * `useUrlChoice` (url-state.ts): the server renders the fallback, the address's setting follows
 * once the demo runs, and a change replaces the history entry. Parameters not in `names` (another
 * tool's) are left alone.
 */
export function useUrlParams<T>(
  names: readonly string[],
  read: (params: URLSearchParams) => T,
  write: (value: T) => URLSearchParams,
  fallback: T,
): [T, (next: T) => void] {
  const [value, setValue] = useState<T>(fallback);
  useEffect(() => {
    const params = new URLSearchParams(window.location.search);
    if (names.some((name) => params.has(name))) setValue(read(params));
  }, [names, read]);
  const change = useCallback(
    (next: T) => {
      setValue(next);
      const url = new URL(window.location.href);
      for (const name of names) url.searchParams.delete(name);
      for (const [name, v] of write(next)) url.searchParams.set(name, v);
      window.history.replaceState(window.history.state, "", url);
    },
    [names, write],
  );
  return [value, change];
}
