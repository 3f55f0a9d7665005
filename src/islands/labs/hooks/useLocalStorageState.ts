import { useCallback, useSyncExternalStore } from "react";

/**
 * A state kept in localStorage under `key`, the same in every component and every tab that uses
 * the key: a change made here is seen by the other components at once, and by other tabs through
 * the `storage` event, which the browser fires in every other tab of the site.
 *
 * It is built on `useSyncExternalStore`, React's way to read a store that lives outside it. The
 * pitfalls it avoids: copying storage into `useState` once (two components, or two tabs, then
 * disagree until a reload), reading storage during the server render (there is none: the server
 * snapshot is the fallback, so hydration matches), and a snapshot that is a new object each read
 * (React would render forever): the snapshot is the stored string, parsed only when it changes.
 */

const LOCAL_CHANGE = "lab-local-storage";

function read(key: string): string | null {
  try {
    return localStorage.getItem(key);
  } catch {
    // Storage can be unavailable (private mode, blocked): the fallback is shown.
    return null;
  }
}

function subscribe(key: string, onChange: () => void): () => void {
  const onStorage = (event: StorageEvent) => {
    // `key` is null when another tab cleared the whole storage.
    if (event.key === key || event.key === null) onChange();
  };
  const onLocal = (event: Event) => {
    if (event instanceof CustomEvent && event.detail === key) onChange();
  };
  window.addEventListener("storage", onStorage);
  // The storage event never fires in the tab that wrote: this tab's other users hear this one.
  window.addEventListener(LOCAL_CHANGE, onLocal);
  return () => {
    window.removeEventListener("storage", onStorage);
    window.removeEventListener(LOCAL_CHANGE, onLocal);
  };
}

const parsed = new Map<string, { raw: string; value: unknown }>();

/** The stored value as `T`, or the fallback when nothing (or nothing valid) is stored. */
function decode<T>(raw: string | null, fallback: T, isValue: (v: unknown) => v is T): T {
  if (raw === null) return fallback;
  try {
    const value: unknown = JSON.parse(raw);
    return isValue(value) ? value : fallback;
  } catch {
    return fallback;
  }
}

export function useLocalStorageState<T>(
  key: string,
  fallback: T,
  /** Whether a stored value is a `T`: storage is written by other code and other versions. */
  isValue: (value: unknown) => value is T,
): [T, (next: T | ((current: T) => T)) => void] {
  const raw = useSyncExternalStore(
    useCallback((onChange) => subscribe(key, onChange), [key]),
    () => read(key),
    () => null,
  );
  const cached = parsed.get(key);
  let value: T;
  if (cached && cached.raw === raw && isValue(cached.value)) value = cached.value;
  else {
    value = decode(raw, fallback, isValue);
    if (raw !== null) parsed.set(key, { raw, value });
  }

  const set = useCallback(
    (next: T | ((current: T) => T)) => {
      const current = decode(read(key), fallback, isValue);
      // A T that is a function could not be stored as JSON, so a function is always an updater.
      const value = typeof next === "function" ? (next as (current: T) => T)(current) : next;
      try {
        localStorage.setItem(key, JSON.stringify(value));
      } catch {
        // Full or unavailable storage: the value is not kept, and the page says what it holds.
        return;
      }
      window.dispatchEvent(new CustomEvent(LOCAL_CHANGE, { detail: key }));
    },
    [key, fallback, isValue],
  );
  return [value, set];
}
