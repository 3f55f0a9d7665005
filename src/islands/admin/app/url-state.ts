import { useEffect, useRef, useState } from "react";
import { useSearch } from "wouter";

// A screen's main list keeps its filters and its page in the address (`/bms/article?status=draft
// &page=2`), so a view can be bookmarked, shared with another tab and survives a reload. Only the
// values that differ from their defaults are written, beside whatever else the address holds; a
// change replaces the history entry (typing in a search box is not a trail of Back steps).

/** `defaults`' keys as the address holds them now; a key it lacks keeps its default. */
export function readAddress<F extends Record<keyof F, string>>(defaults: F, search: string): F {
  const params = new URLSearchParams(search);
  const values: Record<string, string> = { ...defaults };
  for (const key of Object.keys(defaults)) {
    const value = params.get(key);
    if (value !== null) values[key] = value;
  }
  // Every key of `defaults` is set above, each to a string.
  return values as F;
}

/** The address's query with `values` written (those equal to their default left out). */
export function writtenQuery(
  search: string,
  values: Record<string, string>,
  defaults: Record<string, string>,
): string {
  const params = new URLSearchParams(search);
  for (const [key, value] of Object.entries(values)) {
    if (value === defaults[key]) params.delete(key);
    else params.set(key, value);
  }
  return params.toString();
}

function replaceQuery(query: string) {
  const url = `${window.location.pathname}${query ? `?${query}` : ""}${window.location.hash}`;
  window.history.replaceState(window.history.state, "", url);
}

/**
 * Values kept in the address when `inAddress` (else only in the component): read from it first,
 * written to it on each change, and read again when the address changes otherwise (the menu's
 * link to the same screen clears them).
 */
export function useAddressState<F extends Record<keyof F, string>>(
  defaults: F,
  inAddress: boolean,
): [F, (next: F) => void] {
  const search = useSearch();
  const [values, setValues] = useState<F>(() =>
    inAddress ? readAddress(defaults, search) : defaults,
  );
  const written = useRef(values);

  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the address changes
  useEffect(() => {
    if (!inAddress) return;
    const now = readAddress(defaults, search);
    const same = (Object.keys(now) as Array<keyof F>).every(
      // The keys of `now` are those of F (`readAddress` keeps `defaults`' keys only).
      (key) => now[key] === written.current[key],
    );
    if (!same) {
      written.current = now;
      setValues(now);
    }
  }, [search, inAddress]);

  function change(next: F) {
    written.current = next;
    setValues(next);
    if (inAddress) replaceQuery(writtenQuery(window.location.search, next, defaults));
  }
  return [values, change];
}
